"""§3 Errors: every non-2xx answer has the error body, with the code its status calls for."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from talkie_models.protocol import ACTION_EVENT, EVENT_STREAM, TEST_ACTION, echo_message

from talkie_conformance import bodies
from talkie_conformance.checking import CheckContext, check
from talkie_conformance.checks._support import error_answer
from talkie_conformance.client import Exchange

WRONG_TOKEN = "talkie-conformance-wrong-token"


@dataclass(frozen=True)
class _Probe:
    """One call to an endpoint that needs a token, with a body a conforming client would send."""

    method: str
    endpoint: str
    params: dict[str, str] = field(default_factory=dict)
    body: Any = None


def _fixtures(ctx: CheckContext) -> tuple[str, dict[str, Any] | None, str | None]:
    """A thread, an action and a voice session of our own (made with the token), so that a server that
    looks an id up before it checks the token cannot hide behind 404; ids are made up when it has none."""
    thread_id = ctx.new_id("t")
    action: dict[str, Any] | None = None
    if ctx.test_mode:
        recording = ctx.run_text(echo_message("Radka Veselá"), thread_id=thread_id)
        started = recording.of_type("RUN_STARTED")
        if started and isinstance(started[0].data.get("threadId"), str):
            thread_id = started[0].data["threadId"]
        if ctx.client.usable("action"):
            proposal = ctx.run_text(TEST_ACTION)
            values = [event.data.get("value") for event in proposal.custom(ACTION_EVENT)]
            action = next((value for value in values if isinstance(value, dict) and "id" in value), None)
    session_id: str | None = None
    if ctx.client.usable("voiceSessions"):
        opened = ctx.request("POST", "voiceSessions", json_body={})
        body = opened.json_or_none()
        if 200 <= opened.status < 300 and isinstance(body, dict):
            session_id = str(body.get("voiceSessionId") or "") or None
    return thread_id, action, session_id


def _probes(ctx: CheckContext) -> list[_Probe]:
    thread_id, action, session_id = _fixtures(ctx)
    action_id = str(action["id"]) if action is not None else ctx.new_id("a")
    params_hash = str(action.get("paramsHash")) if action is not None else "sha256:" + "0" * 64
    session = {"voiceSessionId": session_id or ctx.new_id("v")}
    probes = [
        _Probe("GET", "status"),
        _Probe("POST", "cancelRun", {"runId": ctx.new_id("r")}),
        _Probe("GET", "threads"),
        _Probe("GET", "thread", {"threadId": thread_id}),
        _Probe("GET", "action", {"actionId": action_id}),
        _Probe("POST", "decision", {"actionId": action_id}, bodies.decision("cancel", params_hash)),
        _Probe("POST", "voiceSessions", body={}),
        _Probe(
            "POST",
            "voiceTool",
            {**session, "name": "search_records"},
            {"callId": ctx.new_id("call"), "arguments": "{}"},
        ),
        _Probe(
            "POST",
            "voiceTranscript",
            session,
            {"role": "user", "text": "Dobrý den", "itemId": ctx.new_id("item")},
        ),
        _Probe("POST", "voiceUsage", session, {"seconds": 1, "final": False}),
        _Probe("DELETE", "thread", {"threadId": thread_id}),  # last: it would remove the thread
    ]
    return [probe for probe in probes if ctx.client.usable(probe.endpoint)]


def _refused(ctx: CheckContext, exchange: Exchange, what: str) -> None:
    """A request without a valid token is refused with 401 unauthorized and the §3 body, nothing else."""
    label = f"{exchange.method} {exchange.endpoint} {what}"
    if 200 <= exchange.status < 300:
        ctx.fail("AUTH-017", f"{label} was served (HTTP {exchange.status})", exchange=exchange)
        return
    if not ctx.expect(
        "ERR-006", exchange.status == 401, f"{label} answered {exchange.status}, not 401", exchange=exchange
    ):
        return
    error_answer(ctx, exchange, rule_id="ERR-006", status=401, codes=("unauthorized",))


@check("ERR-006", "AUTH-017", "ERR-001", "ERR-003")
def unauthorized_without_token(ctx: CheckContext) -> None:
    """Every endpoint that needs a token answers 401 unauthorized without one or with a wrong one."""
    run = ctx.client.run(ctx.run_input(echo_message("Jiří Beneš")), auth=False)
    ctx.last_recording, ctx.last_exchange = run, run.exchange
    ctx.expect("AUTH-017", not run.events, "POST run without a token streamed events", recording=run)
    _refused(ctx, run.exchange, "without a token")
    for probe in _probes(ctx):
        for auth, what in ((False, "without a token"), (WRONG_TOKEN, "with a wrong token")):
            exchange = ctx.request(
                probe.method, probe.endpoint, params=probe.params, json_body=probe.body, auth=auth
            )
            _refused(ctx, exchange, what)


@check("ERR-008", "ERR-001", "ERR-003")
def not_found_for_unknown_ids(ctx: CheckContext) -> None:
    """Unknown thread, action and voice session ids get 404 not_found."""
    thread = ctx.request("GET", "thread", params={"threadId": ctx.new_id("t_unknown")})
    error_answer(ctx, thread, rule_id="ERR-008", status=404, codes=("not_found",))
    if ctx.client.usable("action"):
        action = ctx.request("GET", "action", params={"actionId": ctx.new_id("a_unknown")})
        error_answer(ctx, action, rule_id="ERR-008", status=404, codes=("not_found",))
    if ctx.client.usable("decision"):
        decision = ctx.request(
            "POST",
            "decision",
            params={"actionId": ctx.new_id("a_unknown")},
            json_body=bodies.decision("cancel", "sha256:" + "0" * 64),
        )
        error_answer(ctx, decision, rule_id="ERR-008", status=404, codes=("not_found",))
    if ctx.client.usable("voiceUsage"):
        usage = ctx.request(
            "POST",
            "voiceUsage",
            params={"voiceSessionId": ctx.new_id("v_unknown")},
            json_body={"seconds": 1, "final": False},
        )
        error_answer(ctx, usage, rule_id="ERR-008", status=404, codes=("not_found",))


@check("ERR-005", "RUN-013", "ERR-001", "ERR-003")
def bad_request_for_malformed_body(ctx: CheckContext) -> None:
    """A malformed run body gets 400 invalid_request as a JSON error, not a stream."""
    not_json = ctx.request(
        "POST",
        "run",
        content=b"{this is not json",
        headers={"Content-Type": "application/json", "Accept": EVENT_STREAM},
    )
    ctx.expect(
        "RUN-013",
        not_json.content_type != EVENT_STREAM,
        "a request refused before the run started was answered with an event stream",
        exchange=not_json,
    )
    error_answer(ctx, not_json, rule_id="ERR-005", status=400, codes=("invalid_request",))
    wrong_shape = ctx.request(
        "POST",
        "run",
        json_body={"threadId": ctx.new_id("t"), "runId": ctx.new_id("r"), "messages": "not a list"},
        headers={"Accept": EVENT_STREAM},
    )
    ctx.expect(
        "RUN-013",
        wrong_shape.content_type != EVENT_STREAM,
        "a run body of the wrong shape was answered with an event stream",
        exchange=wrong_shape,
    )
    error_answer(ctx, wrong_shape, rule_id="ERR-005", status=400, codes=("invalid_request",))
    if ctx.client.usable("decision"):
        bad_decision = ctx.request(
            "POST",
            "decision",
            params={"actionId": ctx.new_id("a")},
            json_body={"decision": "maybe", "paramsHash": "sha256:00"},
        )
        error_answer(
            ctx, bad_decision, rule_id="ERR-005", status=(400, 404), codes=("invalid_request", "not_found")
        )


@check("ERR-009", "ERR-001", "ERR-003")
def too_large_over_message_limit(ctx: CheckContext) -> None:
    """A message longer than limits.maxMessageChars gets 413 too_large and nothing of it is stored."""
    limits = ctx.manifest.get("limits")
    limit = limits.get("maxMessageChars") if isinstance(limits, dict) else None
    if not isinstance(limit, int) or limit <= 0:
        ctx.skip("the manifest sets no limits.maxMessageChars")
    thread_id = ctx.new_id("t")
    body = ctx.run_input("ž" * (limit + 1), thread_id=thread_id)
    recording = ctx.run(body)
    error_answer(ctx, recording.exchange, rule_id="ERR-009", status=413, codes=("too_large",))
    detail = ctx.request("GET", "thread", params={"threadId": thread_id})
    ctx.expect(
        "ERR-009",
        detail.status == 404 or not (detail.json_or_none() or {}).get("messages"),
        "the refused oversized message was stored anyway",
        exchange=detail,
    )
    if ctx.test_mode and limit > len(echo_message("")):
        filler = "ř" * (limit - len(echo_message("")))
        at_limit = ctx.run(ctx.run_input(echo_message(filler)))
        ctx.expect(
            "ERR-009",
            at_limit.status == 200,
            f"a message of exactly maxMessageChars ({limit}) code points was refused with {at_limit.status}",
            recording=at_limit,
        )
