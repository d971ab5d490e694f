"""The terminal log of `talkie-mock serve`: one line per request, so a developer sees that the app called.

Each line: the time, method, path (never the query: it may carry the developer secret), status, duration,
and each client-side rule the request broke (the inspector's verdicts). On a terminal the status and the
rules are coloured; `--quiet` switches the log off. Exchanges come from the inspector's traffic recorder, so
what it leaves out (its own polling, `/favicon.ico`) is not logged either.
"""

from __future__ import annotations

import collections
import threading
import time
import urllib.parse
from typing import TextIO

from talkie_models.findings import Severity

from talkie_mock.devtools.redact import Redactor
from talkie_mock.devtools.terminal import printable
from talkie_mock.devtools.traffic import Exchange

RESET = "\x1b[0m"
COLOURS = {2: "\x1b[32m", 3: "\x1b[36m", 4: "\x1b[33m", 5: "\x1b[31m"}
BROKEN = "\x1b[1;31m"
WARNED = "\x1b[35m"
BATCH_SECONDS = 0.02
"""How long the writer lets lines gather after the first one of a batch (a person reads no faster)."""


def duration(ms: float | None) -> str:
    if ms is None:
        return "-"
    return f"{ms:.0f} ms" if ms < 1000 else f"{ms / 1000:.1f} s"


def line(exchange: Exchange, colour: bool = False, now: float | None = None) -> str:
    """The log line of one finished exchange. Every part that may carry a request's bytes (method, path,
    a finding's message) is :func:`~talkie_mock.devtools.terminal.printable` before colours are added."""
    status = str(exchange.status) if exchange.status is not None else "---"
    if colour and exchange.status is not None:
        status = f"{COLOURS.get(exchange.status // 100, '')}{status}{RESET}"
    # the path as the client wrote it: a decoded CR or LF would start a line of the client's making
    path = urllib.parse.quote(exchange.path, safe="/:@!$&'()*+,;=-._~%")
    parts = [time.strftime("%H:%M:%S", time.localtime(now)), printable(exchange.method), path, status]
    parts.append(duration(exchange.duration_ms))
    # what the mock did on purpose is said so: a 429 of `--fail rate_limited` is no rate limit of the app's
    parts += [printable(f"⚑ injected by fault {label}") for label in exchange.faults]
    if exchange.stream is not None:
        parts.append(printable(f"stream {exchange.stream}"))
    for finding in exchange.findings:
        # a remark no rule backs shows its level only (no placeholder where a rule id would stand)
        rule = f"{finding.rule_id} " if finding.rule_id else ""
        mark = printable(f"{rule}{finding.severity.value}: {finding.message}")
        if colour:
            mark = f"{BROKEN if finding.severity is Severity.ERROR else WARNED}{mark}{RESET}"
        parts.append("✗ " + mark)
    return "  ".join(parts)


class TerminalLog:
    """A listener of the traffic recorder (`Traffic.listeners`) printing :func:`line` for each exchange.

    Off the request path: a request only appends its finished exchange (and the time) to a bounded queue;
    a writer thread of its own formats the queued lines and writes them in batches, one write and one flush
    each, at most every :data:`BATCH_SECONDS`. A terminal that stops reading (paused scrolling, a pipe
    nobody drains) costs lines — dropped when the queue is full, and counted in a line of their own once the
    terminal reads again — never the server's event loop."""

    def __init__(
        self, out: TextIO, redactor: Redactor, colour: bool | None = None, capacity: int = 1000
    ) -> None:
        self.out = out
        self.redactor = redactor
        self.colour = out.isatty() if colour is None else colour
        self.dropped = 0
        """Lines dropped because the queue was full (written by the request path only)."""
        self._capacity = capacity
        self._queued: collections.deque[tuple[Exchange, float]] = collections.deque()
        self._wake = threading.Event()
        self._writing = False
        self._told = 0
        """Of :attr:`dropped`, how many a written line already told."""
        self._writer = threading.Thread(target=self._write, name="talkie-mock-log", daemon=True)
        self._writer.start()

    def __call__(self, exchange: Exchange) -> None:
        queued = self._queued
        if len(queued) >= self._capacity:
            self.dropped += 1
            return
        queued.append((exchange, time.time()))  # a deque's append needs no lock
        if len(queued) == 1:  # the first of a batch wakes the writer; the others only join it
            self._wake.set()

    def _write(self) -> None:
        queued = self._queued
        while True:
            self._wake.wait()
            self._wake.clear()
            time.sleep(BATCH_SECONDS)  # let a busy server's lines gather into one write
            while queued:
                self._writing = True
                try:
                    self._write_batch(queued)
                finally:
                    self._writing = False

    def _write_batch(self, queued: collections.deque[tuple[Exchange, float]]) -> None:
        lines: list[str] = []
        for _ in range(len(queued)):  # what is queued now (at most the capacity): a batch has a bound too
            exchange, at = queued.popleft()
            lines.append(self.redactor.scrub(line(exchange, self.colour, at)))
        dropped = self.dropped
        if dropped > self._told:
            lines.append(f"talkie-mock: {dropped - self._told} log line(s) dropped: the terminal fell behind")
            self._told = dropped
        try:
            self.out.write("\n".join(lines) + "\n")
            self.out.flush()
        except (OSError, ValueError):  # a closed terminal or pipe: the lines have nowhere to go
            pass

    def drain(self, timeout: float = 1.0) -> None:
        """Wait (at most `timeout` s: a stuck terminal never holds the exit) until the queued lines are
        written; `serve` calls it as it stops, tests before they read the output."""
        deadline = time.monotonic() + timeout
        self._wake.set()
        while (self._queued or self._writing) and time.monotonic() < deadline:
            time.sleep(0.01)
