"""§10 Voice (only when advertised): session shape, signalling host, tools, transcript, usage."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from talkie_conformance.checking import CheckContext, check
from talkie_conformance.checks._support import error_answer, items_of, json_answer
from talkie_conformance.client import is_development_host


def _voice_capability(ctx: CheckContext) -> dict[str, Any]:
    capabilities = ctx.manifest.get("capabilities")
    voice = capabilities.get("voice") if isinstance(capabilities, dict) else None
    if not isinstance(voice, dict) or not ctx.client.usable("voiceSessions"):
        ctx.skip("the manifest does not advertise voice (capabilities.voice and a voiceSessions endpoint)")
    return voice


def _open_session(ctx: CheckContext, rule_id: str) -> dict[str, Any]:
    exchange = ctx.request("POST", "voiceSessions", json_body={"locale": "cs"})
    session: dict[str, Any] = json_answer(ctx, rule_id, exchange, "VoiceSession", "POST voiceSessions")
    return session


@check("VOICE-002", "VOICE-004", "VOICE-005", voice=True)
def voice_session(ctx: CheckContext) -> None:
    """A voice session is a valid VoiceSession whose signalling URL is https on an advertised host."""
    capability = _voice_capability(ctx)
    session = _open_session(ctx, "VOICE-002")
    transport, advertised = session.get("transport"), capability.get("transports")
    if transport is not None and isinstance(advertised, list):  # both are the example's (N-26)
        ctx.expect(
            "VOICE-002",
            transport in advertised,
            f"transport {transport!r} is not among the advertised {advertised}",
        )
    signaling = session.get("signaling")
    url = str(signaling.get("url", "") if isinstance(signaling, dict) else "")
    parts = urlsplit(url)
    host = parts.hostname or ""
    ctx.expect(
        "VOICE-004",
        parts.scheme == "https" or (parts.scheme == "http" and is_development_host(host)),
        f"signaling.url {url!r} is not https (plain http is only allowed for development hosts)",
    )
    hosts = {str(h).lower() for h in capability.get("signalingHosts", [])}
    listed = (
        f"[{host}]" if ":" in host else host
    )  # as a URL writes its host: an IPv6 literal in brackets (N-50)
    ctx.expect(
        "VOICE-005",
        listed.lower() in hosts or parts.netloc.lower() in hosts,
        f"signaling host {parts.netloc!r} is not in capabilities.voice.signalingHosts {sorted(hosts)}",
    )


@check("VOICE-014", "VOICE-016", "VOICE-015", voice=True)
def voice_tool_calls(ctx: CheckContext) -> None:
    """A voice tool call answers ok/output/events; a reused callId gets 409; unknown sessions get 404."""
    _voice_capability(ctx)
    session = _open_session(ctx, "VOICE-014")
    labels = session.get("labels")
    if not isinstance(labels, dict) or not labels:
        ctx.skip("the voice session names no tools (labels), so the suite has no tool to call")
    tool = sorted(labels)[0]
    params = {"voiceSessionId": str(session.get("voiceSessionId")), "name": tool}
    body = {"callId": ctx.new_id("call"), "arguments": json.dumps({"query": "Horizont Logistika"})}
    first = ctx.request("POST", "voiceTool", params=params, json_body=body)
    json_answer(ctx, "VOICE-014", first, "VoiceToolResponse", f"voice tool {tool}")
    again = ctx.request("POST", "voiceTool", params=params, json_body=body)
    error_answer(ctx, again, rule_id="VOICE-016", status=409, codes=("conflict",))
    stranger = ctx.request(
        "POST",
        "voiceTool",
        params={"voiceSessionId": ctx.new_id("v_unknown"), "name": tool},
        json_body={"callId": ctx.new_id("call"), "arguments": "{}"},
    )
    error_answer(ctx, stranger, rule_id="VOICE-015", status=404, codes=("not_found",))


@check("VOICE-018", voice=True)
def voice_transcript_stored(ctx: CheckContext) -> None:
    """A posted transcript line answers 201 and appears in the session's thread."""
    _voice_capability(ctx)
    session = _open_session(ctx, "VOICE-018")
    text = f"Přepis hovoru {ctx.new_id('line')}"
    posted = ctx.request(
        "POST",
        "voiceTranscript",
        params={"voiceSessionId": str(session.get("voiceSessionId"))},
        json_body={"role": "user", "text": text, "itemId": ctx.new_id("item")},
    )
    ctx.require("VOICE-018", posted.status == 201, f"transcript answered {posted.status}, not 201")
    thread = ctx.request("GET", "thread", params={"threadId": str(session.get("threadId"))})
    detail = json_answer(ctx, "VOICE-018", thread, "ThreadDetail", "GET thread of the voice session")
    ctx.expect(
        "VOICE-018",
        any(m.get("content") == text and m.get("role") == "user" for m in items_of(detail, "messages")),
        "the transcript line is not stored in the thread",
        exchange=thread,
    )


@check("VOICE-020", "VOICE-022", voice=True)
def voice_usage(ctx: CheckContext) -> None:
    """Usage answers remainingSeconds = maxSeconds - total; after a final report the session is closed."""
    _voice_capability(ctx)
    session = _open_session(ctx, "VOICE-020")
    params = {"voiceSessionId": str(session.get("voiceSessionId"))}
    exchange = ctx.request("POST", "voiceUsage", params=params, json_body={"seconds": 30, "final": False})
    answer = json_answer(ctx, "VOICE-020", exchange, "VoiceUsageResponse", "POST voiceUsage")
    remaining = answer.get("remainingSeconds")
    limit = session.get("maxSeconds")
    if isinstance(limit, int) and not isinstance(limit, bool):
        ceiling = limit - 30
        ctx.expect(
            "VOICE-020",
            isinstance(remaining, int) and 0 <= remaining <= max(0, ceiling),
            f"remainingSeconds is {remaining!r}; after 30 of maxSeconds {limit} s it can be at most "
            f"{max(0, ceiling)}",
            exchange=exchange,
        )
    else:  # the session named no maxSeconds (only §10.1's example shows it): no ceiling to compare with
        ctx.expect(
            "VOICE-020",
            isinstance(remaining, int) and remaining >= 0,
            f"remainingSeconds is {remaining!r}, not a number of seconds",
            exchange=exchange,
        )
    final = ctx.request("POST", "voiceUsage", params=params, json_body={"seconds": 45, "final": True})
    json_answer(ctx, "VOICE-020", final, "VoiceUsageResponse", "final POST voiceUsage")
    late = ctx.request("POST", "voiceUsage", params=params, json_body={"seconds": 50, "final": False})
    transcript = ctx.request(
        "POST",
        "voiceTranscript",
        params=params,
        json_body={"role": "user", "text": "Ještě jedna věc", "itemId": ctx.new_id("item")},
    )
    for after in (late, transcript):
        closed = ctx.expect(
            "VOICE-022",
            after.status == 410,
            f"N-11 recommends 410 expired for {after.method} {after.endpoint} after the final usage report; "
            f"the specification leaves what follows it open (got {after.status})",
            exchange=after,
        )
        if closed:
            error_answer(ctx, after, rule_id="VOICE-022", status=410, codes=("expired",))
