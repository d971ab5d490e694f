"""Fixtures of the talkie-mock tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from talkie_mock import create_app
from talkie_mock.testing import Client, make_config


@pytest.fixture
def make_client() -> Iterator[Callable[..., Client]]:
    opened: list[TestClient] = []

    def factory(**changes: Any) -> Client:
        app = create_app(make_config(**changes))
        http = TestClient(app, raise_server_exceptions=False)
        http.__enter__()
        opened.append(http)
        return Client(app, http)

    yield factory
    for http in opened:
        http.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., Client]) -> Iterator[Client]:
    c = make_client()
    yield c
    assert c.problems() == [], "the self-check found invalid responses or events"
