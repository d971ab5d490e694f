"""§3 Errors: every non-2xx answer has the error body, with the code its status calls for."""

from __future__ import annotations

from talkie_conformance import bodies
from talkie_conformance import rule_ids as rid
from talkie_conformance.checking import CheckContext, check
from talkie_conformance.checks._support import error_answer


@check(rid.ERR_401, rid.AUTH_TOKEN_REQUIRED, rid.ERR_BODY, rid.ERR_PAIRING)
def unauthorized_without_token(ctx: CheckContext) -> None:
    """Talkie endpoints answer 401 unauthorized to requests without a token or with a wrong one."""
    for endpoint in ("threads", "status"):
        if not ctx.client.usable(endpoint):
            continue
        missing = ctx.request("GET", endpoint, auth=False)
        error_answer(ctx, missing, rule_id=rid.ERR_401, status=401, codes=("unauthorized",))
        wrong = ctx.request("GET", endpoint, auth="talkie-conformance-wrong-token")
        error_answer(ctx, wrong, rule_id=rid.ERR_401, status=401, codes=("unauthorized",))
    run = ctx.client.run(ctx.run_input("talkie-test:echo Jiří Beneš"), auth=False)
    ctx.expect(
        rid.AUTH_TOKEN_REQUIRED,
        not run.events,
        "a run without a token streamed events",
        recording=run,
    )
    error_answer(ctx, run.exchange, rule_id=rid.ERR_401, status=401, codes=("unauthorized",))
    detail = ctx.request("GET", "thread", params={"threadId": ctx.new_id("t")}, auth=False)
    ctx.expect(
        rid.AUTH_TOKEN_REQUIRED,
        detail.status == 401,
        f"GET thread without a token answered {detail.status}",
        exchange=detail,
    )


@check(rid.ERR_404, rid.ERR_BODY, rid.ERR_PAIRING)
def not_found_for_unknown_ids(ctx: CheckContext) -> None:
    """Unknown thread, action and voice session ids get 404 not_found."""
    thread = ctx.request("GET", "thread", params={"threadId": ctx.new_id("t_unknown")})
    error_answer(ctx, thread, rule_id=rid.ERR_404, status=404, codes=("not_found",))
    if ctx.client.usable("action"):
        action = ctx.request("GET", "action", params={"actionId": ctx.new_id("a_unknown")})
        error_answer(ctx, action, rule_id=rid.ERR_404, status=404, codes=("not_found",))
    if ctx.client.usable("decision"):
        decision = ctx.request(
            "POST",
            "decision",
            params={"actionId": ctx.new_id("a_unknown")},
            json_body=bodies.decision("cancel", "sha256:" + "0" * 64),
        )
        error_answer(ctx, decision, rule_id=rid.ERR_404, status=404, codes=("not_found",))
    if ctx.client.usable("voiceUsage"):
        usage = ctx.request(
            "POST",
            "voiceUsage",
            params={"voiceSessionId": ctx.new_id("v_unknown")},
            json_body={"seconds": 1, "final": False},
        )
        error_answer(ctx, usage, rule_id=rid.ERR_404, status=404, codes=("not_found",))


@check(rid.ERR_400, rid.RUN_ERROR_BEFORE_STREAM, rid.ERR_BODY, rid.ERR_PAIRING)
def bad_request_for_malformed_body(ctx: CheckContext) -> None:
    """A malformed run body gets 400 invalid_request as a JSON error, not a stream."""
    not_json = ctx.request(
        "POST",
        "run",
        content=b"{this is not json",
        headers={"Content-Type": "application/json", "Accept": "text/event-stream"},
    )
    ctx.expect(
        rid.RUN_ERROR_BEFORE_STREAM,
        not_json.content_type != "text/event-stream",
        "a request refused before the run started was answered with an event stream",
        exchange=not_json,
    )
    error_answer(ctx, not_json, rule_id=rid.ERR_400, status=400, codes=("invalid_request",))
    wrong_shape = ctx.request(
        "POST",
        "run",
        json_body={"threadId": ctx.new_id("t"), "runId": ctx.new_id("r"), "messages": "not a list"},
        headers={"Accept": "text/event-stream"},
    )
    ctx.expect(
        rid.RUN_ERROR_BEFORE_STREAM,
        wrong_shape.content_type != "text/event-stream",
        "a run body of the wrong shape was answered with an event stream",
        exchange=wrong_shape,
    )
    error_answer(ctx, wrong_shape, rule_id=rid.ERR_400, status=400, codes=("invalid_request",))
    if ctx.client.usable("decision"):
        bad_decision = ctx.request(
            "POST",
            "decision",
            params={"actionId": ctx.new_id("a")},
            json_body={"decision": "maybe", "paramsHash": "sha256:00"},
        )
        error_answer(
            ctx, bad_decision, rule_id=rid.ERR_400, status=(400, 404), codes=("invalid_request", "not_found")
        )


@check(rid.ERR_413, rid.ERR_BODY, rid.ERR_PAIRING)
def too_large_over_message_limit(ctx: CheckContext) -> None:
    """A message longer than limits.maxMessageChars gets 413 too_large and nothing of it is stored."""
    limits = ctx.manifest.get("limits")
    limit = limits.get("maxMessageChars") if isinstance(limits, dict) else None
    if not isinstance(limit, int) or limit <= 0:
        ctx.skip("the manifest sets no limits.maxMessageChars")
    thread_id = ctx.new_id("t")
    body = ctx.run_input("ž" * (limit + 1), thread_id=thread_id)
    recording = ctx.run(body)
    error_answer(ctx, recording.exchange, rule_id=rid.ERR_413, status=413, codes=("too_large",))
    detail = ctx.request("GET", "thread", params={"threadId": thread_id})
    ctx.expect(
        rid.ERR_413,
        detail.status == 404 or not (detail.json_or_none() or {}).get("messages"),
        "the refused oversized message was stored anyway",
        exchange=detail,
    )
    if ctx.test_mode and limit > len("talkie-test:echo "):
        filler = "ř" * (limit - len("talkie-test:echo "))
        at_limit = ctx.run(ctx.run_input("talkie-test:echo " + filler))
        ctx.expect(
            rid.ERR_413,
            at_limit.status == 200,
            f"a message of exactly maxMessageChars ({limit}) code points was refused with {at_limit.status}",
            recording=at_limit,
        )
