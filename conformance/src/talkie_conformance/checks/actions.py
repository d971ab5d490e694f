"""§8 Actions: the decision table, expiry, no silent replacement, and one transition under concurrency."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

import httpx

from talkie_conformance import bodies
from talkie_conformance.checking import CheckContext, SetupError, check
from talkie_conformance.checks._support import (
    action_answer,
    action_of,
    current_action,
    decide,
    error_answer,
    json_answer,
    member_of,
    parse_time,
    propose_action,
)

FINAL_AFTER_CONFIRM = {"done", "running", "failed"}


@check("ACT-004", test_mode=True)
def action_get_is_current(ctx: CheckContext) -> None:
    """GET action returns the proposed action, pending, with the same id, hash and thread."""
    ctx.require_test_mode()
    action, thread_id = propose_action(ctx, "ACT-004")
    exchange = current_action(ctx, str(action["id"]))
    current = action_answer(ctx, "ACT-004", exchange, "GET action")
    for key in ("id", "paramsHash", "threadId", "status"):
        ctx.expect(
            "ACT-004",
            current.get(key) == action.get(key),
            f"GET action has {key}={current.get(key)!r}, the proposal had {action.get(key)!r}",
            exchange=exchange,
        )
    ctx.expect(
        "ACT-004",
        current.get("threadId") == thread_id,
        "the action names another thread",
        exchange=exchange,
    )


@check("ACT-003", "ACT-006", "ACT-008", "ACT-009", "ACT-018", test_mode=True)
def decision_confirm_table(ctx: CheckContext) -> None:
    """confirm → done; confirm again → 200 with the same state; cancel afterwards → 409 conflict."""
    ctx.require_test_mode()
    action, _ = propose_action(ctx, "ACT-003")
    first = decide(ctx, action, "confirm")
    answer = json_answer(ctx, "ACT-006", first, "DecisionResponse", "confirm decision")
    ctx.expect(
        "ACT-003",
        member_of(answer, "action").get("status") in FINAL_AFTER_CONFIRM,
        f"after confirm the action is {answer['action'].get('status')!r}",
        exchange=first,
    )
    state = action_answer(ctx, "ACT-003", current_action(ctx, str(action["id"])), "GET action")
    ctx.expect(
        "ACT-003",
        state.get("status") == member_of(answer, "action").get("status"),
        "GET action disagrees with the decision answer",
    )
    if state.get("status") == "running":
        ctx.expect(
            "ACT-018", parse_time(state.get("undoUntil")) is not None, "a running action has no undoUntil"
        )
    repeat = decide(ctx, action, "confirm")
    again = json_answer(ctx, "ACT-008", repeat, "DecisionResponse", "repeated confirm")
    ctx.expect(
        "ACT-008",
        member_of(again, "action").get("status") == state.get("status"),
        f"the repeated confirm changed the state to {again['action'].get('status')!r}",
        exchange=repeat,
    )
    opposite = decide(ctx, action, "cancel")
    if state.get("status") == "running" and _in_undo_window(state):
        return  # notes N-06: cancel inside the undo window is allowed
    error_answer(ctx, opposite, rule_id="ACT-009", status=409, codes=("conflict",))


@check("ACT-003", "ACT-006", "ACT-008", "ACT-009", test_mode=True)
def decision_cancel_table(ctx: CheckContext) -> None:
    """cancel → cancelled; cancel again → 200; confirm afterwards → 409 conflict."""
    ctx.require_test_mode()
    action, _ = propose_action(ctx, "ACT-003")
    first = decide(ctx, action, "cancel")
    answer = json_answer(ctx, "ACT-006", first, "DecisionResponse", "cancel decision")
    ctx.expect(
        "ACT-003",
        member_of(answer, "action").get("status") == "cancelled",
        f"after cancel the action is {answer['action'].get('status')!r}",
        exchange=first,
    )
    repeat = decide(ctx, action, "cancel")
    again = json_answer(ctx, "ACT-008", repeat, "DecisionResponse", "repeated cancel")
    ctx.expect(
        "ACT-008",
        member_of(again, "action").get("status") == "cancelled",
        f"the repeated cancel answered {again['action'].get('status')!r}",
        exchange=repeat,
    )
    opposite = decide(ctx, action, "confirm")
    error_answer(ctx, opposite, rule_id="ACT-009", status=409, codes=("conflict",))
    state = current_action(ctx, str(action["id"]))
    ctx.expect(
        "ACT-009",
        action_of(state.json_or_none()).get("status") == "cancelled",
        "the refused confirm changed the action anyway",
        exchange=state,
    )


@check("ACT-010", test_mode=True)
def decision_stale_hash(ctx: CheckContext) -> None:
    """A decision with another paramsHash gets 409 stale and leaves the action pending."""
    ctx.require_test_mode()
    action, _ = propose_action(ctx, "ACT-010")
    stale = decide(ctx, action, "confirm", params_hash="sha256:" + "0" * 64)
    error_answer(ctx, stale, rule_id="ACT-010", status=409, codes=("stale",))
    state = current_action(ctx, str(action["id"]))
    ctx.expect(
        "ACT-010",
        action_of(state.json_or_none()).get("status") == "pending",
        "the stale decision changed the action",
        exchange=state,
    )


@check("ACT-012", test_mode=True)
def proposals_do_not_replace(ctx: CheckContext) -> None:
    """A second proposal in the same thread leaves the first one pending: both can be decided."""
    ctx.require_test_mode()
    first, thread_id = propose_action(ctx, "ACT-012")
    second, _ = propose_action(ctx, "ACT-012", thread_id=thread_id)
    ctx.require("ACT-012", first.get("id") != second.get("id"), "both proposals have the same id")
    for action in (first, second):
        state = current_action(ctx, str(action["id"]))
        ctx.expect(
            "ACT-012",
            action_of(state.json_or_none()).get("status") == "pending",
            f"action {action['id']} is no longer pending after the second proposal",
            exchange=state,
        )
    detail = ctx.request("GET", "thread", params={"threadId": thread_id})
    pending = {
        a.get("id") for a in (detail.json_or_none() or {}).get("actions", []) if a.get("status") == "pending"
    }
    ctx.expect(
        "ACT-012",
        {first.get("id"), second.get("id")} <= pending,
        f"GET thread lists pending actions {sorted(map(str, pending))}",
        exchange=detail,
    )


@check("ACT-003", "ACT-009", test_mode=True)
def concurrent_decisions(ctx: CheckContext) -> None:
    """Confirms and cancels sent at once: one decision wins, the others repeat it (200) or conflict (409)."""
    ctx.require_test_mode()
    action, _ = propose_action(ctx, "ACT-003")
    decisions = ["confirm", "cancel"] * max(1, ctx.options.concurrency // 2)
    with ThreadPoolExecutor(max_workers=len(decisions)) as pool:
        answers = list(pool.map(lambda decision: (decision, decide(ctx, action, decision)), decisions))
    winners = {decision for decision, exchange in answers if exchange.status == 200}
    ctx.require(
        "ACT-009",
        len(winners) == 1,
        f"{len(winners)} different decisions were accepted at once: {sorted(winners)}",
        events=[{"decision": d, "status": e.status} for d, e in answers],
    )
    winner = winners.pop()
    for decision, exchange in answers:
        if decision != winner:
            ctx.expect(
                "ACT-009",
                exchange.status == 409,
                f"the losing {decision} answered {exchange.status}, not 409",
                exchange=exchange,
            )
    final = action_of(current_action(ctx, str(action["id"])).json_or_none()).get("status")
    expected = {"cancelled"} if winner == "cancel" else FINAL_AFTER_CONFIRM
    ctx.expect(
        "ACT-003",
        final in expected,
        f"{winner} won but the action ended {final!r}",
    )


@check("ACT-011", test_mode=True)
def action_expiry(ctx: CheckContext) -> None:
    """Once an action's expiresAt has passed, a decision gets 410 expired (needs the --clock-url hook)."""
    ctx.require_test_mode()
    if not ctx.options.clock_url:
        ctx.skip(
            "talkie/1 offers no black-box way to reach an action's expiry without waiting for it, and no "
            "--clock-url test hook was given (the ≥ 60 s lifetime is checked with talkie-test:action)"
        )
    action, _ = propose_action(ctx, "ACT-011")
    created = parse_time(action.get("createdAt")) or datetime.now(UTC)
    expires = parse_time(action.get("expiresAt"))
    ctx.require("ACT-011", expires is not None, f"expiresAt {action.get('expiresAt')!r} is not a timestamp")
    assert expires is not None
    lifetime = max(0.0, (expires - created).total_seconds())
    hook = ctx.options.clock_url
    try:
        advance = ctx.client.send("POST", hook, json_body={"seconds": lifetime + 1})
    except httpx.HTTPError as exc:
        raise SetupError(f"the --clock-url hook {hook} could not be reached: {exc}") from exc
    if not 200 <= advance.status < 300:
        raise SetupError(f"the --clock-url hook {hook} answered HTTP {advance.status}, so no clock moved")
    late = decide(ctx, action, "confirm")
    error_answer(ctx, late, rule_id="ACT-011", status=410, codes=("expired",))


def _in_undo_window(action: dict[str, object]) -> bool:
    until = parse_time(action.get("undoUntil"))
    return until is not None and until > datetime.now(UTC)


@check("ACT-016", test_mode=True)
def decision_method_is_audit_only(ctx: CheckContext) -> None:
    """The decision method is recorded, not obeyed: a voice confirm and a button confirm end the same way."""
    ctx.require_test_mode()
    outcomes: dict[str, object] = {}
    for method in ("button", "voice"):
        action, _ = propose_action(ctx, "ACT-016")
        exchange = ctx.request(
            "POST",
            "decision",
            params={"actionId": str(action["id"])},
            json_body=bodies.decision("confirm", str(action.get("paramsHash")), method),
        )
        ctx.require(
            "ACT-016",
            exchange.status == 200,
            f"a confirm with method {method!r} answered {exchange.status}",
            exchange=exchange,
        )
        outcomes[method] = ((exchange.json_or_none() or {}).get("action") or {}).get("status")
    ctx.expect(
        "ACT-016",
        outcomes["button"] == outcomes["voice"],
        f"the outcome depends on the method: {outcomes}",
    )
