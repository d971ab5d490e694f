"""Helpers several check modules share (error answers, stream expectations, action fixtures)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, get_args

from talkie_models import KnownEventType, TalkieCustomName
from talkie_models.errors import CATALOGUE, ErrorCodeInfo
from talkie_models.protocol import ACTION_EVENT, EVENT_STREAM, TEST_ACTION
from talkie_models.validation import is_valid

from talkie_conformance import bodies
from talkie_conformance.checking import AbortCheck, CheckContext
from talkie_conformance.client import Exchange, RunRecording
from talkie_conformance.lifecycle import analyze


def _spec_fixes_retryable(info: ErrorCodeInfo) -> bool:
    """Whether the specification itself fixes `retryable` for a code: where it says `true`
    (upstream_unavailable, rate_limited), and where a status carries both readings ("`retryable` tells which",
    429). For the other codes the specification says nothing, and a server's `retryable` is its own call."""
    if info.retryable:
        return True
    return any(
        other.retryable and set(other.http_statuses) & set(info.http_statuses) for other in CATALOGUE.values()
    )


# The HTTP statuses each listed code belongs to (§3's
# table), and the `retryable` the specification fixes for it.
CODE_STATUS: Mapping[str, tuple[int, ...]] = {code: info.http_statuses for code, info in CATALOGUE.items()}
RETRYABLE: Mapping[str, bool] = {
    code: info.retryable for code, info in CATALOGUE.items() if _spec_fixes_retryable(info)
}


def _own(ctx: CheckContext, preferred: str, fallback: str) -> str:
    """The rule to blame: `preferred` when the check declares it, else the check's own `fallback`."""
    return preferred if preferred in ctx.spec.rules else fallback


def error_answer(
    ctx: CheckContext,
    exchange: Exchange,
    *,
    rule_id: str,
    status: int | tuple[int, ...],
    codes: tuple[str, ...],
) -> None:
    """Expect a §3 error: the status (`rule_id`), a valid body (ERR-001), a code paired with it (ERR-003)."""
    statuses = (status,) if isinstance(status, int) else status
    ctx.require(
        rule_id,
        exchange.status in statuses,
        f"expected HTTP {' or '.join(map(str, statuses))}, got {exchange.status}",
        exchange=exchange,
    )
    body = exchange.json_or_none()
    if "ERR-001" not in ctx.spec.rules:
        # The body's shape is ERR-001's business (the §3 checks and the fuzzer); here only read the code.
        if not is_valid(body, "ErrorResponse"):
            return
    elif not ctx.validate("ERR-001", body, "ErrorResponse", "the error body", exchange=exchange):
        return
    error = body["error"]
    code = error.get("code")
    ctx.expect(
        rule_id, code in codes, f"error code is {code!r}, expected {' or '.join(codes)}", exchange=exchange
    )
    pairing_rule = _own(ctx, "ERR-003", rule_id)
    if isinstance(code, str) and code in CODE_STATUS:
        ctx.expect(
            pairing_rule,
            exchange.status in CODE_STATUS[code],
            f"code {code!r} came with HTTP {exchange.status}, the table pairs it with {CODE_STATUS[code]}",
            exchange=exchange,
        )
        if code in RETRYABLE:
            expected_retry = RETRYABLE[code]
            ctx.expect(
                _own(ctx, "ERR-001", rule_id),
                error.get("retryable") is expected_retry,
                f"{code!r} must carry retryable: {str(expected_retry).lower()}, "
                f"got {error.get('retryable')!r}",
                exchange=exchange,
            )


def json_answer(ctx: CheckContext, rule_id: str, exchange: Exchange, type_name: str, what: str) -> Any:
    """Expect 2xx JSON valid against `type_name`; stop the check only when there is no JSON object to read.

    A shape that breaks the rule is recorded and the check goes on judging what it can read, so one wrong
    member hides no other verdict (read the body with `member_of` and `items_of`).
    """
    ctx.require(rule_id, 200 <= exchange.status < 300, f"{what}: HTTP {exchange.status}", exchange=exchange)
    body = exchange.json_or_none()
    ctx.require(rule_id, body is not None, f"{what}: the answer is not JSON", exchange=exchange)
    if not ctx.validate(rule_id, body, type_name, what, exchange=exchange) and not isinstance(body, dict):
        raise AbortCheck(f"{what} is not a JSON object, so nothing of {type_name} can be read")
    return body


def member_of(body: Any, key: str) -> dict[str, Any]:
    """The object member `key` of `body`, or an empty one when it is missing or not an object."""
    value = body.get(key) if isinstance(body, dict) else None
    return value if isinstance(value, dict) else {}


