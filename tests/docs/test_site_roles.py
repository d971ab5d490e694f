"""The implementer's pages of the built site: role checklists, rule bases, notes, sections, endpoints, facts.

Expected values are read from the contract here (spec/rules.yaml, spec/notes.md, spec/openapi.yaml, the
specification, talkie_models.protocol), independently of the hook that renders the pages.
"""

from __future__ import annotations

import json
import re
import tomllib
from functools import cache
from html import unescape
from pathlib import Path
from typing import Any

import pytest
import yaml
from talkie_models import protocol
from test_site import ROOT, operations, page, pages, rules

CHECKLISTS = {"server": "guides/server-checklist/index.html", "client": "guides/client-checklist/index.html"}
RFC2119 = {"MUST", "MUST NOT", "REQUIRED", "SHOULD", "SHOULD NOT", "MAY", "OPTIONAL"}
NOTE_RE = re.compile(r"^N-\d{2,}$")


def _text(fragment: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def expected_basis(rule: dict[str, Any]) -> str:
    """`specification`, `inferred` or a note ID: the
    catalogue's `basis`, or what its source keyword implies."""
    recorded = rule.get("basis")
    if isinstance(recorded, str):
        return recorded
    return "specification" if rule["source"]["keyword"] in RFC2119 else "inferred"


@cache
def checklist(site: Path, side: str) -> dict[str, dict[str, Any]]:
    """Rule ID → {section heading, cells by header, raw cells} of one checklist page."""
    raw = (site / CHECKLISTS[side]).read_text(encoding="utf-8")
    found: dict[str, dict[str, Any]] = {}
    for chunk in re.split(r"(?=<h2 )", raw)[1:]:
        heading = _text(re.match(r"<h2[^>]*>(.*?)</h2>", chunk, re.S).group(1)).rstrip("¶ ")  # type: ignore[union-attr]
        headers = [_text(h) for h in re.findall(r"<th[^>]*>(.*?)</th>", chunk, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", chunk, re.S):
            cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
            if not cells:
                continue
            rule_id = _text(cells[0]).split()[0]
            assert rule_id not in found, f"{rule_id} twice on the {side} checklist"
            found[rule_id] = {
                "section": heading,
                "text": dict(zip(headers, (_text(c) for c in cells), strict=True)),
                "raw": dict(zip(headers, cells, strict=True)),
            }
    return found


@pytest.mark.parametrize("side", sorted(CHECKLISTS))
def test_each_checklist_holds_every_rule_of_its_side_and_none_of_the_other(
    built_site: Path, side: str
) -> None:
    listed = set(checklist(built_site, side))
    own = {rule["id"] for rule in rules() if rule["side"] in (side, "both")}
    other = {rule["id"] for rule in rules() if rule["side"] not in (side, "both")}
    assert own, f"the catalogue has no {side} rules"
    assert listed == own, (sorted(own - listed), sorted(listed - own))
    assert not listed & other


@pytest.mark.parametrize("side", sorted(CHECKLISTS))
def test_checklist_rows_give_section_level_basis_and_links(built_site: Path, side: str) -> None:
    rows = checklist(built_site, side)
    by_id = {rule["id"]: rule for rule in rules()}
    for rule_id, row in rows.items():
        rule = by_id[rule_id]
        assert row["section"].startswith(f"§{rule['section']} "), (rule_id, row["section"])
        shown = rule["level"] if expected_basis(rule) == "specification" else rule["level"].lower()
        assert row["text"]["Level"].split(" · ")[0] == shown, rule_id
        assert f'#{rule_id}"' in row["raw"]["Rule"], "the rule ID links to its sentence"
        basis, raw_basis = row["text"]["Basis"], row["raw"]["Basis"]
        expected = expected_basis(rule)
        marked = "talkie-rule__level--inferred" in row["raw"]["Level"]
        assert marked == (expected == "inferred"), f"{rule_id}: an inferred level must say so, only that one"
        if NOTE_RE.match(expected):
            assert basis.startswith(f"note {expected}"), (rule_id, basis)
            assert f'spec/notes/#{expected}"' in raw_basis or f'notes/#{expected}"' in raw_basis
        else:
            assert basis.startswith({"inferred": "our reading"}.get(expected, expected)), (rule_id, basis)
            assert f'protocol-text/#L{rule["source"]["line"]}"' in raw_basis, (rule_id, raw_basis)
        tested = row["text"]["Tested by"]
        assert tested not in ("", "—"), f"{rule_id}: neither a check nor a reason"
        may_fail = rule["level"] in ("MUST", "MUST NOT") and not NOTE_RE.match(expected)
        if tested.startswith("suite:"):
            assert ("only a warning" in tested) == (not may_fail), (rule_id, tested)


def test_checklists_name_the_suite_checks_that_test_each_rule(built_site: Path) -> None:
    try:
        __import__("talkie_conformance.checks")
        from talkie_conformance.checking import REGISTRY
    except Exception:
        pytest.skip("the conformance registry cannot be imported in this checkout")
    rows = {**checklist(built_site, "client"), **checklist(built_site, "server")}
    for spec in REGISTRY:
        for rule_id in spec.rules:
            if rule_id in rows:
                assert f"{spec.section}.{spec.name}" in rows[rule_id]["text"]["Tested by"], rule_id


def test_the_client_checklist_names_each_rules_scenario_as_clients_list_does(built_site: Path) -> None:
    """The Scenario column shows what `talkie-mock clients list --json` prints: the scenarios judging each
    client rule, or the reason none does."""
    from talkie_mock.clientsuite.catalogue import listing

    rows = checklist(built_site, "client")
    listed = listing()
    assert {row["rule"] for row in listed} == set(rows)
    for row in listed:
        shown, raw = rows[row["rule"]]["text"]["Scenario"], rows[row["rule"]]["raw"]["Scenario"]
        if row["scenarios"]:
            assert re.findall(r"<code>(.*?)</code>", raw) == row["scenarios"], (row["rule"], raw)
        else:
            reason = row["reason"][:1].upper() + row["reason"][1:]
            assert shown == _text(reason), (row["rule"], shown)
    assert "Scenario" not in next(iter(checklist(built_site, "server").values()))["text"]


def test_untested_rules_say_why(built_site: Path) -> None:
    rows = checklist(built_site, "client")
    for rule in rules():
        if rule["id"] in rows and rule["testable"] == "untestable":
            assert "Not testable" in rows[rule["id"]]["text"]["Tested by"], rule["id"]


def test_rule_blocks_show_their_basis(built_site: Path) -> None:
    blocks: dict[str, str] = {}
    for relative, _ in pages(built_site):
        if relative.parts[0] == "spec":
            raw = (built_site / relative).read_text(encoding="utf-8")
            for match in re.finditer(r'<div class="talkie-rule" id="([A-Z]+-\d{3})">(.*?)</div>', raw, re.S):
                blocks[match.group(1)] = match.group(2)
    for rule in rules():
        expected = expected_basis(rule)
        word = "note" if NOTE_RE.match(expected) else expected
        assert f"talkie-basis--{word}" in blocks[rule["id"]], rule["id"]


def test_rule_pages_show_the_sentence_a_rule_rests_on_and_whether_it_fails(built_site: Path) -> None:
    lines = (ROOT / "spec" / "specification" / "talkie-1.txt").read_text(encoding="utf-8").splitlines()
    blocks: dict[str, str] = {}
    for relative, _ in pages(built_site):
        if relative.parts[0] == "spec":
            raw = (built_site / relative).read_text(encoding="utf-8")
            for match in re.finditer(r'<div class="talkie-rule" id="([A-Z]+-\d{3})">(.*?)</div>', raw, re.S):
                blocks[match.group(1)] = match.group(2)
    matrix = (built_site / "reference" / "rules" / "index.html").read_text(encoding="utf-8")
    rows = {
        _text(cells[0]).split()[0]: cells
        for row in re.findall(r"<tr>(.*?)</tr>", matrix, re.S)
        if (cells := re.findall(r"<td[^>]*>(.*?)</td>", row, re.S))
    }
    for rule in rules():
        expected = expected_basis(rule)
        fails = rule["level"] in ("MUST", "MUST NOT") and not NOTE_RE.match(expected)
        word = "fails" if fails else ("informs" if rule["level"] == "MAY" else "warns")
        block = blocks[rule["id"]]
        assert f"talkie-verdict--{word}" in block, (rule["id"], word)
        assert f"talkie-verdict--{word}" in "".join(rows[rule["id"]]), (rule["id"], word)
        if NOTE_RE.match(expected):
            assert f'notes/#{expected}"' in block, rule["id"]
            continue
        quoted = re.search(r'<q class="talkie-basis__quote">(.*?)</q>', block, re.S)
        assert quoted is not None, f"{rule['id']}: no sentence quoted"
        words = _text(quoted.group(1)).replace("`", "").split()
        line = lines[rule["source"]["line"] - 1].replace("`", "")
        assert any(w in line for w in words), (rule["id"], words[:6], line)


def test_protocol_text_page_anchors_every_line(built_site: Path) -> None:
    lines = (ROOT / "spec" / "specification" / "talkie-1.txt").read_text(encoding="utf-8").splitlines()
    html = page(built_site, "reference/protocol-text/index.html")
    ids = set(html.ids)
    assert {f"L{n}" for n in range(1, len(lines) + 1)} <= ids
    assert "Authorization Code + PKCE" in html.text


# -- notes and section references ----------------------------------------------------------------------------


def test_every_note_has_a_stable_anchor_and_its_decision_list_is_a_list(built_site: Path) -> None:
    source = (ROOT / "spec" / "notes.md").read_text(encoding="utf-8")
    raw = (built_site / "spec/notes/index.html").read_text(encoding="utf-8")
    notes = re.findall(r"^## (N-\d{2,})\b", source, re.M)
    assert notes
    sections = {
        m.group(1): m.group(2) for m in re.finditer(r'<h2 id="(N-\d{2,})">(.*?)(?=<h2 |\Z)', raw, re.S)
    }
    assert sorted(sections) == sorted(notes)
    with_lists = re.findall(
        r"^## (N-\d{2,})\b(?:(?!^## ).)*?^\*\*Decision\.\*\*\s*\n\n- ", source, re.M | re.S
    )
    assert with_lists, "no note has a Decision list"
    for note in with_lists:
        assert re.search(r"<p><strong>Decision\.</strong></p>\s*<ul>", sections[note]), note


def notes_source() -> str:
    return (ROOT / "spec" / "notes.md").read_text(encoding="utf-8")


def test_section_references_link_to_the_spec_pages(built_site: Path) -> None:
    notes = page(built_site, "spec/notes/index.html")
    assert "../actions/" in notes.links
    assert "../authentication/#section-2-1" in notes.links
    raw = (built_site / "spec/notes/index.html").read_text(encoding="utf-8")
    assert re.search(r'<a class="talkie-section" href="\.\./actions/"[^>]*>§8</a>', raw)
    auth = (built_site / "spec/authentication/index.html").read_text(encoding="utf-8")
    assert "RFC 8252</a> §7.1" in auth, "another document's section stays plain text"
    # Rule IDs in prose link to the rule's block (the notes cite the rules they refine).
    prose = re.sub(r"`[^`]*`|^#.*$", "", notes_source(), flags=re.M)  # code and headings stay plain
    cited = set(re.findall(r"\b([A-Z]{2,5}-\d{3})\b", prose))
    known = {rule["id"] for rule in rules()}
    linked = set(re.findall(r'<a class="talkie-rule-ref" href="\.\./[a-z-]+/#([A-Z]+-\d{3})"', raw))
    assert cited & known, "the notes cite no rule"
    assert linked == cited & known
    runs = (built_site / "guides/build-a-server/index.html").read_text(encoding="utf-8")
    assert re.search(r'href="\.\./\.\./spec/test-mode/"[^>]*>§11</a>', runs)


# -- facts owned elsewhere -----------------------------------------------------------------------------------


def test_authentication_page_gives_the_values_servers_register(built_site: Path) -> None:
    raw = (built_site / "spec/authentication/index.html").read_text(encoding="utf-8")
    for value in (
        protocol.TALKIE_CLIENT_ID,
        protocol.TALKIE_REDIRECT_URI,
        protocol.PKCE_METHOD,
        *protocol.SCOPES,
    ):
        assert f"<code>{value}</code>" in raw.replace("&#95;", "_"), value
    assert "talkie-client" in page(built_site, "spec/authentication/index.html").ids


def test_every_page_shows_the_version_banner(built_site: Path) -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    for relative, html in pages(built_site):
        if relative.parts[0] == "reference" and relative.name.startswith("redoc"):
            continue
        banner = [text for text, marks in html.texts if "talkie-banner" in marks]
        assert protocol.SPEC in banner, relative
        assert version in banner, relative


def test_changelog_page_includes_the_changelog(built_site: Path) -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    html = page(built_site, "changelog/index.html")
    for heading in re.findall(r"^### (\w+)", changelog, re.M):
        assert heading in html.text
    assert "changelog/" in " ".join(page(built_site, "index.html").links)


def test_standards_page_links_ag_ui_and_every_rfc(built_site: Path) -> None:
    links = page(built_site, "spec/standards/index.html").links
    for url in (
        "https://docs.ag-ui.com",
        "https://www.rfc-editor.org/rfc/rfc2119",
        "https://www.rfc-editor.org/rfc/rfc8252",
        "https://www.rfc-editor.org/rfc/rfc8414",
        "https://www.rfc-editor.org/rfc/rfc9207",
        "https://www.rfc-editor.org/rfc/rfc7009",
        "https://www.rfc-editor.org/rfc/rfc7636",
        "https://datatracker.ietf.org/doc/draft-ietf-oauth-v2-1/",
        "https://datatracker.ietf.org/doc/draft-ietf-oauth-client-id-metadata-document/",
    ):
        assert url in links, url


# -- endpoint boxes ------------------------------------------------------------------------------------------


@cache
def _error_codes() -> dict[str, list[str]]:
    catalogue = json.loads((ROOT / "schemas" / "error-code.json").read_text(encoding="utf-8"))
    found: dict[str, list[str]] = {}
    for entry in catalogue["x-talkie-catalogue"]:
        for status in entry["httpStatus"]:
            found.setdefault(str(status), []).append(entry["code"])
    return found


def test_every_endpoint_has_a_uniform_box(built_site: Path) -> None:
    raw = (built_site / "reference/endpoints/index.html").read_text(encoding="utf-8")
    document = yaml.safe_load((ROOT / "spec" / "openapi.yaml").read_text(encoding="utf-8"))
    assert operations()
    for operation_id, method, path in operations():
        operation = document["paths"][path][method.lower()]
        key = operation.get("x-talkie-endpoint", "manifest")
        match = re.search(
            rf'<div class="talkie-endpoint" id="endpoint-{key}-{method.lower()}">(.*?)</code></pre>',
            raw,
            re.S,
        )
        assert match, operation_id
        box = _text(match.group(1))
        for field in ("Endpoint key", "Request", "Response", "Errors", "Authentication"):
            assert field in box, (operation_id, field)
        assert box.startswith(f"{method} {key}"), box[:40]
        for status in operation["responses"]:
            assert status in box, (operation_id, status)
            if not status.startswith("2"):
                for code in _error_codes().get(status, []):
                    assert code in box, (operation_id, status, code)
        curl = box[box.index("curl") :]
        filled = re.sub(r"\{\w+\}", "", path)
        assert all(part in curl for part in filled.split("/") if part), (operation_id, curl)
        assert ("-X " + method in curl) == (method != "GET"), curl


def test_spec_pages_show_the_box_of_each_endpoint_they_describe(built_site: Path) -> None:
    placed: set[str] = set()
    for relative, html in pages(built_site):
        if relative.parts[0] != "spec":
            continue
        assert "[[endpoint:" not in html.text, relative
        placed |= {i for i in html.ids if i.startswith("endpoint-")}
    document = yaml.safe_load((ROOT / "spec" / "openapi.yaml").read_text(encoding="utf-8"))
    keys = {
        (document["paths"][path][method.lower()].get("x-talkie-endpoint", "manifest"), method.lower())
        for _, method, path in operations()
    }
    expected = {f"endpoint-{key}-{method}" for key, method in keys}
    assert placed == expected


# -- search --------------------------------------------------------------------------------------------------


def test_search_index_has_an_entry_per_rule_at_its_anchor(built_site: Path) -> None:
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    entries = {doc["location"].rsplit("#", 1)[-1]: doc for doc in index["docs"] if "#" in doc["location"]}
    for rule in rules():
        entry = entries.get(rule["id"])
        assert entry is not None, rule["id"]
        assert entry["title"].startswith(rule["id"])
        assert entry["location"].startswith("spec/")


def test_rule_matrix_has_side_level_and_section_filters(built_site: Path) -> None:
    raw = (built_site / "reference/rules/index.html").read_text(encoding="utf-8")
    form = re.search(r'<form class="talkie-filter"(.*?)</form>', raw, re.S)
    assert form, "no filter form"
    for name in ("side", "level", "section"):
        assert f'name="{name}"' in form.group(1)
    sections = {rule["section"].split(".")[0] for rule in rules()}
    assert set(re.findall(r'<option value="(\d+)">§', form.group(1))) == sections
    assert 'src="../../assets/javascripts/rule-filter.js"' in raw


def test_contract_files_are_published_at_their_id_paths(built_site: Path) -> None:
    """A schema's `$id` names a URL on this site; the built site has the file there, byte for byte."""
    schema = ROOT / "schemas" / "event.json"
    identifier = json.loads(schema.read_text(encoding="utf-8"))["$id"]
    path = re.sub(r"^https?://[^/]+/", "", identifier)
    assert (built_site / path).read_bytes() == schema.read_bytes()
