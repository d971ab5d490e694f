"""The run engine: perform agent plans and publish their events, apart from the HTTP request.

A run is owned by the :class:`RunManager`, not by the HTTP request that started it. Its steps up to the first
pause are performed at once, inside the request's transaction; a run that never pauses (echo, card, action,
error) is thereby finished and stored before its answer starts. From the first pause on, an asyncio task
carries the run. The SSE response only *subscribes*; when the client disconnects the subscription ends and
the task goes on to store its result (§5, disconnect is not cancel). Cancel sets the run's stop signal: a
pause wakes up at once, no further step is performed, an open text message is closed, the partial text is
stored and the stream ends with ``RUN_FINISHED`` and the cancelled outcome (notes N-04).

Every event is kept in memory (encoded, as its frame) while the run lives, so a retry with the same `runId`
re-streams it (notes N-05), and written with the run's final state when it ends.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Generator
from dataclasses import dataclass, field
from typing import Any, Protocol

from talkie_models import (
    Action,
    ActionEvent,
    CardEvent,
    RunErrorEvent,
    RunErrorMetadata,
    RunFinishedCancelledOutcome,
    RunFinishedEvent,
    RunFinishedSuccessOutcome,
    RunStartedEvent,
    TalkieModel,
    TextMessageContentEvent,
    TextMessageEndEvent,
    TextMessageStartEvent,
)
from talkie_models.protocol import AG_UI_PROTOCOL_VERSION, CARD_EVENT
from talkie_models.sse import encode_comment, encode_event

from talkie_mock.engine import statefile
from talkie_mock.engine.plans import ActionSpec, Emit, Fail, Paced, Propose, Said, Sleep, Step, Unsafe, Usage
from talkie_mock.engine.store import MessageRow, Store
from talkie_mock.engine.variations import StreamShaper, Variations, record
from talkie_mock.engine.wire import Plain, dumps, text_delta, wire
from talkie_mock.errors import message as error_message
from talkie_mock.errors import retryable

log = logging.getLogger("talkie_mock.engine.runs")
PING = encode_comment("ping")


def started(thread_id: str, run_id: str) -> RunStartedEvent:
    """`RUN_STARTED` with the AG-UI version the mock speaks (AG-UI 1.0: a producer declares it)."""
    return RunStartedEvent(
        type="RUN_STARTED", thread_id=thread_id, run_id=run_id, protocol_version=AG_UI_PROTOCOL_VERSION
    )


_RUN_STARTED = Plain(started("\x00t", "\x00r"), "thread_id", "run_id")
_RUN_FINISHED = Plain(
    RunFinishedEvent(type="RUN_FINISHED", thread_id="\x00t", run_id="\x00r"), "thread_id", "run_id"
)
_TEXT_START = Plain(
    TextMessageStartEvent(type="TEXT_MESSAGE_START", message_id="\x00m", role="assistant"), "message_id"
)
_TEXT_END = Plain(TextMessageEndEvent(type="TEXT_MESSAGE_END", message_id="\x00m"), "message_id")


class RunServices(Protocol):
    """What a running plan may ask of the rest of the mock (and nothing more: no decisions)."""

    def propose(self, spec: ActionSpec, user_id: str, thread_id: str) -> TalkieModel:
        """Store a proposed action and return the `Action` model."""
        ...

    def usage_event(self, user_id: str, tokens: int) -> TalkieModel:
        """Count tokens and return the `talkie.usage` event."""
        ...

    def now_ms(self) -> int: ...

    def event_published(self, event: dict[str, Any]) -> None:
        """Observe each event (self-check, later the inspector)."""
        ...


@dataclass(slots=True)
class LiveRun:
    """One run while it lives. Waiting is done on bare futures, not asyncio.Event: an Event carries a deque
    of its own, and thousands of concurrent runs each hold their waiters for seconds (and slots, no dict)."""

    user_id: str
    run_id: str
    thread_id: str
    locale: str
    frames: list[bytes] = field(default_factory=list)  # the events, encoded (kept once, not also as dicts)
    done: bool = False
    status: str = "running"
    stopped: bool = False
    task: asyncio.Task[None] | None = None
    readers: list[asyncio.Future[None]] = field(default_factory=list)  # subscriptions waiting for news
    pausing: asyncio.Future[None] | None = None  # the pause the run sits in, if any
    created_at: int = 0
    shaper: StreamShaper | None = None  # `--vary`: how this run's events go on the wire
    variant: str = ""  # `--vary`: the key of this run's choices

    def publish(self, event: dict[str, Any]) -> None:
        self.frames.append(encode_event(event))
        self._wake()

    def publish_ping(self) -> None:
        """A `: ping` comment among the events (`--vary`); not an event, so never stored."""
        self.frames.append(PING)

    def events_json(self) -> str:
        """The events as one JSON array, from the frames already encoded (`data: <json>` + blank line)."""
        events = (frame[6:-2] for frame in self.frames if frame[:1] == b"d")
        return "[" + b",".join(events).decode("utf-8") + "]"

    def finish(self) -> None:
        self.done = True
        self._wake()

    def stop(self) -> None:
        """Ask the run to stop: no further step is performed, and a pause ends at once."""
        self.stopped = True
        if self.pausing is not None and not self.pausing.done():
            self.pausing.set_result(None)

    async def changed(self) -> None:
        """Wait until something is published (or the run ends, or a reader is woken for a ping)."""
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.readers.append(waiter)
        await waiter

    def _wake(self) -> None:
        if self.readers:
            readers, self.readers = self.readers, []
            for waiter in readers:
                if not waiter.done():
                    waiter.set_result(None)


class Subscription:
    """A reader of one run's frames from the start; replays what it missed, then follows live.

    Quiet periods get a ping (`[]`) after `timeout` seconds. One timer per subscription is re-armed only when
    it fires, instead of a timeout around every wait: a stream wakes once per event, and thousands of
    concurrent streams would otherwise create and cancel a timer for each of their events.
    """

    __slots__ = ("_answered", "_next", "_ping_due", "_run", "_static", "_timer")

    def __init__(self, run: LiveRun | None, frames: list[bytes] | None = None) -> None:
        self._run = run
        self._static = frames
        self._next = 0
        self._answered = 0.0  # loop time of the last answer (frames or a ping)
        self._ping_due = False
        self._timer: asyncio.TimerHandle | None = None

    def finished_frames(self) -> list[bytes] | None:
        """All the frames not read yet, if the run has already ended (None while it goes on)."""
        run = self._run
        if run is None:
            frames, self._static = self._static or [], None
            return frames
        if not run.done:
            return None
        fresh = run.frames[self._next :]
        self._next = len(run.frames)
        return fresh

    async def next_frames(self, timeout: float) -> list[bytes] | None:
        if self._run is None:
            frames, self._static = self._static, None
            return frames or None
        run = self._run
        loop = asyncio.get_running_loop()
        if self._timer is None:
            self._answered = loop.time()
            self._timer = loop.call_at(self._answered + timeout, self._check, loop, timeout)
        while self._next >= len(run.frames):
            if run.done:
                self._timer.cancel()  # the stream ends: no timer left behind for the loop to carry
                return None
            if self._ping_due:
                self._ping_due = False
                self._answered = loop.time()
                return []
            await run.changed()
        fresh = run.frames[self._next :]
        self._next += len(fresh)
        self._answered = loop.time()
        self._ping_due = False  # the frames just sent make a ping needless
        return fresh

    def _check(self, loop: asyncio.AbstractEventLoop, timeout: float) -> None:
        """The ping timer: wake the reader if it has been quiet for `timeout`, else wait for the rest."""
        run = self._run
        if run is None or run.done:
            self._timer = None
            return
        due = self._answered + timeout
        if loop.time() >= due - 0.001:
            self._ping_due = True
            run._wake()
            due = loop.time() + timeout
        self._timer = loop.call_at(due, self._check, loop, timeout)


async def _pause(run: LiveRun, seconds: float) -> None:
    """Wait `seconds`, or less if the run is cancelled meanwhile (one future and one timer per pause)."""
    if seconds <= 0 or run.stopped:
        return
    loop = asyncio.get_running_loop()
    waiter: asyncio.Future[None] = loop.create_future()
    timer = loop.call_later(seconds, _end_pause, waiter)
    run.pausing = waiter
    try:
        await waiter
    finally:
        timer.cancel()
        run.pausing = None


def _end_pause(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


class RunManager:
    """Starts, follows and cancels runs."""

    def __init__(self, store: Store, services: RunServices, variations: Variations | None = None) -> None:
        self.store = store
        self.services = services
        self.variations = variations or Variations(None)
        self.live: dict[tuple[str, str], LiveRun] = {}

    def get_live(self, user_id: str, run_id: str) -> LiveRun | None:
        return self.live.get((user_id, run_id))

    def start(
        self,
        user_id: str,
        run_id: str,
        thread_id: str,
        steps: list[Step],
        locale: str,
        variant: str | None = None,
    ) -> LiveRun:
        """Perform the run up to its first pause; a task carries on from there.

        The steps before the first pause run right here, inside the caller's transaction (Store.hold): a run
        that never pauses (echo, card, action, error) is finished and stored, in one row written once,
        before the answer starts, and needs no task. A run that pauses is recorded as `running` first. The
        caller subscribes to the returned run either way.
        """
        run = LiveRun(user_id=user_id, run_id=run_id, thread_id=thread_id, locale=locale)
        # `--vary`: the shape follows the message (§11 answers stay deterministic), the run id by default
        run.variant = variant or run_id
        run.shaper = self.variations.shaper(run.variant, self.services.now_ms)
        with self.store.batch():
            run.created_at = self.services.now_ms()
            self.live[(user_id, run_id)] = run
            script = self._script(run, steps)
            pending = next(script, None)
            if pending is not None:  # it goes on in a task: a restart meanwhile finds it running (recover)
                self.store.runs.create_run(user_id, run_id, thread_id, "running", run.created_at)
        if pending is not None:
            run.task = asyncio.get_running_loop().create_task(
                self._follow(script, pending), name=f"run {run_id}"
            )
        return run

    def finished_immediately(
        self, user_id: str, run_id: str, thread_id: str, *, cancelled: bool, record: bool = True
    ) -> list[bytes]:
        """A run with nothing to do: `RUN_STARTED` then `RUN_FINISHED` (cancelled before it came, N-04)."""
        canonical = [wire(started(thread_id, run_id)), wire(self._finished(thread_id, run_id, cancelled))]
        shaper = self.variations.shaper(run_id, self.services.now_ms)
        events = [e for c in canonical for e in shaper.shape(c)] if shaper is not None else canonical
        for event in events:
            self.services.event_published(event)
        status = "cancelled" if cancelled else "finished"
        if record:
            self.store.runs.end_run(user_id, run_id, thread_id, status, self.services.now_ms(), dumps(events))
        else:  # the row is there already (a cancel's tombstone): it keeps its thread and time
            self.store.runs.finish_run(user_id, run_id, status, events)
        return [encode_event(e) for e in events]

    async def cancel(self, user_id: str, run_id: str) -> None:
        """Stop the work of a live run and wait (briefly) until its partial result is stored."""
        run = self.live.get((user_id, run_id))
        if run is None:
            if self.store.runs.get_run(user_id, run_id) is None:
                self.store.runs.tombstone_run(user_id, run_id, self.services.now_ms())
            return
        run.stop()
        if run.task is not None:
            try:
                await asyncio.wait_for(asyncio.shield(run.task), 5.0)
            except TimeoutError:  # pragma: no cover - a plan step never blocks this long
                log.warning("run %s did not stop within 5 s", run_id)

    async def shutdown(self) -> None:
        """Stop every live run so its partial result is stored before the state closes."""
        runs = list(self.live.values())
        for run in runs:
            run.stop()
        tasks = [r.task for r in runs if r.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=5.0)

    def recover(self) -> None:
        """Runs a crash left `running`: close them with RUN_ERROR so a replay still ends."""
        for row in self.store.runs.interrupted_runs():
            thread_id = row.thread_id or ""
            events = [
                *row.events,
                wire(started(thread_id, row.id)) if not row.events else None,
                wire(
                    RunErrorEvent(
                        type="RUN_ERROR",
                        message=error_message("internal", "en"),
                        code="internal",
                        metadata=RunErrorMetadata(retryable=retryable("internal")),
                    )
                ),
            ]
            self.store.runs.finish_run(row.user_id, row.id, "error", [e for e in events if e is not None])

    # -- the task -------------------------------------------------------------------------------------------

    async def _follow(self, script: Generator[Awaitable[None], None, None], pending: Awaitable[None]) -> None:
        """Carry a run on from its first pause: wait for what the script asks, then perform the next steps.

        The steps between two pauses share one transaction (Store.hold), committed before the run waits: a
        frame reaches the wire only after the loop regains control, so every frame still leaves after what
        it reports was stored, as with a commit per write.
        """
        self.store.hold()
        try:
            while True:
                self.store.release()
                try:
                    await pending
                finally:
                    self.store.hold()
                following = next(script, None)
                if following is None:
                    return
                pending = following
        except BaseException:
            script.close()  # a cancelled task: the script's cleanup still stores the run
            raise
        finally:
            self.store.release()

    def _script(self, run: LiveRun, steps: list[Step]) -> Generator[Awaitable[None], None, None]:
        """The run as a generator: it performs steps and yields each wait (a pause) to whoever drives it."""
        tracker = _TextTracker(self.store, run, self.services)
        try:
            if run.shaper is None:
                self._publish(run, _RUN_STARTED(run.thread_id, run.run_id))
            else:
                self._emit(run, tracker, started(run.thread_id, run.run_id))
            failed = False
            remaining = steps[::-1]  # taken from the end: a performed step (its event model) is let go
            del steps  # (the caller's list too: this frame lives as long as the run)
            index = -1
            while remaining:
                step = remaining.pop()
                index += 1
                if run.stopped:
                    break
                if isinstance(step, Sleep):
                    if step.seconds > 0:
                        yield _pause(run, step.seconds)
                elif isinstance(step, Said):
                    self._say(run, tracker, step)
                elif isinstance(step, Emit):
                    self._emit(run, tracker, step.event)
                elif isinstance(step, Unsafe):  # the scenario's escape hatch: as written, marked
                    record(UNSAFE_LABEL)
                    self.services.event_published(step.event)
                    run.publish(step.event)
                elif isinstance(step, Paced):
                    for delta in step.deltas:
                        if run.stopped:
                            break
                        self._emit_delta(run, tracker, step.message_id, delta)
                        if step.pause > 0:
                            yield _pause(run, step.pause)
                elif isinstance(step, Propose):
                    action = self.services.propose(step.spec, run.user_id, run.thread_id)
                    self._emit(
                        run,
                        tracker,
                        ActionEvent(
                            type="CUSTOM",
                            name="talkie.action",
                            value=Action.model_validate(action.model_dump()),
                        ),
                    )
                elif isinstance(step, Usage):
                    self._emit(run, tracker, self.services.usage_event(run.user_id, step.tokens))
                elif isinstance(step, Fail):
                    tracker.close(lambda e: self._emit(run, tracker, e))
                    self._emit(run, tracker, self._run_error(step.code, step.message, run.locale))
                    failed = True
                    break
                # Steps without a pause run back to back, so their frames leave in one write (a yield after
                # each cost a wake-up and a send per event); a long scripted plan still yields now and then.
                if index % 32 == 31:
                    yield asyncio.sleep(0)
            if failed:
                run.status = "error"
            elif run.stopped:
                tracker.close(lambda e: self._emit(run, tracker, e))
                self._emit(
                    run, tracker, self._finished(run.thread_id, run.run_id, True, run.locale, run.variant)
                )
                run.status = "cancelled"
            else:
                tracker.close(lambda e: self._emit(run, tracker, e))
                if run.shaper is None and not self.variations.explicit_success(run.variant):
                    self._publish(run, _RUN_FINISHED(run.thread_id, run.run_id))  # `_finished`'s plain end
                else:
                    self._emit(
                        run, tracker, self._finished(run.thread_id, run.run_id, False, key=run.variant)
                    )
                run.status = "finished"
        except Exception as exc:
            if statefile.disk_full(exc):  # not a bug: one line for the whole time the disk stays full
                statefile.tell_disk_full(log, exc)
            else:
                log.exception("run %s failed inside the mock", run.run_id)
            run.status = "error"
            run.publish(wire(self._run_error("internal", None, run.locale)))
        finally:
            tracker.flush()
            try:
                self.store.runs.end_run(
                    run.user_id, run.run_id, run.thread_id, run.status, run.created_at, run.events_json()
                )
            finally:
                self.live.pop((run.user_id, run.run_id), None)
                run.finish()

    def _finished(
        self, thread_id: str, run_id: str, cancelled: bool, locale: str = "en", key: str | None = None
    ) -> TalkieModel:
        """The last event of a run that was not failed: by default RUN_FINISHED, with the cancelled outcome
        when it was cancelled (notes N-04); `--vary` takes the
        other endings the specification leaves open (N-51)."""
        vary, key = self.variations, key or run_id
        if cancelled:
            end = vary.cancel_end(key)
            outcome: Any = RunFinishedCancelledOutcome(type="cancelled") if end == "outcome" else None
        else:
            outcome = RunFinishedSuccessOutcome(type="success") if vary.explicit_success(key) else None
        if outcome is None:  # left out rather than set to None: the event keeps engine.wire's quick path
            return RunFinishedEvent(type="RUN_FINISHED", thread_id=thread_id, run_id=run_id)
        return RunFinishedEvent(type="RUN_FINISHED", thread_id=thread_id, run_id=run_id, outcome=outcome)

    def _run_error(self, code: str, message: str | None, locale: str) -> RunErrorEvent:
        text = message or error_message(code, locale)
        return RunErrorEvent(
            type="RUN_ERROR", message=text, code=code, metadata=RunErrorMetadata(retryable=retryable(code))
        )

    def _publish(self, run: LiveRun, event: dict[str, Any]) -> None:
        """An event built without its model (engine.wire.Plain), which no history needs to see."""
        self.services.event_published(event)
        run.publish(event)

    def _say(self, run: LiveRun, tracker: _TextTracker, step: Said) -> None:
        """A whole text message, stored as it ends (before its end goes out, as `_emit` does)."""
        if run.shaper is not None:  # `--vary` shapes events from their models
            for model in step.models():
                self._emit(run, tracker, model)
            return
        message_id = step.message_id
        tracker.opened(message_id)
        self._publish(run, _TEXT_START(message_id))
        for delta in step.deltas:
            tracker.parts.append(delta)
            self._publish(run, text_delta(message_id, delta))
        tracker.ended(message_id)
        self._publish(run, _TEXT_END(message_id))

    def _emit_delta(self, run: LiveRun, tracker: _TextTracker, message_id: str, delta: str) -> None:
        """A paced text delta: the one event a slow run sends again and again, so without a model on the
        plain path (engine.wire.text_delta)."""
        if run.shaper is not None:  # `--vary` shapes events from their models
            content = TextMessageContentEvent(type="TEXT_MESSAGE_CONTENT", message_id=message_id, delta=delta)
            self._emit(run, tracker, content)
            return
        event = text_delta(message_id, delta)
        tracker.parts.append(delta)
        self.services.event_published(event)
        run.publish(event)

    def _emit(self, run: LiveRun, tracker: _TextTracker, model: TalkieModel) -> None:
        event = wire(model)
        shaper = run.shaper
        if shaper is None:
            tracker.observe(model, event)
            self.services.event_published(event)
            run.publish(event)
            return
        shaped = shaper.shape(event)
        # history keeps what the client was shown (a card in its variant), text from the canonical events
        kept = next((e for e in shaped if e.get("name") == event.get("name") == CARD_EVENT), event)
        tracker.observe(model, kept)
        for out in shaped:
            if shaper.ping():
                run.publish_ping()
            self.services.event_published(out)
            run.publish(out)


UNSAFE_LABEL = "UNSAFE: a scenario step sent content the schemas forbid, on purpose (`unsafe`)"


class _TextTracker:
    """Turns the text and card events of a run into stored assistant messages (§9 thread history)."""

    def __init__(self, store: Store, run: LiveRun, services: RunServices) -> None:
        self.store = store
        self.run = run
        self.services = services
        self.open_id: str | None = None
        self.parts: list[str] = []
        self.cards: list[dict[str, Any]] = []
        self.last_message: str | None = None

    def observe(self, model: TalkieModel, event: dict[str, Any]) -> None:
        if isinstance(model, TextMessageStartEvent):
            self.opened(model.message_id)
        elif isinstance(model, TextMessageContentEvent):
            self.parts.append(model.delta)
        elif isinstance(model, TextMessageEndEvent):
            self.ended(model.message_id)
        elif isinstance(model, CardEvent):
            self.cards.append(event["value"])

    def opened(self, message_id: str) -> None:
        """A text message starts: its deltas are gathered from here."""
        self.open_id = message_id
        self.parts = []

    def ended(self, message_id: str) -> None:
        """A text message ends: it is stored, with the cards that came before it."""
        self._store_text(message_id)

    def close(self, emit: Callable[[TalkieModel], None]) -> None:
        """Close an open text message (on cancel or error) so the stream stays well-formed."""
        if self.open_id is not None:
            emit(TextMessageEndEvent(type="TEXT_MESSAGE_END", message_id=self.open_id))

    def _store_text(self, message_id: str) -> None:
        now = self.services.now_ms()
        row = MessageRow(
            id=message_id,
            thread_id=self.run.thread_id,
            role="assistant",
            content="".join(self.parts),
            created_at=now,
            channel=None,
            cards=self.cards,
        )
        self.store.threads.add_messages(self.run.thread_id, [row], now)
        self.last_message = message_id
        self.open_id = None
        self.parts = []
        self.cards = []

    def flush(self) -> None:
        """Cards not followed by text join the last message of the run (or form a message of their own)."""
        if self.open_id is not None:
            self._store_text(self.open_id)
        if not self.cards:
            return
        if self.last_message is not None:
            self.store.threads.append_cards(self.run.thread_id, self.last_message, self.cards)
        else:
            now = self.services.now_ms()
            row = MessageRow(
                id=f"{self.run.run_id}:cards",
                thread_id=self.run.thread_id,
                role="assistant",
                content="",
                created_at=now,
                channel=None,
                cards=self.cards,
            )
            self.store.threads.add_messages(self.run.thread_id, [row], now)
        self.cards = []
