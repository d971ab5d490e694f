"""How `talkie-mock serve` runs uvicorn: the fast standard stack, a deadline for request heads, quiet logs.

uvicorn picks uvloop and httptools by itself when they are installed (they are dependencies wherever
wheels exist) and falls back to asyncio and h11 elsewhere. Two things it lacks are added here:

* a deadline for the request head: uvicorn closes idle keep-alive connections, but a client that sends
  half a request line and stops holds its connection (and a file descriptor) forever. :func:`protocol`
  subclasses uvicorn's protocol so that a connection with no complete head after `head_timeout` seconds
  is closed. The body has its own deadline (:mod:`talkie_mock.api.limits`).
* one send for a small answer: uvicorn writes a response's head and its body separately; :class:`HeldHead`
  lets the head wait for body bytes of the same loop turn (a GET or a finished run then costs one system call
  fewer, about a tenth of a manifest request).
* every log line (uvicorn's access log, off by default, and the mock's own) goes through the one secret
  scrubber, so `?key=`, codes and tokens never reach a terminal or a CI log.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from typing import Any

from talkie_mock.devtools.redact import Redactor


def protocol(head_timeout: float) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (httptools when installed, else h11) with a deadline for each request head."""
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

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._in_head = True

        def on_headers_complete(self) -> None:
            self._in_head = False
            self._disarm()
            cycle = self.cycle
            super().on_headers_complete()
            if self.cycle is not cycle and self.cycle is not None:  # a new request (not an upgrade)
                self.cycle.transport = HeldHead(self.transport, self.loop)  # type: ignore[assignment]

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._in_head and self._head_timer is None:
                self._arm()

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
    """Cuts secrets out of a log record's message and arguments (a request line carries its query)."""

    def __init__(self, redactor: Redactor) -> None:
        super().__init__()
        self.redactor = redactor

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = self.redactor.scrub(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(self.redactor.scrub(a) if isinstance(a, str) else a for a in record.args)
        return True


LOGGERS = ("uvicorn.access", "uvicorn.error", "talkie_mock")


def scrub_logs(redactor: Redactor) -> None:
    """Put the scrubber on every logger the server writes to."""
    for name in LOGGERS:
        logging.getLogger(name).addFilter(Scrubbed(redactor))
