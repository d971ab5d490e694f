"""A Hypothesis state machine that drives runs, decisions, cancels and deletes against a model of talkie/1.

The model knows what the spec promises; after every step the invariants compare it with the server:
an action is decided at most once, a deleted thread's pending actions end cancelled, and the thread list
stays ordered newest first without deleted threads.
"""

from __future__ import annotations

import itertools
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import httpx
import pydantic
from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, consumes, initialize, invariant, multiple, rule
from talkie_models.protocol import ACTION_EVENT, TEST_ACTION, echo_message

from talkie_conformance import bodies
from talkie_conformance.checks._support import action_of, parse_time
from talkie_conformance.client import Exchange, RunRecording, TalkieClient
from talkie_conformance.errors import ConformanceError
from talkie_conformance.findings import Evidence, Finding, Severity, Verdict
from talkie_conformance.lifecycle import analyze
from talkie_conformance.limits import ServerLimitError

_T = TypeVar("_T")

ECHO_TEXTS = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40).map(
    echo_message
)
ORIGIN = "statemachine"


@dataclass
class ModelAction:
    """What the model expects of one action."""

    id: str
    thread_id: str
    params_hash: str
    decision: str | None = None
    thread_deleted: bool = False

    def expected_status(self) -> set[str]:
        """Statuses the server may report now."""
        if self.decision == "confirm":
            return {"running", "done", "failed"}
        if self.decision == "cancel" or self.thread_deleted:
            return {"cancelled"}
        return {"pending"}


def server_fault(exc: BaseException) -> str | None:
    """What the server did, when `exc` is its doing rather than the suite's (None otherwise).

    A transport failure, text that is not valid Unicode (a lone surrogate in its JSON), or a value the
    protocol models refuse (an id of the server's that a request body cannot carry) all come from answers.
    """
    if isinstance(exc, ServerLimitError):
        return (
            f"the server never answered: {exc}"
            if "no answer" in exc.detail
            else f"the server hit a limit: {exc}"
        )
    if isinstance(exc, httpx.HTTPError):
        return f"the server could not be reached: {type(exc).__name__}: {exc}"
    if isinstance(exc, UnicodeError | pydantic.ValidationError):
        first = str(exc).splitlines()
        return f"the server's answer cannot be used: {type(exc).__name__}: {' '.join(first[:3])}"
    return None


class ServerStoppedError(ConformanceError):
    """The server made a step impossible (a limit hit, bytes that are not text); the machine stops."""


@dataclass
class Driver:
    """Shared by every machine instance of one fuzz run: the client, the clock and the tallies."""

    client: TalkieClient
    deadline: float
    steps: int = 0
    findings: list[Finding] = field(default_factory=list)
    stopped: str | None = None  # why the server stopped the machine, once it did

    def out_of_time(self) -> bool:
        """Steps become no-ops once the time budget is spent or the server stopped the machine."""
        return self.stopped is not None or time.monotonic() >= self.deadline

    def run(self, body: Any) -> RunRecording:
        """POST run through the client (see `_guarded`)."""
        return self._guarded(lambda: self.client.run(body))

    def request(self, method: str, endpoint: str, **kwargs: Any) -> Exchange:
        """One request through the client (see `_guarded`)."""
        return self._guarded(lambda: self.client.request(method, endpoint, **kwargs))

    def _guarded(self, call: Callable[[], _T]) -> _T:
        """Run `call`; what the server did to stop it becomes one failure finding, and the machine stops.

        Hypothesis would replay the step, see the server behave differently (or the time spent) and call
        the example flaky; the finding recorded here is what the fuzzer reports instead.
        """
        evidence = Evidence()
        try:
            return call()
        except ServerLimitError as exc:
            if exc.unsent:  # the fuzz run's time is up: the machine stops, nothing to report
                self.stopped = self.stopped or str(exc)
                raise ServerStoppedError(str(exc)) from exc
            message = server_fault(exc) or str(exc)
            evidence = exc.evidence()
        except (httpx.HTTPError, UnicodeError, pydantic.ValidationError) as exc:
            message = server_fault(exc) or str(exc)
        if self.stopped is None:
            self.stopped = message
            failure = Finding(None, Severity.ERROR, message, evidence, origin=ORIGIN, verdict=Verdict.FAIL)
            self.findings.append(failure)
        raise ServerStoppedError(message)


