"""The terminal log of `talkie-mock serve`: one line per request, so a developer sees that the app called.

Each line: the time, method, path (never the query: it may carry the developer secret), status, duration,
and each client-side rule the request broke (the inspector's verdicts). On a terminal the status and the
rules are coloured; `--quiet` switches the log off. Exchanges come from the inspector's traffic recorder, so
what it leaves out (its own polling, `/favicon.ico`) is not logged either.
"""

from __future__ import annotations

import queue
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

    Lines are written by a thread of their own from a bounded queue: a terminal that stops reading (paused
    scrolling, a pipe nobody drains) costs lines — dropped, and counted — never the server's event loop."""

    def __init__(
        self, out: TextIO, redactor: Redactor, colour: bool | None = None, capacity: int = 1000
    ) -> None:
        self.out = out
        self.redactor = redactor
        self.colour = out.isatty() if colour is None else colour
        self.dropped = 0
        self._lines: queue.Queue[str] = queue.Queue(capacity)
        self._writer = threading.Thread(target=self._write, name="talkie-mock-log", daemon=True)
        self._writer.start()

    def __call__(self, exchange: Exchange) -> None:
        try:
            self._lines.put_nowait(self.redactor.scrub(line(exchange, self.colour)))
        except queue.Full:
            self.dropped += 1

    def _write(self) -> None:
        while True:
            text = self._lines.get()
            self.out.write(text + "\n")
            self.out.flush()
            self._lines.task_done()

    def drain(self, timeout: float = 1.0) -> None:
        """Wait (at most `timeout` s: a stuck terminal never holds the exit) until the queued lines are
        written; `serve` calls it as it stops, tests before they read the output."""
        deadline = time.monotonic() + timeout
        while self._lines.unfinished_tasks and time.monotonic() < deadline:
            time.sleep(0.01)
