"""Fixtures of the conformance-suite tests: the in-process fake server and the real mock as a subprocess."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

import pytest
import served

# The fake lives beside this file; imported by name so that type checkers need no path setup.
_fake: Any = importlib.import_module("conformance_fake")
ServeFake = Callable[..., AbstractContextManager[str]]

MOCK_TOKEN = "conformance-mock-token"
MOCK_OTHER_TOKEN = "conformance-mock-token-other"  # a second user of the mock (`serve --token` twice)
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


@pytest.fixture(scope="session")
def mock_other_token() -> str:
    """The mock's second dev token: a user of its own, for the checks that users stay apart."""
    return MOCK_OTHER_TOKEN


@pytest.fixture(scope="session")
def fake_other_token() -> str:
    """The fake's second token (accepted only with its ERR-014 break, which shares everything)."""
    return str(_fake.OTHER_TOKEN)


StartMock = Callable[..., AbstractContextManager[str]]


@contextmanager
def _start_mock(
    breaks: tuple[str, ...] = (), *, auto_approve: bool = False, oauth_faults: tuple[str, ...] = ()
) -> Iterator[str]:
    """Run `talkie-mock serve [--break RULE…] [--auto-approve] [--oauth-fault F…]` on a free loopback port.

    Yields its origin and always stops it.
    """
    extra = [arg for rule in breaks for arg in ("--break", rule)]
    extra += [arg for fault in oauth_faults for arg in ("--oauth-fault", fault)]
    extra += ["--auto-approve"] if auto_approve else []
    extra += ["--token", MOCK_OTHER_TOKEN]  # the first --token is the command's own
    # --open-devtools: the clock hook (`--clock-url`) without the developer secret
    argv = served.command(":memory:", "--open-devtools", *extra, token=MOCK_TOKEN, locale=None)
    process, banner = served.launch(argv)
    try:
        served.wait_ready(banner.origin, STARTUP_WAIT)
        yield banner.origin
    finally:
        served.stop(process)


@pytest.fixture(scope="session")
def start_mock() -> StartMock:
    """`start_mock(breaks, auto_approve=, oauth_faults=)`: the real mock (maybe broken); yields its origin."""
    return _start_mock


@pytest.fixture(scope="session")
def mock_origin() -> Iterator[str]:
    """Origin of a healthy `talkie-mock serve` subprocess shared by the session."""
    with _start_mock() as origin:
        yield origin
