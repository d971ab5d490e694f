"""Read the contract files once per build: schemas, the rule catalogue and the OpenAPI document.

The site builds from the repository, so it reads `spec/rules.yaml` itself, through the toolkit's one rule
reader (`talkie_models.rules`); `Rule` is that module's type.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from talkie_models.rules import Rule
from talkie_models.rules import load as load_rules

__all__ = ["Contract", "JsonObject", "Rule", "SchemaFile", "load_contract"]

JsonObject = dict[str, Any]


@dataclass(frozen=True)
class SchemaFile:
    """One file of schemas/: its stem (page name), parsed content and title."""

    stem: str
    path: Path
    data: JsonObject

    @property
    def title(self) -> str:
        """The type name (codegen's class name)."""
        return str(self.data.get("title", self.stem))


@dataclass
class Contract:
    """Everything the generated reference reads, loaded from one repository root."""

    root: Path
    schemas: dict[str, SchemaFile] = field(default_factory=dict)
    rules: list[Rule] = field(default_factory=list)
    openapi: JsonObject = field(default_factory=dict)

    @property
    def schemas_dir(self) -> Path:
        """Where the JSON Schemas live."""
        return self.root / "schemas"

    @property
    def openapi_path(self) -> Path:
        """The OpenAPI 3.2 document."""
        return self.root / "spec" / "openapi.yaml"

    def rule(self, rule_id: str) -> Rule | None:
        """The rule with that ID, or None."""
        return next((rule for rule in self.rules if rule.id == rule_id), None)


def _load_rules(path: Path) -> list[Rule]:
    return list(load_rules(path).values()) if path.is_file() else []


def _load_schemas(directory: Path) -> dict[str, SchemaFile]:
    schemas: dict[str, SchemaFile] = {}
    for path in sorted(directory.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            schemas[path.stem] = SchemaFile(stem=path.stem, path=path, data=data)
    return schemas


def load_contract(root: Path) -> Contract:
    """Load schemas/, spec/rules.yaml and spec/openapi.yaml below `root` (missing files give empty parts)."""
    contract = Contract(root=root)
    contract.schemas = _load_schemas(contract.schemas_dir)
    contract.rules = _load_rules(root / "spec" / "rules.yaml")
    if contract.openapi_path.is_file():
        loaded = yaml.safe_load(contract.openapi_path.read_text(encoding="utf-8"))
        contract.openapi = loaded if isinstance(loaded, dict) else {}
    return contract
