"""The two tutorials' code: shown whole on their pages, and working — the client against the mock, the
server through `talkie-conformance run`, and the client against the server.

Every process started here listens on a free loopback port and is stopped by its test.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from test_site import ROOT, page

SAMPLES = ROOT / "docs" / "samples"
BIN = Path(sys.executable).parent
TUTORIALS = {
    "guides/build-a-server/index.html": SAMPLES / "minimal_server.py",
    "guides/build-a-client/index.html": SAMPLES / "minimal_client.py",
}
SECTION_RE = re.compile(r"^# --8<-- \[start:(\w+)\]\n(.*?)^# --8<-- \[end:\1\]\n", re.M | re.S)
TOKEN = "tutorial-dev-token"


def _compact(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("relative", sorted(TUTORIALS))
def test_tutorial_page_shows_every_line_of_its_sample(built_site: Path, relative: str) -> None:
    source = TUTORIALS[relative].read_text(encoding="utf-8")
    sections = SECTION_RE.findall(source)
    assert len(sections) >= 5, "the sample is not split into the tutorial's steps"
    shown = page(built_site, relative).compact
    for name, code in sections:
        assert _compact(code) in shown, f"section {name} of {TUTORIALS[relative].name} is not on {relative}"
    rest = SECTION_RE.sub("", source)
    docstring = re.match(r'\s*""".*?"""\s*', rest, re.S)
    assert docstring, "the sample starts with its docstring"
    assert rest[docstring.end() :].strip() == "", "code outside the tutorial's sections"


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(BIN))
    assert found, f"{name} is not installed in this environment"
    return found


@contextmanager
def _serving(command: list[str], env: dict[str, str] | None = None) -> Iterator[str]:
    """Start a server that prints its loopback origin, yield the origin, stop the server."""
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert process.stdout is not None
        seen = []
        for line in process.stdout:
            seen.append(line)
            found = re.search(r"(http://127\.0\.0\.1:\d+)", line)
            if found:
                break
        else:
            pytest.fail("the server exited before it listened:\n" + "".join(seen))
        drain = threading.Thread(target=lambda: [None for _ in process.stdout or ()], daemon=True)
        drain.start()  # keep reading, so a chatty server never blocks on a full pipe
        yield found.group(1)
    finally:
        process.terminate()
        process.wait(timeout=15)


@contextmanager
def _mock() -> Iterator[str]:
    with _serving(
        [_tool("talkie-mock"), "serve", "--port", "0", "--state", ":memory:", "--token", TOKEN]
    ) as url:
        yield url


@contextmanager
def _minimal_server(oauth_issuer: str) -> Iterator[str]:
    command = [
        _tool("uvicorn"),
        "--app-dir",
        str(SAMPLES),
        "minimal_server:app",
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--no-access-log",
    ]
    with _serving(command, {"TALKIE_TOKEN": TOKEN, "TALKIE_OAUTH_ISSUER": oauth_issuer}) as url:
        yield url


def _client(address: str, message: str) -> str:
    result = subprocess.run(
        [sys.executable, str(SAMPLES / "minimal_client.py"), address, message],
        cwd=ROOT,
        env={**os.environ, "TALKIE_TOKEN": TOKEN},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.mark.slow
def test_minimal_client_talks_to_the_mock() -> None:
    with _mock() as origin:
        address = origin.removeprefix(
            "http://"
        )  # what a person types: the host, the client finds the manifest
        out = _client(address, "talkie-test:action")
        assert re.search(r"^action: .+ \[low\]$", out, re.M), out
        assert "after a tap on confirm: done" in out
        assert re.search(r"^thread \S+: 2 messages, 1 actions$", out, re.M), out
        echoed = _client(origin + "/.well-known/talkie.json", "talkie-test:echo Dobrý den, Vendulo")
        assert "assistant: Dobrý den, Vendulo" in echoed
        carded = _client(origin, "talkie-test:card")
        assert re.search(r"^card: \S.+$", carded, re.M), carded


@pytest.mark.slow
def test_minimal_server_passes_the_conformance_suite(tmp_path: Path) -> None:
    junit = tmp_path / "junit.xml"
    with _mock() as mock, _minimal_server(mock + "/oauth") as server:
        result = subprocess.run(
            [_tool("talkie-conformance"), "run", server, "--token", TOKEN, "--junit", str(junit)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
        )
        output = result.stdout + result.stderr
        assert result.returncode == 0, output[-6000:]
        assert re.search(r"PASSED in [\d.]+ s: (\d+) pass, 0 fail", output), output[-2000:]
        passed = int(re.search(r"(\d+) pass", output).group(1))  # type: ignore[union-attr]
        assert passed >= 60, "the suite tested too little of the server to mean anything"
        assert 'failures="0"' in junit.read_text(encoding="utf-8")


@pytest.mark.slow
def test_minimal_client_talks_to_the_minimal_server() -> None:
    with _mock() as mock, _minimal_server(mock + "/oauth") as server:
        out = _client(server, "talkie-test:action")
        assert "after a tap on confirm: done" in out
        assert re.search(r"^thread \S+: 2 messages, 1 actions$", out, re.M), out
        carded = _client(server, "talkie-test:card")
        assert "card: Horizont Logistika s.r.o." in carded
