"""§5 Chat runs: the event stream's shape, idempotent retries, thread ids, cancel, disconnect."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

from talkie_conformance import rule_ids as rid
from talkie_conformance.checking import CheckContext, check
from talkie_conformance.checks._support import json_answer, lifecycle_problems, run_started
from talkie_conformance.client import RunRecording
from talkie_conformance.lifecycle import analyze

CANCEL_AFTER = 1.0  # seconds into a slow run before the suite cancels it
CANCEL_GRACE = 2.5  # how long a cancelled stream may go on
POLL = 0.4
SETTLED = 1.2  # the stored answer must stay unchanged this long before the check concludes
MIN_PROGRESS = 2.0  # a run that goes on changes the stored answer at least this long after the hang-up

LIFECYCLE_MESSAGES = (
    "talkie-test:echo Lukáš Horák",
    "talkie-test:card",
    "talkie-test:action",
    "talkie-test:error",
)
_KIND_RULE = {
    "first": rid.RUN_STARTED_FIRST,
    "terminal": rid.RUN_TERMINAL_LAST,
    "after_terminal": rid.RUN_TERMINAL_LAST,
    "text": rid.RUN_TEXT_NESTING,
    "tool": rid.RUN_TOOL_START,
    "json": rid.RUN_STREAM,
}


@check(
    rid.RUN_INPUT,
    rid.RUN_STREAM,
    rid.RUN_STARTED_FIRST,
    rid.RUN_TEXT_NESTING,
    rid.RUN_TOOL_START,
    rid.RUN_TOOL_LABEL,
    rid.RUN_TOOL_END,
    rid.RUN_TERMINAL_LAST,
    test_mode=True,
)
def run_stream_lifecycle(ctx: CheckContext) -> None:
    """Runs stream valid AG-UI events: RUN_STARTED first, one terminal event last, text and tools nested."""
    ctx.require_test_mode()
    for message in LIFECYCLE_MESSAGES:
        body = ctx.run_input(message)
        recording = ctx.run(body)
        ctx.require(
            rid.RUN_INPUT,
            recording.status == 200,
            f"{message}: a valid RunAgentInput was answered {recording.status}",
            recording=recording,
        )
        ctx.require(
            rid.RUN_STREAM,
            recording.exchange.content_type == "text/event-stream",
            f"{message}: content type {recording.exchange.content_type or 'missing'}, not text/event-stream",
            recording=recording,
        )
        ctx.expect(
            rid.RUN_STREAM, recording.completed, f"{message}: the stream never ended", recording=recording
        )
        for problem in analyze([event.data for event in recording.events]):
            ctx.fail(_KIND_RULE[problem.kind], f"{message}: {problem.message}", recording=recording)
        for index, event in enumerate(recording.events):
            if isinstance(event.data, dict):
                ctx.validate(
                    rid.RUN_STREAM,
                    event.data,
                    "StreamEvent",
                    f"{message}: event #{index}",
                    recording=recording,
                )
        _started_ids(ctx, recording, body, message)
        _tool_calls(ctx, recording, message)


def _started_ids(ctx: CheckContext, recording: RunRecording, body: dict[str, object], message: str) -> None:
    started = recording.of_type("RUN_STARTED")
    if not started:
        return
    data = started[0].data
    ctx.expect(
        rid.RUN_STARTED_FIRST,
        data.get("runId") == body["runId"],
        f"{message}: RUN_STARTED.runId {data.get('runId')!r} is not the request's {body['runId']!r}",
        recording=recording,
    )
    ctx.expect(
        rid.RUN_STARTED_FIRST,
        isinstance(data.get("threadId"), str) and bool(data.get("threadId")),
        f"{message}: RUN_STARTED has no threadId",
        recording=recording,
    )


def _tool_calls(ctx: CheckContext, recording: RunRecording, message: str) -> None:
    for event in recording.of_type("TOOL_CALL_START"):
        data = event.data
        ctx.expect(
            rid.RUN_TOOL_START,
            isinstance(data.get("toolCallId"), str) and isinstance(data.get("toolCallName"), str),
            f"{message}: TOOL_CALL_START lacks toolCallId or toolCallName",
            recording=recording,
        )
        metadata = data.get("metadata")
        label = metadata.get("label") if isinstance(metadata, dict) else None
        ctx.expect(
            rid.RUN_TOOL_LABEL,
            isinstance(label, str) and bool(label.strip()),
            f"{message}: TOOL_CALL_START has no metadata.label",
            recording=recording,
        )
    for event in recording.of_type("TOOL_CALL_END"):
        metadata = event.data.get("metadata")
        ok = metadata.get("ok") if isinstance(metadata, dict) else None
        error = metadata.get("error") if isinstance(metadata, dict) else None
        ctx.expect(
            rid.RUN_TOOL_END,
            isinstance(ok, bool) and (error is None or isinstance(error, str)),
            f"{message}: TOOL_CALL_END metadata.ok is {ok!r} (a boolean is required), error {error!r}",
            recording=recording,
        )


@check(rid.RUN_IDEMPOTENT, test_mode=True)
def run_idempotent_message_id(ctx: CheckContext) -> None:
    """Retrying a run with an already stored message id does not store the message twice."""
    ctx.require_test_mode()
    message_id = ctx.new_id("m")
    text = "talkie-test:echo Ilona Procházková"
    first = ctx.run(ctx.run_input(text, message_ids=[message_id]))
    run_started(ctx, first, "first run")
    thread_id = str(first.of_type("RUN_STARTED")[0].data.get("threadId"))
    retry = ctx.run(ctx.run_input(text, thread_id=thread_id, message_ids=[message_id]))
    run_started(ctx, retry, "retried run")
    exchange = ctx.request("GET", "thread", params={"threadId": thread_id})
    detail = json_answer(ctx, rid.RUN_IDEMPOTENT, exchange, "ThreadDetail", "GET thread")
    stored = [m for m in detail["messages"] if m.get("id") == message_id]
    ctx.expect(
        rid.RUN_IDEMPOTENT,
        len(stored) == 1,
        f"message {message_id} is stored {len(stored)} times",
        exchange=exchange,
    )
    users = [m for m in detail["messages"] if m.get("role") == "user"]
    ctx.expect(
        rid.RUN_IDEMPOTENT,
        len(users) == 1,
        f"{len(users)} user messages after a retried run",
        exchange=exchange,
    )


@check(rid.RUN_THREAD_ADOPT, test_mode=True)
def run_thread_id_adoption(ctx: CheckContext) -> None:
    """The threadId of RUN_STARTED names the thread that stores the run's messages."""
    ctx.require_test_mode()
    recording = ctx.run_text("talkie-test:echo Radka Kučerová")
    run_started(ctx, recording, "echo run")
    thread_id = recording.of_type("RUN_STARTED")[0].data.get("threadId")
    ctx.require(
        rid.RUN_THREAD_ADOPT, isinstance(thread_id, str) and bool(thread_id), "RUN_STARTED has no threadId"
    )
    exchange = ctx.request("GET", "thread", params={"threadId": str(thread_id)})
    detail = json_answer(
        ctx, rid.RUN_THREAD_ADOPT, exchange, "ThreadDetail", "GET thread of RUN_STARTED.threadId"
    )
    ctx.expect(
        rid.RUN_THREAD_ADOPT, detail["thread"].get("id") == thread_id, "GET thread answered another thread"
    )
    contents = [m.get("content") for m in detail["messages"]]
    ctx.expect(
        rid.RUN_THREAD_ADOPT,
        "talkie-test:echo Radka Kučerová" in contents and "Radka Kučerová" in contents,
        f"the thread does not hold the run's user message and answer: {contents}",
        exchange=exchange,
    )
    follow_up = ctx.run_text("talkie-test:echo Druhá zpráva", thread_id=str(thread_id))
    run_started(ctx, follow_up, "second run in the adopted thread")
    again = follow_up.of_type("RUN_STARTED")[0].data.get("threadId")
    ctx.expect(
        rid.RUN_THREAD_ADOPT,
        again == thread_id,
        f"a run sent to the adopted thread {thread_id} started in {again}",
        recording=follow_up,
    )


