"""Chat runs in-process: the §11 test messages, intents, determinism, idempotent retry, cancel-before-run."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from talkie_mock.testing import AUTH, Client, checked, run_input
from talkie_models import TextMessageContentEvent
from talkie_models.validation import validate


def types(events: list[dict[str, object]]) -> list[object]:
    return [e["type"] if e["type"] != "CUSTOM" else e["name"] for e in events]


def text_of(events: list[dict[str, object]]) -> str:
    return "".join(str(e["delta"]) for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")


def test_echo_is_exact_including_newlines(client: Client) -> None:
    payload = "hi  there\nsecond line - ěščř <b>x</b> "
    events = client.run(f"talkie-test:echo {payload}", "r_echo")
    assert types(events) == [
        "RUN_STARTED",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_END",
        "RUN_FINISHED",
    ]
    assert text_of(events) == payload
    assert events[0]["threadId"] == "t_main"
    assert events[0]["runId"] == "r_echo"
    assert "outcome" not in events[-1] or events[-1]["outcome"] == {"type": "success"}


def test_echo_long_text_arrives_in_deltas_that_join_exactly(client: Client) -> None:
    payload = "ž" * 700
    events = client.run(f"talkie-test:echo {payload}", "r_long")
    assert sum(e["type"] == "TEXT_MESSAGE_CONTENT" for e in events) > 1
    assert text_of(events) == payload


def test_echo_of_empty_text_has_no_content_event(client: Client) -> None:
    events = client.run("talkie-test:echo", "r_empty")
    assert types(events) == ["RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_END", "RUN_FINISHED"]


def test_card(client: Client) -> None:
    events = client.run("talkie-test:card", "r_card")
    assert types(events) == [
        "RUN_STARTED",
        "TOOL_CALL_START",
        "TOOL_CALL_END",
        "talkie.card",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_END",
        "RUN_FINISHED",
    ]
    assert events[2]["metadata"] == {"ok": True}
    assert events[1]["toolCallId"] == events[2]["toolCallId"]
    card = events[3]["value"]
    assert isinstance(card, dict)
    assert any(b["type"] == "fields" for b in card["blocks"])
    assert card["fallbackText"]


def test_action_then_confirm_is_done(client: Client) -> None:
    events = client.run("talkie-test:action", "r_action")
    assert types(events) == [
        "RUN_STARTED",
        "talkie.action",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_END",
        "RUN_FINISHED",
    ]
    action = events[1]["value"]
    assert isinstance(action, dict)
    assert action["status"] == "pending"
    assert action["riskLevel"] == "low"
    assert action["confirm"]["methods"] == ["button", "voice"]
    from talkie_mock.engine.clock import from_iso

    assert (from_iso(action["expiresAt"]) - from_iso(action["createdAt"])).total_seconds() >= 60
    answer = client.http.post(
        f"/api/talkie/actions/{action['id']}/decision",
        json={"decision": "confirm", "paramsHash": action["paramsHash"], "method": "button"},
        headers=AUTH,
    )
    body = checked(answer, "DecisionResponse")
    assert body["action"]["status"] == "done"


def test_error(client: Client) -> None:
    events = client.run("talkie-test:error", "r_error")
    assert types(events) == ["RUN_STARTED", "RUN_ERROR"]
    assert events[1]["code"] == "upstream_unavailable"
    assert events[1]["metadata"]["retryable"] is True
    assert events[1]["message"]


def test_slow_streams_deltas_over_the_configured_time(client: Client) -> None:
    started = time.monotonic()
    events = client.run("talkie-test:slow", "r_slow")
    # paced over the configured 0.6 s: a lower bound only (a busy machine may take longer, never less)
    assert time.monotonic() - started >= 0.5
    assert sum(e["type"] == "TEXT_MESSAGE_CONTENT" for e in events) >= 5
    assert types(events)[-1] == "RUN_FINISHED"


def test_slow_deltas_are_the_wire_form_of_their_model_and_their_text_is_stored(client: Client) -> None:
    events = client.run("talkie-test:slow", "r_slow_wire", thread_id="t_slow_wire")
    deltas = [e for e in events if e["type"] == "TEXT_MESSAGE_CONTENT"]
    for event in deltas:
        model = TextMessageContentEvent.model_validate(event)
        assert event == model.model_dump(mode="json")
    body = checked(client.http.get("/api/talkie/threads/t_slow_wire", headers=AUTH), "ThreadDetail")
    assert body["messages"][-1]["content"] == "".join(str(e["delta"]) for e in deltas)


def test_answer_is_stored_in_the_thread(client: Client) -> None:
    client.run("talkie-test:card", "r_store", thread_id="t_store", message_id="m_user_1")
    body = checked(client.http.get("/api/talkie/threads/t_store", headers=AUTH), "ThreadDetail")
    roles = [(m["role"], m["id"]) for m in body["messages"]]
    assert roles[0] == ("user", "m_user_1")
    assert roles[1][0] == "assistant"
    assert body["messages"][1]["cards"][0]["blocks"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("What meetings do I have today?", "list"),
        ("Tell me about the company Horizont", "fields"),
        ("Find the offer documents", "file"),
    ],
)
def test_intents_pick_card_blocks(client: Client, text: str, expected: str) -> None:
    events = client.run(text, f"r_{expected}")
    cards = [e["value"] for e in events if e.get("name") == "talkie.card"]
    assert cards, types(events)
    assert any(b["type"] == expected for b in cards[0]["blocks"])
    assert "talkie.usage" in types(events)


def test_send_proposes_medium_risk_action_and_delete_a_button_only_one(client: Client) -> None:
    send = client.run("send the offer to lena.schmidt@example.org", "r_send")
    action = next(e["value"] for e in send if e.get("name") == "talkie.action")
    assert action["riskLevel"] == "medium"
    assert "voice" in action["confirm"]["methods"]
    assert "lena.schmidt@example.org" in action["summary"]
    delete = client.run("delete the record of Marek Dvořák", "r_delete")
    action = next(e["value"] for e in delete if e.get("name") == "talkie.action")
    assert action["riskLevel"] == "high"
    assert action["confirm"]["methods"] == ["button"]


def test_czech_intents(make_client: Callable[..., Client]) -> None:
    client = make_client(locale="cs")
    events = client.run("pošli nabídku na marek.dvorak@example.org", "r_cs")
    action = next(e["value"] for e in events if e.get("name") == "talkie.action")
    assert action["confirm"]["voice"]["keyword"] == "odeslat"
    events = client.run("smaž firmu Horizont", "r_cs2")
    assert any(e.get("name") == "talkie.action" for e in events)


def test_link_gives_talkie_open(client: Client) -> None:
    events = client.run("open the link https://docs.example.org/guide", "r_link")
    opened = [e["value"] for e in events if e.get("name") == "talkie.open"]
    assert opened == [{"url": "https://docs.example.org/guide", "label": opened[0]["label"]}]


def test_same_seed_and_message_give_the_same_stream(make_client: Callable[..., Client]) -> None:
    streams = []
    for _ in range(2):
        client = make_client(seed=7)
        streams.append([client.run(t, f"r_{i}") for i, t in enumerate(["meetings", "company Alfa", "hello"])])
    assert streams[0] == streams[1]
    other = make_client(seed=8).run("meetings", "r_0")
    assert other != streams[0][0]


def test_retry_with_known_message_ids_stores_nothing(client: Client) -> None:
    client.run("talkie-test:echo one", "r_a", thread_id="t_retry", message_id="m_same")
    events = client.run("talkie-test:echo one", "r_b", thread_id="t_retry", message_id="m_same")
    assert types(events) == ["RUN_STARTED", "RUN_FINISHED"]
    detail = checked(client.http.get("/api/talkie/threads/t_retry", headers=AUTH), "ThreadDetail")
    assert len(detail["messages"]) == 2


def test_retry_with_known_run_id_restreams_the_run(client: Client) -> None:
    first = client.run("talkie-test:card", "r_again", thread_id="t_again")
    second = client.run("talkie-test:card", "r_again", thread_id="t_again")
    assert first == second


def test_cancel_before_the_run_arrives_ends_it_cancelled(client: Client) -> None:
    answer = client.http.post("/api/talkie/runs/r_future/cancel", headers=AUTH)
    assert checked(answer, "OkResponse") == {"ok": True}
    events = client.run("talkie-test:echo late", "r_future", thread_id="t_future")
    assert types(events) == ["RUN_STARTED", "RUN_FINISHED"]
    assert events[-1]["outcome"] == {"type": "cancelled"}


def test_ids_with_a_slash_are_one_encoded_segment(client: Client) -> None:
    """§1: a placeholder is one URL-encoded segment, so `%2F` is part of the id, not a path separator."""
    assert checked(client.http.post("/api/talkie/runs/r%2Fslash/cancel", headers=AUTH), "OkResponse") == {
        "ok": True
    }
    events = client.run("talkie-test:echo late", "r/slash", thread_id="t_slash")
    assert types(events) == ["RUN_STARTED", "RUN_FINISHED"]
    assert events[-1]["outcome"] == {"type": "cancelled"}
    # the thread endpoint is found too: the answer is about the thread, not a path that names no endpoint
    for spelled in ("t%2Fslash", "t%2fslash"):  # either case of the hex digit
        missing = checked(
            client.http.get(f"/api/talkie/threads/{spelled}", headers=AUTH), "ErrorResponse", 404
        )
        assert "t/slash" in missing["error"]["message"]
    wrong_method = client.http.put("/api/talkie/runs/r%2Fslash/cancel", headers=AUTH)
    assert checked(wrong_method, "ErrorResponse", 405)["error"]["code"] == "method_not_allowed"
    # a fixed path spelled with an encoded slash names no endpoint
    assert checked(client.http.get("/api/talkie%2Fstatus", headers=AUTH), "ErrorResponse", 404)


def test_cancel_of_a_finished_run_is_ok(client: Client) -> None:
    client.run("talkie-test:echo done", "r_done")
    assert checked(client.http.post("/api/talkie/runs/r_done/cancel", headers=AUTH), "OkResponse") == {
        "ok": True
    }


def test_too_long_message_is_413_and_nothing_is_stored(client: Client) -> None:
    limit = client.mock.config.max_message_chars
    exact = "ž" * limit  # code points, not bytes
    client.run(exact, "r_ok", thread_id="t_limit")
    body = run_input("x" * (limit + 1), "r_big", thread_id="t_limit_new")
    answer = client.http.post("/api/talkie/run", json=body, headers=AUTH)
    error = checked(answer, "ErrorResponse", 413)
    assert error["error"]["code"] == "too_large"
    assert client.http.get("/api/talkie/threads/t_limit_new", headers=AUTH).status_code == 404


def test_scenario_file_scripts_a_run(make_client: Callable[..., Client], tmp_path: Path) -> None:
    scenario = tmp_path / "scenario.yaml"
    scenario.write_text(
        """
