"""A fresh install of talkie-conformance can run: its checks validate with jsonschema, so it pulls it in."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]


def _talkie_models(requirements: list[str]) -> Requirement:
    parsed = [Requirement(line) for line in requirements]
    return next(req for req in parsed if req.name == "talkie-models")


def test_the_distribution_depends_on_talkie_models_with_validation() -> None:
    project = tomllib.loads((ROOT / "conformance" / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "validation" in _talkie_models(project["dependencies"]).extras


def test_the_installed_metadata_says_so_too() -> None:
    installed = importlib.metadata.requires("talkie-conformance") or []
    assert "validation" in _talkie_models(installed).extras
    models = importlib.metadata.metadata("talkie-models").get_all("Provides-Extra") or []
    assert "validation" in models
