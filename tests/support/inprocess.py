"""In-process mocks for tests: TestClients of fresh apps, each closed when the test ends."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from starlette.testclient import TestClient
from talkie_mock import create_app
from talkie_mock.testing import make_config


@contextlib.contextmanager
def opened_apps() -> Iterator[Callable[..., TestClient]]:
    """A factory of TestClients of apps made from `make_config(**changes)`; all are closed on exit."""
    opened: list[TestClient] = []

    def factory(**changes: Any) -> TestClient:
        http = TestClient(create_app(make_config(**changes)), raise_server_exceptions=False)
        http.__enter__()
        opened.append(http)
        return http

    try:
        yield factory
    finally:
        for http in opened:
            http.__exit__(None, None, None)