scenarios:
  - name: weather
    match: "(?i)weather in (\\\\w+)"
    steps:
      - tool: {name: get_weather, label: "Checking…"}
      - card: {title: "Weather", subtitle: "Brno", url: "/?view=weather", a11yLabel: "Weather card",
               blocks: [{type: badge, text: sunny, tone: positive}], fallbackText: "sunny"}
      - text: "Sunny in \\\\1."
      - action: {summary: "Book a trip", riskLevel: high, methods: [button]}
""",
        encoding="utf-8",
    )
    client = make_client(scenario=scenario)
    events = client.run("What is the weather in Brno?", "r_sc")
    assert types(events) == [
        "RUN_STARTED",
        "TOOL_CALL_START",
        "TOOL_CALL_END",
        "talkie.card",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_END",
        "talkie.action",
        "RUN_FINISHED",
    ]
    assert text_of(events) == "Sunny in Brno."
    # the §11 messages still win over a scenario
    assert text_of(client.run("talkie-test:echo weather in Praha", "r_sc2")) == "weather in Praha"


def test_invalid_scenario_is_refused(tmp_path: Path) -> None:
    from talkie_mock.engine.scenarios import Scenario
    from talkie_mock.errors import ScenarioError

    with pytest.raises(ScenarioError, match="steps"):
        Scenario.from_data({"scenarios": [{"match": "x", "steps": [{"dance": 1}]}]})
    with pytest.raises(ScenarioError, match="steps/0"):
        Scenario.from_data({"scenarios": [{"match": "x", "steps": [{"card": {"title": "no fallback"}}]}]})
    bad = tmp_path / "bad.yaml"
    bad.write_text("scenarios: [", encoding="utf-8")
    with pytest.raises(ScenarioError):
        Scenario.load(bad)


def test_every_event_of_every_kind_is_a_valid_stream_event(client: Client) -> None:
    for index, text in enumerate(["talkie-test:card", "meetings", "send it", "delete it", "files", "hello"]):
        for event in client.run(text, f"r_all_{index}"):
            validate(event, "StreamEvent")
