"""Traceability both ways: checks name real rules; every black-box rule has a check or a stated reason."""

from __future__ import annotations

from pathlib import Path

import pytest
from talkie_conformance import rules as rules_module
from talkie_conformance.coverage import NOT_CHECKED, coverage
from talkie_conformance.errors import RulesError
from talkie_conformance.findings import Severity
from talkie_conformance.rules import load_rules
from talkie_conformance.runner import all_checks

ROOT = Path(__file__).resolve().parents[2]


def test_every_check_names_rules_of_the_catalogue() -> None:
    catalogue = load_rules()
    unknown = {(spec.name, rule) for spec in all_checks() for rule in spec.rules if rule not in catalogue}
    assert unknown == set()


def test_no_hand_list_of_rule_ids_remains() -> None:
    """Checks name catalogue IDs directly; the decorator looks each up, so an unknown one cannot register."""
    import importlib.util

    from talkie_conformance.checking import check

    assert importlib.util.find_spec("talkie_conformance.rule_ids") is None
    with pytest.raises(KeyError, match="RUN-999"):
        check("RUN-999")


def test_every_black_box_rule_is_checked_or_explained() -> None:
    catalogue = load_rules()
    checked = {rule for spec in all_checks() for rule in spec.rules}
    missing = [
        rule.id for rule in catalogue.black_box() if rule.id not in checked and rule.id not in NOT_CHECKED
    ]
    assert missing == []


def test_explanations_are_not_stale() -> None:
    catalogue = load_rules()
    checked = {rule for spec in all_checks() for rule in spec.rules}
    stale = [rule for rule in NOT_CHECKED if rule not in catalogue or not catalogue[rule].black_box]
    assert stale == []
    assert sorted(set(NOT_CHECKED) & checked) == []
    assert all(reason.strip() for reason in NOT_CHECKED.values())


def test_checks_only_claim_black_box_rules_or_say_why() -> None:
    catalogue = load_rules()
    client_side = {
        (spec.name, rule) for spec in all_checks() for rule in spec.rules if not catalogue[rule].black_box
    }
    # A check judges the server, so it claims only rules the server can be seen to keep. MAN-022, the
    # client's caching rule, once had a check that warned servers sending no Cache-Control; specification line
    # 75 makes the header optional (the client then assumes one hour).
    assert client_side == set()


def test_coverage_summary(capsys: object) -> None:
    """Prints which rules have checks (visible with -s); asserts the proportions stay honest."""
    catalogue = load_rules()
    checked = {rule for spec in all_checks() for rule in spec.rules}
    black_box = catalogue.black_box()
    covered = [rule.id for rule in black_box if rule.id in checked]
    print(f"{len(covered)}/{len(black_box)} black-box rules have a check; explained: {sorted(NOT_CHECKED)}")
    assert len(covered) + len(NOT_CHECKED) == len(black_box)
    assert len(covered) >= 0.8 * len(black_box)


def test_packaged_catalogue_loads_like_the_repository_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a repository beside it, the suite falls back to the catalogue talkie-models ships as JSON."""
    monkeypatch.delenv("TALKIE_RULES", raising=False)
    monkeypatch.setattr(rules_module, "_repo_rules", lambda: None)
    packaged = load_rules()
    assert packaged.source == "talkie_models/data/spec/rules.json"
    assert dict(packaged) == dict(load_rules(ROOT / "spec" / "rules.yaml"))
    assert packaged["RUN-004"].severity is Severity.ERROR


def test_a_malformed_catalogue_raises_rules_error(tmp_path: Path) -> None:
    broken = tmp_path / "rules.yaml"
    broken.write_text("rules:\n  - id: RUN-900\n    level: OFTEN\n", encoding="utf-8")
    with pytest.raises(RulesError, match="RUN-900"):
        load_rules(broken)
    with pytest.raises(RulesError, match="not found"):
        load_rules(tmp_path / "missing.yaml")


def test_coverage_listing_has_no_missing_rule() -> None:
    entries = coverage(load_rules())
    assert [entry.rule_id for entry in entries if entry.status == "missing"] == []
    statuses = {entry.rule_id: entry.status for entry in entries}
    assert statuses["RUN-014"] == "checked"
    assert statuses["ERR-013"] == "explained"
    assert statuses["MAN-001"] == "client-side"


def test_coverage_command_exits_zero() -> None:
    from click.testing import CliRunner
    from talkie_conformance.cli import main

    result = CliRunner().invoke(main, ["coverage"])
    assert result.exit_code == 0, result.output
    assert "RUN-014" in result.output


def test_a_note_based_rule_is_never_more_than_a_warning() -> None:
    catalogue = load_rules()
    assert catalogue["RUN-031"].basis == "N-04"
    assert catalogue["RUN-031"].severity is Severity.WARNING
    noted = [rule for rule in catalogue.values() if rule.basis.startswith("N-")]
    assert noted
    assert all(rule.severity is not Severity.ERROR for rule in noted)
