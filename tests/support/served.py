"""Start `talkie-mock serve` as a subprocess on a free loopback port (the voice tests' real server)."""

from __future__ import annotations

import contextlib
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

TOKEN = "tk_voice_test_token"
BANNER_LINES = 12


@dataclass(frozen=True)
class Served:
    origin: str
    token: str
    state: Path
    dev_key: str | None = None
    """The developer secret the banner's inspector link carries (None when the mock prints none)."""

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    @property
    def dev(self) -> dict[str, str]:
        """Headers for `/_mock/api/…` (the control API)."""
        return {"Authorization": f"Bearer {self.dev_key}"} if self.dev_key else {}


def executable() -> str:
    return shutil.which("talkie-mock") or str(Path(sys.executable).with_name("talkie-mock"))


def start(state: Path, *extra: str) -> tuple[subprocess.Popen[str], Served]:
    command = [
        executable(),
        "serve",
        "--quiet",  # no request log into a pipe nobody reads
        "--port",
        "0",
        "--state",
        str(state),
        "--token",
        TOKEN,
        "--locale",
        "cs",
        "--open-devtools",  # the control API without the developer secret (CI on loopback)
    ]
    process = subprocess.Popen([*command, "--voice-wpm", "400", *extra], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    deadline = time.monotonic() + 30
    lines: list[str] = []
    origin = key = None
    while time.monotonic() < deadline and len(lines) < BANNER_LINES:
        line = process.stdout.readline()
        lines.append(line)
        if "manifest:" in line:
            origin = line.split("manifest:", 1)[1].strip().split("/.well-known/")[0]
        found = re.search(r"/_mock/\?key=(\S+)", line)
        if found:
            key = found.group(1)
        if "stop:" in line or (not line and process.poll() is not None):
            break
    if origin is None:
        process.kill()
        pytest.fail("talkie-mock serve did not start: " + "".join(lines))
    return process, Served(origin, TOKEN, state, key)


def stop(process: subprocess.Popen[str]) -> None:
    """Terminate the server and wait for it (killed when it does not stop in time)."""
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextlib.contextmanager
def serving(state: Path, *extra: str) -> Iterator[Served]:
    """A running `talkie-mock serve` for the duration of the block."""
    process, served = start(state, *extra)
    try:
        yield served
    finally:
        stop(process)
