"""Suite-wide pytest configuration.

`pytest_plugins` may only be declared here, at the top of the test tree: the conformance tests drive the
`talkie-conformance` pytest plugin through `pytester`. The Chromium launch options live here too, so every
browser test (the spec site, the mock's inspector) starts Debian's Chromium the same way.
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from served import Served, serving

pytest_plugins = ["pytester"]


@dataclass(frozen=True)
class ChromiumLaunch:
    """Keyword arguments for `playwright.chromium.launch`: Debian's binary, never a downloaded browser."""

    executable_path: str
    # Without the background-networking switches Chromium tries hosts this machine cannot reach.
    args: tuple[str, ...] = (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
    )

    def launch(self, browser_type: Any) -> Any:
        """Start a browser from Playwright's `chromium` browser type (typed loosely: it is optional)."""
        return browser_type.launch(executable_path=self.executable_path, args=list(self.args))

    @contextlib.contextmanager
    def running(self) -> Iterator[Any]:
        """A launched Chromium under its own sync Playwright, closed on exit: hold it for a module at most
        (Playwright's loop keeps running in the main thread while it is open, and `asyncio.run` fails)."""
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = self.launch(playwright.chromium)
            try:
                yield browser
            finally:
                browser.close()


@pytest.fixture(scope="session")
def chromium() -> ChromiumLaunch:
    """How to launch Chromium; skips the test when the machine has none (`apt-get install chromium`)."""
    binary = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(binary).exists():
        pytest.skip("no Chromium binary (apt-get install chromium; .ci/run installs it)")
    return ChromiumLaunch(binary)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A real `talkie-mock serve` on a free loopback port (the voice tests), stopped after each module."""
    with serving(tmp_path_factory.mktemp("voice") / "state.db") as running:
        httpx.get(running.origin + "/.well-known/talkie.json", timeout=10).raise_for_status()
        yield running
