"""§5 Chat runs: the event stream's shape, idempotent retries, thread ids, cancel, disconnect."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

from talkie_models.protocol import EVENT_STREAM, TEST_ACTION, TEST_CARD, TEST_ERROR, TEST_SLOW, echo_message

from talkie_conformance.checking import CheckContext, check
from talkie_conformance.checks._support import (
    items_of,
    json_answer,
    lifecycle_problems,
    member_of,
    run_started,
)
from talkie_conformance.client import RunRecording
from talkie_conformance.lifecycle import analyze

CANCEL_AFTER = 1.0  # seconds into a slow run before the suite cancels it
CANCEL_GRACE = 2.5  # how long a cancelled stream may go on
POLL = 0.4
SETTLED = 1.2  # the stored answer must stay unchanged this long before the check concludes
MIN_PROGRESS = 2.0  # a run that goes on changes the stored answer at least this long after the hang-up
HELD_BACK = 3.0  # a slow run (~5 s) whose first event comes later than this was held back on its way

LIFECYCLE_MESSAGES = (
    echo_message("Lukáš Horák"),
    TEST_CARD,
    TEST_ACTION,
    TEST_ERROR,
)
_KIND_RULE = {
    "first": "RUN-014",
    "terminal": "RUN-024",
    "after_terminal": "RUN-024",
    "text": "RUN-015",
    "tool": "RUN-016",
    "json": "RUN-010",
}


@check(
    "RUN-001",
    "RUN-010",
    "RUN-014",
    "RUN-015",
    "RUN-016",
    "RUN-017",
    "RUN-018",
    "RUN-024",
    test_mode=True,
)
def run_stream_lifecycle(ctx: CheckContext) -> None:
    """Runs stream valid AG-UI events: RUN_STARTED first, one terminal event last, text and tools nested."""
    ctx.require_test_mode()
    for message in LIFECYCLE_MESSAGES:
        body = ctx.run_input(message)
        recording = ctx.run(body)
        ctx.require(
            "RUN-001",
            recording.status == 200,
            f"{message}: a valid RunAgentInput was answered {recording.status}",
            recording=recording,
        )
        ctx.require(
            "RUN-010",
            recording.exchange.content_type == EVENT_STREAM,
            f"{message}: content type {recording.exchange.content_type or 'missing'}, not text/event-stream",
            recording=recording,
        )
        ctx.expect("RUN-010", recording.completed, f"{message}: the stream never ended", recording=recording)
        for problem in analyze([event.data for event in recording.events]):
            ctx.fail(_KIND_RULE[problem.kind], f"{message}: {problem.message}", recording=recording)
        for index, event in enumerate(recording.events):
            if isinstance(event.data, dict):
                ctx.validate(
                    "RUN-010",
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
        "RUN-014",
        data.get("runId") == body["runId"],
        f"{message}: RUN_STARTED.runId {data.get('runId')!r} is not the request's {body['runId']!r}",
        recording=recording,
    )
    ctx.expect(
        "RUN-014",
        isinstance(data.get("threadId"), str) and bool(data.get("threadId")),
        f"{message}: RUN_STARTED has no threadId",
        recording=recording,
    )


def _tool_calls(ctx: CheckContext, recording: RunRecording, message: str) -> None:
    for event in recording.of_type("TOOL_CALL_START"):
        data = event.data
        ctx.expect(
            "RUN-016",
            isinstance(data.get("toolCallId"), str) and isinstance(data.get("toolCallName"), str),
            f"{message}: TOOL_CALL_START lacks toolCallId or toolCallName",
            recording=recording,
        )
        metadata = data.get("metadata")
        label = metadata.get("label") if isinstance(metadata, dict) else None
        ctx.expect(
            "RUN-017",
            isinstance(label, str) and bool(label.strip()),
            f"{message}: TOOL_CALL_START has no metadata.label",
            recording=recording,
        )
    for event in recording.of_type("TOOL_CALL_END"):
        metadata = event.data.get("metadata")
        ok = metadata.get("ok") if isinstance(metadata, dict) else None
        error = metadata.get("error") if isinstance(metadata, dict) else None
        ctx.expect(
            "RUN-018",
            isinstance(ok, bool) and (error is None or isinstance(error, str)),
            f"{message}: TOOL_CALL_END metadata.ok is {ok!r} (a boolean is required), error {error!r}",
            recording=recording,
        )


@check("RUN-004", test_mode=True)
def run_idempotent_message_id(ctx: CheckContext) -> None:
    """Retrying a run with an already stored message id does not store the message twice."""
    ctx.require_test_mode()
    message_id = ctx.new_id("m")
    text = echo_message("Ilona Procházková")
    first = ctx.run(ctx.run_input(text, message_ids=[message_id]))
    run_started(ctx, first, "first run")
    thread_id = str(first.of_type("RUN_STARTED")[0].data.get("threadId"))
    retry = ctx.run(ctx.run_input(text, thread_id=thread_id, message_ids=[message_id]))
    run_started(ctx, retry, "retried run")
    exchange = ctx.request("GET", "thread", params={"threadId": thread_id})
    detail = json_answer(ctx, "RUN-004", exchange, "ThreadDetail", "GET thread")
    stored = [m for m in items_of(detail, "messages") if m.get("id") == message_id]
    ctx.expect(
        "RUN-004",
        len(stored) == 1,
        f"message {message_id} is stored {len(stored)} times",
        exchange=exchange,
    )
    users = [m for m in items_of(detail, "messages") if m.get("role") == "user"]
    ctx.expect(
        "RUN-004",
        len(users) == 1,
        f"{len(users)} user messages after a retried run",
        exchange=exchange,
    )


@check("RUN-007", test_mode=True)
def run_thread_id_adoption(ctx: CheckContext) -> None:
    """The threadId of RUN_STARTED names the thread that stores the run's messages."""
    ctx.require_test_mode()
    recording = ctx.run_text(echo_message("Radka Kučerová"))
    run_started(ctx, recording, "echo run")
    thread_id = recording.of_type("RUN_STARTED")[0].data.get("threadId")
    ctx.require("RUN-007", isinstance(thread_id, str) and bool(thread_id), "RUN_STARTED has no threadId")
    exchange = ctx.request("GET", "thread", params={"threadId": str(thread_id)})
    detail = json_answer(ctx, "RUN-007", exchange, "ThreadDetail", "GET thread of RUN_STARTED.threadId")
    ctx.expect(
        "RUN-007", member_of(detail, "thread").get("id") == thread_id, "GET thread answered another thread"
    )
    contents = [m.get("content") for m in items_of(detail, "messages")]
    ctx.expect(
        "RUN-007",
        echo_message("Radka Kučerová") in contents and "Radka Kučerová" in contents,
        f"the thread does not hold the run's user message and answer: {contents}",
        exchange=exchange,
    )
    follow_up = ctx.run_text(echo_message("Druhá zpráva"), thread_id=str(thread_id))
    run_started(ctx, follow_up, "second run in the adopted thread")
    again = follow_up.of_type("RUN_STARTED")[0].data.get("threadId")
    ctx.expect(
        "RUN-007",
        again == thread_id,
        f"a run sent to the adopted thread {thread_id} started in {again}",
        recording=follow_up,
    )


