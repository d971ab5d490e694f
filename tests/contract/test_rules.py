"""Checks of the rule catalogue spec/rules.yaml against its schema, the specification text and spec/notes.md.

The catalogue is what the suite, the mock's inspector and the site cite, so these tests guard that it is
well-formed, traceable to the specification line by line, complete over the specification's RFC 2119 keywords,
and written in our own words.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
RULES_PATH = ROOT / "spec" / "rules.yaml"
SCHEMA_PATH = ROOT / "spec" / "rules.schema.json"
SPEC_PATH = ROOT / "spec" / "specification" / "talkie-1.txt"
SHARED_SPEC_PATH = ROOT.parent / "shared" / "seeds" / "000_507a427e2adb1b60.txt"
NOTES_PATH = ROOT / "spec" / "notes.md"

AREA_SECTION = {
    "MAN": 1,
    "AUTH": 2,
    "ERR": 3,
    "STAT": 4,
    "RUN": 5,
    "CARD": 6,
    "TEXT": 7,
    "ACT": 8,
    "THR": 9,
    "VOICE": 10,
    "TEST": 11,
    "SEC": 12,
}
# Which catalogue levels each source keyword may carry.
KEYWORD_LEVELS = {
    "MUST": {"MUST"},
    "REQUIRED": {"MUST"},
    "MUST NOT": {"MUST NOT"},
    "SHOULD": {"SHOULD"},
    "SHOULD NOT": {"SHOULD NOT"},
    "MAY": {"MAY"},
    "OPTIONAL": {"MAY"},
    "never": {"MUST NOT"},
    "only": {"MUST", "MUST NOT"},
    "Only": {"MUST", "MUST NOT"},
}
# The RFC 2119 words as the specification writes them (source.keyword values that are not plain language).
RFC2119_WORDS = frozenset({"MUST", "MUST NOT", "REQUIRED", "SHOULD", "SHOULD NOT", "MAY", "OPTIONAL"})
# Keywords the coverage check counts (uppercase, whole words); "MUST NOT" is a word of its own.
COVERED_KEYWORDS = ("MUST NOT", "SHOULD NOT", "MUST", "SHOULD", "MAY", "REQUIRED")
KEYWORD_RE = re.compile(r"\b(MUST NOT|SHOULD NOT|MUST|SHOULD|MAY|REQUIRED)\b")
DEFINITION_LINE_RE = re.compile(r"key words .* used as in RFC 2119")
SECTION_RE = re.compile(r"^##\s+(\d+)\.\s")
WORD_RE = re.compile(r"\w+")
COPY_RUN = 8

Rule = dict[str, Any]


@cache
def catalogue() -> dict[str, Any]:
    """Parse rules.yaml once; every test reads the same object."""
    loaded = yaml.safe_load(RULES_PATH.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict), "rules.yaml must hold a mapping at top level"
    return loaded


def rules() -> list[Rule]:
    """The rule entries of the catalogue."""
    entries = catalogue()["rules"]
    assert isinstance(entries, list)
    return entries


@cache
def spec_lines() -> tuple[str, ...]:
    """The copy of the specification, split into lines (index 0 is line 1)."""
    return tuple(SPEC_PATH.read_text(encoding="utf-8").splitlines())


def keyword_occurrences(line: str) -> Counter[str]:
    """Count RFC 2119 keywords on a line; MUST NOT is matched first, so its MUST is not recounted."""
    return Counter(match.group(1) for match in KEYWORD_RE.finditer(line))


def line_has_keyword(line: str, keyword: str) -> bool:
    """Tell whether keyword stands on the line as a whole word (a bare MUST does not match MUST NOT)."""
    if keyword in COVERED_KEYWORDS:
        return keyword_occurrences(line)[keyword] > 0
    return re.search(rf"\b{re.escape(keyword)}\b", line) is not None


def word_ngrams(text: str, size: int) -> set[tuple[str, ...]]:
    """Lower-cased runs of `size` consecutive words."""
    words = [word.lower() for word in WORD_RE.findall(text)]
    return {tuple(words[i : i + size]) for i in range(len(words) - size + 1)}


def test_spec_copy_exists_and_has_the_protocol_title() -> None:
    assert SPEC_PATH.is_file(), f"copy of the specification missing at {SPEC_PATH}"
    assert spec_lines()[0].startswith("# Talkie Protocol 1"), (
        "spec/specification/talkie-1.txt is not the talkie/1 text"
    )


def test_spec_copy_is_byte_identical_to_the_shared_copy() -> None:
    if not SHARED_SPEC_PATH.is_file():
        pytest.skip("shared copy not present outside the repository")
    assert SPEC_PATH.read_bytes() == SHARED_SPEC_PATH.read_bytes(), (
        "spec/specification/talkie-1.txt differs from the shared copy; copy it again byte for byte"
    )


def test_catalogue_validates_against_its_schema() -> None:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(catalogue()), key=lambda error: list(error.absolute_path))
    assert not errors, "rules.yaml breaks its schema:\n" + "\n".join(
        f"  at {'/'.join(map(str, error.absolute_path)) or '<root>'}: {error.message}" for error in errors
    )


def test_schema_rejects_unknown_members_and_bad_ids() -> None:
    """Guard the schema itself: a closed object and the ID pattern must actually bite."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    good = dict(rules()[0])
    assert validator.is_valid({**catalogue(), "rules": [good]})
    for broken in (
        {**good, "extra": 1},
        {**good, "id": "FOO-001"},
        {**good, "id": "MAN-1"},
        {**good, "level": "REQUIRED"},
        {**good, "testable": "client-side", "why": None},
        {**good, "source": {"line": 1, "keyword": "MUST", "extra": True}},
    ):
        cleaned = {key: value for key, value in broken.items() if value is not None}
        assert not validator.is_valid({**catalogue(), "rules": [cleaned]}), f"schema accepted {cleaned}"


