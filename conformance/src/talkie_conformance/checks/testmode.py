"""§11 Test mode: every test message is answered exactly as the table of §11 says."""

from __future__ import annotations

from datetime import UTC, datetime

from talkie_models.protocol import TEST_CARD, TEST_ERROR, TEST_SLOW, echo_message

from talkie_conformance.checking import CheckContext, check
from talkie_conformance.checks._support import (
    decide,
    json_answer,
    member_of,
    parse_time,
    propose_action,
    run_started,
    talkie_shape,
)

ECHO_SAMPLES = (
    "Zdeňka Malá, Horizont Logistika s.r.o.",
    "  two leading spaces, a trailing one ",
    'line one\nline two\n\nčtyři <b>not html</b> & "quotes" 🎧',
)
MIN_ACTION_LIFETIME = 60.0
SLOW_MIN_SPAN = 3.0  # "~5 s": at least this long between the first and the last delta
SLOW_MAX_SPAN = 15.0


@check("TEST-004", "TEST-001", test_mode=True)
def testmode_echo(ctx: CheckContext) -> None:
    """talkie-test:echo <text> answers one text message whose content is exactly <text>, every time."""
    ctx.require_test_mode()
    shapes: list[tuple[list[str], str]] = []
    for sample in (*ECHO_SAMPLES, ECHO_SAMPLES[0]):
        recording = ctx.run_text(echo_message(sample))
        run_started(ctx, recording, "echo run")
        starts = recording.of_type("TEXT_MESSAGE_START")
        ctx.expect(
            "TEST-004", len(starts) == 1, f"{len(starts)} text messages, expected one", recording=recording
        )
        ctx.expect(
            "TEST-004",
            recording.text() == sample,
            f"echo content {recording.text()!r} is not exactly {sample!r}",
            recording=recording,
        )
        ctx.expect(
            "TEST-004",
            recording.types()[-1] == "RUN_FINISHED",
            "an echo run must end with RUN_FINISHED",
            recording=recording,
        )
        shapes.append((talkie_shape(recording), recording.text()))
    ctx.expect(
        "TEST-001",
        shapes[0] == shapes[-1],
        f"the same echo answered differently: {shapes[0]} then {shapes[-1]}",
    )


@check("TEST-005", test_mode=True)
def testmode_card(ctx: CheckContext) -> None:
    """talkie-test:card: a tool call (metadata.ok true), one card with a fields block, a short text."""
    ctx.require_test_mode()
    recording = ctx.run_text(TEST_CARD)
    run_started(ctx, recording, TEST_CARD)
    types = recording.types()
    ctx.expect("TEST-005", types[-1] == "RUN_FINISHED", "the card run did not end with RUN_FINISHED")
    starts, ends = recording.of_type("TOOL_CALL_START"), recording.of_type("TOOL_CALL_END")
    ctx.expect(
        "TEST-005",
        len(starts) == 1 and len(ends) == 1,
        "expected one TOOL_CALL_START and one TOOL_CALL_END",
    )
    if ends:
        metadata = ends[0].data.get("metadata")
        ok = metadata.get("ok") if isinstance(metadata, dict) else None
        ctx.expect(
            "TEST-005", ok is True, f"TOOL_CALL_END metadata.ok is {ok!r}, not true", recording=recording
        )
    cards = recording.custom("talkie.card")
    ctx.require(
        "TEST-005", len(cards) == 1, f"{len(cards)} talkie.card events, expected one", recording=recording
    )
    blocks = cards[0].data.get("value", {}).get("blocks", [])
    ctx.expect(
        "TEST-005",
        any(isinstance(b, dict) and b.get("type") == "fields" for b in blocks),
        "the card has no fields block",
        recording=recording,
    )
    ctx.expect(
        "TEST-005", bool(recording.text().strip()), "no short text after the card", recording=recording
    )