@check("RUN-030", "RUN-034", "RUN-024", "RUN-031", test_mode=True)
def run_cancel(ctx: CheckContext) -> None:
    """cancelRun answers {ok: true} for unknown, ended and running runs; a cancelled stream stops and ends.

    The specification says a cancel stops the run (RUN-034) and that every stream ends with RUN_FINISHED or
    RUN_ERROR (RUN-024); how a cancelled stream ends is open, and N-04's RUN_FINISHED with outcome cancelled
    is only recommended (RUN-031, a warning).
    """
    ctx.require_test_mode()
    unknown = ctx.request("POST", "cancelRun", params={"runId": ctx.new_id("r_unknown")})
    json_answer(ctx, "RUN-030", unknown, "OkResponse", "cancel of an unknown run")
    ended = ctx.run_text(echo_message("Petra Navrátilová"))
    run_started(ctx, ended, "echo run")
    ended_id = str(ended.of_type("RUN_STARTED")[0].data.get("runId"))
    again = ctx.request("POST", "cancelRun", params={"runId": ended_id})
    json_answer(ctx, "RUN-030", again, "OkResponse", "cancel of an ended run")

    body = ctx.run_input(TEST_SLOW)
    with ThreadPoolExecutor(max_workers=1) as pool:
        streaming = pool.submit(ctx.client.run, body, timeout=30.0)
        ctx.wait(CANCEL_AFTER)
        cancel = ctx.request("POST", "cancelRun", params={"runId": str(body["runId"])})
        recording = streaming.result()
    ctx.last_recording = recording
    json_answer(ctx, "RUN-030", cancel, "OkResponse", "cancel of a running run")
    run_started(ctx, recording, "the cancelled slow run")
    for problem in lifecycle_problems(recording, kinds={"terminal", "after_terminal"}):
        ctx.fail("RUN-024", f"the cancelled stream is malformed: {problem}", recording=recording)
    last = recording.events[-1]
    ended_after = last.at - CANCEL_AFTER
    ctx.expect(
        "RUN-034",
        ended_after < CANCEL_GRACE,
        f"the stream went on for {ended_after:.1f} s after the cancel (allowed {CANCEL_GRACE} s)",
        recording=recording,
    )
    open_text = lifecycle_problems(recording, kinds={"text"})
    outcome = last.data.get("outcome") if isinstance(last.data, dict) else None
    cancelled = (
        last.type == "RUN_FINISHED" and isinstance(outcome, dict) and outcome.get("type") == "cancelled"
    )
    ctx.expect(
        "RUN-031",
        cancelled and not open_text,
        "N-04 recommends closing the open text message and RUN_FINISHED with outcome cancelled; the "
        f"specification leaves the end of a cancelled stream open (it ended with {last.type}, outcome "
        f"{outcome!r}" + (f"; {open_text[0]}" if open_text else "") + ")",
        recording=recording,
    )


