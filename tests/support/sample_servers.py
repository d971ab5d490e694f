"""Start the docs' sample servers (`docs/samples/`) as real processes on a free loopback port.

The tutorial tests run the minimal server against the suite and the sample clients, the playground tests
drive the playground against it; both start it here. The server's output is read on, line by line, so a
chatty server never blocks on a full pipe, and kept: with its access log on, it is the log of the requests
that reached it.
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
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "docs" / "samples"
BIN = Path(sys.executable).parent
ORIGIN = re.compile(r"(http://127\.0\.0\.1:\d+)")
ACCESS = re.compile(r'"([A-Z]+) (\S+) HTTP/[\d.]+" (\d{3})')
"""A line of uvicorn's access log: method, target, status."""


@dataclass
class Running:
    """A started server: its origin and what it printed since."""

    origin: str
    lines: list[str] = field(default_factory=list)

    def requests(self) -> list[tuple[str, str, int]]:
        """(method, target, status) of every request uvicorn logged (with its access log on)."""
        return [(m[1], m[2], int(m[3])) for line in list(self.lines) if (m := ACCESS.search(line))]


def tool(name: str) -> str:
    """A console script of this environment (uvicorn, talkie-conformance…)."""
    found = shutil.which(name, path=str(BIN))
    assert found, f"{name} is not installed in this environment"
    return found


@contextmanager
def serving(command: list[str], env: dict[str, str] | None = None) -> Iterator[Running]:
    """Start a server that prints its loopback origin, yield it once it did, stop the server."""
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    drain: threading.Thread | None = None
    try:
        assert process.stdout is not None
        seen: list[str] = []
        found = None
        for line in process.stdout:
            seen.append(line)
            found = ORIGIN.search(line)
            if found:
                break
        if found is None:
            pytest.fail("the server exited before it listened:\n" + "".join(seen))
        running = Running(found.group(1), seen)
        stream = process.stdout
        drain = threading.Thread(target=lambda: running.lines.extend(stream), daemon=True)
        drain.start()  # keep reading, so a chatty server never blocks on a full pipe
        yield running
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:  # pragma: no cover - a hung shutdown
            process.kill()
            process.wait()
        _close_once_read(process, drain)


def _close_once_read(process: subprocess.Popen[str], drain: threading.Thread | None) -> None:
    """Close the ended server's pipe once its reader has read it to the end (an open pipe is a
    ResourceWarning, an error here); a reader still blocked (a child holds the pipe) keeps it."""
    if process.stdout is None:
        return
    if drain is not None:
        drain.join(timeout=10)
        if drain.is_alive():
            return
    process.stdout.close()


def minimal_server_args(access_log: bool = False) -> list[str]:
    """uvicorn's arguments for `docs/samples/minimal_server.py` on a free loopback port."""
    return [
        "--app-dir",
        str(SAMPLES),
        "minimal_server:app",
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        *([] if access_log else ["--no-access-log"]),
    ]


@contextmanager
def minimal_server(token: str, oauth_issuer: str, access_log: bool = False) -> Iterator[Running]:
    """The tutorial's minimal server, accepting `token`, naming `oauth_issuer` in its manifest."""
    command = [tool("uvicorn"), *minimal_server_args(access_log)]
    with serving(command, {"TALKIE_TOKEN": token, "TALKIE_OAUTH_ISSUER": oauth_issuer}) as running:
        yield running
