"""The talkie/1 rule catalogue (``spec/rules.yaml``) as typed, read-only data.

Every tool of the toolkit names requirements by rule ID (``RUN-004``): the conformance suite reports per rule,
the mock's inspector names the rule a client broke, the spec site renders the list. This module is the one
reader they share. The package carries the catalogue as ``data/spec/rules.json`` (written from the YAML by
``python3 dev.py codegen`` and drift-checked), so :func:`catalogue` needs no YAML parser; :func:`load` reads
another copy, JSON or YAML, from a path you give it (YAML only when PyYAML is installed).

Every rule records its *basis*: ``specification`` (the specification's own RFC 2119 word), ``inferred`` (an
unkeyed specification sentence; the level is read from it)
or the note of ``spec/notes.md`` that adds it (``N-04``).
:attr:`Rule.may_fail` says whether a violation may fail an implementation: only a MUST or MUST NOT resting on
the specification may; a rule that rests on a note is at most a warning naming that note.

Reading checks the shape ``spec/rules.schema.json`` gives each rule: required fields, their types and enums.
Keys the schema does not know are ignored, so a newer catalogue still loads; the full schema check is the
contract tests' job.
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, cast, get_args

from talkie_models._exceptions import RuleCatalogueError

__all__ = [
    "BASIS_KINDS",
    "KEYWORDS",
    "LEVELS",
    "PACKAGED",
    "SIDES",
    "TESTABILITIES",
    "BasisKind",
    "Level",
    "Rule",
    "RuleCatalogueError",
    "RuleSource",
    "Side",
    "Testability",
    "catalogue",
    "load",
    "parse",
    "rule",
]

Level = Literal["MUST", "MUST NOT", "SHOULD", "SHOULD NOT", "MAY"]
Side = Literal["server", "client", "both"]
Testability = Literal["black-box", "client-side", "untestable"]
BasisKind = Literal["specification", "inferred", "note"]

LEVELS: tuple[Level, ...] = get_args(Level)
SIDES: tuple[Side, ...] = get_args(Side)
TESTABILITIES: tuple[Testability, ...] = get_args(Testability)
BASIS_KINDS: tuple[BasisKind, ...] = get_args(BasisKind)
_NOTE_ID = re.compile(r"N-\d{2,3}")
# Levels whose violation is a failure (the others are warnings at most).
_BINDING: frozenset[str] = frozenset({"MUST", "MUST NOT"})
# What `source.keyword` may hold: the word as the protocol text writes it, or None for a table or shape.
KEYWORDS: tuple[str | None, ...] = (
    "MUST",
    "MUST NOT",
    "REQUIRED",
    "SHOULD",
    "SHOULD NOT",
    "MAY",
    "OPTIONAL",
    "never",
    "only",
    "Only",
    None,
)

# How errors and reports name the packaged catalogue.
PACKAGED = "talkie_models/data/spec/rules.json"


@dataclass(frozen=True)
class RuleSource:
    """Where a rule stands in the protocol text: its 1-based line and the requirement word on it."""

    line: int
    keyword: str | None


@dataclass(frozen=True)
class Rule:
    """One requirement of talkie/1, with every field of a ``spec/rules.yaml`` entry."""

    id: str
    section: str
    level: Level
    side: Side
    statement: str
    source: RuleSource
    basis: str
    testable: Testability
    why: str = ""
    notes: tuple[str, ...] = ()

    @property
    def area(self) -> str:
        """The area code, ``RUN`` of ``RUN-004`` (one per protocol section)."""
        return self.id.split("-", 1)[0]

    @property
    def basis_kind(self) -> BasisKind:
        """``specification``, ``inferred`` or ``note``: what the rule rests on (see :attr:`basis`)."""
        if self.basis in ("specification", "inferred"):
            return cast(BasisKind, self.basis)
        return "note"

    @property
    def basis_note(self) -> str | None:
        """The note the rule rests on (``"N-04"``), or ``None`` when it rests on the specification."""
        return self.basis if self.basis_kind == "note" else None

    @property
    def may_fail(self) -> bool:
        """Whether a violation may fail an implementation: a
        MUST or MUST NOT resting on the specification's text."""
        return self.basis_kind != "note" and self.level in _BINDING

    @property
    def black_box(self) -> bool:
        """Whether a client that only talks HTTP to a server can check the rule."""
        return self.testable == "black-box"


