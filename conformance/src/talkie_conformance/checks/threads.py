"""§9 Threads: the list (newest first, at most 50), the detail, and deletion."""

from __future__ import annotations

import itertools

from talkie_models.protocol import TEST_ACTION, TEST_CARD, echo_message

from talkie_conformance.checking import CheckContext, check
from talkie_conformance.checks._support import (
    action_of,
    current_action,
    decide,
    items_of,
    json_answer,
    parse_time,
    propose_action,
    run_started,
)

MAX_LISTED = 50


@check("THR-001", "THR-002", "THR-007")
def threads_list(ctx: CheckContext) -> None:
    """GET threads lists valid summaries, at most 50, newest first (line 244) by either timestamp.

    The text names no timestamp: a list newest first by `createdAt` or by `updatedAt` passes THR-002; our
    reading (N-09: by `updatedAt`, the thread just continued first) is THR-007, a warning.
    """
    used = None
    if ctx.test_mode:
        recording = ctx.run_text(echo_message("Veronika Šimková"))
        run_started(ctx, recording, "echo run")
        first = recording.of_type("RUN_STARTED")[0].data.get("threadId")
        # a second run in an older thread: continued now, but not the newest by creation
        again = ctx.run_text(echo_message("Veronika Šimková"))
        run_started(ctx, again, "second echo run")
        recording = ctx.run_text(echo_message("Veronika Šimková"), thread_id=str(first))
        run_started(ctx, recording, "echo run in the first thread again")
        used = first
    exchange = ctx.request("GET", "threads")
    body = json_answer(ctx, "THR-001", exchange, "ThreadList", "GET threads")
    threads = items_of(body, "threads")
    ctx.expect("THR-002", len(threads) <= MAX_LISTED, f"{len(threads)} threads listed (at most {MAX_LISTED})")
    by_created = _newest_first(threads, "createdAt")
    by_updated = _newest_first(threads, "updatedAt")
    ctx.expect(
        "THR-002",
        by_created is None or by_updated is None,
        f"the list is newest first neither by createdAt ({by_created}) nor by updatedAt ({by_updated})",
        exchange=exchange,
    )
    ctx.expect(
        "THR-007",
        by_updated is None,
        f"the list is not ordered by updatedAt ({by_updated}): the thread just continued is not on top",
        exchange=exchange,
    )
    if used is not None:
        ctx.expect(
            "THR-007",
            bool(threads) and threads[0].get("id") == used,
            f"the thread just continued ({used}) is not first in the list",
            exchange=exchange,
        )


def _newest_first(threads: list[dict[str, object]], member: str) -> str | None:
    """Where `threads` breaks "newest first" by `member`, said in words; None when it does not."""
    stamps = [parse_time(thread.get(member)) for thread in threads]
    for index in range(1, len(stamps)):
        before, after = stamps[index - 1], stamps[index]
        if before is not None and after is not None and before < after:
            return (
                f"thread #{index} ({threads[index].get('id')}) has a later {member} than thread #{index - 1}"
            )
    return None


@check("THR-003", "THR-004", test_mode=True)
def thread_detail(ctx: CheckContext) -> None:
    """GET thread returns the thread, its messages oldest first with their cards, and its actions."""
    ctx.require_test_mode()
    recording = ctx.run_text(echo_message("Tomáš Vlček"))
    run_started(ctx, recording, "echo run")
    thread_id = str(recording.of_type("RUN_STARTED")[0].data.get("threadId"))
    for follow_up in (TEST_CARD, TEST_ACTION):
        run = ctx.run_text(follow_up, thread_id=thread_id)
        run_started(ctx, run, follow_up)
    exchange = ctx.request("GET", "thread", params={"threadId": thread_id})
    detail = json_answer(ctx, "THR-003", exchange, "ThreadDetail", "GET thread")
    messages = items_of(detail, "messages")
    contents = [m.get("content") for m in messages]
    roles = [m.get("role") for m in messages]
    ctx.expect(
        "THR-004",
        contents[:2] == [echo_message("Tomáš Vlček"), "Tomáš Vlček"]
        and roles[:2] == ["user", "assistant"]
        and contents.index(TEST_CARD) < contents.index(TEST_ACTION)
        if TEST_CARD in contents and TEST_ACTION in contents
        else False,
        f"messages are not oldest first: {list(zip(roles, contents, strict=True))}",
        exchange=exchange,
    )
    stamps = [parse_time(m.get("createdAt")) for m in messages]
    ordered = all(a is None or b is None or a <= b for a, b in itertools.pairwise(stamps))
    ctx.expect("THR-004", ordered, "createdAt of the messages goes backwards", exchange=exchange)
    ctx.expect(
        "THR-003",
        any(m.get("cards") for m in messages if m.get("role") == "assistant"),
        "the card of talkie-test:card is not stored with the assistant message",
        exchange=exchange,
    )
    ctx.expect(
        "THR-003",
        len(items_of(detail, "actions")) == 1,
        f"the thread lists {len(items_of(detail, 'actions'))} actions, expected the one proposed",
        exchange=exchange,
    )


@check("THR-005", "THR-006", test_mode=True)
def thread_delete(ctx: CheckContext) -> None:
    """DELETE thread answers {ok: true}, the thread is gone, and its pending action ends cancelled."""
    ctx.require_test_mode()
    action, thread_id = propose_action(ctx, "THR-005")
    deleted = ctx.request("DELETE", "thread", params={"threadId": thread_id})
    json_answer(ctx, "THR-005", deleted, "OkResponse", "DELETE thread")
    gone = ctx.request("GET", "thread", params={"threadId": thread_id})
    ctx.expect(
        "THR-005", gone.status == 404, f"the deleted thread still answers {gone.status}", exchange=gone
    )
    listed = ctx.request("GET", "threads")
    ids = [t.get("id") for t in (listed.json_or_none() or {}).get("threads", [])]
    ctx.expect("THR-005", thread_id not in ids, "the deleted thread is still listed", exchange=listed)
    after = current_action(ctx, str(action["id"]))
    if after.status == 200:
        status = action_of(after.json_or_none()).get("status")
        ctx.expect(
            "THR-006",
            status == "cancelled",
            f"the deleted thread's pending action is {status!r}, not cancelled",
            exchange=after,
        )
        return
    ctx.require(
        "THR-006",
        after.status == 404,
        f"GET action after the delete answered {after.status}",
        exchange=after,
    )
    # The action is gone from view; it must be gone for decisions too (not left pending behind the scenes).
    confirm = decide(ctx, action, "confirm")
    ctx.expect(
        "THR-006",
        confirm.status >= 400,
        f"the deleted thread's action could still be confirmed (HTTP {confirm.status})",
        exchange=confirm,
    )
