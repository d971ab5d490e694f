"""The playground in Chromium passes the client conformance suite: `talkie-mock clients run` with its adapter
(`suite_adapter.py`: the page served as `talkie-mock playground URL` serves it, the token pasted, "Hello"
sent, what the page shows read back) fails no check and passes every check of the scenarios whose gestures
the page makes."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import client_suite
import pytest

ADAPTER = Path(__file__).resolve().parent / "suite_adapter.py"
PLAYGROUND_GESTURES = ("stop", "approve", "reject", "open", "again", "sign-out")
"""What the adapter does as the person on the page; sign-in, voice and production it says `unable` to."""
SUITE_SECONDS = 840

pytestmark = [pytest.mark.slow, pytest.mark.timeout(SUITE_SECONDS + 60)]


def test_the_playground_passes_every_scenario_of_the_client_suite_it_takes_part_in(
    chromium: Any, tmp_path: Path
) -> None:
    pytest.importorskip("playwright.sync_api")
    command = shlex.join([sys.executable, str(ADAPTER)]) + " {url} {token}"
    ran, judged = client_suite.run(
        command,
        tmp_path / "clients.xml",
        timeout=SUITE_SECONDS,
        env={"TALKIE_CHROMIUM": chromium.executable_path},
    )
    output = ran.stdout[-6000:] + ran.stderr[-3000:]
    assert ran.returncode == 0, output
    client_suite.assert_takes_part(judged, PLAYGROUND_GESTURES, output)
