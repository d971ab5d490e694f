"""Two users: what one user owns, another can neither list, read, change, cancel nor decide (§3, §2.1, §10.2).

A token acts as its user (§2.1 "act as the user"), §3 answers a request that is "not allowed for this user"
with 403 forbidden, an unknown thread, action or session with 404 not_found, and §10.2 binds a voice tool call
to "the voice session and the user". These checks need a second identity: a second `--token`, or a second
OAuth sign-in that signs in another user. Without one, or when both identities turn out to be one user (the
same `user.id` in their status), they skip and say why. 403 and 404 both count as a refusal (N-110): 404
also keeps secret that the thing exists. A run the other user names by `threadId` may instead start a thread
of its own (N-62); a cancel of a run the other user does not own may answer `{"ok": true}` as for any unknown
run (§5), so long as the owner's run goes on. Files a card links to are not judged: talkie/1 gives a user
no files of their own, and a card's file may be the deployment's shared data (N-110).
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from talkie_models.protocol import ACTION_EVENT, TEST_ACTION, TEST_SLOW, echo_message
from talkie_models.validation import is_valid

from talkie_conformance.checking import CheckContext, check
from talkie_conformance.client import Exchange, RunRecording

REFUSED = {403: "forbidden", 404: "not_found"}
CANCEL_AFTER = 1.0  # seconds into the owner's slow run before the other user tries to cancel it
NO_SECOND = (
    "needs a second identity: give a second --token (another user's token; --talkie-token twice with the "
    "pytest plugin), or sign in with --oauth on a server whose second sign-in is another user"
)


def other_user(ctx: CheckContext) -> str:
    """The second identity's token; skips unless there is one that belongs to another user."""
    token = ctx.options.other_token
    if not token:
        ctx.skip(NO_SECOND)
    if not ctx.client.usable("status"):
        return token  # no way to compare the two users: take the person's word that they differ
    mine, theirs = ctx.request("GET", "status"), ctx.request("GET", "status", auth=token)
    if theirs.status != 200:
        ctx.skip(f"blocked: GET status with the second identity's token answered {theirs.status}")
    first, second = _user_id(mine), _user_id(theirs)
    if first is not None and first == second:
        ctx.skip(f"both identities are one user (status user.id {first!r}): {NO_SECOND}")
    return token


def _user_id(exchange: Exchange) -> str | None:
    body = exchange.json_or_none()
    user = body.get("user") if isinstance(body, dict) else None
    value = user.get("id") if isinstance(user, dict) else None
    return value if isinstance(value, str) else None


def refused(ctx: CheckContext, rule_id: str, exchange: Exchange, what: str) -> bool:
    """Expect the other user's request to get 403 forbidden or 404 not_found with its §3 code."""
    if exchange.status not in REFUSED:
        ctx.fail(
            rule_id,
            f"{what}: the other user got HTTP {exchange.status}, not 403 forbidden or 404 not_found",
            exchange=exchange,
        )
        return False
    body = exchange.json_or_none()
    code = body["error"].get("code") if is_valid(body, "ErrorResponse") else None
    paired = REFUSED[exchange.status]
    return ctx.expect(
        rule_id,
        code is None or code == paired,
        f"{what}: HTTP {exchange.status} came with code {code!r}; §3 pairs it with {paired}",
        exchange=exchange,
    )


def _owned_action(ctx: CheckContext) -> tuple[dict[str, Any], str, RunRecording]:
    """The first user's run of talkie-test:action: its action, its thread and the recording."""
    recording = ctx.run_text(TEST_ACTION)
    started = recording.of_type("RUN_STARTED")
    actions = recording.custom(ACTION_EVENT)
    value = actions[0].data.get("value") if actions else None
    if recording.status != 200 or not started or not isinstance(value, dict) or "id" not in value:
        ctx.skip(f"blocked: {TEST_ACTION} gave the first user no action to guard (see TEST-006)")
    return value, str(started[0].data.get("threadId")), recording


@check("ERR-014", test_mode=True, section="errors")
def isolation_threads_and_actions(ctx: CheckContext) -> None:
    """Another user can neither list, read, write to nor delete a user's thread, nor read or decide its
    action."""
    ctx.require_test_mode()
    other = other_user(ctx)
    action, thread_id, _ = _owned_action(ctx)
    action_id = str(action["id"])
    listed = ctx.request("GET", "threads", auth=other)
    body = listed.json_or_none()
    threads = body.get("threads") if isinstance(body, dict) else None
    ids = [t.get("id") for t in threads if isinstance(t, dict)] if isinstance(threads, list) else []
    ctx.expect(
        "ERR-014",
        thread_id not in ids,
        f"GET threads of the other user lists the first user's thread {thread_id}",
        exchange=listed,
    )
    thread = {"threadId": thread_id}
    refused(ctx, "ERR-014", ctx.request("GET", "thread", params=thread, auth=other), "GET thread")
    refused(
        ctx, "ERR-014", ctx.request("GET", "action", params={"actionId": action_id}, auth=other), "GET action"
    )
    decision = {"decision": "confirm", "paramsHash": str(action.get("paramsHash")), "method": "button"}
    decided = ctx.request("POST", "decision", params={"actionId": action_id}, json_body=decision, auth=other)
    refused(ctx, "ERR-014", decided, "POST decision (confirm)")
    intruder = echo_message("Cizí zpráva do cizího vlákna")
    run = ctx.run(ctx.run_input(intruder, thread_id=thread_id), auth=other)
    started = run.of_type("RUN_STARTED")
    if run.status == 200 and started:
        ctx.expect(
            "ERR-014",
            started[0].data.get("threadId") != thread_id,
            f"the other user's run naming thread {thread_id} started in it (N-62: a new thread, or 403/404)",
            recording=run,
        )
    elif run.status != 200:
        refused(ctx, "ERR-014", run.exchange, "POST run into the first user's thread")
    refused(ctx, "ERR-014", ctx.request("DELETE", "thread", params=thread, auth=other), "DELETE thread")
    _still_owned(ctx, thread_id, action_id, intruder)


