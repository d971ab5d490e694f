"""Regression tests for what the Schemathesis run (test_fuzz_openapi.py) and the benchmark found in the mock.

Each case here once answered wrongly: a 404 where notes N-04 promise 200, a 500, a state error (410) hiding
a malformed body (400), or a body accepted although the contract requires one.
"""

from __future__ import annotations

import json
import socket
from urllib.parse import quote

from talkie_mock.api.manifest import build_manifest
from talkie_mock.testing import AUTH, Client, checked, free_socket, run_input


def test_cancel_accepts_any_run_id_and_it_stands_for_the_later_run(client: Client) -> None:
    run_id = "běh & spol.#1"  # RunAgentInput allows any non-empty runId
    answer = client.http.post(f"/api/talkie/runs/{quote(run_id, safe='')}/cancel", headers=AUTH)
    assert checked(answer, "OkResponse") == {"ok": True}
    events = client.run("talkie-test:slow", run_id)
    assert [e["type"] for e in events] == ["RUN_STARTED", "RUN_FINISHED"]
    assert events[-1]["outcome"] == {"type": "cancelled"}


def test_voice_session_needs_a_body(client: Client) -> None:
    answer = client.http.post("/api/talkie/voice/sessions", headers=AUTH)
    assert checked(answer, "ErrorResponse", 400)["error"]["code"] == "invalid_request"
    checked(client.http.post("/api/talkie/voice/sessions", json={}, headers=AUTH), "VoiceSession")


def _closed_session(client: Client) -> str:
    session = checked(client.http.post("/api/talkie/voice/sessions", json={}, headers=AUTH), "VoiceSession")
    base = f"/api/talkie/voice/sessions/{session['voiceSessionId']}"
    final = client.http.post(f"{base}/usage", json={"seconds": 3, "final": True}, headers=AUTH)
    checked(final, "VoiceUsageResponse")
    return base


def test_a_malformed_body_is_400_even_on_a_closed_session(client: Client) -> None:
    base = _closed_session(client)
    for path in ("usage", "transcript", "tools/search_records"):
        answer = client.http.post(f"{base}/{path}", headers=AUTH)
        assert checked(answer, "ErrorResponse", 400)["error"]["code"] == "invalid_request", path
    answer = client.http.post(f"{base}/usage", json={"seconds": 4, "final": True}, headers=AUTH)
    assert checked(answer, "ErrorResponse", 410)["error"]["code"] == "expired"


def test_huge_voice_seconds_do_not_crash(client: Client) -> None:
    session = checked(client.http.post("/api/talkie/voice/sessions", json={}, headers=AUTH), "VoiceSession")
    base = f"/api/talkie/voice/sessions/{session['voiceSessionId']}"
    answer = client.http.post(f"{base}/usage", json={"seconds": 10**30, "final": False}, headers=AUTH)
    assert checked(answer, "VoiceUsageResponse")["remainingSeconds"] == 0
    status = checked(client.http.get("/api/talkie/status", headers=AUTH), "Status")
    assert all(meter["used"] >= 0 for meter in status["usage"])


def test_nan_and_infinity_are_not_json(client: Client) -> None:
    json_headers = {**AUTH, "Content-Type": "application/json"}
    for constant in ("NaN", "Infinity", "-Infinity"):
        body = f'{{"locale": "en", "x": {constant}}}'
        answer = client.http.post("/api/talkie/voice/sessions", content=body, headers=json_headers)
        assert checked(answer, "ErrorResponse", 400)["error"]["code"] == "invalid_request", constant
    run = json.dumps(run_input("talkie-test:echo hi", "r_nan")).replace('"state": {}', '"state": {"n": NaN}')
    assert "NaN" in run
    answer = client.http.post("/api/talkie/run", content=run, headers=json_headers)
    assert checked(answer, "ErrorResponse", 400)["error"]["code"] == "invalid_request"


def test_the_cached_manifest_is_the_built_one(client: Client) -> None:
    config = client.mock.config
    for _ in range(2):
        body = checked(client.http.get("/.well-known/talkie.json"), "Manifest")
        assert body == build_manifest(config).model_dump(mode="json")


def test_test_servers_listen_on_tcp_sockets() -> None:
    """asyncio sets TCP_NODELAY only on sockets that say they are TCP; without it keep-alive stalls ~40 ms."""
    sock = free_socket()
    try:
        assert sock.proto == socket.IPPROTO_TCP
    finally:
        sock.close()