@check("TEST-006", "ACT-002", "TEST-007", test_mode=True)
def testmode_action(ctx: CheckContext) -> None:
    """talkie-test:action: one pending low-risk action (button+voice, ≥ 60 s), a text; confirm → done."""
    ctx.require_test_mode()
    action, _ = propose_action(ctx, "TEST-006")
    recording = ctx.last_recording
    ctx.validate("ACT-002", action, "Action", "the proposed action", recording=recording)
    ctx.expect("TEST-006", action.get("status") == "pending", f"status is {action.get('status')!r}")
    ctx.expect("TEST-006", action.get("riskLevel") == "low", f"riskLevel is {action.get('riskLevel')!r}")
    methods = (action.get("confirm") or {}).get("methods")
    ctx.expect("TEST-006", methods == ["button", "voice"], f"confirm.methods is {methods!r}")
    created = parse_time(action.get("createdAt")) or datetime.now(UTC)
    expires = parse_time(action.get("expiresAt"))
    lifetime = (expires - created).total_seconds() if expires else -1.0
    ctx.expect(
        "TEST-006",
        lifetime >= MIN_ACTION_LIFETIME,
        f"the action expires {lifetime:.0f} s after its creation",
    )
    if recording is not None:
        ctx.expect("TEST-006", bool(recording.text().strip()), "no short text with the action")
    answer = json_answer(ctx, "TEST-007", decide(ctx, action, "confirm"), "DecisionResponse", "confirm")
    ctx.expect(
        "TEST-007",
        member_of(answer, "action").get("status") == "done",
        f"confirming the test action gave {member_of(answer, 'action').get('status')!r}, not done",
    )


@check("TEST-008", "RUN-025", test_mode=True)
def testmode_error(ctx: CheckContext) -> None:
    """talkie-test:error ends with RUN_ERROR code upstream_unavailable and metadata.retryable true."""
    ctx.require_test_mode()
    recording = ctx.run_text(TEST_ERROR)
    run_started(ctx, recording, TEST_ERROR)
    last = recording.events[-1].data
    ctx.require("TEST-008", last.get("type") == "RUN_ERROR", f"the run ended with {last.get('type')}")
    ctx.expect(
        "RUN-025",
        isinstance(last.get("message"), str) and isinstance(last.get("code"), str),
        "RUN_ERROR needs a message and a code",
        recording=recording,
    )
    meta = last.get("metadata")
    ctx.expect(
        "RUN-025",
        isinstance(meta, dict) and isinstance(meta.get("retryable"), bool),
        f"RUN_ERROR metadata.retryable is not a boolean: {meta!r}",
        recording=recording,
    )
    ctx.expect(
        "TEST-008", last.get("code") == "upstream_unavailable", f"RUN_ERROR.code is {last.get('code')!r}"
    )
    metadata = last.get("metadata")
    retryable = metadata.get("retryable") if isinstance(metadata, dict) else None
    ctx.expect("TEST-008", retryable is True, f"RUN_ERROR metadata.retryable is {retryable!r}")


@check("TEST-009", "RUN-012", test_mode=True)
def testmode_slow(ctx: CheckContext) -> None:
    """talkie-test:slow streams text deltas spread over about five seconds, each as it is produced.

    Deltas that all arrive in one burst after the run took its five seconds were spread by the server and
    held back on the way (a buffering proxy or framework): that is §5's streaming rule, RUN-012, a SHOULD,
    and TEST-009 cannot be judged. A burst that comes at once was never spread: TEST-009 fails.
    """
    ctx.require_test_mode()
    recording = ctx.run(ctx.run_input(TEST_SLOW), timeout=SLOW_MAX_SPAN + 10)
    run_started(ctx, recording, TEST_SLOW)
    deltas = recording.of_type("TEXT_MESSAGE_CONTENT")
    ctx.require("TEST-009", len(deltas) >= 3, f"only {len(deltas)} text deltas", recording=recording)
    span = deltas[-1].at - deltas[0].at
    if span < SLOW_MIN_SPAN and SLOW_MIN_SPAN <= deltas[0].at <= SLOW_MAX_SPAN + SLOW_MIN_SPAN:
        ctx.fail(
            "RUN-012",
            f"the {len(deltas)} text deltas of the slow run arrived together {deltas[0].at:.1f} s after the "
            f"request (within {span:.2f} s): the stream was held back on its way instead of sent as produced",
            recording=recording,
        )
        ctx.skip("the slow run's stream was buffered (RUN-012), so its spread cannot be seen")
    ctx.expect(
        "TEST-009",
        SLOW_MIN_SPAN <= span <= SLOW_MAX_SPAN,
        f"the deltas span {span:.1f} s (expected about 5 s)",
        recording=recording,
    )
