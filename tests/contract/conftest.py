"""Shared fixtures of the contract tests: the schema files, parsed once, and an offline `$id` registry."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "schemas"


def _parse(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def schema_dir() -> Path:
    """The folder the wire contract lives in."""
    return SCHEMA_DIR


@pytest.fixture(scope="session")
def schemas() -> dict[str, Any]:
    """Every parseable top-level schema file by file name.

    A file that is not valid JSON is left out here (its own per-file test reports it), so one broken file
    does not take every other file's tests down with it.
    """
    loaded: dict[str, Any] = {}
    for path in sorted(SCHEMA_DIR.glob("*.json")):
        try:
            loaded[path.name] = _parse(path)
        except (json.JSONDecodeError, UnicodeDecodeError):
            continue
    return loaded


@pytest.fixture(scope="session")
def registry(schemas: dict[str, Any]) -> Registry[Any]:
    """All schemas keyed by their `$id`, so relative `$ref`s resolve without any network access."""
    resources = [
        (contents["$id"], Resource.from_contents(contents, default_specification=DRAFT202012))
        for contents in schemas.values()
        if isinstance(contents, dict) and isinstance(contents.get("$id"), str)
    ]
    return Registry().with_resources(resources).crawl()


def _invalid_cases() -> list[str]:
    return sorted(
        p.relative_to(SCHEMA_DIR / "invalid").as_posix() for p in SCHEMA_DIR.glob("invalid/*/*.json")
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrise by file, so a failure names the schema file (`schema_name`) or the invalid case."""
    if "schema_name" in metafunc.fixturenames:
        names = sorted(p.name for p in SCHEMA_DIR.glob("*.json"))
        metafunc.parametrize("schema_name", names, ids=names)
    if "invalid_case" in metafunc.fixturenames:
        cases = _invalid_cases()
        metafunc.parametrize("invalid_case", cases, ids=cases)