class TalkieMachine(RuleBasedStateMachine):
    """Runs, actions, decisions, cancels and deletes, with the spec's promises as invariants."""

    driver: Driver  # set by `machine_for`

    threads = Bundle("threads")
    actions = Bundle("actions")

    def __init__(self) -> None:
        super().__init__()
        self.live_threads: set[str] = set()
        self.model_actions: dict[str, ModelAction] = {}

    def _expect(
        self,
        condition: bool,
        rule_id: str,
        message: str,
        seen: Exchange | RunRecording | None = None,
    ) -> None:
        """Record a finding unless `condition` holds; a failure also stops the example, a warning not."""
        if condition:
            return
        exchange = seen.exchange if isinstance(seen, RunRecording) else seen
        evidence = exchange.evidence() if exchange is not None else None
        finding = Finding.about(rule_id, message, evidence=evidence, origin=ORIGIN)
        failed = finding.severity is Severity.ERROR
        self.driver.findings.append(finding.but(verdict=Verdict.FAIL if failed else Verdict.WARN))
        if failed:
            raise AssertionError(f"{rule_id}: {message}")

    def _run(self, text: str, thread_id: str | None = None) -> tuple[str, list[Any]]:
        body = bodies.run_input(
            thread_id or f"t_sm_{uuid.uuid4().hex[:12]}",
            f"r_sm_{uuid.uuid4().hex[:12]}",
            [(f"m_{uuid.uuid4().hex[:12]}", text)],
        )
        recording = self.driver.run(body)
        self.driver.steps += 1
        self._expect(recording.status == 200, "RUN-001", f"run answered {recording.status}", recording)
        events = [event.data for event in recording.events]
        problems = analyze(events)
        self._expect(not problems, "RUN-024", problems[0].message if problems else "", recording)
        started = recording.of_type("RUN_STARTED")[0].data
        return str(started["threadId"]), events

    @initialize(target=actions)
    def open_with_a_proposal(self) -> Any:
        """Every example starts with one pending action, so the decision rules run in each of them.

        Without it the decision rules wait until a random draw has both started a thread and proposed
        in it; with few examples that sometimes never happened and a double-decision bug went unseen.
        """
        if self.driver.out_of_time():
            return multiple()
        thread_id, _ = self._run(echo_message("hello"))
        self.live_threads.add(thread_id)
        return self.propose(thread_id)

    @rule(target=threads, text=ECHO_TEXTS)
    def start_thread(self, text: str) -> Any:
        if self.driver.out_of_time():
            return multiple()
        thread_id, _ = self._run(text)
        self.live_threads.add(thread_id)
        return thread_id

    @rule(thread=threads, text=ECHO_TEXTS)
    def continue_thread(self, thread: str, text: str) -> None:
        if self.driver.out_of_time() or thread not in self.live_threads:
            return
        adopted, _ = self._run(text, thread)
        self._expect(adopted == thread, "RUN-007", f"run in {thread} started in {adopted}")

    @rule(target=actions, thread=threads)
    def propose(self, thread: str) -> Any:
        if self.driver.out_of_time() or thread not in self.live_threads:
            return multiple()
        _, events = self._run(TEST_ACTION, thread)
        values = [e["value"] for e in events if isinstance(e, dict) and e.get("name") == ACTION_EVENT]
        self._expect(len(values) == 1, "TEST-006", f"{len(values)} actions proposed")
        action = ModelAction(id=values[0]["id"], thread_id=thread, params_hash=values[0]["paramsHash"])
        self.model_actions[action.id] = action
        return action.id

    @rule(action=actions, decision=st.sampled_from(["confirm", "cancel"]))
    def decide(self, action: str, decision: str) -> None:
        if self.driver.out_of_time():
            return
        self._decide(action, decision)

    @rule(action=actions, first=st.sampled_from(["confirm", "cancel"]))
    def change_mind(self, action: str, first: str) -> None:
        """A person taps one button and then the other: the second decision must not win."""
        if self.driver.out_of_time():
            return
        self._decide(action, first)
        self._decide(action, "cancel" if first == "confirm" else "confirm")

    def _decide(self, action: str, decision: str) -> None:
        model = self.model_actions[action]
        answer = self.driver.request(
            "POST",
            "decision",
            params={"actionId": action},
            json_body=bodies.decision("confirm" if decision == "confirm" else "cancel", model.params_hash),
        )
        self.driver.steps += 1
        previous = model.decision or ("cancel" if model.thread_deleted else None)
        if previous is None:
            self._expect(
                answer.status == 200, "ACT-003", f"first {decision} answered {answer.status}", answer
            )
            model.decision = decision
        elif previous == decision:
            self._expect(
                answer.status in {200, 404},
                "ACT-008",
                f"repeated {decision} answered {answer.status}",
                answer,
            )
        else:
            self._expect(
                answer.status in {409, 404},
                "ACT-009",
                f"{decision} after {previous} answered {answer.status}",
                answer,
            )

    @rule(run_id=st.text(alphabet="abcdef0123456789", min_size=4, max_size=12))
    def cancel_unknown_run(self, run_id: str) -> None:
        if self.driver.out_of_time():
            return
        answer = self.driver.request("POST", "cancelRun", params={"runId": f"r_sm_{run_id}"})
        self.driver.steps += 1
        self._expect(
            answer.status == 200 and answer.json_or_none() == {"ok": True},
            "RUN-030",
            f"cancel of an unknown run answered {answer.status}",
            answer,
        )

    @rule(thread=consumes(threads))
    def delete(self, thread: str) -> None:
        if self.driver.out_of_time() or thread not in self.live_threads:
            return
        answer = self.driver.request("DELETE", "thread", params={"threadId": thread})
        self.driver.steps += 1
        self._expect(answer.status == 200, "THR-005", f"DELETE thread answered {answer.status}", answer)
        self.live_threads.discard(thread)
        for action in self.model_actions.values():
            if action.thread_id == thread:
                action.thread_deleted = True

    @invariant()
    def actions_match_model(self) -> None:
        if self.driver.out_of_time():
            return
        for action in self.model_actions.values():
            answer = self.driver.request("GET", "action", params={"actionId": action.id})
            if answer.status == 404 and action.thread_deleted:
                continue
            status = action_of(answer.json_or_none()).get("status")
            self._expect(
                status in action.expected_status(),
                "THR-006" if action.thread_deleted and action.decision is None else "ACT-003",
                f"action {action.id} is {status!r}, the model expects {sorted(action.expected_status())}",
                answer,
            )

    @invariant()
    def threads_ordered(self) -> None:
        if self.driver.out_of_time():
            return
        answer = self.driver.request("GET", "threads")
        body = answer.json_or_none()
        listed = body.get("threads") if isinstance(body, dict) else None
        threads = [t for t in listed if isinstance(t, dict)] if isinstance(listed, list) else []

        def newest_first(stamp: str) -> bool:
            stamps = [parse_time(thread.get(stamp)) for thread in threads]
            return all(a is None or b is None or a >= b for a, b in itertools.pairwise(stamps))

        # §9 line 244 names no timestamp: newest first by creation or by update (N-09, N-102)
        ordered = newest_first("updatedAt") or newest_first("createdAt")
        self._expect(
            ordered, "THR-002", "threads are newest first by neither createdAt nor updatedAt", answer
        )
        self._expect(len(threads) <= 50, "THR-002", f"{len(threads)} threads listed", answer)
        deleted = {a.thread_id for a in self.model_actions.values() if a.thread_deleted}
        ids = {thread.get("id") for thread in threads}
        self._expect(not (deleted & ids), "THR-005", f"deleted threads still listed: {deleted & ids}", answer)


def machine_for(driver: Driver) -> type[TalkieMachine]:
    """A machine class bound to one driver (Hypothesis instantiates the class itself)."""
    return type("BoundTalkieMachine", (TalkieMachine,), {"driver": driver})