@check("RUN-028", test_mode=True)
def run_disconnect_is_not_cancel(ctx: CheckContext) -> None:
    """A slow run whose client hung up goes on to its end, and its answer is stored in the thread."""
    ctx.require_test_mode()
    body = ctx.run_input(TEST_SLOW)
    recording = ctx.run(body, disconnect_after=3)
    if recording.status != 200 or recording.exchange.content_type != EVENT_STREAM:
        # not a stream the suite could hang up on: RUN-001 and RUN-010 judge the answer itself
        ctx.skip(
            f"the slow run was answered HTTP {recording.status} "
            f"({recording.exchange.content_type or 'no content type'}), not a text/event-stream to hang up "
            "on; RUN-001 and RUN-010 judge that answer"
        )
    if not recording.disconnected or recording.events[0].at >= HELD_BACK:
        # the whole stream, terminal event included, came before the suite could hang up mid-run: it was
        # buffered on its way (RUN-012 judges that with TEST-009) or the run was not slow (TEST-009)
        ctx.skip(
            f"the slow run's stream arrived whole ({len(recording.events)} events by "
            f"{recording.events[-1].at if recording.events else 0.0:.1f} s, its terminal event among them), "
            "so the suite could not hang up while it ran; TEST-009 and RUN-012 judge how it streamed"
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
        "RUN-028",
        bool(content),
        f"{ctx.options.slow_wait:.0f} s after the suite hung up, the thread holds no answer",
    )
    ctx.expect(
        "RUN-028",
        content.startswith(seen) and grew_at is not None and grew_at >= MIN_PROGRESS,
        f"the stored answer stopped changing {grew_at or 0.0:.1f} s after the suite hung up (a run that "
        f"goes on keeps changing it for about {MIN_PROGRESS:.0f} s or more): {content!r}",
    )
