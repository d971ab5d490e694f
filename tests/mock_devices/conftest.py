"""Fixtures of the every-device tests: in-process apps, reached with any Host header."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from inprocess import opened_apps
from starlette.testclient import TestClient


@pytest.fixture
def make_http() -> Iterator[Callable[..., TestClient]]:
    """TestClients of apps made from `make_config(**changes)`, closed after the test."""
    with opened_apps() as factory:
        yield factory
