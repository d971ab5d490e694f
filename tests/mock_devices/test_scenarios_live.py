"""Scenarios as a live tool: substitution in every string field, reload when the file changes."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from talkie_mock.testing import AUTH, parse_sse, run_input
from unsafe_scenario import unsafe_scenario

SCENARIO = """
scenarios:
  - name: order
    match: "objednávka (?P<number>\\\\d+) pro (\\\\w+)"
    steps:
      - tool: {name: find_order, label: "Hledám objednávku \\\\g<number>…"}
      - card:
          title: "Objednávka \\\\g<number>"
          subtitle: "Zákazník \\\\2"
          url: "/?order=\\\\g<number>"
          a11yLabel: "Karta objednávky \\\\g<number>"
          fallbackText: "Objednávka \\\\g<number> pro \\\\2"
          blocks:
            - {type: fields, fields: [{label: Číslo, value: "\\\\g<number>"}]}
      - text: "Hotovo, \\\\2."
"""


def _run(http: TestClient, text: str, run_id: str) -> list[dict[str, Any]]:
    answer = http.post(
        "/api/talkie/run", json=run_input(text, run_id), headers={**AUTH, "Accept": "text/event-stream"}
    )
    return parse_sse(answer.content)


def test_groups_are_substituted_in_cards_and_tool_labels(
    make_http: Callable[..., TestClient], tmp_path: Path
) -> None:
    path = tmp_path / "scenario.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    events = _run(make_http(scenario=path), "objednávka 4711 pro Novák", "r_sc1")
    start = next(e for e in events if e["type"] == "TOOL_CALL_START")
    assert start["metadata"]["label"] == "Hledám objednávku 4711…"
    card = next(e for e in events if e.get("name") == "talkie.card")["value"]
    assert (card["title"], card["subtitle"], card["url"]) == (
        "Objednávka 4711",
        "Zákazník Novák",
        "/?order=4711",
    )
    assert card["fallbackText"] == "Objednávka 4711 pro Novák"
    assert card["blocks"][0]["fields"][0]["value"] == "4711"


def test_an_edited_scenario_applies_without_a_restart(
    make_http: Callable[..., TestClient], tmp_path: Path
) -> None:
    path = tmp_path / "scenario.yaml"
    path.write_text('scenarios: [{match: "ahoj", steps: [{text: "první"}]}]\n', encoding="utf-8")
    http = make_http(scenario=path)

    def said(run_id: str) -> str:
        events = _run(http, "ahoj", run_id)
        return "".join(e.get("delta", "") for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")

    assert said("r_l1") == "první"
    path.write_text('scenarios: [{match: "ahoj", steps: [{text: "druhá"}]}]\n', encoding="utf-8")
    stamp = path.stat().st_mtime + 2
    os.utime(path, (stamp, stamp))  # a later mtime, whatever the file system's resolution
    assert said("r_l2") == "druhá"
    path.write_text("scenarios: [{match: 5}]\n", encoding="utf-8")  # broken: the last good rules stay
    os.utime(path, (stamp + 2, stamp + 2))
    assert said("r_l3") == "druhá"


def test_the_guides_scenario_example_loads_and_substitutes(
    make_http: Callable[..., TestClient], tmp_path: Path
) -> None:
    guide = (Path(__file__).parents[2] / "docs" / "guides" / "app-developers.md").read_text(encoding="utf-8")
    section = guide[guide.index("## Scripted answers") :]
    start = section.index("```yaml\n") + len("```yaml\n")
    path = tmp_path / "guide.yaml"
    path.write_text(section[start : section.index("```", start)], encoding="utf-8")
    events = _run(make_http(scenario=path), "objednávka 12 pro Dvořák", "r_guide")
    card = next(e for e in events if e.get("name") == "talkie.card")["value"]
    assert card["title"] == "Objednávka 12"
    assert card["subtitle"] == "Zákazník Dvořák"


def test_the_escape_hatch_sends_forbidden_content_verbatim_and_the_inspector_marks_it(
    make_http: Callable[..., TestClient], tmp_path: Path
) -> None:
    http = make_http(scenario=unsafe_scenario(tmp_path), self_check=False)
    answer = http.post(
        "/api/talkie/run",
        json=run_input("útok", "r_bad"),
        headers={**AUTH, "Accept": "text/event-stream"},
    )
    assert b"javascript:alert(1)" in answer.content
    assert b'"type":"hologram"' in answer.content.replace(b" ", b"")
    entry = [e for e in http.get("/_mock/api/traffic").json()["entries"] if e["path"] == "/api/talkie/run"][
        -1
    ]
    assert entry["unsafe"].startswith("UNSAFE")  # its own mark (the inspector's red badge), not a variation
    assert not any("UNSAFE" in label for label in entry["variations"])
    card = next(e for e in entry["events"] if "hologram" in e["data"])
    assert card["valid"] is False


def test_stubs_are_added_and_removed_at_runtime(make_http: Callable[..., TestClient]) -> None:
    http = make_http()

    def said(run_id: str) -> str:
        events = _run(http, "ahoj", run_id)
        return "".join(e.get("delta", "") for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")

    rule = {"name": "greeting", "match": "(?i)ahoj", "steps": [{"text": "Dobrý den!"}]}
    added = http.post("/_mock/api/stubs", json=rule)
    assert added.status_code == 201
    assert added.json() == {"name": "greeting", "match": "(?i)ahoj"}
    assert said("r_st1") == "Dobrý den!"
    assert http.get("/_mock/api/stubs").json() == {"stubs": [{"name": "greeting", "match": "(?i)ahoj"}]}
    assert http.delete("/_mock/api/stubs/greeting").json() == {"ok": True}
    assert said("r_st2") != "Dobrý den!"
    assert http.delete("/_mock/api/stubs/greeting").status_code == 404
    bad = http.post("/_mock/api/stubs", json={"match": "(", "steps": [{"text": "x"}]})
    assert bad.status_code == 400
    assert bad.json()["error"]["code"] == "invalid_request"


CARD = {
    "title": "x",
    "subtitle": "y",
    "url": "/?record=1",
    "fallbackText": "x",
    "a11yLabel": "x",
    "blocks": [],
}


@pytest.mark.parametrize(
    ("step", "message"),
    [
        ({"card": {**CARD, "title": "\\1", "fallbackText": "\\1"}}, "zc2"),  # empty once expanded
        ({"card": {**CARD, "url": "https://x/\\1"}}, "zc2 a b"),  # spaces in a URL
        ({"open": {"url": "https://x/\\1", "label": "x"}}, "zc2 a b"),
        ({"action": {"summary": "\\1", "riskLevel": "low"}}, "zc2"),
    ],
)
def test_a_stub_step_that_breaks_on_one_message_ends_that_run_with_run_error(
    make_http: Callable[..., TestClient], step: dict[str, Any], message: str
) -> None:
    """Valid as written, invalid once `\\1` is filled in: RUN_ERROR naming the stub, never a 500."""
    http = make_http()
    rule = {"name": "fragile", "match": "^zc2(.*)$", "steps": [{"text": "before"}, step]}
    assert http.post("/_mock/api/stubs", json=rule).status_code == 201
    answer = http.post(
        "/api/talkie/run",
        json=run_input(message, "r_fragile"),
        headers={**AUTH, "Accept": "text/event-stream"},
    )
    assert answer.status_code == 200
    events = parse_sse(answer.content)
    assert [e["type"] for e in events] == ["RUN_STARTED", "RUN_ERROR"], events
    assert events[-1]["code"] == "internal"
    assert "fragile" in events[-1]["message"]


@pytest.mark.parametrize(
    "step", [{"action": {"summary": "x", "riskLevel": "low", "ttlSeconds": 10**15}}, {"usage": 2**63}]
)
def test_stub_numbers_beyond_what_a_run_can_hold_are_refused_when_added(
    make_http: Callable[..., TestClient], step: dict[str, Any]
) -> None:
    refused = make_http().post("/_mock/api/stubs", json={"match": "x", "steps": [step]})
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "invalid_request"


def test_a_stub_the_models_refuse_names_each_member_in_a_clear_message(
    make_http: Callable[..., TestClient],
) -> None:
    """No model dump, no id the check made up: the members of the stub's own body and what is wrong."""
    http = make_http()
    bad = http.post(
        "/_mock/api/stubs", json={"match": "x", "steps": [{"card": {"blocks": [{"type": "heading"}]}}]}
    )
    assert bad.status_code == 400
    error = bad.json()["error"]
    assert error["code"] == "invalid_request"
    message = error["message"]
    assert "steps/0/card/title: Field required" in message
    for internal in ("c_check", "validation error", "pydantic", "input_value", "scenarios/0", "\n"):
        assert internal not in message, message
