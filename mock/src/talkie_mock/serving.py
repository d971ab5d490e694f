"""How `talkie-mock serve` runs uvicorn: the fast standard stack, a deadline for request heads, quiet logs.

uvicorn picks uvloop and httptools by itself when they are installed (they are dependencies wherever
wheels exist) and falls back to asyncio and h11 elsewhere. Two things it lacks are added here:

* a deadline for the request head: uvicorn closes idle keep-alive connections, but a client that sends
  half a request line and stops holds its connection (and a file descriptor) forever. :func:`protocol`
  subclasses uvicorn's protocol so that a connection with no complete head after `head_timeout` seconds
  is closed. The body has its own deadline (:mod:`talkie_mock.api.limits`).
* a cap on the request head: httptools reads a head of any size, and uvicorn keeps every header of it, so
  twenty connections sending 100 MiB of headers would cost gigabytes before the deadline. A head larger than
  MAX_HEAD_BYTES (64 KiB, request line and headers; four times what most servers allow, for the cookies
  every loopback port shares) is answered 431 with a §3 body and its connection closed.
* one send for a small answer: uvicorn writes a response's head and its body separately; :class:`HeldHead`
  lets the head wait for body bytes of the same loop turn (a GET or a finished run then costs one system call
  fewer, about a tenth of a manifest request).
* every log line (uvicorn's access log, off by default, and the mock's own) goes through the one secret
  scrubber, so `?key=`, codes and tokens never reach a terminal or a CI log, and through the one escaping
  function (`devtools.terminal`), so no control character of a request does.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from typing import Any

import orjson

from talkie_mock.devtools.redact import Redactor
from talkie_mock.devtools.terminal import printable, printable_lines
from talkie_mock.errors import ApiError

MAX_HEAD_BYTES = 64 * 1024
"""The largest request head (request line and headers) the mock reads; a larger one is answered 431."""


def head_too_large(limit: int = MAX_HEAD_BYTES) -> bytes:
    """The whole 431 answer to a head over `limit` bytes: a §3 body, and the connection closes."""
    body = orjson.dumps(
        ApiError("invalid_request", "head_too_large", limit=limit, status=431)
        .body("en")
        .model_dump(mode="json")
    )
    head = (
        "HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


def protocol(head_timeout: float, max_head: int = MAX_HEAD_BYTES) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (httptools when installed, else h11) with a deadline and a size cap (httptools;
    h11 has its own) for each request head."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # pragma: no cover - a platform without httptools wheels
        return _every_response(head_timeout)

    class HeadDeadline(HttpToolsProtocol):
        """Closes a connection whose request head is not complete in time.

        The timer is armed only while a head is incomplete: when a connection opens (nothing may ever come)
        and when a read ends in the middle of a head. A whole head in one read, as nearly every request
        arrives, costs no timer at all (uvicorn already arms one per response for keep-alive). Each new
        request's response writes through a :class:`HeldHead`.
        """

        _head_timer: asyncio.TimerHandle | None = None
        _in_head = False
        _head_bytes = 0
        _read = 0
        _refused = False

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def on_message_begin(self) -> None:
            if self._refused:  # a request pipelined behind a refused head: never begun
                return
            super().on_message_begin()
            self._in_head = True
            self._head_bytes = 0

        def on_headers_complete(self) -> None:
            if self._refused:
                return
            self._in_head = False
            self._disarm()
            # a head that came whole in reads larger than the cap is measured (never a usual request)
            if self._head_bytes + self._read > max_head and self._parsed_head() > max_head:
                self._refuse_head()
                return
            cycle = self.cycle
            super().on_headers_complete()
            if self.cycle is not cycle and self.cycle is not None:  # a new request (not an upgrade)
                self.cycle.transport = HeldHead(self.transport, self.loop)  # type: ignore[assignment]

        def on_body(self, body: bytes) -> None:
            if not self._refused:
                super().on_body(body)

        def on_message_complete(self) -> None:
            if not self._refused:
                super().on_message_complete()

        def _parsed_head(self) -> int:
            """The request line's target and the headers' names and values, with their separators."""
            return len(self.url) + sum(len(name) + len(value) + 4 for name, value in self.headers)

        def data_received(self, data: bytes) -> None:
            self._read = len(data)
            super().data_received(data)
            if not self._in_head or self._refused:
                return
            # counted in whole reads: a read that began the head may also hold the end of the previous body
            self._head_bytes += len(data)
            if self._head_bytes > max_head:
                self._refuse_head()
            elif self._head_timer is None:
                self._arm()

        def _refuse_head(self) -> None:
            self._refused = True
            self._in_head = False
            self._disarm()
            if self.transport.is_closing():
                return
            if (
                self.cycle is None or self.cycle.response_complete
            ):  # no answer of an earlier request under way
                self.transport.write(head_too_large(max_head))
            self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._head_timer = self.loop.call_later(head_timeout, self._expired)

        def _disarm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _expired(self) -> None:
            self._head_timer = None
            # a connection that never sent anything has no head begun: it is closed all the same
            if (self._in_head or self.cycle is None) and not self.transport.is_closing():
                self.transport.close()

    return HeadDeadline


class HeldHead:
    """One response's view of its connection: the head waits for the body bytes of the same loop turn.

    uvicorn writes a response's head as soon as the application starts the response and its body when the
    body comes, so a small answer costs two sends where one would do. The first bytes of a response (its
    head, or a `100 Continue`) are held until the next write joins them or, at the latest, until the loop
    turns once (a stream whose first frame is not ready yet still sends its head at once). Nothing else is
    ever held, so at most one head's bytes wait at a time.
    """

    __slots__ = ("_fresh", "_held", "_loop", "_transport")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._held: bytes | None = None
        self._fresh = True

    def write(self, data: bytes) -> None:
        if self._fresh:
            self._fresh = False
            self._held = data
            self._loop.call_soon(self.flush)
            return
        held, self._held = self._held, None
        self._transport.write(data if held is None else held + data)

    def flush(self) -> None:
        """Sends the held head, if it is still waiting (the connection may have closed meanwhile)."""
        held, self._held = self._held, None
        if held is not None and not self._transport.is_closing():
            self._transport.write(held)

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def is_closing(self) -> bool:
        return self._transport.is_closing()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


def _every_response(head_timeout: float) -> type[asyncio.Protocol]:  # pragma: no cover - no httptools
    """The h11 fallback: h11 has no head callbacks, so the deadline is armed after every response."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeadDeadline(H11Protocol):
        _head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
            super().connection_lost(exc)

        def _arm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
            waiting_for = self.cycle  # a new request head replaces the cycle
            self._head_timer = self.loop.call_later(head_timeout, self._expired, waiting_for)

        def _expired(self, waiting_for: Any) -> None:
            self._head_timer = None
            if self.cycle is waiting_for and not self.transport.is_closing():
                self.transport.close()

    return HeadDeadline


