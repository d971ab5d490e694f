"""Build the spec site once per test session and share it with the site and browser tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def mkdocs_build(config: Path, output: Path) -> subprocess.CompletedProcess[str]:
    """Run `mkdocs build --strict` for `config` into `output` (what CI and the publishing workflow run)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(output)]
    return subprocess.run(command, cwd=config.parent, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built from this checkout by a strict build that printed no warning."""
    output = tmp_path_factory.mktemp("site")
    result = mkdocs_build(ROOT / "mkdocs.yml", output)
    log = result.stdout + result.stderr
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{log[-6000:]}"
    assert "WARNING" not in log, log[-6000:]
    assert "Documentation built" in log
    return output
