"""Start `talkie-mock serve` on a free loopback port: the one way the tests run a real mock server."""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import httpx
import pytest

TOKEN = "tk_voice_test_token"
BANNER_LINES = 16
MEMORY = ":memory:"


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


def command(
    state: Path | str, *extra: str, token: str = TOKEN, locale: str | None = "cs", quiet: bool = True
) -> list[str]:
    """`talkie-mock serve` on a free loopback port (`--port 0`), with the given state, token and locale
    (None: the mock's default); `quiet`: without the request log, which would go into a pipe nobody reads."""
    return [
        executable(),
        "serve",
        *(["--quiet"] if quiet else []),
        "--port",
        "0",
        "--state",
        str(state),
        "--token",
        token,
        *(["--locale", locale] if locale else []),
        *extra,
    ]


@dataclass(frozen=True)
class Banner:
    """What `talkie-mock serve` printed before it served: its origin and the inspector link's secret."""

    origin: str
    key: str | None
    text: str


ORIGIN_IN_BANNER = re.compile(r" on (http://127\.0\.0\.1:\d+)")
KEY_IN_LINK = re.compile(r"/_mock/#key=(\S+)")


def launch(argv: list[str], stderr: IO[str] | None = None) -> tuple[subprocess.Popen[str], Banner]:
    """Start `argv` and read its banner (up to its `stop:` line); the process is killed when none comes."""
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=stderr, text=True)
    assert process.stdout is not None
    deadline = time.monotonic() + 30
    lines: list[str] = []
    while time.monotonic() < deadline and len(lines) < BANNER_LINES:
        line = process.stdout.readline()
        lines.append(line)
        if "stop:" in line or (not line and process.poll() is not None):
            break
    text = "".join(lines)
    origin, key = ORIGIN_IN_BANNER.search(text), KEY_IN_LINK.search(text)
    if origin is None:
        process.kill()
        process.wait(5)
        pytest.fail("talkie-mock did not start: " + text)
    return process, Banner(origin.group(1), key.group(1) if key else None, text)


READY_SECONDS = 120.0
"""How long a started mock may take to answer: generous, a loaded two-core machine is slow to import."""


def wait_ready(
    origin: str,
    seconds: float = READY_SECONDS,
    process: subprocess.Popen[str] | None = None,
    path: str = "/.well-known/talkie.json",
) -> None:
    """Until `path` (the manifest) answers 200: the banner comes just before uvicorn accepts, so a caller
    that connected at the banner could meet "connection refused". Fails at once when `process` has exited."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            httpx.get(f"{origin}{path}", timeout=5).raise_for_status()
            return
        except httpx.HTTPError:
            if process is not None and process.poll() is not None:
                pytest.fail(f"talkie-mock exited with {process.returncode} before it answered")
            assert time.monotonic() < deadline, f"the mock at {origin} did not answer within {seconds:.0f} s"
            time.sleep(0.1)


def start(state: Path, *extra: str) -> tuple[subprocess.Popen[str], Served]:
    """The voice and device tests' mock: the control API open (CI on loopback), fast synthetic speech.

    Returns once the server answers, not at its banner."""
    argv = command(state, "--open-devtools", "--voice-wpm", "400", *extra)
    process, banner = launch(argv)
    try:
        wait_ready(banner.origin, process=process)
    except BaseException:
        stop(process)
        raise
    return process, Served(banner.origin, TOKEN, state, banner.key)


def stop(process: subprocess.Popen[str]) -> None:
    """Terminate the server and wait for it (killed when it does not stop in time)."""
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:  # pragma: no cover - a hung shutdown
        process.kill()
        process.wait()
    _keep_the_rest(process)


def _keep_the_rest(process: subprocess.Popen[str]) -> None:
    """Read what the stopped process wrote and close its pipe (an open one is a ResourceWarning, an error
    here): the test still reads the rest from `process.stdout`, now a string buffer."""
    pipe = process.stdout
    if pipe is None or pipe.closed:
        return
    rest: list[str] = []
    reader = threading.Thread(target=lambda: rest.append(pipe.read()), daemon=True)
    reader.start()
    reader.join(timeout=10)  # a child that outlived the process may hold the pipe open: then leave it
    if rest:
        pipe.close()
        process.stdout = io.StringIO(rest[0])


@contextlib.contextmanager
def serving(state: Path, *extra: str) -> Iterator[Served]:
    """A running `talkie-mock serve` for the duration of the block, entered once it answers."""
    process, served = start(state, *extra)
    try:
        yield served
    finally:
        stop(process)


@contextlib.contextmanager
def serving_memory(token: str = TOKEN, extra: tuple[str, ...] = ()) -> Iterator[str]:
    """A plain `talkie-mock serve` (state in memory, default locale, `extra` options) for the block; yields
    its origin."""
    process, banner = launch(command(":memory:", *extra, token=token, locale=None))
    try:
        wait_ready(banner.origin, process=process)
        yield banner.origin
    finally:
        stop(process)


@contextlib.contextmanager
def serving_keyed(*extra: str) -> Iterator[Served]:
    """A plain `talkie-mock serve` (state in memory, default locale) whose developer surfaces need the key
    of its banner's links (no `--open-devtools`); `dev_key` is that key."""
    process, banner = launch(command(MEMORY, *extra, locale=None))
    try:
        wait_ready(banner.origin, process=process)
        assert banner.key, "the banner printed no inspector link with its key: " + banner.text
        yield Served(banner.origin, TOKEN, Path(MEMORY), banner.key)
    finally:
        stop(process)


PLAYGROUND_PAGE = "/_mock/playground/"
PLAYGROUND_KEY = re.compile(r"/_mock/playground/#key=(\S+)")


@dataclass(frozen=True)
class Playground:
    """A running `talkie-mock playground URL`: its own loopback origin and the key of the link it printed."""

    origin: str
    key: str

    @property
    def link(self) -> str:
        """The link the banner prints: the page, the key in its fragment."""
        return f"{self.origin}{PLAYGROUND_PAGE}#key={self.key}"


@contextlib.contextmanager
def serving_playground(target: str, *extra: str) -> Iterator[Playground]:
    """`talkie-mock playground target` on a free loopback port for the block, entered once its page
    answers."""
    process, banner = launch([executable(), "playground", target, "--port", "0", "--quiet", *extra])
    try:
        key = PLAYGROUND_KEY.search(banner.text)
        assert key, "the playground printed no link with its key: " + banner.text
        wait_ready(banner.origin, process=process, path=PLAYGROUND_PAGE)
        yield Playground(banner.origin, key.group(1))
    finally:
        stop(process)