@check(rid.RUN_CANCEL, rid.RUN_CANCEL_STOPS, test_mode=True)
def run_cancel(ctx: CheckContext) -> None:
    """cancelRun answers {ok: true} for unknown, ended and running runs; a cancelled stream ends at once."""
    ctx.require_test_mode()
    unknown = ctx.request("POST", "cancelRun", params={"runId": ctx.new_id("r_unknown")})
    json_answer(ctx, rid.RUN_CANCEL, unknown, "OkResponse", "cancel of an unknown run")
    ended = ctx.run_text("talkie-test:echo Petra Navrátilová")
    run_started(ctx, ended, "echo run")
    ended_id = str(ended.of_type("RUN_STARTED")[0].data.get("runId"))
    again = ctx.request("POST", "cancelRun", params={"runId": ended_id})
    json_answer(ctx, rid.RUN_CANCEL, again, "OkResponse", "cancel of an ended run")

    body = ctx.run_input("talkie-test:slow")
    with ThreadPoolExecutor(max_workers=1) as pool:
        streaming = pool.submit(ctx.client.run, body, timeout=30.0)
        ctx.wait(CANCEL_AFTER)
        cancel = ctx.request("POST", "cancelRun", params={"runId": str(body["runId"])})
        recording = streaming.result()
    ctx.last_recording = recording
    json_answer(ctx, rid.RUN_CANCEL, cancel, "OkResponse", "cancel of a running run")
    run_started(ctx, recording, "the cancelled slow run")
    for problem in lifecycle_problems(recording, kinds={"text", "terminal"}):
        ctx.fail(rid.RUN_CANCEL_STOPS, f"the cancelled stream is malformed: {problem}", recording=recording)
    last = recording.events[-1]
    ended_after = last.at - CANCEL_AFTER
    ctx.expect(
        rid.RUN_CANCEL_STOPS,
        ended_after < CANCEL_GRACE,
        f"the stream went on for {ended_after:.1f} s after the cancel (allowed {CANCEL_GRACE} s)",
        recording=recording,
    )
    outcome = last.data.get("outcome")
    ctx.expect(
        rid.RUN_CANCEL_STOPS,
        last.type == "RUN_FINISHED" and isinstance(outcome, dict) and outcome.get("type") == "cancelled",
        f"the cancelled stream ended with {last.type} outcome {outcome!r}, not RUN_FINISHED cancelled",
        recording=recording,
    )


