"""The terminal log: one line per request with the rule a client broke; never the inspector's own calls."""

from __future__ import annotations

import io
import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner
from served import start, stop
from starlette.testclient import TestClient
from talkie_mock.devtools.log import TerminalLog
from talkie_mock.devtools.redact import Redactor
from talkie_mock.devtools.traffic import Exchange
from talkie_mock.testing import AUTH, TOKEN, run_input


def _logged(
    make_http: Callable[..., TestClient], colour: bool = False, **changes: Any
) -> tuple[TestClient, TerminalLog]:
    http = make_http(**changes)
    log = TerminalLog(io.StringIO(), Redactor([TOKEN]), colour=colour)
    http.app.state.devtools.traffic.listeners.append(log)  # type: ignore[attr-defined]
    return http, log


def _lines(log: TerminalLog) -> list[str]:
    log.drain()
    assert isinstance(log.out, io.StringIO)
    return log.out.getvalue().splitlines()


def test_one_line_per_request_with_method_path_status_duration_and_broken_rule(
    make_http: Callable[..., TestClient],
) -> None:
    http, log = _logged(make_http)
    http.get("/api/talkie/status", headers=AUTH)
    http.get("/api/talkie/status")  # no bearer token: the client broke AUTH-016
    http.post(
        "/api/talkie/run",
        json=run_input("talkie-test:echo ahoj", "r_log"),
        headers={**AUTH, "Accept": "text/event-stream"},
    )
    ok, missing, run = _lines(log)
    assert re.fullmatch(r"\d\d:\d\d:\d\d  GET  /api/talkie/status  200  \d+ ms", ok), ok
    assert "  401  " in missing
    assert "✗ AUTH-016 error:" in missing
    assert run.split("  ")[1:4] == ["POST", "/api/talkie/run", "200"]
    assert "stream complete" in run


def test_the_inspector_its_polling_and_the_favicon_are_not_logged_nor_traffic(
    make_http: Callable[..., TestClient],
) -> None:
    http, log = _logged(make_http)
    http.get("/_mock/")
    http.get("/_mock/api/traffic")
    http.get("/favicon.ico")
    assert _lines(log) == []
    assert http.get("/_mock/api/traffic").json()["entries"] == []


def test_colour_only_when_asked_and_secrets_never_printed(make_http: Callable[..., TestClient]) -> None:
    http, log = _logged(make_http, colour=True)
    http.get(f"/api/talkie/threads/{TOKEN}", headers=AUTH)
    (entry,) = _lines(log)
    assert "\x1b[33m404\x1b[0m" in entry
    assert TOKEN not in entry
    assert TerminalLog(io.StringIO(), Redactor()).colour is False  # not a terminal


def test_a_terminal_that_stops_reading_costs_lines_not_the_server(
    make_http: Callable[..., TestClient],
) -> None:
    class Stuck(io.StringIO):
        def write(self, text: str) -> int:
            threading.Event().wait()  # never returns, like a full pipe nobody drains
            return 0

    http = make_http()
    log = TerminalLog(Stuck(), Redactor(), colour=False, capacity=2)
    http.app.state.devtools.traffic.listeners.append(log)  # type: ignore[attr-defined]
    for _ in range(10):
        assert http.get("/api/talkie/status", headers=AUTH).status_code == 200
    assert log.dropped >= 6  # at most two lines in the stuck write, two queued


class _Held(TerminalLog):
    """A log whose writer writes nothing until the test lets it, as a busy terminal lags behind."""

    def __init__(self, out: io.StringIO, capacity: int = 1000) -> None:
        self.released = threading.Event()
        super().__init__(out, Redactor(), colour=False, capacity=capacity)

    def _write(self) -> None:
        self.released.wait()
        super()._write()

    def drain(self, timeout: float = 1.0) -> None:
        self.released.set()
        super().drain(timeout=30)  # generous: the lines are written as soon as the writer runs


def _exchange(number: int) -> Exchange:
    exchange = Exchange(number, "GET", f"/api/talkie/threads/t_{number}", b"", 0, [])
    exchange.status = 200
    return exchange


class _Writes(io.StringIO):
    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []

    def write(self, text: str) -> int:
        self.calls.append(text)
        return super().write(text)


def test_a_request_only_queues_its_line_the_writer_thread_formats_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from talkie_mock.devtools import log as module

    formatted_on: list[str] = []
    real_line = module.line

    def recording_line(*args: Any, **kwargs: Any) -> str:
        formatted_on.append(threading.current_thread().name)
        return real_line(*args, **kwargs)

    monkeypatch.setattr(module, "line", recording_line)
    log = TerminalLog(io.StringIO(), Redactor(), colour=False)
    log(_exchange(1))
    assert threading.current_thread().name not in formatted_on  # nothing formatted on the request's thread
    log.drain()
    assert "talkie-mock-log" in formatted_on  # (the writers of other tests' logs may format lines too)
    assert "/api/talkie/threads/t_1" in log.out.getvalue()  # type: ignore[attr-defined]


