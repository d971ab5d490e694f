"""The playground's screenshots in the docs: made by its browser tests, checked by them otherwise."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "docs" / "assets" / "playground"
UPDATE_SCREENSHOTS = os.environ.get("TALKIE_UPDATE_SCREENSHOTS") == "1"


def screenshot(page: Any, name: str) -> None:
    """Write docs/assets/playground/<name>.png when TALKIE_UPDATE_SCREENSHOTS=1, else check it exists."""
    path = SCREENSHOTS / f"{name}.png"
    if UPDATE_SCREENSHOTS:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), full_page=False)
    assert path.is_file(), f"{path} is missing: run the playground tests with TALKIE_UPDATE_SCREENSHOTS=1"
