"""§11 Test mode: every test message is answered exactly as the table of §11 says."""

from __future__ import annotations

from datetime import UTC, datetime

from talkie_conformance import rule_ids as rid
from talkie_conformance.checking import CheckContext, check
from talkie_conformance.checks._support import decide, json_answer, parse_time, propose_action, run_started

ECHO_SAMPLES = (
    "Zdeňka Malá, Horizont Logistika s.r.o.",
    "  two leading spaces, a trailing one ",
    'line one\nline two\n\nčtyři <b>not html</b> & "quotes" 🎧',
)
MIN_ACTION_LIFETIME = 60.0
SLOW_MIN_SPAN = 3.0  # "~5 s": at least this long between the first and the last delta
SLOW_MAX_SPAN = 15.0


@check(rid.TST_ECHO, rid.TST_DETERMINISTIC, test_mode=True)
def testmode_echo(ctx: CheckContext) -> None:
    """talkie-test:echo <text> answers one text message whose content is exactly <text>, every time."""
    ctx.require_test_mode()
    shapes: list[tuple[list[str | None], str]] = []
    for sample in (*ECHO_SAMPLES, ECHO_SAMPLES[0]):
        recording = ctx.run_text(f"talkie-test:echo {sample}")
        run_started(ctx, recording, "echo run")
        starts = recording.of_type("TEXT_MESSAGE_START")
        ctx.expect(
            rid.TST_ECHO, len(starts) == 1, f"{len(starts)} text messages, expected one", recording=recording
        )
        ctx.expect(
            rid.TST_ECHO,
            recording.text() == sample,
            f"echo content {recording.text()!r} is not exactly {sample!r}",
            recording=recording,
        )
        ctx.expect(
            rid.TST_ECHO,
            recording.types()[-1] == "RUN_FINISHED",
            "an echo run must end with RUN_FINISHED",
            recording=recording,
        )
        shapes.append((recording.types(), recording.text()))
    ctx.expect(
        rid.TST_DETERMINISTIC,
        shapes[0] == shapes[-1],
        f"the same echo answered differently: {shapes[0]} then {shapes[-1]}",
    )


@check(rid.TST_CARD, test_mode=True)
def testmode_card(ctx: CheckContext) -> None:
    """talkie-test:card: a tool call (metadata.ok true), one card with a fields block, a short text."""
    ctx.require_test_mode()
    recording = ctx.run_text("talkie-test:card")
    run_started(ctx, recording, "talkie-test:card")
    types = recording.types()
    ctx.expect(rid.TST_CARD, types[-1] == "RUN_FINISHED", "the card run did not end with RUN_FINISHED")
    starts, ends = recording.of_type("TOOL_CALL_START"), recording.of_type("TOOL_CALL_END")
    ctx.expect(
        rid.TST_CARD,
        len(starts) == 1 and len(ends) == 1,
        "expected one TOOL_CALL_START and one TOOL_CALL_END",
    )
    if ends:
        metadata = ends[0].data.get("metadata")
        ok = metadata.get("ok") if isinstance(metadata, dict) else None
        ctx.expect(
            rid.TST_CARD, ok is True, f"TOOL_CALL_END metadata.ok is {ok!r}, not true", recording=recording
        )
    cards = recording.custom("talkie.card")
    ctx.require(
        rid.TST_CARD, len(cards) == 1, f"{len(cards)} talkie.card events, expected one", recording=recording
    )
    blocks = cards[0].data.get("value", {}).get("blocks", [])
    ctx.expect(
        rid.TST_CARD,
        any(isinstance(b, dict) and b.get("type") == "fields" for b in blocks),
        "the card has no fields block",
        recording=recording,
    )
    ctx.expect(
        rid.TST_CARD, bool(recording.text().strip()), "no short text after the card", recording=recording
    )


