"""`talkie-mock serve` as a developer leaves it running all day: kept token, a state file per port, a banner
with links this machine can open, clean errors."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from click.testing import CliRunner
from talkie_mock.cli import main
from talkie_mock.clientsuite.servers import Listener


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[Any]:
    """`serve` without running uvicorn (records the app), with the user's data folder in tmp_path."""
    served: list[Any] = []
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))

    real_run = uvicorn.Server.run

    def fake_run(self: uvicorn.Server, sockets: list[Any]) -> None:
        if isinstance(self.config.app, Listener):  # the client suite's decoy beside the mock runs as it would
            real_run(self, sockets=sockets)
            return
        served.append(self.config.app)

    monkeypatch.setattr(uvicorn.Server, "run", fake_run)
    return served


def _banner(*args: str) -> str:
    result = CliRunner().invoke(main, ["serve", *args])
    assert result.exit_code == 0, result.output
    return result.output


def _token(output: str) -> str:
    found = re.search(r"token:\s+(\S+)", output)
    assert found, output
    return found.group(1)


def test_the_dev_token_is_kept_with_the_state_and_token_overrides(
    no_server: list[Any], tmp_path: Path
) -> None:
    state = str(tmp_path / "state.db")
    first = _token(_banner("--port", "0", "--state", state))
    assert first.startswith("tk_dev_")
    assert _token(_banner("--port", "0", "--state", state)) == first  # a restart keeps it
    assert _token(_banner("--port", "0", "--state", state, "--token", "tk_mine")) == "tk_mine"
    assert _token(_banner("--port", "0", "--state", ":memory:")) != first


def test_the_default_state_file_is_one_per_port(no_server: list[Any], tmp_path: Path) -> None:
    outputs = [_banner("--port", str(port)) for port in (0, 0)]
    files = [re.search(r"state:\s+(\S+)", out).group(1) for out in outputs]  # type: ignore[union-attr]
    assert files[0] != files[1]
    for file, app in zip(files, no_server, strict=True):
        assert Path(file).parent == tmp_path / "data" / "talkie-mock"
        assert file.endswith(f"state-{app.state.mock.config.port}.db")


def test_with_public_url_the_banner_links_an_inspector_this_machine_can_open(
    no_server: list[Any],
) -> None:
    output = _banner("--port", "0", "--state", ":memory:", "--public-url", "http://10.0.2.2:8765")
    port = no_server[0].state.mock.config.port
    assert f"inspector: http://127.0.0.1:{port}/_mock/#key=dk_" in output
    assert "?key=" not in output
    assert "public:    http://10.0.2.2:8765/.well-known/talkie.json" in output
    assert f"Android emulator http://10.0.2.2:{port}" in output


def test_a_client_url_off_loopback_is_a_clean_error(no_server: list[Any]) -> None:
    result = CliRunner().invoke(
        main, ["serve", "--port", "0", "--state", ":memory:", "--client-url", "https://example.com/c.json"]
    )
    assert result.exit_code == 1
    assert "only http://127.0.0.1" in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_the_banner_names_every_fault_the_scenario_and_each_broken_rule(
    no_server: list[Any], tmp_path: Path
) -> None:
    scenario = tmp_path / "scenario.yaml"
    scenario.write_text(
        'scenarios: [{match: "ahoj", steps: [{text: "první"}]}]\nfaults: [{kind: slowStream, delay: 0.5}]\n',
        encoding="utf-8",
    )
    state = str(tmp_path / "s.db")
    output = _banner(
        "--port", "0", "--state", state, "--fail", "rate_limited,count=2", "--run-error", "1",
        "--scenario", str(scenario), "--break", "RUN-004",
    )  # fmt: skip
    faults = [line.split("fault:", 1)[1].strip() for line in output.splitlines() if "  fault:" in line]
    assert [f.split(" (")[0] for f in faults] == [
        "error rate_limited [f1]",
        "runError upstream_unavailable after 1 events [f2]",
        "slowStream 0.5 s per event [f3]",
    ]
    assert f"scenario:  {scenario}" in output
    assert "break:     RUN-004" in output


def test_a_busy_port_says_how_to_get_a_free_one(no_server: list[Any], tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "--port", str(port), "--state", str(tmp_path / "s.db")])
    assert result.exit_code == 1, result.output
    assert "--port 0" in result.output


def _has_ipv6_loopback() -> bool:
    import socket

    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.slow
def test_the_default_loopback_answers_on_ipv6_too(tmp_path: Path) -> None:
    """`localhost` may resolve to ::1 first, and the mock follows `[::1]` hosts: it listens there too."""
    import httpx
    from served import serving

    if not _has_ipv6_loopback():
        pytest.skip("this machine has no ::1")
    with serving(tmp_path / "state.db") as served:
        port = served.origin.rsplit(":", 1)[1]
        answer = httpx.get(f"http://[::1]:{port}/.well-known/talkie.json", timeout=10)
        assert answer.status_code == 200
        assert answer.json()["issuer"] == f"http://[::1]:{port}"
        assert httpx.get(served.origin + "/.well-known/talkie.json", timeout=10).status_code == 200


@pytest.mark.slow
def test_the_suite_passes_the_mocks_signalling_host_reached_over_ipv6(tmp_path: Path) -> None:
    """notes N-50: the mock lists `[::1]` for Host `[::1]`, as a URL writes that host, and the suite's
    VOICE-005 compares the signalling URL's host in the same form."""
    import subprocess
    import sys

    import httpx
    from served import TOKEN, serving

    if not _has_ipv6_loopback():
        pytest.skip("this machine has no ::1")
    with serving(tmp_path / "state.db") as served:
        origin = "http://[::1]:" + served.origin.rsplit(":", 1)[1]
        voice = httpx.get(origin + "/.well-known/talkie.json", timeout=10).json()["capabilities"].get("voice")
        if voice is None:
            pytest.skip("the voice extra is not installed")
        assert voice["signalingHosts"] == ["[::1]"]
        suite = Path(sys.executable).with_name("talkie-conformance")
        done = subprocess.run(
            [str(suite), "run", origin, "--token", TOKEN, "--only", "VOICE-005"],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 0, done.stdout[-3000:]
    assert "pass voice" in done.stdout
