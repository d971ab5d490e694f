"""Fixtures of the control-API, fault and inspector tests: in-process clients of a fresh mock each."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from inprocess import opened_apps
from starlette.testclient import TestClient


@pytest.fixture
def make_http() -> Iterator[Callable[..., TestClient]]:
    with opened_apps() as factory:
        yield factory


@pytest.fixture
def http(make_http: Callable[..., TestClient]) -> TestClient:
    return make_http()