@check(rid.TST_ACTION, rid.ACT_SHAPE, rid.TST_ACTION_DONE, test_mode=True)
def testmode_action(ctx: CheckContext) -> None:
    """talkie-test:action: one pending low-risk action (button+voice, ≥ 60 s), a text; confirm → done."""
    ctx.require_test_mode()
    action, _ = propose_action(ctx, rid.TST_ACTION)
    recording = ctx.last_recording
    ctx.validate(rid.ACT_SHAPE, action, "Action", "the proposed action", recording=recording)
    ctx.expect(rid.TST_ACTION, action.get("status") == "pending", f"status is {action.get('status')!r}")
    ctx.expect(rid.TST_ACTION, action.get("riskLevel") == "low", f"riskLevel is {action.get('riskLevel')!r}")
    methods = (action.get("confirm") or {}).get("methods")
    ctx.expect(rid.TST_ACTION, methods == ["button", "voice"], f"confirm.methods is {methods!r}")
    created = parse_time(action.get("createdAt")) or datetime.now(UTC)
    expires = parse_time(action.get("expiresAt"))
    lifetime = (expires - created).total_seconds() if expires else -1.0
    ctx.expect(
        rid.TST_ACTION,
        lifetime >= MIN_ACTION_LIFETIME,
        f"the action expires {lifetime:.0f} s after its creation",
    )
    if recording is not None:
        ctx.expect(rid.TST_ACTION, bool(recording.text().strip()), "no short text with the action")
    answer = json_answer(
        ctx, rid.TST_ACTION_DONE, decide(ctx, action, "confirm"), "DecisionResponse", "confirm"
    )
    ctx.expect(
        rid.TST_ACTION_DONE,
        answer["action"].get("status") == "done",
        f"confirming the test action gave {answer['action'].get('status')!r}, not done",
    )


@check(rid.TST_ERROR, rid.RUN_ERROR_EVENT, test_mode=True)
def testmode_error(ctx: CheckContext) -> None:
    """talkie-test:error ends with RUN_ERROR code upstream_unavailable and metadata.retryable true."""
    ctx.require_test_mode()
    recording = ctx.run_text("talkie-test:error")
    run_started(ctx, recording, "talkie-test:error")
    last = recording.events[-1].data
    ctx.require(rid.TST_ERROR, last.get("type") == "RUN_ERROR", f"the run ended with {last.get('type')}")
    ctx.expect(
        rid.RUN_ERROR_EVENT,
        isinstance(last.get("message"), str) and isinstance(last.get("code"), str),
        "RUN_ERROR needs a message and a code",
        recording=recording,
    )
    meta = last.get("metadata")
    ctx.expect(
        rid.RUN_ERROR_EVENT,
        isinstance(meta, dict) and isinstance(meta.get("retryable"), bool),
        f"RUN_ERROR metadata.retryable is not a boolean: {meta!r}",
        recording=recording,
    )
    ctx.expect(
        rid.TST_ERROR, last.get("code") == "upstream_unavailable", f"RUN_ERROR.code is {last.get('code')!r}"
    )
    metadata = last.get("metadata")
    retryable = metadata.get("retryable") if isinstance(metadata, dict) else None
    ctx.expect(rid.TST_ERROR, retryable is True, f"RUN_ERROR metadata.retryable is {retryable!r}")


@check(rid.TST_SLOW, test_mode=True)
def testmode_slow(ctx: CheckContext) -> None:
    """talkie-test:slow streams text deltas spread over about five seconds."""
    ctx.require_test_mode()
    recording = ctx.run(ctx.run_input("talkie-test:slow"), timeout=SLOW_MAX_SPAN + 10)
    run_started(ctx, recording, "talkie-test:slow")
    deltas = recording.of_type("TEXT_MESSAGE_CONTENT")
    ctx.require(rid.TST_SLOW, len(deltas) >= 3, f"only {len(deltas)} text deltas", recording=recording)
    span = deltas[-1].at - deltas[0].at
    ctx.expect(
        rid.TST_SLOW,
        SLOW_MIN_SPAN <= span <= SLOW_MAX_SPAN,
        f"the deltas span {span:.1f} s (expected about 5 s)",
        recording=recording,
    )