def _required(entry: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in entry:
        raise RuleCatalogueError(f"{where} lacks {key!r}")
    return entry[key]


def _text(value: Any, key: str, where: str) -> str:
    if not isinstance(value, str):
        raise RuleCatalogueError(f"{where}: {key} must be a string, not {type(value).__name__}")
    return value


def _choice(value: Any, key: str, choices: tuple[Any, ...], where: str) -> Any:
    if value not in choices:
        allowed = ", ".join(repr(choice) for choice in choices)
        raise RuleCatalogueError(f"{where}: {key} is {value!r}, not one of {allowed}")
    return value


def _source(value: Any, where: str) -> RuleSource:
    if not isinstance(value, Mapping):
        raise RuleCatalogueError(f"{where}: source must be a mapping with line and keyword")
    line = _required(value, "line", f"{where} source")
    if not isinstance(line, int) or isinstance(line, bool) or line < 1:
        raise RuleCatalogueError(f"{where}: source.line must be a positive integer, not {line!r}")
    keyword = _choice(_required(value, "keyword", f"{where} source"), "source.keyword", KEYWORDS, where)
    return RuleSource(line=line, keyword=keyword)


def _basis(value: Any, where: str) -> str:
    basis = _text(value, "basis", where)
    if basis not in ("specification", "inferred") and not _NOTE_ID.fullmatch(basis):
        raise RuleCatalogueError(f"{where}: basis is {basis!r}, not seed, inferred or a note ID (N-04)")
    return basis


def _notes(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise RuleCatalogueError(f"{where}: notes must be a list of note IDs")
    return tuple(_text(note, "notes[]", where) for note in value)


def _rule(entry: Any, source: str, index: int) -> Rule:
    where = f"{source}: rule #{index}"
    if not isinstance(entry, Mapping):
        raise RuleCatalogueError(f"{where} is not a mapping")
    rule_id = _text(_required(entry, "id", where), "id", where)
    where = f"{source}: rule {rule_id}"
    return Rule(
        id=rule_id,
        section=_text(_required(entry, "section", where), "section", where),
        level=cast(Level, _choice(_required(entry, "level", where), "level", LEVELS, where)),
        side=cast(Side, _choice(_required(entry, "side", where), "side", SIDES, where)),
        statement=_text(_required(entry, "statement", where), "statement", where),
        source=_source(_required(entry, "source", where), where),
        basis=_basis(_required(entry, "basis", where), where),
        testable=cast(
            Testability, _choice(_required(entry, "testable", where), "testable", TESTABILITIES, where)
        ),
        why=_text(entry.get("why", ""), "why", where),
        notes=_notes(entry.get("notes", []), where),
    )


def parse(data: Any, source: str = "<data>") -> Mapping[str, Rule]:
    """Rules by ID, in catalogue order, from a parsed catalogue: the whole document or its ``rules`` list.

    ``source`` names the origin in error messages. Raises :class:`RuleCatalogueError` on a malformed entry.
    """
    entries = data.get("rules") if isinstance(data, Mapping) else data
    if not isinstance(entries, list):
        raise RuleCatalogueError(f"{source}: expected a list of rules (or a mapping with a 'rules' list)")
    rules: dict[str, Rule] = {}
    for index, entry in enumerate(entries):
        parsed = _rule(entry, source, index)
        if parsed.id in rules:
            raise RuleCatalogueError(f"{source}: rule {parsed.id} appears twice")
        rules[parsed.id] = parsed
    return MappingProxyType(rules)


def _yaml(text: str, source: str) -> Any:
    try:
        import yaml
    except ImportError as exc:
        raise ImportError(
            f"{source} is YAML, and reading YAML needs PyYAML (pip install pyyaml); "
            "a JSON catalogue, like the packaged one, needs nothing extra"
        ) from exc
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise RuleCatalogueError(f"{source}: not valid YAML: {exc}") from exc


def load(path: str | os.PathLike[str]) -> Mapping[str, Rule]:
    """Rules by ID from a catalogue file: ``.json`` is read as JSON, anything else as YAML (needs PyYAML).

    For a catalogue other than the packaged one (a fork's, or the repository's ``spec/rules.yaml``).
    """
    file = Path(path)
    text = file.read_text(encoding="utf-8")
    if file.suffix.lower() == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RuleCatalogueError(f"{file}: not valid JSON: {exc}") from exc
    else:
        data = _yaml(text, str(file))
    return parse(data, str(file))


@functools.cache
def catalogue() -> Mapping[str, Rule]:
    """Every rule of talkie/1 by ID, in catalogue order, read once from the packaged ``rules.json``."""
    text = (resources.files("talkie_models") / "data" / "spec" / "rules.json").read_text(encoding="utf-8")
    return parse(json.loads(text), PACKAGED)


def rule(rule_id: str) -> Rule:
    """One rule of the packaged catalogue; a KeyError names the unknown ID."""
    try:
        return catalogue()[rule_id]
    except KeyError:
        raise KeyError(f"talkie/1 has no rule {rule_id!r}") from None
