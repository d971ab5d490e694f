"""How long and how much the suite waits for and reads from a server: one owner for every cap and deadline.

A server under development may stream for ever, answer one byte at a time, never answer, or send a body of
gigabytes. The suite is a CI tool, so it must end by itself whatever the server does: every answer has a
wall-clock deadline and a size cap, every run stream an overall deadline and an event cap, and the whole run
a time limit. Hitting one is the server's fault and is reported as a finding that names the limit; the
option that sets it is part of the message, so the reader knows what to change if the server is right.
A server that stops answering ends the run early, and a run stream is read only briefly past its last event.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import httpx

from talkie_conformance.errors import ConformanceError
from talkie_conformance.findings import Evidence

DEFAULT_TIMEOUT = 30.0
DEFAULT_STREAM_TIMEOUT = 120.0
DEFAULT_MAX_BODY = 8 * 1024 * 1024
DEFAULT_MAX_STREAM = 16 * 1024 * 1024
DEFAULT_MAX_EVENTS = 10_000
DEFAULT_RUN_TIME_LIMIT = 1800.0
SILENT_CHECKS = 3
"""Consecutive checks in which the server answered none of the suite's requests before `run` stops."""
AFTER_TERMINAL = 1.0
"""Seconds the suite goes on reading a run stream after its terminal event (RUN_FINISHED, RUN_ERROR) to see
whether the server sends more; then it hangs up: a stream left open after its last event never holds it."""
FUZZ_MAX_BODY = 1024 * 1024
FUZZ_MAX_STREAM = 2 * 1024 * 1024
FUZZ_PEAK_MB = 400
"""The peak memory of `fuzz` at its default limits, whatever the server sends (the hostile servers' tests hold
it to this). Schemathesis reads each answer whole, so `fuzz` reads less of each answer than `run` does
(`--max-body` FUZZ_MAX_BODY, `--max-stream` FUZZ_MAX_STREAM by default): measured 322 MB against a server
answering 1 GiB to every request over the default 120 s (555 MB with `run`'s 8 MiB). Schemathesis' own memory
grows with the cases it runs, so a much longer `--time-limit`, or larger caps, raise the peak with them."""
NOT_SENT = "not sent"
EXTENSION = "talkie_bound"
"""The httpx request extension that carries a request's own `Bound` (see `bounded.BoundedTransport`)."""


@dataclass(frozen=True)
class Limits:
    """The caps and deadlines of one suite run (each has a CLI option of the same name, except the two
    documented figures of N-111: `silent_checks` and `after_terminal`)."""

    timeout: float = DEFAULT_TIMEOUT  # --timeout: whole-answer deadline of one request, in seconds
    stream_timeout: float = DEFAULT_STREAM_TIMEOUT  # --stream-timeout: overall deadline of one run stream
    max_body: int = DEFAULT_MAX_BODY  # --max-body: bytes of one answer that is not a stream
    max_stream: int = DEFAULT_MAX_STREAM  # --max-stream: bytes of one run stream
    max_events: int = DEFAULT_MAX_EVENTS  # --max-events: events of one run stream
    time_limit: float | None = None  # --time-limit: the whole run; None: no overall limit
    silent_checks: int = SILENT_CHECKS  # consecutive checks without any answer before the run stops
    after_terminal: float = AFTER_TERMINAL  # reading a run stream on after its terminal event
    started: float = field(default_factory=time.monotonic)

    @property
    def deadline(self) -> float | None:
        """The monotonic time at which the whole run must stop, if it has a time limit."""
        return None if self.time_limit is None else self.started + self.time_limit

    def out_of_time(self) -> bool:
        """Whether the run's time limit has passed."""
        deadline = self.deadline
        return deadline is not None and time.monotonic() >= deadline

    def bound(
        self, *, stream: bool = False, seconds: float | None = None, cap: Bound.Limit | None = None
    ) -> Bound:
        """The bound of one request: an answer (or a stream) deadline and byte cap, within the time limit.

        `seconds` shortens the deadline for one request (never past the option's own figure); a shorter
        deadline is named as the check's own, so a message never quotes an option value nobody set.
        `cap` replaces the byte cap (the manifest's is the specification's own, not an option).
        """
        option, figure = ("--stream-timeout", self.stream_timeout) if stream else ("--timeout", self.timeout)
        limit = Bound.Limit(option, figure)
        if seconds is not None and seconds < figure:
            limit = Bound.Limit(f"of this check (within {limit}), seconds:", seconds)
        if stream:
            size = cap or Bound.Limit("--max-stream", self.max_stream)
        else:
            size = cap or Bound.Limit("--max-body", self.max_body)
        return Bound(time.monotonic(), limit, size, self)


@dataclass(frozen=True)
class Bound:
    """When one answer must be complete and how many bytes of it the suite reads."""

    @dataclass(frozen=True)
    class Limit:
        """A figure and the option that sets it."""

        option: str
        value: float

        def __str__(self) -> str:
            value = int(self.value) if float(self.value).is_integer() else self.value
            return f"{self.option} {value}"

    started: float
    seconds: Limit
    max_bytes: Limit
    limits: Limits

    @property
    def deadline(self) -> float:
        """The monotonic time by which the whole answer must have arrived."""
        own = self.started + self.seconds.value
        run = self.limits.deadline
        return own if run is None else min(own, run)

    def remaining(self) -> float:
        """Seconds left before the deadline (never negative)."""
        return max(0.0, self.deadline - time.monotonic())

    def timed_out(self, what: str, waiting_for: str) -> ServerLimitError:
        """The error of an answer that missed its deadline: the request's own one, or the run's time limit."""
        run = self.limits.deadline
        if run is not None and run <= self.started + self.seconds.value:
            limit = Bound.Limit("--time-limit", self.limits.time_limit or 0.0)
            return ServerLimitError(what, f"{waiting_for} when the run reached its time limit", limit)
        return ServerLimitError(what, f"{waiting_for} within {self.seconds.value:g} s", self.seconds)

    def too_large(self, what: str) -> ServerLimitError:
        """The error of an answer over its byte cap."""
        return ServerLimitError(
            what, f"the answer is larger than {int(self.max_bytes.value)} bytes", self.max_bytes
        )


class ServerLimitError(ConformanceError, httpx.TransportError):
    """The server made the suite hit one of its limits: a deadline, a byte cap or an event cap.

    It is the server's fault (a finding), never the suite's: the message names what was asked, what the
    server did, and the limit with the option that sets it. It is also an `httpx.TransportError`, so any code
    that handles a failed request handles it.
    """

    def __init__(self, what: str, detail: str, limit: Bound.Limit | str) -> None:
        self.what = what
        self.detail = detail
        self.limit = str(limit)
        super().__init__(f"{what}: {detail} (the suite's limit {self.limit})")

    @property
    def unsent(self) -> bool:
        """Whether the request was never sent because the run's time was up (nothing the server did)."""
        return self.detail.startswith(NOT_SENT)

    def evidence(self) -> Evidence:
        """The request that hit the limit, as the evidence of a finding."""
        method, _, url = self.what.partition(" ")
        return Evidence(method=method or None, url=url or None, response=self.detail)
