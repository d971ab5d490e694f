"""Fixtures of the conformance-suite tests: the in-process fake server and the real mock as a subprocess."""

from __future__ import annotations

import importlib
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

# The fake lives beside this file; imported by name so that type checkers need no path setup.
_fake: Any = importlib.import_module("conformance_fake")
ServeFake = Callable[..., AbstractContextManager[str]]

MOCK_TOKEN = "conformance-mock-token"
# How long a starting mock may take to answer: generous, because CI machines run many tests at once.
STARTUP_WAIT = 120.0


@pytest.fixture(scope="session")
def serve_fake() -> ServeFake:
    """`serve_fake(breaks)`: a context manager running a (possibly broken) fake; yields its origin."""
    serve: ServeFake = _fake.serve
    return serve


@pytest.fixture(scope="session")
def fake_token() -> str:
    """The fake's dev token."""
    return str(_fake.TOKEN)


@pytest.fixture(scope="session")
def fake_breakable() -> frozenset[str]:
    """Rules the fake can be told to break."""
    return frozenset(_fake.BREAKABLE)


@pytest.fixture(scope="module")
def fake(serve_fake: ServeFake) -> Iterator[str]:
    """Origin of a healthy fake talkie/1 server (one per test module)."""
    with serve_fake() as origin:
        yield origin


@pytest.fixture(scope="session")
def mock_token() -> str:
    """The dev token the mock subprocess is started with."""
    return MOCK_TOKEN


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _mock_command() -> list[str] | None:
    executable = shutil.which("talkie-mock", path=str(Path(sys.executable).parent))
    return [executable] if executable else None


StartMock = Callable[..., AbstractContextManager[str]]


@contextmanager
def _start_mock(
    breaks: tuple[str, ...] = (), *, auto_approve: bool = False, oauth_faults: tuple[str, ...] = ()
) -> Iterator[str]:
    """Run `talkie-mock serve [--break RULE…] [--auto-approve] [--oauth-fault F…]` on a free loopback port.

    Yields its origin and always stops it.
    """
    command = _mock_command()
    if command is None:
        pytest.skip("talkie-mock is not installed in this environment")
    port = _free_port()
    extra = [arg for rule in breaks for arg in ("--break", rule)]
    extra += [arg for fault in oauth_faults for arg in ("--oauth-fault", fault)]
    extra += ["--auto-approve"] if auto_approve else []
    arguments = ["serve", "--quiet", "--host", "127.0.0.1", "--port", str(port), "--state", ":memory:"]
    arguments.append("--open-devtools")  # the clock hook (`--clock-url`) without the developer secret
    process = subprocess.Popen(
        [*command, *arguments, "--token", MOCK_TOKEN, *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    origin = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + STARTUP_WAIT
        while time.monotonic() < deadline:
            if process.poll() is not None:
                output = process.stdout.read().decode(errors="replace") if process.stdout else ""
                pytest.fail(f"talkie-mock exited with {process.returncode}:\n{output[-3000:]}")
            try:
                if httpx.get(origin + "/.well-known/talkie.json", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        else:
            pytest.fail(f"talkie-mock did not answer within {STARTUP_WAIT:.0f} s")
        yield origin
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)
        if process.stdout is not None:
            process.stdout.close()


@pytest.fixture(scope="session")
def start_mock() -> StartMock:
    """`start_mock(breaks, auto_approve=, oauth_faults=)`: the real mock (maybe broken); yields its origin."""
    return _start_mock


@pytest.fixture(scope="session")
def mock_origin() -> Iterator[str]:
    """Origin of a healthy `talkie-mock serve` subprocess shared by the session."""
    with _start_mock() as origin:
        yield origin
