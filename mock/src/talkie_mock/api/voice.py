"""Voice (§10): sessions, tools, transcript, usage, and the signalling endpoint of the mock's provider.

A session is real state (bound to the user and a thread, with a short-lived client secret and a time budget).
Its signalling URL is the mock's own `/_mock/voice/sdp` (notes N-03, N-70), shaped like a speech provider's
call endpoint: `POST` the SDP offer as `application/sdp` with `Authorization: Bearer <clientSecret>`, get
`201` with the SDP answer of a real WebRTC peer (`engine/realtime`) that speaks `openai-realtime/1` on the
`oai-events` data channel. The secret opens one connection, once, before `expiresAt`.

A session ends when the client reports `final: true` (notes N-11) or when its time budget plus a grace
period has
passed on the virtual clock; after that tools, transcript and usage answer 410 `expired`.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from talkie_models import (
    ActionEvent,
    CardEvent,
    Consent,
    OkResponse,
    Signaling,
    VoiceSession,
    VoiceToolResponse,
    VoiceUsageResponse,
)

from talkie_mock.api import issuer
from talkie_mock.api.context import Mock, mock_of
from talkie_mock.api.requests import parse_json, read_json, safe_id
from talkie_mock.api.surfaces import SIGNALING_PATH
from talkie_mock.api.threads import owned_thread
from talkie_mock.engine.clock import from_iso, iso_of_ms
from talkie_mock.engine.plans import ActionSpec
from talkie_mock.engine.plans import Request as AgentRequest
from talkie_mock.engine.realtime import stack
from talkie_mock.engine.realtime.brain import TOOL_NAMES
from talkie_mock.engine.realtime.session import SessionConfig
from talkie_mock.engine.realtime.stack import OfferError
from talkie_mock.engine.store import MessageRow, VoiceRow
from talkie_mock.errors import ApiError

# Seconds a session stays usable after its budget, so the last usage report and transcript still land.
GRACE_SECONDS = 120

LABELS = {
    "cs": {
        "search_records": "Hledám v CRM…",
        "list_meetings": "Prohlížím kalendář…",
        "send_email": "Připravuji e-mail…",
        "delete_record": "Připravuji smazání…",
    },
    "en": {
        "search_records": "Searching the CRM…",
        "list_meetings": "Checking the calendar…",
        "send_email": "Drafting the e-mail…",
        "delete_record": "Preparing the deletion…",
    },
}
CONSENT = {
    "cs": {"confirm": ["ano", "potvrzuji", "jasně"], "refuse": ["ne", "zruš", "nechci"]},
    "en": {"confirm": ["yes", "confirm", "go ahead"], "refuse": ["no", "cancel", "stop"]},
}
VOICE_TITLE = {"cs": "Hlasová konverzace", "en": "Voice conversation"}
SECRET_PREFIX = "ek_mock_"
"""How every voice client secret the mock mints begins (the inspector looks for it where it must not be)."""
MAX_OFFER_BYTES = 64 * 1024


async def create_session(request: Request) -> Response:
    mock = mock_of(request)
    user = mock.auth.require(request)
    if not mock.config.voice:  # the manifest omits this endpoint (notes N-92); say how to add it
        raise ApiError("not_found", "voice_missing", install=stack.INSTALL)
    body = await read_json(request, "VoiceSessionRequest")  # the contract requires a body, `{}` at least
    locale = body.get("locale") or mock.locale(request)
    locale = locale if locale in LABELS else mock.config.locale
    now = mock.now_ms()
    _, used_seconds = mock.store.usage.usage(user.user_id, mock.day())
    left = mock.config.voice_daily_minutes * 60 - used_seconds
    if left <= 0:
        raise ApiError("quota_exceeded", "voice_quota")
    if "threadId" in body:
        thread = owned_thread(mock, body["threadId"], user.user_id)
    else:
        title = f"{VOICE_TITLE[locale]} {mock.clock.now().strftime('%Y-%m-%d %H:%M')}"
        thread_id = "t_" + secrets.token_hex(8)
        thread = mock.store.threads.create_thread(thread_id, user.user_id, title, "voice", now)
    max_seconds = max(1, min(mock.config.voice_max_seconds, left))
    session = VoiceSession(
        voice_session_id="v_" + secrets.token_hex(8),
        thread_id=thread.id,
        transport="webrtc",
        event_protocol="openai-realtime/1",
        signaling=Signaling(type="sdp-post", url=f"{issuer.current(mock.config.origin)}{SIGNALING_PATH}"),
        client_secret=SECRET_PREFIX + secrets.token_urlsafe(18),
        expires_at=iso_of_ms(now + mock.config.voice_secret_ttl_seconds * 1000),
        max_seconds=max_seconds,
        warn_seconds=mock.config.voice_warn_seconds,
        locale=locale,
        labels=LABELS[locale],
        consent=Consent.model_validate(CONSENT[locale]),
    )
    body_json = session.model_dump(mode="json")
    mock.store.voice.insert_voice(
        VoiceRow(
            id=session.voice_session_id,
            user_id=user.user_id,
            thread_id=thread.id,
            created_at=now,
            ends_at=now + (max_seconds + GRACE_SECONDS) * 1000,
            max_seconds=max_seconds,
            seconds=0,
            closed=False,
            body=body_json,
        )
    )
    return mock.respond(request, session, "VoiceSession")


def _open_session(mock: Mock, request: Request, user_id: str) -> VoiceRow:
    session_id = safe_id(request.path_params["voiceSessionId"], "session_not_found")
    row = mock.store.voice.get_voice(session_id)
    if row is None or row.user_id != user_id:
        raise ApiError("not_found", "session_not_found", id=session_id)
    # after the final usage report: 410 (notes N-11), or under `--vary` open until its budget ends (N-51)
    if (row.closed and mock.vary.closes_on_final(row.id)) or mock.now_ms() >= row.ends_at:
        raise ApiError("expired", "session_expired")
    return row


async def tool(request: Request) -> Response:
    mock = mock_of(request)
    user = mock.auth.require(request)
    body = await read_json(request, "VoiceToolRequest")  # a malformed body is 400 whatever the session state
    session = _open_session(mock, request, user.user_id)
    name = request.path_params["name"]
    if name not in TOOL_NAMES:
        raise ApiError("not_found", "tool_not_found", id=name[:80])
    try:  # the strict reader: too deep or invalid text inside `arguments` is as bad as in the body
        arguments = parse_json(body["arguments"].encode()) if body["arguments"].strip() else {}
    except ApiError as exc:
        detail = exc.message("en")
        raise ApiError("invalid_request", "invalid_field", field="arguments", detail=detail) from exc
    if not isinstance(arguments, dict):
        raise ApiError("invalid_request", "invalid_field", field="arguments", detail="not a JSON object")
    # deleted meanwhile: no action may start there
    if mock.store.threads.get_thread(session.thread_id) is None:
        raise ApiError("not_found", "thread_not_found", id=session.thread_id)
    locale = str(session.body.get("locale") or mock.config.locale)
    if not mock.voice.issued(session.id, body["callId"]):  # notes N-94: the provider never asked for it
        raise ApiError("not_found", "call_not_issued", id=body["callId"][:80])
    with mock.store.batch():  # the claim and what the tool stored, or neither
        if not mock.store.voice.claim_voice_call(session.id, body["callId"], mock.now_ms()):
            raise ApiError("conflict", "call_reused", id=body["callId"][:80])
        answer = _run_tool(mock, user.user_id, session, name, arguments, body["callId"], locale)
    for event in answer.model_dump(mode="json").get("events", []):
        mock.hooks.event(event)
    return mock.respond(request, answer, "VoiceToolResponse")


def _run_tool(
    mock: Mock,
    user_id: str,
    session: VoiceRow,
    name: str,
    arguments: dict[str, Any],
    call_id: str,
    locale: str,
) -> VoiceToolResponse:
    # content by the seed and the call, not the random session id: the same seed gives the same data
    seed_text = f"voice:{name}:{call_id}:{json.dumps(arguments, sort_keys=True)}"
    request = AgentRequest(
        text=seed_text,
        run_id=f"{session.id}:{call_id}",
        thread_id=session.thread_id,
        locale=locale,
        call_id=call_id,
    )
    content = mock.agent.content(request)
    cs = locale == "cs"
    if name == "search_records":
        card = content.company_card(str(arguments["query"]) if arguments.get("query") else None)
        output = card.fallback_text
        return VoiceToolResponse(
            ok=True, output=output, events=[CardEvent(type="CUSTOM", name="talkie.card", value=card)]
        )
    if name == "list_meetings":
        card = content.meetings_card()
        return VoiceToolResponse(
            ok=True,
            output=card.fallback_text,
            events=[CardEvent(type="CUSTOM", name="talkie.card", value=card)],
        )
    if name == "send_email":
        to = str(arguments.get("to") or content.email())
        subject = str(arguments.get("subject") or content.email_subject())
        phrases = mock.agent.phrases(locale)
        spec = ActionSpec(
            action_id=content.ids.next("a"),
            tool_call_id=call_id,
            summary=phrases["send_summary"].format(subject=subject, email=to),
            risk_level="medium",
            methods=("button", "voice"),
            params={"tool": "send_email", "to": to, "subject": subject},
            ttl_seconds=mock.config.action_ttl_seconds,
            keyword=phrases["send_keyword"],
            outbound=True,
        )
    else:
        record = str(arguments.get("name") or content.company_name())
        spec = ActionSpec(
            action_id=content.ids.next("a"),
            tool_call_id=call_id,
            summary=mock.agent.phrases(locale)["delete_summary"].format(name=record),
            risk_level="high",
            methods=("button",),
            params={"tool": "delete_record", "name": record},
            ttl_seconds=mock.config.action_ttl_seconds,
        )
    action = mock.actions.propose(spec, user_id, session.thread_id)
    output = (
        f"Návrh čeká na potvrzení uživatele: {spec.summary}"
        if cs
        else f"The proposal waits for the user's confirmation: {spec.summary}"
    )
    return VoiceToolResponse(
        ok=True, output=output, events=[ActionEvent(type="CUSTOM", name="talkie.action", value=action)]
    )


async def transcript(request: Request) -> Response:
    mock = mock_of(request)
    user = mock.auth.require(request)
    body = await read_json(request, "VoiceTranscriptRequest")
    session = _open_session(mock, request, user.user_id)
    now = mock.now_ms()
    if mock.store.threads.get_thread(session.thread_id) is None:  # deleted meanwhile: stored nowhere → 404
        raise ApiError("not_found", "thread_not_found", id=session.thread_id)
    row = MessageRow(
        id=body["itemId"],
        thread_id=session.thread_id,
        role=body["role"],
        content=body["text"],
        created_at=now,
        channel="voice",
        cards=[],
    )
    mock.store.threads.add_messages(session.thread_id, [row], now)
    return mock.respond(request, OkResponse(ok=True), "OkResponse", status=201)


async def usage(request: Request) -> Response:
    mock = mock_of(request)
    user = mock.auth.require(request)
    body = await read_json(request, "VoiceUsageRequest")
    session = _open_session(mock, request, user.user_id)
    # a report counts at most the session's own budget: one bad report must not use up the whole day
    seconds = min(int(body["seconds"]), session.max_seconds)
    total, increase = mock.store.voice.report_voice_usage(session.id, seconds, bool(body["final"]))
    if increase:
        mock.store.usage.add_usage(user.user_id, mock.day(), voice_seconds=increase)
    answer = VoiceUsageResponse(ok=True, remaining_seconds=max(0, session.max_seconds - total))
    return mock.respond(request, answer, "VoiceUsageResponse")


async def sdp(request: Request) -> Response:
    """The provider's call endpoint: a real SDP answer for an offer sent with a fresh client secret."""
    mock = mock_of(request)
    if not mock.config.voice:  # text only: no WebRTC peer to answer with (notes N-92)
        raise ApiError("not_found", "voice_missing", install=stack.INSTALL)
    header = request.headers.get("authorization", "")
    secret = header[7:].strip() if header.lower().startswith("bearer ") else ""
    session = mock.store.voice.voice_by_secret(secret) if secret else None
    if session is None or session.closed or mock.now_ms() >= _secret_expiry(session):
        raise ApiError("unauthorized", headers={"WWW-Authenticate": 'Bearer realm="talkie-voice"'})
    if not request.headers.get("content-type", "").lower().startswith("application/sdp"):
        raise ApiError("invalid_request", "invalid_field", field="Content-Type", detail="not application/sdp")
    raw = await request.body()
    if len(raw) > MAX_OFFER_BYTES:
        raise ApiError("invalid_request", "invalid_field", field="body", detail="the offer is too large")
    if not mock.store.voice.spend_voice_secret(session.id, mock.now_ms()):  # one connection, once
        raise ApiError("unauthorized", headers={"WWW-Authenticate": 'Bearer realm="talkie-voice"'})
    config = SessionConfig(
        voice_session_id=session.id,
        locale=str(session.body.get("locale") or mock.config.locale),
        max_seconds=session.max_seconds,
        warn_seconds=int(session.body.get("warnSeconds") or 0),
    )
    server = request.scope.get("server") or (request.url.hostname or "127.0.0.1", 0)
    client = request.client.host if request.client is not None else str(server[0])
    try:
        answer = await mock.voice.connect(
            config, raw.decode("utf-8", "replace"), local=str(server[0]), remote=client
        )
    except BaseException as exc:  # a request that connected nothing leaves nothing spent
        mock.store.voice.unspend_voice_secret(session.id)
        if isinstance(exc, OfferError):
            raise ApiError("invalid_request", "invalid_field", field="body", detail=str(exc)) from exc
        raise
    return Response(answer, status_code=201, media_type="application/sdp")


def _secret_expiry(session: VoiceRow) -> int:
    return int(from_iso(str(session.body["expiresAt"])).timestamp() * 1000)
