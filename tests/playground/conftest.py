"""The playground's browser tests: one mock for the session, one Chromium per module, pages on the mock."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
import served

MEDIA_FLAGS = (
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    "--allow-loopback-in-peer-connection",
)


@pytest.fixture(scope="session")
def mock(tmp_path_factory: pytest.TempPathFactory) -> Iterator[served.Served]:
    """A real `talkie-mock serve` (test mode, the control API open on loopback) for the whole folder."""
    with served.serving(tmp_path_factory.mktemp("playground") / "state.db") as running:
        yield running


@pytest.fixture(scope="module")
def browser(chromium: Any) -> Iterator[Any]:
    """One Chromium for the module, with a fake microphone (the voice tests speak through it)."""
    pytest.importorskip("playwright.sync_api")
    launch = dataclasses.replace(chromium, args=(*chromium.args, *MEDIA_FLAGS))
    with launch.running() as running:
        yield running
