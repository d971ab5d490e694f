"""Voice (§10, notes N-03, N-11): sessions, tools, transcript, usage, signalling."""

from __future__ import annotations

import json
from typing import Any

import pytest
from talkie_mock.api.voice import LABELS
from talkie_mock.engine.realtime.brain import TOOL_NAMES
from talkie_mock.testing import AUTH, Client, checked
from voice_app import loopback_offer


def session(client: Client, **body: Any) -> dict[str, Any]:
    return checked(client.http.post("/api/talkie/voice/sessions", json=body, headers=AUTH), "VoiceSession")


def base(client: Client, voice: dict[str, Any]) -> str:
    return f"/api/talkie/voice/sessions/{voice['voiceSessionId']}"


def test_session_for_a_new_thread(client: Client) -> None:
    voice = session(client, locale="cs")
    assert voice["transport"] == "webrtc"
    assert voice["signaling"]["url"] == "http://127.0.0.1:8765/_mock/voice/sdp"
    assert voice["maxSeconds"] == 900
    assert "ano" in voice["consent"]["confirm"]
    assert voice["labels"]["search_records"]
    detail = checked(
        client.http.get(f"/api/talkie/threads/{voice['threadId']}", headers=AUTH), "ThreadDetail"
    )
    assert detail["thread"]["channel"] == "voice"


def test_session_on_an_existing_thread_and_unknown_thread(client: Client) -> None:
    client.run("talkie-test:echo hi", "r1", thread_id="t_v")
    assert session(client, threadId="t_v")["threadId"] == "t_v"
    answer = client.http.post("/api/talkie/voice/sessions", json={"threadId": "t_none"}, headers=AUTH)
    assert checked(answer, "ErrorResponse", 404)["error"]["code"] == "not_found"


def test_tool_returns_output_and_card_and_refuses_reused_call_id(client: Client) -> None:
    voice = session(client)
    url = f"{base(client, voice)}/tools/search_records"
    body = {"callId": "call_1", "arguments": json.dumps({"query": "Horizont Logistika"})}
    answer = checked(client.http.post(url, json=body, headers=AUTH), "VoiceToolResponse")
    assert answer["ok"] is True
    assert answer["output"]
    assert answer["events"][0]["name"] == "talkie.card"
    assert answer["events"][0]["value"]["title"] == "Horizont Logistika"
    again = client.http.post(url, json=body, headers=AUTH)
    assert checked(again, "ErrorResponse", 409)["error"]["code"] == "conflict"


def test_tool_action_is_stored_in_the_thread(client: Client) -> None:
    voice = session(client)
    url = f"{base(client, voice)}/tools/send_email"
    body = {
        "callId": "call_2",
        "arguments": json.dumps({"to": "lena.schmidt@example.org", "subject": "Offer"}),
    }
    answer = checked(client.http.post(url, json=body, headers=AUTH), "VoiceToolResponse")
    action = answer["events"][0]["value"]
    assert action["status"] == "pending"
    assert "voice" in action["confirm"]["methods"]
    detail = checked(
        client.http.get(f"/api/talkie/threads/{voice['threadId']}", headers=AUTH), "ThreadDetail"
    )
    assert [a["id"] for a in detail["actions"]] == [action["id"]]


@pytest.mark.parametrize("voice_first", [True, False])
def test_a_chat_run_named_like_a_voice_call_shares_no_ids_with_it(client: Client, voice_first: bool) -> None:
    """Voice ids come from the session and the callId; a client may pick `<voiceSessionId>:<callId>` as a
    runId in the same thread, and both must still get their own action."""
    voice = session(client)
    call = {
        "callId": "call_1",
        "arguments": json.dumps({"to": "lena.schmidt@example.org", "subject": "Offer"}),
    }
    url = f"{base(client, voice)}/tools/send_email"
    run_id = f"{voice['voiceSessionId']}:call_1"
    if voice_first:
        checked(client.http.post(url, json=call, headers=AUTH), "VoiceToolResponse")
    events = client.run("talkie-test:action", run_id, thread_id=voice["threadId"])
    assert events[-1]["type"] == "RUN_FINISHED", events[-1]
    if not voice_first:
        checked(client.http.post(url, json=call, headers=AUTH), "VoiceToolResponse")
    detail = checked(
        client.http.get(f"/api/talkie/threads/{voice['threadId']}", headers=AUTH), "ThreadDetail"
    )
    assert len({a["id"] for a in detail["actions"]}) == 2


