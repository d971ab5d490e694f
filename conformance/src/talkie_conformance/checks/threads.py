"""§9 Threads: the list (newest first, at most 50), the detail, and deletion."""

from __future__ import annotations

import itertools

from talkie_conformance import rule_ids as rid
from talkie_conformance.checking import CheckContext, check
from talkie_conformance.checks._support import (
    current_action,
    decide,
    json_answer,
    parse_time,
    propose_action,
    run_started,
)

MAX_LISTED = 50


@check(rid.THR_LIST, rid.THR_ORDER)
def threads_list(ctx: CheckContext) -> None:
    """GET threads lists valid summaries, at most 50, most recently updated first."""
    newest = None
    if ctx.test_mode:
        recording = ctx.run_text("talkie-test:echo Veronika Šimková")
        run_started(ctx, recording, "echo run")
        newest = recording.of_type("RUN_STARTED")[0].data.get("threadId")
    exchange = ctx.request("GET", "threads")
    body = json_answer(ctx, rid.THR_LIST, exchange, "ThreadList", "GET threads")
    threads = body["threads"]
    ctx.expect(
        rid.THR_ORDER, len(threads) <= MAX_LISTED, f"{len(threads)} threads listed (at most {MAX_LISTED})"
    )
    stamps = [parse_time(thread.get("updatedAt")) for thread in threads]
    for index in range(1, len(stamps)):
        before, after = stamps[index - 1], stamps[index]
        if before is not None and after is not None and before < after:
            ctx.fail(
                rid.THR_ORDER,
                f"thread #{index} ({threads[index].get('id')}) was updated after thread #{index - 1}: "
                "the list is not newest first",
                exchange=exchange,
            )
            break
    if newest is not None:
        ctx.expect(
            rid.THR_ORDER,
            bool(threads) and threads[0].get("id") == newest,
            f"the thread just used ({newest}) is not first in the list",
            exchange=exchange,
        )


@check(rid.THR_DETAIL, rid.THR_MESSAGE_ORDER, test_mode=True)
def thread_detail(ctx: CheckContext) -> None:
    """GET thread returns the thread, its messages oldest first with their cards, and its actions."""
    ctx.require_test_mode()
    recording = ctx.run_text("talkie-test:echo Tomáš Vlček")
    run_started(ctx, recording, "echo run")
    thread_id = str(recording.of_type("RUN_STARTED")[0].data.get("threadId"))
    for follow_up in ("talkie-test:card", "talkie-test:action"):
        run = ctx.run_text(follow_up, thread_id=thread_id)
        run_started(ctx, run, follow_up)
    exchange = ctx.request("GET", "thread", params={"threadId": thread_id})
    detail = json_answer(ctx, rid.THR_DETAIL, exchange, "ThreadDetail", "GET thread")
    messages = detail["messages"]
    contents = [m.get("content") for m in messages]
    roles = [m.get("role") for m in messages]
    ctx.expect(
        rid.THR_MESSAGE_ORDER,
        contents[:2] == ["talkie-test:echo Tomáš Vlček", "Tomáš Vlček"]
        and roles[:2] == ["user", "assistant"]
        and contents.index("talkie-test:card") < contents.index("talkie-test:action")
        if "talkie-test:card" in contents and "talkie-test:action" in contents
        else False,
        f"messages are not oldest first: {list(zip(roles, contents, strict=True))}",
        exchange=exchange,
    )
    stamps = [parse_time(m.get("createdAt")) for m in messages]
    ordered = all(a is None or b is None or a <= b for a, b in itertools.pairwise(stamps))
    ctx.expect(rid.THR_MESSAGE_ORDER, ordered, "createdAt of the messages goes backwards", exchange=exchange)
    ctx.expect(
        rid.THR_DETAIL,
        any(m.get("cards") for m in messages if m.get("role") == "assistant"),
        "the card of talkie-test:card is not stored with the assistant message",
        exchange=exchange,
    )
    ctx.expect(
        rid.THR_DETAIL,
        len(detail.get("actions", [])) == 1,
        f"the thread lists {len(detail.get('actions', []))} actions, expected the one proposed",
        exchange=exchange,
    )


@check(rid.THR_DELETE, rid.THR_DELETE_CANCELS, test_mode=True)
def thread_delete(ctx: CheckContext) -> None:
    """DELETE thread answers {ok: true}, the thread is gone, and its pending action ends cancelled."""
    ctx.require_test_mode()
    action, thread_id = propose_action(ctx, rid.THR_DELETE)
    deleted = ctx.request("DELETE", "thread", params={"threadId": thread_id})
    json_answer(ctx, rid.THR_DELETE, deleted, "OkResponse", "DELETE thread")
    gone = ctx.request("GET", "thread", params={"threadId": thread_id})
    ctx.expect(
        rid.THR_DELETE, gone.status == 404, f"the deleted thread still answers {gone.status}", exchange=gone
    )
    listed = ctx.request("GET", "threads")
    ids = [t.get("id") for t in (listed.json_or_none() or {}).get("threads", [])]
    ctx.expect(rid.THR_DELETE, thread_id not in ids, "the deleted thread is still listed", exchange=listed)
    after = current_action(ctx, str(action["id"]))
    if after.status == 200:
        status = (after.json_or_none() or {}).get("status")
        ctx.expect(
            rid.THR_DELETE_CANCELS,
            status == "cancelled",
            f"the deleted thread's pending action is {status!r}, not cancelled",
            exchange=after,
        )
        return
    ctx.require(
        rid.THR_DELETE_CANCELS,
        after.status == 404,
        f"GET action after the delete answered {after.status}",
        exchange=after,
    )
    # The action is gone from view; it must be gone for decisions too (not left pending behind the scenes).
    confirm = decide(ctx, action, "confirm")
    ctx.expect(
        rid.THR_DELETE_CANCELS,
        confirm.status >= 400,
        f"the deleted thread's action could still be confirmed (HTTP {confirm.status})",
        exchange=confirm,
    )
