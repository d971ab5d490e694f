"""Build the spec site once per test session and share it with the site and browser tests."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest
from quiet_server import QuietHTTPServer

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "docs"  # screenshots of the browser tests


def mkdocs_build(config: Path, output: Path, scratch: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run `mkdocs build --strict` for `config` into `output` (what CI and the publishing workflow run);
    with `scratch`, that folder is the build's temporary folder (TMPDIR)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    if scratch is not None:
        env["TMPDIR"] = str(scratch)
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(output)]
    return subprocess.run(command, cwd=config.parent, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="session")
def site_build_scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of the session's site build (test_site checks it is left empty)."""
    scratch = tmp_path_factory.getbasetemp() / "site-build-tmp"
    scratch.mkdir(exist_ok=True)
    return scratch


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, site_build_scratch: Path) -> Path:
    """The site built from this checkout by a strict build that printed no warning."""
    output = tmp_path_factory.mktemp("site")
    result = mkdocs_build(ROOT / "mkdocs.yml", output, site_build_scratch)
    log = result.stdout + result.stderr
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{log[-6000:]}"
    assert "WARNING" not in log, log[-6000:]
    assert "Documentation built" in log
    return output


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Keep the test output clean."""


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site served on a free loopback port for the duration of the session."""
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = QuietHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """An empty folder for the browser tests' screenshots."""
    if ARTIFACTS.exists():
        shutil.rmtree(ARTIFACTS)
    ARTIFACTS.mkdir(parents=True)
    return ARTIFACTS


@pytest.fixture(scope="module")
def browser(chromium: Any, artifacts: Path) -> Iterator[Any]:
    """One headless Chromium per module; each test opens its own context (viewport, colour scheme).

    Not per session: Playwright's sync API keeps its event loop running in the main thread until it stops, and
    every later test that calls `asyncio.run` (or another sync Playwright) would then fail.
    """
    with chromium.running() as launched:
        yield launched