def test_a_tool_call_after_its_thread_was_deleted_is_404_and_claims_nothing(client: Client) -> None:
    voice = session(client)
    assert client.http.delete(f"/api/talkie/threads/{voice['threadId']}", headers=AUTH).status_code == 200
    call = {"callId": "call_9", "arguments": json.dumps({"to": "lena.schmidt@example.org"})}
    late = client.http.post(f"{base(client, voice)}/tools/send_email", json=call, headers=AUTH)
    assert checked(late, "ErrorResponse", 404)["error"]["code"] == "not_found"
    assert client.mock.store.voice.claim_voice_call(voice["voiceSessionId"], "call_9", 0)  # still unclaimed


def test_tool_errors(client: Client) -> None:
    voice = session(client)
    unknown = client.http.post(
        f"{base(client, voice)}/tools/launch_rocket", json={"callId": "c", "arguments": "{}"}, headers=AUTH
    )
    assert checked(unknown, "ErrorResponse", 404)["error"]["code"] == "not_found"
    bad = client.http.post(
        f"{base(client, voice)}/tools/search_records",
        json={"callId": "c", "arguments": "{oops"},
        headers=AUTH,
    )
    assert "arguments" in checked(bad, "ErrorResponse", 400)["error"]["message"]
    missing = client.http.post(
        "/api/talkie/voice/sessions/v_none/tools/search_records",
        json={"callId": "c", "arguments": "{}"},
        headers=AUTH,
    )
    assert checked(missing, "ErrorResponse", 404)["error"]["code"] == "not_found"


def test_transcript_is_201_and_stored_in_the_thread(client: Client) -> None:
    voice = session(client)
    url = f"{base(client, voice)}/transcript"
    for role, text, item in [
        ("user", "Kdo je Marek Dvořák?", "item_1"),
        ("assistant", "Obchodník.", "item_2"),
    ]:
        answer = client.http.post(url, json={"role": role, "text": text, "itemId": item}, headers=AUTH)
        assert checked(answer, "OkResponse", 201) == {"ok": True}
    detail = checked(
        client.http.get(f"/api/talkie/threads/{voice['threadId']}", headers=AUTH), "ThreadDetail"
    )
    assert [(m["role"], m["content"], m.get("channel")) for m in detail["messages"]] == [
        ("user", "Kdo je Marek Dvořák?", "voice"),
        ("assistant", "Obchodník.", "voice"),
    ]


def test_usage_is_cumulative_and_final_closes_the_session(client: Client) -> None:
    voice = session(client)
    url = f"{base(client, voice)}/usage"
    first = checked(
        client.http.post(url, json={"seconds": 125, "final": False}, headers=AUTH), "VoiceUsageResponse"
    )
    assert first == {"ok": True, "remainingSeconds": 775}
    lower = checked(
        client.http.post(url, json={"seconds": 30, "final": False}, headers=AUTH), "VoiceUsageResponse"
    )
    assert lower["remainingSeconds"] == 775  # a late, smaller report never undercounts
    over = checked(
        client.http.post(url, json={"seconds": 1000, "final": True}, headers=AUTH), "VoiceUsageResponse"
    )
    assert over["remainingSeconds"] == 0
    after = client.http.post(url, json={"seconds": 1001, "final": True}, headers=AUTH)
    assert checked(after, "ErrorResponse", 410)["error"]["code"] == "expired"
    status = checked(client.http.get("/api/talkie/status", headers=AUTH), "Status")
    # a report counts at most the session's maxSeconds (900 s → 15 minutes), not the 1000 s claimed
    assert status["usage"][1]["used"] == 15


def test_daily_voice_limit_is_enforced(client: Client) -> None:
    limit_seconds = client.mock.config.voice_daily_minutes * 60
    used = 0
    while used < limit_seconds:
        voice = session(client)
        step = min(voice["maxSeconds"], limit_seconds - used)
        client.http.post(f"{base(client, voice)}/usage", json={"seconds": step, "final": True}, headers=AUTH)
        used += step
    answer = client.http.post("/api/talkie/voice/sessions", json={}, headers=AUTH)
    assert checked(answer, "ErrorResponse", 429)["error"]["code"] == "quota_exceeded"


def test_session_expires_on_the_virtual_clock(client: Client) -> None:
    voice = session(client)
    client.mock.clock.advance(voice["maxSeconds"] + 600)
    answer = client.http.post(
        f"{base(client, voice)}/transcript",
        json={"role": "user", "text": "late", "itemId": "i"},
        headers=AUTH,
    )
    assert checked(answer, "ErrorResponse", 410)["error"]["code"] == "expired"


