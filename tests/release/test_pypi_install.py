"""The three Python distributions installed by their bare names, as a user installs them from PyPI.

The release's files (`dev.py wheels --sdists`) and every dependency's wheel are served as a PEP 503 index on
loopback, the only index pip is given; a fresh virtual environment installs `talkie-models`, `talkie-mock`,
`talkie-mock[voice]` and `talkie-conformance` by name, one command each, as the README says.

What must hold: `twine check --strict` passes every wheel and sdist; each install brings its command or
module; the installed `talkie-mock serve` serves its manifest (with the voice endpoints once the extra is
in), and the installed `talkie-conformance run` passes it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import served
from artifacts import build_dists, dependency_wheels
from registries import simple_index

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1800)]

TOKEN = "tk_installed_by_name"
INSTALL_SECONDS = 900


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return build_dists(tmp_path_factory.mktemp("dists"))


def test_twine_check_passes_every_artifact(dists: list[Path]) -> None:
    twine = Path(sys.executable).with_name("twine")
    result = subprocess.run(
        [str(twine), "check", "--strict", *map(str, dists)], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("PASSED") == len(dists), result.stdout
    assert {p.suffix for p in dists} == {".whl", ".gz"}


@dataclass(frozen=True)
class Installed:
    bin: Path

    def __call__(self, *args: str, timeout: float = INSTALL_SECONDS) -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "VIRTUAL_ENV"))}
        return subprocess.run(
            [str(self.bin / args[0]), *args[1:]], capture_output=True, text=True, timeout=timeout, env=env
        )


@pytest.fixture(scope="module")
def index(dists: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with simple_index([*dists, *dependency_wheels()], tmp_path_factory.mktemp("index")) as url:
        yield url


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    folder = tmp_path_factory.mktemp("venv")
    venv.EnvBuilder(with_pip=True).create(folder)
    return Installed(folder / "bin")


def _pip_install(fresh: Installed, index: str, requirement: str) -> str:
    """`pip install REQUIREMENT` with the local index as the only index, as `pip install NAME` reads PyPI."""
    result = fresh(
        "python", "-m", "pip", "install", "--disable-pip-version-check", "--no-cache-dir",
        "--index-url", index, requirement,
    )  # fmt: skip
    said = result.stdout[-3000:] + result.stderr[-3000:]
    assert result.returncode == 0, f"pip install {requirement}:\n{said}"
    return result.stdout


def _manifest(fresh: Installed) -> tuple[dict[str, object], str]:
    """Serve with the installed mock; its manifest and banner."""
    argv = [str(fresh.bin / "talkie-mock"), "serve", "--quiet", "--port", "0", "--state", ":memory:"]
    process, banner = served.launch([*argv, "--token", TOKEN])
    try:
        served.wait_ready(banner.origin, process=process)
        manifest: dict[str, object] = httpx.get(f"{banner.origin}/.well-known/talkie.json", timeout=10).json()
    finally:
        served.stop(process)
    return manifest, banner.text


def test_each_distribution_installs_by_name(fresh: Installed, index: str) -> None:
    _pip_install(fresh, index, "talkie-models")
    code = "import talkie_models, importlib.metadata as m; print(m.version('talkie-models'))"
    imported = fresh("python", "-c", code)
    assert imported.returncode == 0, imported.stderr
    version = imported.stdout.strip()

    _pip_install(fresh, index, "talkie-mock")
    manifest, banner = _manifest(fresh)
    assert manifest["spec"] == "talkie/1"
    assert "voiceSessions" not in manifest["endpoints"]  # type: ignore[operator]
    assert "voice:     not installed" in banner
    assert "pip install 'talkie-mock[voice]'" in banner  # the hint names what a user can now type

    _pip_install(fresh, index, "talkie-mock[voice]")
    manifest, banner = _manifest(fresh)
    assert "voiceSessions" in manifest["endpoints"]  # type: ignore[operator]
    assert "not installed" not in banner

    _pip_install(fresh, index, "talkie-conformance")
    shown = fresh("talkie-conformance", "--version")
    assert shown.returncode == 0, shown.stderr
    assert version in shown.stdout


def test_the_installed_suite_passes_the_installed_mock(fresh: Installed, index: str) -> None:
    if not (fresh.bin / "talkie-conformance").exists():
        _pip_install(fresh, index, "talkie-mock")
        _pip_install(fresh, index, "talkie-conformance")
    argv = [str(fresh.bin / "talkie-mock"), "serve", "--quiet", "--port", "0", "--state", ":memory:"]
    process, banner = served.launch([*argv, "--token", TOKEN])
    try:
        served.wait_ready(banner.origin, process=process)
        result = fresh("talkie-conformance", "run", banner.origin, "--token", TOKEN, timeout=900)
    finally:
        served.stop(process)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "PASSED" in result.stdout