def test_lines_queued_meanwhile_leave_in_one_write() -> None:
    out = _Writes()
    log = _Held(out)
    for number in range(5):
        log(_exchange(number))
    log.drain()
    assert len(out.calls) == 1
    assert [ln.split("  ")[2] for ln in out.calls[0].splitlines()] == [
        f"/api/talkie/threads/t_{n}" for n in range(5)
    ]


def test_lines_dropped_on_a_full_queue_are_counted_on_the_terminal() -> None:
    log = _Held(io.StringIO(), capacity=2)
    for number in range(5):
        log(_exchange(number))
    assert log.dropped == 3
    log.drain()
    written = log.out.getvalue().splitlines()  # type: ignore[attr-defined]
    assert [ln.split("  ")[2] for ln in written[:2]] == ["/api/talkie/threads/t_0", "/api/talkie/threads/t_1"]
    assert written[2] == "talkie-mock: 3 log line(s) dropped: the terminal fell behind"


@pytest.mark.slow
def test_serve_logs_each_request_by_default_and_quiet_switches_it_off(tmp_path: Path) -> None:
    for quiet in (False, True):
        process, served = start(tmp_path / f"state-{quiet}.db", *(() if quiet else ("--no-quiet",)))
        try:
            httpx.get(served.origin + "/api/talkie/status", headers=served.auth, timeout=10)
            httpx.get(served.origin + "/api/talkie/status", timeout=10)
        finally:
            stop(process)
        assert process.stdout is not None
        rest = process.stdout.read()
        lines = [ln for ln in rest.splitlines() if "/api/talkie/status" in ln]
        if quiet:
            assert lines == []
        else:
            assert "  200  " in lines[0]
            assert "AUTH-016" in lines[1]


def test_serve_writes_the_lines_still_queued_when_it_stops(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The log's writer thread dies with the process: `serve` waits for it to write what is queued first."""
    from talkie_mock import cli

    released = threading.Event()

    class HeldLog(TerminalLog):
        """A writer that writes nothing until someone waits for it (as a busy terminal lags behind)."""

        def _write(self) -> None:
            released.wait()
            super()._write()

        def drain(self, timeout: float = 1.0) -> None:
            released.set()
            super().drain(timeout=30)  # generous: the lines are written as soon as the writer runs

    def requests_then_stop(app: Any, sock: Any, *_: Any) -> None:
        sock.close()
        (log,) = [x for x in app.state.devtools.traffic.listeners if isinstance(x, HeldLog)]
        for number in range(3):
            exchange = Exchange(number, "GET", f"/api/talkie/threads/t_{number}", b"", 0, [])
            exchange.status = 200
            log(exchange)

    monkeypatch.setattr(cli, "TerminalLog", HeldLog)
    monkeypatch.setattr(cli, "run_server", requests_then_stop)
    state = str(tmp_path / "state.db")
    result = CliRunner().invoke(cli.main, ["serve", "--no-quiet", "--port", "0", "--state", state])
    assert result.exit_code == 0, result.output
    logged = [ln for ln in result.output.splitlines() if "/api/talkie/threads/t_" in ln]
    assert [ln.split("  ")[2] for ln in logged] == [f"/api/talkie/threads/t_{n}" for n in range(3)]
    assert result.output.rstrip().endswith("talkie-mock stopped")


def test_an_injected_fault_is_named_on_its_line(make_http: Callable[..., TestClient]) -> None:
    """A 429 the mock sends on purpose, and a stream it ends with RUN_ERROR on purpose, say so."""
    http, log = _logged(make_http, faults=({"kind": "error", "code": "rate_limited", "count": 1},))
    http.get("/api/talkie/status", headers=AUTH)
    http.post("/_mock/api/faults", json={"kind": "runError", "afterEvents": 1, "count": 1})
    http.post(
        "/api/talkie/run",
        json=run_input("talkie-test:echo ahoj", "r_fault"),
        headers={**AUTH, "Accept": "text/event-stream"},
    )
    http.get("/api/talkie/status", headers=AUTH)
    limited, failed, plain = _lines(log)
    assert "  429  " in limited
    assert "injected by fault error rate_limited [f1]" in limited
    assert "injected by fault runError upstream_unavailable after 1 events" in failed
    assert "injected" not in plain