def test_ids_are_unique() -> None:
    counts = Counter(rule["id"] for rule in rules())
    duplicates = sorted(rule_id for rule_id, count in counts.items() if count > 1)
    assert not duplicates, f"duplicate rule IDs: {duplicates}"


def test_id_area_matches_section() -> None:
    wrong = []
    for rule in rules():
        area = rule["id"].split("-")[0]
        top = int(rule["section"].split(".")[0])
        if AREA_SECTION[area] != top:
            wrong.append(f"{rule['id']} has section {rule['section']}, area {area} is §{AREA_SECTION[area]}")
    assert not wrong, "\n".join(wrong)


def test_ids_are_numbered_from_one_without_gaps_per_area() -> None:
    numbers: dict[str, list[int]] = {}
    for rule in rules():
        area, number = rule["id"].split("-")
        numbers.setdefault(area, []).append(int(number))
    for area, found in numbers.items():
        assert sorted(found) == list(range(1, len(found) + 1)), (
            f"{area} numbers are not 1..n: {sorted(found)}"
        )


def test_section_exists_in_the_spec() -> None:
    headings = {
        match.group(1)
        for line in spec_lines()
        if (match := re.match(r"^#{2,3}\s+(\d+(?:\.\d+)?)[.\s]", line))
    }
    missing = sorted({rule["section"] for rule in rules()} - headings)
    assert not missing, f"rules cite sections the specification does not have: {missing}"


def test_source_line_lies_in_the_rule_section() -> None:
    """The cited line must sit under the heading of the rule's top-level section."""
    section_of_line: list[int | None] = []
    current: int | None = None
    for line in spec_lines():
        if match := SECTION_RE.match(line):
            current = int(match.group(1))
        section_of_line.append(current)
    wrong = []
    for rule in rules():
        line_no = rule["source"]["line"]
        assert 1 <= line_no <= len(spec_lines()), f"{rule['id']}: line {line_no} is outside the specification"
        top = int(rule["section"].split(".")[0])
        if section_of_line[line_no - 1] != top:
            wrong.append(f"{rule['id']}: line {line_no} is in §{section_of_line[line_no - 1]}, not §{top}")
    assert not wrong, "\n".join(wrong)


def test_source_keyword_stands_on_the_cited_line() -> None:
    wrong = []
    for rule in rules():
        keyword = rule["source"]["keyword"]
        if keyword is None:
            continue
        line_no = rule["source"]["line"]
        text = spec_lines()[line_no - 1]
        if not line_has_keyword(text, keyword):
            wrong.append(f"{rule['id']}: {keyword!r} not on line {line_no}: {text!r}")
    assert not wrong, "\n".join(wrong)


def test_level_agrees_with_source_keyword() -> None:
    """A rule based on the specification takes the specification's
    level; a plain-language word (never, only) fixes the polarity."""
    wrong = []
    for rule in rules():
        keyword = rule["source"]["keyword"]
        if keyword is None or (rule["basis"] != "specification" and keyword in RFC2119_WORDS):
            continue
        if rule["level"] not in KEYWORD_LEVELS[keyword]:
            wrong.append(f"{rule['id']}: level {rule['level']} does not fit keyword {keyword}")
    assert not wrong, "\n".join(wrong)


def test_basis_is_consistent_with_the_source_keyword() -> None:
    """specification: the specification's word for this level
    stands on the line; inferred: it does not; a note: it is cited.

    An inferred rule may still cite an RFC 2119 word that grants someone else (MAN-001: the user MAY type a
    full URL, so the client MUST accept one), but never the word of its own level.
    """
    wrong = []
    for rule in rules():
        keyword, basis, level = rule["source"]["keyword"], rule["basis"], rule["level"]
        own_word = keyword in RFC2119_WORDS and level in KEYWORD_LEVELS[keyword]
        if basis == "specification" and not own_word:
            wrong.append(
                f"{rule['id']}: basis specification, but {keyword!r} on its line is not a {level} of the "
                "specification"
            )
        elif basis == "inferred" and own_word:
            wrong.append(
                f"{rule['id']}: basis inferred, but the specification says {keyword} for it (basis "
                "specification)"
            )
        elif basis not in ("specification", "inferred") and basis not in rule.get("notes", []):
            wrong.append(f"{rule['id']}: rests on {basis} but does not cite it in notes")
    assert not wrong, "\n".join(wrong)


