"""Nothing a request carries reaches the developer's terminal as a control character.

A web page can make the browser request any path of a loopback port (`<img src>`), percent-encoded ESC,
BEL, CR and LF included; a script on the machine can send any header bytes. The request log and the
server's Python log show paths, headers and messages made from them: every one is spelled out.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Iterator, MutableMapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from talkie_mock import serving
from talkie_mock.devtools.log import TerminalLog
from talkie_mock.devtools.redact import Redactor
from talkie_mock.devtools.terminal import printable
from talkie_mock.testing import TOKEN

CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""What must never reach the terminal from a request (each line is checked without its own newline)."""
ATTACK = "\x1b]0;owned\x07\x1b[2J\r12:00:00  GET  /_mock/  200  FORGED\n\x9b31m\u202e"


def _drive(http: TestClient, path: str, headers: list[tuple[bytes, bytes]]) -> None:
    """One request straight into the ASGI app: a path and header bytes no HTTP client would send."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode("utf-8", "surrogateescape"),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1:8765"), *headers],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8765),
    }
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": b"", "more_body": False}
        return {"type": "http.disconnect"}

    async def send(message: MutableMapping[str, Any]) -> None:
        return None

    async def call() -> None:
        await http.app(scope, receive, send)

    assert http.portal is not None  # the client is open: its lifespan ran
    http.portal.call(call)


@pytest.fixture(scope="module")
def logs() -> Iterator[tuple[TestClient, TerminalLog, TerminalLog]]:
    """One mock with two terminal logs: in colour (as on a terminal) and plain (as in a pipe)."""
    from inprocess import opened_apps

    with opened_apps() as make:
        http = make()
        coloured = TerminalLog(io.StringIO(), Redactor([TOKEN]), colour=True)
        plain = TerminalLog(io.StringIO(), Redactor([TOKEN]), colour=False)
        http.app.state.devtools.traffic.listeners += [coloured, plain]  # type: ignore[attr-defined]
        yield http, coloured, plain


@pytest.fixture
def logged(logs: tuple[TestClient, TerminalLog, TerminalLog]) -> tuple[TestClient, TerminalLog]:
    return logs[0], logs[1]


def _written(log: TerminalLog) -> list[str]:
    log.drain()
    assert isinstance(log.out, io.StringIO)
    text = log.out.getvalue()
    log.out.seek(0)
    log.out.truncate()
    return text.split("\n")[:-1] if text else []


def _visible(line: str) -> str:
    """A line without the mock's own colours: the status's and each finding's, a start and a reset each (so
    a sequence the request smuggled in, `ESC[31m` as well, is counted too many and fails)."""
    assert line.count("\x1b") == 2 * (1 + line.count("✗ ")), repr(line)
    return re.sub(r"\x1b\[[0-9;]*m", "", line)


def test_a_forged_path_is_spelled_out_on_one_line(logged: tuple[TestClient, TerminalLog]) -> None:
    http, log = logged
    _drive(http, "/" + ATTACK + "\x1b[31m", [])
    (line,) = _written(log)
    assert "MAN-009" in line
    assert CONTROL.search(_visible(line)) is None, repr(line)
    assert "\\x1b]0;owned\\x07" in line  # the developer still sees what was sent
    assert "\\u202e" in line


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    path=st.text(min_size=1, max_size=40).map(lambda t: "/" + t),
    header=st.binary(max_size=40),
    name=st.sampled_from([b"authorization", b"accept", b"user-agent", b"origin", b"x-talkie-mock-key"]),
)
def test_no_request_byte_reaches_the_terminal_as_a_control(
    logs: tuple[TestClient, TerminalLog, TerminalLog], path: str, header: bytes, name: bytes
) -> None:
    http, coloured, plain = logs
    _written(plain), _written(coloured)  # what earlier tests left
    _drive(http, path, [(name, header)])  # recorded unless it is the inspector's own (/_mock/…)
    _drive(http, "/api/talkie/threads" + path, [(name, header)])
    written = _written(plain)
    assert 1 <= len(written) <= 2
    for line in written:  # no colour asked: not one control character
        assert CONTROL.search(line) is None, repr(line)
    for line in _written(coloured):
        assert CONTROL.search(_visible(line)) is None, repr(line)


def test_python_log_records_of_any_logger_are_escaped() -> None:
    """A child logger's record (no filter of its own) through a handler the scrubber is on."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    root = logging.getLogger("talkie_mock")
    root.addHandler(handler)
    try:
        serving.scrub_logs(Redactor([TOKEN]))
        for logger in (handler, *logging.getLogger("uvicorn.error").handlers):
            assert any(isinstance(f, serving.Scrubbed) for f in logger.filters)
        handler.addFilter(serving.Scrubbed(Redactor([TOKEN])))
        child = logging.getLogger("talkie_mock.engine.runs")
        child.warning("client went away during %s %s", "GET", "/x" + ATTACK + TOKEN)
        try:
            raise ValueError("bad path /" + ATTACK)
        except ValueError:
            child.exception("internal error on %s", "/" + ATTACK)
    finally:
        root.removeHandler(handler)
    lines = out.getvalue().splitlines()
    assert lines
    assert all(CONTROL.search(line) is None for line in lines), lines
    assert TOKEN not in out.getvalue()
    assert not any(line.startswith("12:00:00") for line in lines)


def test_printable_spells_each_control_and_keeps_text() -> None:
    assert printable("a\x1b[31mb\r\nc\x07\x9b\u202ed") == "a\\x1b[31mb\\x0d\\x0ac\\x07\\x9b\\u202ed"
    assert printable("/api/talkie/threads/t_1 ✓ héllo") == "/api/talkie/threads/t_1 ✓ héllo"
