"""Fixtures of the every-device tests: in-process apps (any Host header) and a real `talkie-mock serve`."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from talkie_mock import create_app
from talkie_mock.testing import make_config

# the real-server helper of the voice tests (`served.start/stop`), shared rather than copied
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "mock_voice"))


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
