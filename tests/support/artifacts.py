"""What the release tests build and keep: the toolkit's wheels and sdists, and a cache of the files that
come from outside and change only when a dependency does (the dependencies' wheels, a Debian root file
system, actionlint).

The cache is `$TALKIE_TEST_CACHE` or `~/.cache/talkie-test`; each entry is named by a hash of what it was
made from, so a changed dependency list makes a new entry instead of reusing a stale one. An entry is made in
a scratch folder and renamed into place whole, so an interrupted download never passes for a finished one.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DISTRIBUTIONS = ("models", "mock", "conformance")
BUILD_SECONDS = 900


def cache_dir() -> Path:
    """Where downloads and other slow-to-make files are kept between test runs."""
    configured = os.environ.get("TALKIE_TEST_CACHE")
    folder = Path(configured) if configured else Path.home() / ".cache" / "talkie-test"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def digest(*parts: bytes) -> str:
    """A short hash naming a cache entry by what it is made from."""
    summed = hashlib.sha256()
    for part in parts:
        summed.update(len(part).to_bytes(8, "big") + part)
    return summed.hexdigest()[:16]


def cached(name: str, make: Callable[[Path], None]) -> Path:
    """The cache entry `name`, made by `make(scratch_folder)` when missing."""
    entry = cache_dir() / name
    if entry.exists():
        return entry
    scratch = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=cache_dir()))
    try:
        make(scratch)
        try:
            scratch.rename(entry)
        except OSError:  # another worker finished the same entry first
            if not entry.exists():
                raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return entry


def dev_py(*args: str, timeout: float = BUILD_SECONDS) -> str:
    """Run `python3 dev.py ARGS` from the repository root; fail the test with its output when it fails."""
    command = [sys.executable, str(ROOT / "dev.py"), *args]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout, check=False)
    assert result.returncode == 0, f"dev.py {' '.join(args)}:\n{result.stdout[-4000:]}{result.stderr[-4000:]}"
    return result.stdout


def build_dists(out: Path) -> list[Path]:
    """The toolkit's wheels and sdists, as a release builds them (`dev.py wheels --sdists`)."""
    dev_py("wheels", "--sdists", "--out", str(out))
    built = sorted(out.glob("talkie_*"))
    assert len(built) == 2 * len(DISTRIBUTIONS), [p.name for p in built]
    return built


def dependency_wheels() -> list[Path]:
    """Every dependency's wheel, the extras' too (`dev.py wheels --deps`), fetched once a dependency list."""
    declared = [(ROOT / d / "pyproject.toml").read_bytes() for d in DISTRIBUTIONS]
    key = digest(sys.version.encode(), *declared)

    def download(scratch: Path) -> None:
        dev_py("wheels", "--deps", "--out", str(scratch))
        for ours in scratch.glob("talkie_*"):  # the toolkit's own are built fresh by each test
            ours.unlink()

    return sorted(cached(f"deps-{key}", download).glob("*.whl"))


def require(program: str, why: str) -> str:
    """The path of `program`, or skip the test saying what is missing and how to get it."""
    found = shutil.which(program)
    if found is None:
        pytest.skip(f"{program} is not installed: {why}")
    return found