@check(rid.RUN_DISCONNECT, test_mode=True)
def run_disconnect_is_not_cancel(ctx: CheckContext) -> None:
    """A slow run whose client hung up goes on to its end, and its answer is stored in the thread."""
    ctx.require_test_mode()
    body = ctx.run_input("talkie-test:slow")
    recording = ctx.run(body, disconnect_after=3)
    ctx.require(rid.RUN_DISCONNECT, recording.status == 200, f"slow run answered {recording.status}")
    ctx.require(
        rid.RUN_DISCONNECT, recording.disconnected, "the slow run ended before the suite could hang up"
    )
    hung_up = time.monotonic()
    started = recording.of_type("RUN_STARTED")
    thread_id = str(started[0].data.get("threadId") if started else body["threadId"])
    seen = recording.text()
    content = ""
    grew_at: float | None = None
    stable_since = time.monotonic()
    deadline = hung_up + ctx.options.slow_wait
    while time.monotonic() < deadline:
        ctx.wait(POLL)
        exchange = ctx.request("GET", "thread", params={"threadId": thread_id})
        if exchange.status != 200:
            continue
        messages = (exchange.json_or_none() or {}).get("messages", [])
        answers = [m for m in messages if isinstance(m, dict) and m.get("role") == "assistant"]
        latest = str(answers[-1].get("content", "")) if answers else ""
        now = time.monotonic()
        if latest != content:
            content, grew_at, stable_since = latest, now - hung_up, now
        elif content and now - stable_since >= SETTLED and (grew_at or 0.0) >= MIN_PROGRESS:
            break
    ctx.require(
        rid.RUN_DISCONNECT,
        bool(content),
        f"{ctx.options.slow_wait:.0f} s after the suite hung up, the thread holds no answer",
    )
    ctx.expect(
        rid.RUN_DISCONNECT,
        content.startswith(seen) and grew_at is not None and grew_at >= MIN_PROGRESS,
        f"the stored answer stopped changing {grew_at or 0.0:.1f} s after the suite hung up (a run that "
        f"goes on keeps changing it for about {MIN_PROGRESS:.0f} s or more): {content!r}",
    )