def _still_owned(ctx: CheckContext, thread_id: str, action_id: str, intruder: str) -> None:
    """The first user's thread and action are as they were: not deleted, not written to, not decided."""
    own = ctx.request("GET", "thread", params={"threadId": thread_id})
    ctx.expect(
        "ERR-014",
        own.status == 200,
        f"after the other user's DELETE, the owner's GET thread answers {own.status}",
        exchange=own,
    )
    detail = own.json_or_none()
    messages = detail.get("messages") if isinstance(detail, dict) else None
    contents = (
        [m.get("content") for m in messages if isinstance(m, dict)] if isinstance(messages, list) else []
    )
    ctx.expect(
        "ERR-014",
        intruder not in contents,
        "the other user's message was stored in the first user's thread",
        exchange=own,
    )
    current = ctx.request("GET", "action", params={"actionId": action_id})
    answer = current.json_or_none()
    action = answer.get("action", answer) if isinstance(answer, dict) and "id" not in answer else answer
    status = action.get("status") if isinstance(action, dict) else None
    if current.status == 200:
        ctx.expect(
            "ERR-014",
            status == "pending",
            f"after the other user's decision the action is {status!r}, no longer pending",
            exchange=current,
        )


@check("ERR-014", test_mode=True, section="errors")
def isolation_run_cancel(ctx: CheckContext) -> None:
    """Another user's cancelRun with a user's runId does not stop that user's run."""
    ctx.require_test_mode()
    other = other_user(ctx)
    body = ctx.run_input(TEST_SLOW)
    with ThreadPoolExecutor(max_workers=1) as pool:
        streaming = pool.submit(ctx.client.run, body)
        ctx.wait(CANCEL_AFTER)
        cancel = ctx.request("POST", "cancelRun", params={"runId": str(body["runId"])}, auth=other)
        recording = streaming.result()
    ctx.last_recording = recording
    if not 200 <= cancel.status < 300:
        refused(ctx, "ERR-014", cancel, "POST cancelRun of the first user's run")
    if recording.status != 200 or not recording.events:
        ctx.skip(
            f"blocked: the first user's slow run answered {recording.status} with no events (see TEST-009)"
        )
    last = recording.events[-1].data if isinstance(recording.events[-1].data, dict) else {}
    outcome = last.get("outcome")
    cancelled = isinstance(outcome, dict) and outcome.get("type") == "cancelled"
    ctx.expect(
        "ERR-014",
        last.get("type") == "RUN_FINISHED" and not cancelled,
        "the first user's run stopped after another user's cancelRun named its runId "
        f"(it ended with {last.get('type')}, outcome {outcome!r})",
        recording=recording,
    )


@check("ERR-014", "VOICE-015", voice=True, section="errors")
def isolation_voice(ctx: CheckContext) -> None:
    """Another user can call no tool of a user's voice session, nor post its transcript or usage."""
    other = other_user(ctx)
    opened = ctx.request("POST", "voiceSessions", json_body={"locale": "cs"})
    session = opened.json_or_none()
    if opened.status not in (200, 201) or not isinstance(session, dict) or "voiceSessionId" not in session:
        ctx.skip(f"blocked: POST voiceSessions answered {opened.status} (see VOICE-002)")
    session_id = str(session["voiceSessionId"])
    labels = session.get("labels")
    tool = sorted(labels)[0] if isinstance(labels, dict) and labels else "search_records"
    call = {"callId": ctx.new_id("call"), "arguments": json.dumps({"query": "Horizont Logistika"})}
    params = {"voiceSessionId": session_id}
    tool_call = ctx.request("POST", "voiceTool", params={**params, "name": tool}, json_body=call, auth=other)
    refused(ctx, "VOICE-015", tool_call, f"POST voiceTool {tool} in the first user's session")
    if ctx.client.usable("voiceTranscript"):
        line = {"role": "user", "text": "Cizí přepis", "itemId": ctx.new_id("item")}
        posted = ctx.request("POST", "voiceTranscript", params=params, json_body=line, auth=other)
        refused(ctx, "ERR-014", posted, "POST voiceTranscript to the first user's session")
    if ctx.client.usable("voiceUsage"):
        usage = ctx.request(
            "POST", "voiceUsage", params=params, json_body={"seconds": 5, "final": False}, auth=other
        )
        refused(ctx, "ERR-014", usage, "POST voiceUsage to the first user's session")