def items_of(body: Any, key: str) -> list[dict[str, Any]]:
    """The objects of the list member `key` of `body` (what is not an object is left out)."""
    value = body.get(key) if isinstance(body, dict) else None
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def run_started(ctx: CheckContext, recording: RunRecording, what: str) -> dict[str, Any]:
    """The RUN_STARTED data of a stream this check builds on.

    Stream shape belongs to the §5 lifecycle checks; a check that merely *uses* a run does not blame its own
    rule when the run cannot be used, it stops as blocked (skip) and names the reason.
    """
    if recording.status != 200 or recording.exchange.content_type != EVENT_STREAM:
        ctx.skip(
            f"blocked: {what} answered {recording.status} {recording.exchange.content_type or ''}".rstrip()
            + " instead of an event stream (see RUN-001, RUN-010)"
        )
    started = recording.of_type("RUN_STARTED")
    if not started:
        ctx.skip(f"blocked: {what} streamed no RUN_STARTED (see RUN-014)")
    data: dict[str, Any] = started[0].data
    return data


def _literal_values(alias: Any) -> frozenset[str]:
    """The strings of a generated `Literal` type alias (`KnownEventType`, `TalkieCustomName`)."""
    annotated = alias.__value__
    return frozenset(get_args(get_args(annotated)[0]))


KNOWN_TYPES = _literal_values(KnownEventType)
TALKIE_NAMES = _literal_values(TalkieCustomName)


def talkie_shape(recording: RunRecording) -> list[str]:
    """The events of a stream a Talkie client acts on, in order: what "the same answer" compares.

    Left out are what receivers ignore or the specification makes optional: unknown types and CUSTOM names,
    the OPTIONAL TOOL_CALL_RESULT, and empty text deltas (AG-UI keep-alives).
    """
    shape: list[str] = []
    for event in recording.events:
        kind = event.type
        if kind == "CUSTOM":
            if event.custom_name in TALKIE_NAMES:
                shape.append(f"CUSTOM {event.custom_name}")
        elif kind in KNOWN_TYPES and kind != "TOOL_CALL_RESULT":
            delta = event.data.get("delta") if kind == "TEXT_MESSAGE_CONTENT" else None
            if delta != "":
                shape.append(kind)
    return shape


def lifecycle_problems(recording: RunRecording, kinds: set[str] | None = None) -> list[str]:
    """Lifecycle problems of a stream (optionally only some kinds), as messages."""
    problems = analyze([event.data for event in recording.events])
    return [problem.message for problem in problems if kinds is None or problem.kind in kinds]


def parse_time(value: Any) -> datetime | None:
    """An RFC 3339 timestamp as an aware datetime (None when it is not one)."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def propose_action(
    ctx: CheckContext, rule_id: str, thread_id: str | None = None
) -> tuple[dict[str, Any], str]:
    """Run `talkie-test:action` and return the proposed action and the thread it lives in."""
    recording = ctx.run_text(TEST_ACTION, thread_id=thread_id)
    started = run_started(ctx, recording, TEST_ACTION)
    actions = recording.custom(ACTION_EVENT)
    ctx.require(
        rule_id, len(actions) == 1, f"expected one talkie.action, got {len(actions)}", recording=recording
    )
    value = actions[0].data.get("value")
    ctx.require(rule_id, isinstance(value, dict), "talkie.action has no value object", recording=recording)
    ctx.require(
        rule_id,
        isinstance(value.get("id"), str),
        "the talkie.action has no id, so neither GET action nor a decision can name it",
        recording=recording,
    )
    return value, str(started.get("threadId"))


def decide(
    ctx: CheckContext, action: dict[str, Any], decision: str, params_hash: str | None = None
) -> Exchange:
    """POST a decision for an action (the hash defaults to the action's own)."""
    return ctx.request(
        "POST",
        "decision",
        params={"actionId": str(action["id"])},
        json_body=bodies.decision(
            "confirm" if decision == "confirm" else "cancel",
            params_hash if params_hash is not None else str(action.get("paramsHash")),
        ),
    )


def action_of(body: Any) -> dict[str, Any]:
    """The action in a GET action answer: the action itself (notes N-51); a wrapped one is still read."""
    if isinstance(body, dict) and "id" not in body and isinstance(body.get("action"), dict):
        inner: dict[str, Any] = body["action"]
        return inner
    return body if isinstance(body, dict) else {}


def action_answer(ctx: CheckContext, rule_id: str, exchange: Exchange, what: str) -> dict[str, Any]:
    """Expect 2xx JSON holding a valid Action (bare or wrapped); stop the check only when no object came."""
    ctx.require(rule_id, 200 <= exchange.status < 300, f"{what}: HTTP {exchange.status}", exchange=exchange)
    body = exchange.json_or_none()
    ctx.require(
        rule_id, isinstance(body, dict), f"{what}: the answer is not a JSON object", exchange=exchange
    )
    action = action_of(body)
    ctx.validate(rule_id, action, "Action", what, exchange=exchange)
    return action


def current_action(ctx: CheckContext, action_id: str) -> Exchange:
    """GET action (the authoritative current state)."""
    return ctx.request("GET", "action", params={"actionId": action_id})
