"""`python3 dev.py wheels`: one folder with the wheel of every distribution, the contract data inside
talkie-models' wheel, built offline from the project's own build backend."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

ROOT = Path(__file__).resolve().parent.parent
DISTRIBUTIONS = ("models", "mock", "conformance")
MODELS_DATA = ROOT / "models" / "src" / "talkie_models" / "data"


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("dist")
    command = [sys.executable, str(ROOT / "dev.py"), "wheels", "--out", str(out)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return {p.name: p for p in out.iterdir()}


def _project(folder: str) -> dict[str, str]:
    with (ROOT / folder / "pyproject.toml").open("rb") as handle:
        project: dict[str, str] = tomllib.load(handle)["project"]
    return project


def test_one_wheel_per_distribution_with_its_name_and_version(wheels: dict[str, Path]) -> None:
    expected = {}
    for folder in DISTRIBUTIONS:
        project = _project(folder)
        expected[f"{project['name'].replace('-', '_')}-{project['version']}-py3-none-any.whl"] = project
    assert sorted(wheels) == sorted(expected)
    for name, project in expected.items():
        with zipfile.ZipFile(wheels[name]) as wheel:
            (metadata,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
            fields = Parser().parsestr(wheel.read(metadata).decode())
        assert (fields["Name"], fields["Version"]) == (project["name"], project["version"])


def test_models_wheel_carries_the_contract(wheels: dict[str, Path]) -> None:
    (models,) = [p for name, p in wheels.items() if name.startswith("talkie_models-")]
    with zipfile.ZipFile(models) as wheel:
        packaged = {n: wheel.read(n) for n in wheel.namelist() if n.startswith("talkie_models/data/")}
    for schema in sorted((ROOT / "schemas").glob("*.json")):
        assert packaged.get(f"talkie_models/data/schemas/{schema.name}") == schema.read_bytes(), schema.name
    in_tree = {
        f"talkie_models/data/{p.relative_to(MODELS_DATA).as_posix()}"
        for p in MODELS_DATA.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert in_tree - set(packaged) == set()


def test_install_pages_name_the_command() -> None:
    """Where the docs say how to install from the repository, they offer the wheels too (notes N-49)."""
    pages = [
        "README.md",
        "conformance/README.md",
        "docs/guides/python-backends.md",
        "docs/guides/server-teams.md",
        "spec/notes.md",
    ]
    missing = [page for page in pages if "python3 dev.py wheels" not in (ROOT / page).read_text()]
    assert missing == []
