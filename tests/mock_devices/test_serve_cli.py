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


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[Any]:
    """`serve` without running uvicorn (records the app), with the user's data folder in tmp_path."""
    served: list[Any] = []
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))

    def fake_run(self: uvicorn.Server, sockets: list[Any]) -> None:
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
