"""Every fault switch gives a client exactly the promised answer: status, §3 body, `retryable`, headers."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from talkie_mock.testing import AUTH, parse_sse, run_input
from talkie_models import UnknownEvent, parse_event
from talkie_models.validation import validate

STATUS = "/api/talkie/status"
RUN = "/api/talkie/run"

SSE = {"Accept": "text/event-stream"}
STREAM = {**AUTH, **SSE}


def add(http: TestClient, **fault: Any) -> dict[str, Any]:
    response = http.post("/_mock/api/faults", json=fault)
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


@pytest.mark.parametrize(
    ("code", "status", "retryable", "header", "header_value"),
    [
        ("unauthorized", 401, False, "www-authenticate", 'error="invalid_token"'),
        ("rate_limited", 429, True, "retry-after", "7"),
        ("quota_exceeded", 429, False, None, None),
        ("upstream_unavailable", 503, True, "retry-after", "7"),
        ("internal", 500, False, None, None),
    ],
)
def test_error_fault_answers_the_next_request_only(
    http: TestClient, code: str, status: int, retryable: bool, header: str | None, header_value: str | None
) -> None:
    add(http, kind="error", code=code, count=1, retryAfter=7)
    failed = http.get(STATUS, headers=AUTH)
    assert failed.status_code == status
    body = failed.json()
    validate(body, "ErrorResponse")
    assert body["error"]["code"] == code
    assert body["error"]["retryable"] is retryable
    if header is not None:
        assert header_value is not None
        assert header_value in failed.headers[header]
    else:
        assert "retry-after" not in failed.headers
    if code == "unauthorized":
        assert "expired" in body["error"]["message"]
    # spent after one request: the next one is answered normally and the fault is gone
    assert http.get(STATUS, headers=AUTH).status_code == 200
    assert http.get("/_mock/api/faults").json() == {"faults": []}


def test_count_endpoint_and_path_filters(http: TestClient) -> None:
    add(http, kind="error", code="internal", count=2, endpoint="threads")
    assert http.get(STATUS, headers=AUTH).status_code == 200  # another endpoint is not touched
    assert [http.get("/api/talkie/threads", headers=AUTH).status_code for _ in range(3)] == [500, 500, 200]
    add(http, kind="error", code="upstream_unavailable", path="/api/talkie/actions/*")
    assert http.get("/api/talkie/actions/a_nothing", headers=AUTH).status_code == 503
    assert http.get("/api/talkie/threads", headers=AUTH).status_code == 200
    fault = http.get("/_mock/api/faults").json()["faults"][0]
    assert fault["hits"] == 1
    assert "count" not in fault
    assert http.delete(f"/_mock/api/faults/{fault['id']}").json() == {"ok": True}
    assert http.get("/api/talkie/actions/a_nothing", headers=AUTH).status_code == 404


def test_share_fails_some_requests_reproducibly(make_http: Any) -> None:
    def pattern() -> list[int]:
        http = make_http()
        add(http, kind="error", code="rate_limited", share=0.5)
        return [http.get(STATUS, headers=AUTH).status_code for _ in range(40)]

    first = pattern()
    assert set(first) == {200, 429}
    assert 8 <= first.count(429) <= 32
    assert pattern() == first  # seeded: the same mock seed draws the same requests


def test_invalid_fault_is_refused(http: TestClient) -> None:
    for bad in ({"kind": "error"}, {"kind": "error", "code": "no_such_code"}, {"kind": "boom"}, [1]):
        response = http.post("/_mock/api/faults", json=bad)
        assert response.status_code == 400, bad
        validate(response.json(), "ErrorResponse")


def test_unknown_events_and_custom_names_parse_as_unknown(http: TestClient) -> None:
    add(http, kind="unknownEvents")
    add(http, kind="unknownCustom")
    response = http.post(RUN, json=run_input("talkie-test:echo Dobrý den", "r_unknown"), headers=STREAM)
    events = parse_sse(response.content)  # validates each one as StreamEvent
    injected = [e for e in events if (e.get("metadata") or {}).get("mockInjected")]
    kinds = {(e["type"], e.get("name")) for e in injected}
    assert ("MOCK_PREVIEW_FEATURE", None) in kinds
    assert ("CUSTOM", "talkie.preview") in kinds
    assert ("CUSTOM", "acme.progress") in kinds
    for event in injected:
        validate(event, "StreamEvent")
        assert isinstance(parse_event(json.dumps(event)), UnknownEvent)
    assert events[0]["type"] == "RUN_STARTED"
    assert events[-1]["type"] == "RUN_FINISHED"
    known = [e for e in events if e not in injected]
    assert [e["type"] for e in known] == [
        "RUN_STARTED",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_END",
        "RUN_FINISHED",
    ]


def test_manifest_fields_fault_keeps_a_valid_manifest(http: TestClient) -> None:
    plain = http.get("/.well-known/talkie.json").json()
    add(http, kind="manifestFields", count=1)
    extended = http.get("/.well-known/talkie.json").json()
    validate(extended, "Manifest")
    assert extended["futureFeature"]["enabled"] is True
    assert extended["auth"]["passkey"]
    assert extended["endpoints"]["search"] == "/api/talkie/search"
    assert {k: v for k, v in extended.items() if k != "futureFeature"} != plain
    assert extended["auth"]["oauth"] == plain["auth"]["oauth"]
    assert http.get("/.well-known/talkie.json").json() == plain


def test_run_error_mid_stream_fails_the_run(http: TestClient) -> None:
    add(http, kind="runError", afterEvents=2, code="upstream_unavailable", count=1)
    response = http.post(RUN, json=run_input("talkie-test:slow", "r_fail"), headers=STREAM)
    events = parse_sse(response.content)
    assert [e["type"] for e in events] == [
        "RUN_STARTED",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_END",
        "RUN_ERROR",
    ]
    error = events[-1]
    assert error["code"] == "upstream_unavailable"
    assert error["metadata"]["retryable"] is True
    # a retry of the same runId replays what the client saw: the run ended with that error
    replay = http.post(RUN, json=run_input("talkie-test:slow", "r_fail"), headers=STREAM)
    assert parse_sse(replay.content) == events


RUN_IDS = ("r_slow", "r_fast")


def test_slow_stream_delays_each_event(http: TestClient) -> None:
    add(http, kind="slowStream", delay=0.15, count=1)
    started = time.monotonic()
    response = http.post(RUN, json=run_input("talkie-test:echo pomalu", "r_slow"), headers=STREAM)
    slow = time.monotonic() - started
    assert len(parse_sse(response.content)) == 5
    assert slow >= 5 * 0.15
    assert http.get("/_mock/api/state").json()["faults"] == []  # count 1: used up by that run
    http.post(RUN, json=run_input("talkie-test:echo rychle", "r_fast"), headers=STREAM)
    entries = http.get("/_mock/api/traffic").json()["entries"]
    applied = {run: next(e["faults"] for e in entries if run in e["request"]["body"]) for run in RUN_IDS}
    assert [f.split()[0] for f in applied["r_slow"]] == ["slowStream"]
    assert applied["r_fast"] == []  # the next run streams at full speed


def test_scenario_file_and_config_switch_faults_on(make_http: Any, tmp_path: Path) -> None:
    scenario = tmp_path / "faults.yaml"
    scenario.write_text("faults:\n  - {kind: error, code: quota_exceeded, endpoint: status, count: 1}\n")
    http = make_http(scenario=scenario, faults=({"kind": "manifestFields"},))
    assert http.get(STATUS, headers=AUTH).json()["error"]["code"] == "quota_exceeded"
    assert "futureFeature" in http.get("/.well-known/talkie.json").json()
    kinds = [f["kind"] for f in http.get("/_mock/api/state").json()["faults"]]
    assert kinds == ["manifestFields"]


def test_control_api_is_neither_faulted_nor_recorded(http: TestClient) -> None:
    add(http, kind="error", code="internal")
    assert http.get("/_mock/api/state").status_code == 200
    assert http.get(STATUS, headers=AUTH).status_code == 500
    paths = [e["path"] for e in http.get("/_mock/api/traffic").json()["entries"]]
    assert paths == [STATUS]
