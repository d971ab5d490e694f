"""Fixtures of the every-device tests: in-process apps (any Host header) and a real `talkie-mock serve`."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from talkie_mock import create_app
from talkie_mock.testing import make_config


@pytest.fixture
def make_http() -> Iterator[Callable[..., TestClient]]:
    """TestClients of apps made from `make_config(**changes)`, closed after the test."""
    opened: list[TestClient] = []

    def factory(**changes: Any) -> TestClient:
        http = TestClient(create_app(make_config(**changes)), raise_server_exceptions=False)
        http.__enter__()
        opened.append(http)
        return http

    yield factory
    for http in opened:
        http.__exit__(None, None, None)