def test_every_basis_kind_is_used_and_notes_that_add_rules_exist() -> None:
    bases = Counter(
        rule["basis"] if rule["basis"] in ("specification", "inferred") else "note" for rule in rules()
    )
    assert set(bases) == {"specification", "inferred", "note"}, bases
    text = NOTES_PATH.read_text(encoding="utf-8")
    defined = set(re.findall(r"^## (N-\d{2,3})\b", text, flags=re.MULTILINE))
    missing = sorted(
        rule["id"] for rule in rules() if rule["basis"].startswith("N-") and rule["basis"] not in defined
    )
    assert not missing, f"rules rest on notes that spec/notes.md lacks: {missing}"


def test_statement_carries_its_level_keyword() -> None:
    """The sentence states its own level, and no other, so a label never contradicts its text."""
    wrong = []
    for rule in rules():
        found = set(keyword_occurrences(rule["statement"]))
        if found != {rule["level"]}:
            wrong.append(f"{rule['id']} ({rule['level']}): statement has {sorted(found) or 'no keyword'}")
    assert not wrong, "\n".join(wrong)


def test_every_rfc2119_keyword_of_the_spec_is_covered() -> None:
    cited = Counter((rule["source"]["line"], rule["source"]["keyword"]) for rule in rules())
    definition_lines = [text for text in spec_lines() if DEFINITION_LINE_RE.search(text)]
    assert len(definition_lines) == 1, "expected exactly one definitional RFC 2119 line in the specification"
    uncovered = []
    for line_no, text in enumerate(spec_lines(), start=1):
        if DEFINITION_LINE_RE.search(text):
            continue
        for keyword, count in keyword_occurrences(text).items():
            if cited[(line_no, keyword)] < count:
                found = cited[(line_no, keyword)]
                uncovered.append(f"line {line_no}: {count}x {keyword}, {found} rule(s): {text.strip()!r}")
    assert not uncovered, "specification keywords without a rule:\n" + "\n".join(uncovered)


def test_keyword_counter_treats_must_not_as_its_own_word() -> None:
    assert keyword_occurrences("x MUST NOT y; z MUST w MAY") == Counter({"MUST NOT": 1, "MUST": 1, "MAY": 1})
    assert not line_has_keyword("clients MUST NOT do it", "MUST")
    assert not line_has_keyword("the MUSTARD is REQUIREDLY", "MUST")


def test_every_spec_section_has_a_rule() -> None:
    sections_in_spec = {int(m.group(1)) for line in spec_lines() if (m := SECTION_RE.match(line))}
    assert sections_in_spec == set(range(1, 13)), (
        f"unexpected specification sections: {sorted(sections_in_spec)}"
    )
    covered = {int(rule["section"].split(".")[0]) for rule in rules()}
    missing = sorted(sections_in_spec - covered)
    assert not missing, f"specification sections without any rule: {missing}"


def test_statements_do_not_copy_the_spec() -> None:
    spec_runs = word_ngrams("\n".join(spec_lines()), COPY_RUN)
    copied = []
    for rule in rules():
        for field in ("statement", "why"):
            text = rule.get(field)
            if text is None:
                continue
            shared = word_ngrams(text, COPY_RUN) & spec_runs
            if shared:
                run = " ".join(sorted(shared)[0])
                copied.append(
                    f"{rule['id']}.{field} shares {COPY_RUN}+ words with the specification: {run!r}"
                )
    assert not copied, "\n".join(copied)


def test_copy_detector_finds_a_copied_sentence() -> None:
    spec_runs = word_ngrams("\n".join(spec_lines()), COPY_RUN)
    copied = "The server MUST ignore a message whose id it already stored."
    assert word_ngrams(copied, COPY_RUN) & spec_runs


def test_notes_references_exist() -> None:
    text = NOTES_PATH.read_text(encoding="utf-8")
    defined = set(re.findall(r"^## (N-\d{2,3})\b", text, flags=re.MULTILINE))
    assert defined, "spec/notes.md defines no '## N-xx' sections"
    missing = sorted(
        f"{rule['id']} -> {note}" for rule in rules() for note in rule.get("notes", []) if note not in defined
    )
    assert not missing, f"rules cite notes that spec/notes.md lacks: {missing}"


def test_rule_ids_cited_in_notes_exist() -> None:
    text = NOTES_PATH.read_text(encoding="utf-8")
    known = {rule["id"] for rule in rules()}
    cited = set(re.findall(r"\b(?:MAN|AUTH|ERR|STAT|RUN|CARD|TEXT|ACT|THR|VOICE|TEST|SEC)-\d{3}\b", text))
    unknown = sorted(cited - known)
    assert not unknown, f"spec/notes.md cites rule IDs the catalogue lacks: {unknown}"