def test_sdp_signalling_answers_once_with_a_real_peer(client: Client) -> None:
    voice = session(client)
    offer = loopback_offer()
    headers = {"Authorization": f"Bearer {voice['clientSecret']}", "Content-Type": "application/sdp"}
    wrong = client.http.post(
        "/_mock/voice/sdp", content=offer, headers={**headers, "Authorization": "Bearer x"}
    )
    assert checked(wrong, "ErrorResponse", 401)["error"]["code"] == "unauthorized"
    not_sdp = client.http.post(
        "/_mock/voice/sdp", content=offer, headers={**headers, "Content-Type": "text/plain"}
    )
    assert checked(not_sdp, "ErrorResponse", 400)["error"]["code"] == "invalid_request"
    canned = "v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\n"
    no_media = client.http.post("/_mock/voice/sdp", content=canned, headers=headers)
    assert checked(no_media, "ErrorResponse", 400)["error"]["code"] == "invalid_request"
    media = "m=" + offer.split("m=", 1)[1]
    no_codecs = "".join(
        line for line in offer.splitlines(True) if not line.startswith(("a=rtpmap", "a=fmtp", "a=rtcp-fb"))
    )
    for pasted in (offer + offer, offer + media, no_codecs):  # two offers at once, sections twice, no codec
        repeated = client.http.post("/_mock/voice/sdp", content=pasted, headers=headers)
        assert checked(repeated, "ErrorResponse", 400)["error"]["code"] == "invalid_request"
    answer = client.http.post("/_mock/voice/sdp", content=offer, headers=headers)
    assert answer.status_code == 201
    assert answer.headers["content-type"].startswith("application/sdp")
    for needed in ("a=fingerprint:", "m=audio", "m=application", "a=ice-ufrag:", "a=candidate:"):
        assert needed in answer.text
    again = client.http.post("/_mock/voice/sdp", content=offer, headers=headers)
    assert again.status_code == 401  # the secret opens one connection, once


def test_an_offer_that_fails_leaves_the_secret_unspent(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failed request stores nothing: a peer that breaks while answering does not use up the secret."""
    voice = session(client)
    headers = {"Authorization": f"Bearer {voice['clientSecret']}", "Content-Type": "application/sdp"}

    async def broken(*args: object, **kwargs: object) -> str:
        raise RuntimeError("the peer broke")

    with monkeypatch.context() as patched:
        patched.setattr(client.mock.voice, "connect", broken)
        failed = client.http.post("/_mock/voice/sdp", content=loopback_offer(), headers=headers)
    assert failed.status_code == 500
    assert client.mock.store.voice.get_voice(voice["voiceSessionId"]).connected_at is None
    assert client.http.post("/_mock/voice/sdp", content=loopback_offer(), headers=headers).status_code == 201


def test_sdp_signalling_refuses_an_expired_secret(client: Client) -> None:
    voice = session(client)
    headers = {"Authorization": f"Bearer {voice['clientSecret']}", "Content-Type": "application/sdp"}
    client.mock.clock.advance(client.mock.config.voice_secret_ttl_seconds + 1)
    late = client.http.post("/_mock/voice/sdp", content=loopback_offer(), headers=headers)
    assert checked(late, "ErrorResponse", 401)["error"]["code"] == "unauthorized"


def test_voice_labels_name_the_locked_tools() -> None:
    for labels in LABELS.values():
        assert set(labels) == set(TOOL_NAMES)


@pytest.mark.parametrize("first", [True, False])
def test_a_secret_in_either_of_two_same_named_headers_is_a_leak(client: Client, first: bool) -> None:
    """The inspector reads every value sent, not only the last of a repeated header (VOICE-007)."""
    secret = session(client)["clientSecret"]
    notes = [secret, "Horizont Logistika"] if first else ["Horizont Logistika", secret]
    client.http.get("/api/talkie/status", headers=[*AUTH.items(), *(("X-Note", note) for note in notes)])
    clean = [*AUTH.items(), ("X-Note", "Horizont Logistika"), ("X-Note", "Marek")]
    client.http.get("/api/talkie/threads", headers=clean)
    entries = client.http.get("/_mock/api/traffic").json()["entries"]
    leaked = next(e for e in entries if e["path"] == "/api/talkie/status")
    assert "VOICE-007" in [f["rule"] for f in leaked["findings"]]
    quiet = next(e for e in entries if e["path"] == "/api/talkie/threads")
    assert "VOICE-007" not in [f["rule"] for f in quiet["findings"]]