def loopback(host: str) -> bool:
    """Whether a bind address is a loopback one (`--open-devtools` is refused elsewhere)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class Scrubbed(logging.Filter):
    """Cuts secrets out of a log record's message and arguments (a request line carries its query) and
    spells out every control character in them and in its traceback (a path may carry ESC, CR, LF)."""

    def __init__(self, redactor: Redactor) -> None:
        super().__init__()
        self.redactor = redactor

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "talkie_scrubbed", False):
            return True
        if isinstance(record.msg, str):  # the program's format string: its own line feeds stay, the args' go
            record.msg = printable_lines(self.redactor.scrub(record.msg))
        if isinstance(record.args, tuple):
            record.args = tuple(self._shown(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: self._shown(v) for k, v in record.args.items()}
        if record.exc_info and record.exc_info[0] is not None and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = printable_lines(self.redactor.scrub(record.exc_text))
        record.talkie_scrubbed = True
        return True

    def _shown(self, value: object) -> object:
        """An argument as it may be shown: text of any kind (an exception, a URL) scrubbed and escaped."""
        if isinstance(value, int | float) or value is None:
            return value
        return printable(self.redactor.scrub(value if isinstance(value, str) else str(value)))


LOGGERS = ("uvicorn", "uvicorn.access", "uvicorn.error", "talkie_mock")


def scrub_logs(redactor: Redactor) -> None:
    """Put the scrubber on every logger the server writes to and on every handler that writes them out
    (a handler's filter also sees the records of child loggers, `talkie_mock.engine.runs` and the like, and
    Python's last-resort handler writes those of loggers with no handler)."""
    scrubbed = Scrubbed(redactor)
    handlers: list[logging.Handler] = [logging.lastResort] if logging.lastResort is not None else []
    for name in LOGGERS:
        logger = logging.getLogger(name)
        logger.addFilter(scrubbed)
        handlers += logger.handlers
    handlers += logging.getLogger().handlers
    for handler in handlers:
        handler.addFilter(scrubbed)
