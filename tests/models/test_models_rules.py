"""talkie_models.rules: the packaged catalogue equals spec/rules.yaml, typed; lookups and loads behave."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from models_support import ROOT
from talkie_models import RuleCatalogueError, TalkieModelsError, rules
from talkie_models.rules import Rule, RuleSource

RULES_YAML = ROOT / "spec" / "rules.yaml"
RULES_JSON = ROOT / "models" / "src" / "talkie_models" / "data" / "spec" / "rules.json"
RULES_SCHEMA = ROOT / "spec" / "rules.schema.json"


def _spec() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(RULES_YAML.read_text(encoding="utf-8"))
    return loaded


def _entry(**changes: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": "RUN-901",
        "section": "5",
        "level": "MUST",
        "side": "server",
        "statement": "Horizont Logistika s.r.o. answers every run with a stream.",
        "source": {"line": 12, "keyword": "MUST"},
        "basis": "specification",
        "testable": "black-box",
    }
    entry.update(changes)
    return {key: value for key, value in entry.items() if value is not None}


def test_packaged_json_is_the_yaml_catalogue_parsed() -> None:
    assert json.loads(RULES_JSON.read_text(encoding="utf-8")) == _spec()


def test_packaged_json_is_deterministic_text() -> None:
    text = RULES_JSON.read_text(encoding="utf-8")
    assert text == json.dumps(_spec(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def test_catalogue_keeps_the_yaml_order_and_every_entry() -> None:
    entries = _spec()["rules"]
    assert list(rules.catalogue()) == [entry["id"] for entry in entries]


def test_every_rule_carries_every_field_of_the_schema() -> None:
    schema = json.loads(RULES_SCHEMA.read_text(encoding="utf-8"))
    rule_fields = {field.name for field in dataclasses.fields(Rule)}
    assert rule_fields == set(schema["$defs"]["Rule"]["properties"])
    source_fields = {field.name for field in dataclasses.fields(RuleSource)}
    assert source_fields == set(schema["$defs"]["Source"]["properties"])
    for entry in _spec()["rules"]:
        rule = rules.catalogue()[entry["id"]]
        assert rule.section == entry["section"]
        assert rule.level == entry["level"]
        assert rule.side == entry["side"]
        assert rule.statement == entry["statement"]
        assert rule.source == RuleSource(entry["source"]["line"], entry["source"]["keyword"])
        assert rule.testable == entry["testable"]
        assert rule.why == entry.get("why", "")
        assert rule.notes == tuple(entry.get("notes", ()))
        assert rule.basis == entry["basis"]


def test_rule_looks_up_one_id() -> None:
    rule = rules.rule("RUN-004")
    assert rule is rules.catalogue()["RUN-004"]
    assert rule.id == "RUN-004"
    assert rule.area == "RUN"
    assert rule.section == "5"
    assert rule.black_box == (rule.testable == "black-box")


def test_unknown_id_is_a_key_error_naming_it() -> None:
    with pytest.raises(KeyError, match="RUN-999"):
        rules.rule("RUN-999")


def test_catalogue_is_cached_and_read_only() -> None:
    assert rules.catalogue() is rules.catalogue()
    with pytest.raises(TypeError):
        rules.catalogue()["RUN-004"] = rules.rule("RUN-004")  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.rule("RUN-004").level = "MAY"  # type: ignore[misc]


def test_load_reads_a_yaml_path_like_the_packaged_json() -> None:
    loaded = rules.load(RULES_YAML)
    assert dict(loaded) == dict(rules.catalogue())
    assert dict(rules.load(str(RULES_JSON))) == dict(rules.catalogue())


def test_load_without_pyyaml_names_the_missing_dependency(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "yaml", None)
    with pytest.raises(ImportError, match="PyYAML"):
        rules.load(RULES_YAML)
    assert rules.load(RULES_JSON)["RUN-004"] == rules.rule("RUN-004")


def test_reading_the_packaged_catalogue_needs_no_yaml() -> None:
    code = (
        "import json, sys; from talkie_models import rules; rules.rule('RUN-004'); "
        "print(json.dumps(sorted(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "yaml" not in json.loads(done.stdout)


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        (_entry(level="OFTEN"), "level"),
        (_entry(side="nobody"), "side"),
        (_entry(testable="sometimes"), "testable"),
        (_entry(statement=None), "'statement'"),
        (_entry(section=5), "section must be a string"),
        (_entry(source={"line": 0, "keyword": "MUST"}), "source.line"),
        (_entry(source={"line": 3, "keyword": "SHALL"}), "source.keyword"),
        (_entry(notes="N-01"), "notes"),
        (_entry(basis=None), "'basis'"),
        (_entry(basis="hunch"), "basis is 'hunch'"),
        (_entry(basis="N-4"), "basis"),
    ],
)
def test_parse_rejects_an_entry_off_the_schema(entry: dict[str, Any], problem: str) -> None:
    with pytest.raises(RuleCatalogueError, match=problem) as caught:
        rules.parse({"rules": [entry]}, "fork.yaml")
    assert "fork.yaml: rule RUN-901" in str(caught.value)
    assert isinstance(caught.value, TalkieModelsError)
    assert isinstance(caught.value, ValueError)


def test_parse_rejects_a_duplicate_id_and_a_document_without_rules() -> None:
    with pytest.raises(RuleCatalogueError, match="RUN-901 appears twice"):
        rules.parse({"rules": [_entry(), _entry()]})
    with pytest.raises(RuleCatalogueError, match="list of rules"):
        rules.parse({"catalogue": "talkie/1"})


def test_parse_keeps_optional_fields_and_ignores_unknown_keys() -> None:
    parsed = rules.parse([_entry(why="Only the app sees it.", notes=["N-03"], owner="Marek Dvořák")])
    assert parsed["RUN-901"].why == "Only the app sees it."
    assert parsed["RUN-901"].notes == ("N-03",)


def test_load_reports_a_broken_json_file(tmp_path: Path) -> None:
    broken = tmp_path / "rules.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(RuleCatalogueError, match="not valid JSON"):
        rules.load(broken)


@pytest.mark.parametrize(
    ("basis", "level", "kind", "note", "may_fail"),
    [
        ("specification", "MUST", "specification", None, True),
        ("specification", "MUST NOT", "specification", None, True),
        ("inferred", "MUST", "inferred", None, True),
        ("specification", "SHOULD", "specification", None, False),
        ("inferred", "MAY", "inferred", None, False),
        ("N-04", "MUST", "note", "N-04", False),
        ("N-11", "SHOULD", "note", "N-11", False),
    ],
)
def test_basis_helpers(basis: str, level: str, kind: str, note: str | None, may_fail: bool) -> None:
    """Only a MUST / MUST NOT resting on the specification
    may fail an implementation; a note-based rule never does."""
    (parsed,) = rules.parse([_entry(basis=basis, level=level, notes=[note] if note else None)]).values()
    assert parsed.basis == basis
    assert parsed.basis_kind == kind
    assert parsed.basis_note == note
    assert parsed.may_fail is may_fail
    assert kind in rules.BASIS_KINDS


def test_catalogue_rules_that_rest_on_notes_never_fail() -> None:
    on_notes = {r.id: r for r in rules.catalogue().values() if r.basis_kind == "note"}
    assert {"RUN-031", "VOICE-022"} <= set(on_notes)
    assert on_notes["RUN-031"].basis_note == "N-04"
    assert on_notes["VOICE-022"].basis_note == "N-11"
    assert not any(r.may_fail for r in on_notes.values())
    assert rules.rule("RUN-004").may_fail
    assert rules.rule("RUN-004").basis_kind == "specification"
