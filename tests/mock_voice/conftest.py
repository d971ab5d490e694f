"""A real `talkie-mock serve` on a free loopback port for the voice tests (stopped after each module)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from served import Served, serving


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(tmp_path_factory.mktemp("voice") / "state.db") as running:
        httpx.get(running.origin + "/.well-known/talkie.json", timeout=10).raise_for_status()
        yield running
