"""A real `talkie-mock serve` on a free loopback port for the voice tests (stopped after each module)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import httpx
import pytest
from served import Served, start


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    process, served = start(tmp_path_factory.mktemp("voice") / "state.db")
    try:
        httpx.get(served.origin + "/.well-known/talkie.json", timeout=10).raise_for_status()
        yield served
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
