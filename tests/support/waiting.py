"""Wait for something observable instead of sleeping a fixed time: a loaded machine is slow, never wrong.

The deadline is generous on purpose (a test that waits this long has failed, it does not measure speed)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

DEADLINE = 60.0
POLL = 0.02


def until(probe: Callable[[], T | None], what: str, seconds: float = DEADLINE) -> T:
    """Call `probe` until it returns something truthy and return that; fail naming `what` at the deadline."""
    deadline = time.monotonic() + seconds
    while not (value := probe()):
        assert time.monotonic() < deadline, f"still waiting after {seconds:.0f} s for {what}"
        time.sleep(POLL)
    return value


async def until_async(probe: Callable[[], T | None], what: str, seconds: float = DEADLINE) -> T:
    """`until` inside an event loop: yields to the loop between probes so the awaited work can go on."""
    deadline = time.monotonic() + seconds
    while not (value := probe()):
        assert time.monotonic() < deadline, f"still waiting after {seconds:.0f} s for {what}"
        await asyncio.sleep(POLL)
    return value
