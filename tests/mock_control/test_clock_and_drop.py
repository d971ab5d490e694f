"""The virtual clock through the control API, and a dropped stream against a real uvicorn server."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from starlette.testclient import TestClient
from talkie_mock.testing import AUTH, LiveServer, make_config, parse_sse, run_input
from waiting import until

SSE = {"Accept": "text/event-stream"}
STREAM = {**AUTH, **SSE}


def test_advancing_the_clock_expires_an_action(http: TestClient) -> None:
    events = parse_sse(
        http.post("/api/talkie/run", json=run_input("talkie-test:action", "r_act"), headers=STREAM).content
    )
    action = next(e["value"] for e in events if e.get("name") == "talkie.action")
    before = http.get("/_mock/api/clock").json()
    moved = http.post("/_mock/api/clock/advance", json={"seconds": 3600}).json()
    assert moved["now"] > before["now"]
    assert http.get(f"/api/talkie/actions/{action['id']}", headers=AUTH).json()["status"] == "expired"
    decision = {"decision": "confirm", "paramsHash": action["paramsHash"], "method": "button"}
    late = http.post(f"/api/talkie/actions/{action['id']}/decision", json=decision, headers=AUTH)
    assert late.status_code == 410
    assert late.json()["error"]["code"] == "expired"
    assert http.post("/_mock/api/clock/advance", json={"seconds": -1}).status_code == 400


def test_advancing_the_clock_ends_a_voice_session(http: TestClient) -> None:
    session = http.post("/api/talkie/voice/sessions", json={}, headers=AUTH).json()
    usage = f"/api/talkie/voice/sessions/{session['voiceSessionId']}/usage"
    assert http.post(usage, json={"seconds": 10, "final": False}, headers=AUTH).status_code == 200
    http.post("/_mock/api/clock/advance", json={"seconds": 2 * 3600})
    ended = http.post(usage, json={"seconds": 20, "final": False}, headers=AUTH)
    assert ended.status_code == 410
    assert ended.json()["error"]["code"] == "expired"
    state = http.get("/_mock/api/state").json()
    assert state["voiceSessions"][0]["open"] is False


def test_freeze_and_resume(make_http: Callable[..., TestClient]) -> None:
    http = make_http(clock_start=None)
    assert http.get("/_mock/api/clock").json()["frozen"] is False
    frozen = http.post("/_mock/api/clock/freeze").json()
    assert frozen["frozen"] is True
    assert http.get("/_mock/api/clock").json()["now"] == frozen["now"]
    resumed = http.post("/_mock/api/clock/resume").json()
    assert resumed["frozen"] is False
    assert resumed["now"] >= frozen["now"]


def test_dropped_stream_is_truncated_but_the_run_finishes() -> None:
    with LiveServer(make_config(slow_seconds=0.6, slow_chunks=6)) as server:
        base = server.url
        with httpx.Client(base_url=base, timeout=10) as client:
            fault = {"kind": "dropStream", "afterEvents": 3, "count": 1}
            assert client.post("/_mock/api/faults", json=fault).status_code == 201
            body = bytearray()
            broken = False
            payload = run_input("talkie-test:slow", "r_drop", thread_id="t_drop")
            with client.stream("POST", "/api/talkie/run", json=payload, headers=STREAM) as response:
                assert response.status_code == 200
                try:
                    for chunk in response.iter_raw():
                        body += chunk
                except httpx.RemoteProtocolError:
                    broken = True  # the connection closed mid-body
            assert broken
            events = parse_sse(bytes(body).rsplit(b"\n\n", 1)[0] + b"\n\n")
            assert [e["type"] for e in events] == [
                "RUN_STARTED",
                "TEXT_MESSAGE_START",
                "TEXT_MESSAGE_CONTENT",
            ]

            # disconnect is not cancel: the run goes on and the thread gets the whole answer
            def whole() -> dict[str, Any] | None:
                detail: dict[str, Any] = client.get("/api/talkie/threads/t_drop", headers=AUTH).json()
                return detail if len(detail.get("messages", [])) == 2 else None

            detail = until(whole, "the whole answer in the thread")
            answer = detail["messages"][1]
            assert answer["role"] == "assistant"
            partial = events[2]["delta"]
            assert answer["content"].startswith(partial)
            assert len(answer["content"]) > len(partial)
            entry = next(
                e
                for e in client.get("/_mock/api/traffic").json()["entries"]
                if e["path"] == "/api/talkie/run"
            )
            assert entry["stream"] == "dropped"
            assert entry["eventCount"] == 3
            assert entry["faults"] == ["dropStream after 3 events [f1]"]
