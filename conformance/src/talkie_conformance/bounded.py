"""An httpx transport that gives every answer a wall-clock deadline and a byte cap.

httpx's read timeout restarts with every byte, so a server that drips one byte a second, or pings for ever,
never times out. Here a worker thread does the blocking I/O and hands the body over through a small queue;
the caller waits on that queue with the time left before the deadline, so the deadline is real whatever the
server sends. The queue holds a few chunks at most: a gigabyte body is read, counted and cut, never held.
When the caller gives up, the worker shuts the socket down so it stops at once (before the headers arrived
it stops at its own socket timeout, which is the same deadline, and that timeout is reported as the deadline).
The transport counts the requests the server answered (a status line arrived) and those it did not, so the
runner can tell a server that stopped answering from one that answers wrongly.
"""

from __future__ import annotations

import contextlib
import queue
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx

from talkie_conformance.limits import EXTENSION, NOT_SENT, Bound, Limits

_QUEUE_CHUNKS = 8
_END = object()


class _Worker:
    """Runs one request on the inner transport and feeds its body, chunk by chunk, into a bounded queue."""

    def __init__(self, inner: httpx.BaseTransport, request: httpx.Request) -> None:
        self.inner = inner
        self.request = request
        self.items: queue.Queue[Any] = queue.Queue(maxsize=_QUEUE_CHUNKS)
        self.stopped = threading.Event()
        self.done = threading.Event()  # the worker has read the whole body and released the connection
        self.response: httpx.Response | None = None
        self.thread = threading.Thread(target=self._work, name="talkie-conformance-read", daemon=True)

    def _put(self, item: Any) -> bool:
        while not self.stopped.is_set():
            try:
                self.items.put(item, timeout=0.2)
                return True
            except queue.Full:
                continue
        return False

    def _work(self) -> None:
        try:
            response = self.inner.handle_request(self.request)
        except BaseException as exc:  # handed to the caller, who raises it
            self._put(exc)
            return
        self.response = response
        try:
            if not self._put(response):
                return
            for chunk in response.stream:  # type: ignore[union-attr]
                if not self._put(bytes(chunk)):
                    return
            response.close()  # back to the pool before the caller sends its next request
            self.done.set()
            self._put(_END)
        except BaseException as exc:
            self._put(exc)
        finally:
            response.close()
            self.done.set()

    def stop(self, *, abort: bool = True) -> None:
        """Make the worker end; `abort` (a body not read to its end) also wakes a socket blocked in a read.

        A body read to its end leaves its connection whole, so that the pool can use it again.
        """
        self.stopped.set()
        if not abort:
            return
        response = self.response
        stream = response.extensions.get("network_stream") if response is not None else None
        sock = stream.get_extra_info("socket") if stream is not None else None
        if isinstance(sock, socket.socket):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)


class _BoundedStream(httpx.SyncByteStream):
    """The body as the worker reads it, cut at the bound's deadline and byte cap."""

    def __init__(self, worker: _Worker, bound: Bound, what: str) -> None:
        self.worker = worker
        self.bound = bound
        self.what = what
        self.read = 0
        self.complete = False  # read to its end: the connection is whole and back in the pool
        self.ends: float | None = None  # the reader's own earlier end (see `end_by`)
        self.lingered = False  # the body was still open at that end, so the reader hung up

    def end_by(self, moment: float) -> None:
        """Stop quietly at the monotonic `moment` if the body has not ended by then (sets `lingered`)."""
        self.ends = moment if self.ends is None else min(self.ends, moment)

    def _wait(self) -> float:
        remaining = self.bound.remaining()
        return remaining if self.ends is None else max(0.0, min(remaining, self.ends - time.monotonic()))

    def __iter__(self) -> Iterator[bytes]:
        try:
            while True:
                try:
                    item = self.worker.items.get(timeout=self._wait())
                except queue.Empty:
                    if self.ends is not None and time.monotonic() >= self.ends:
                        self.lingered = True
                        return
                    raise self.bound.timed_out(self.what, "the answer was not complete") from None
                if item is _END:
                    self.complete = True
                    return
                if isinstance(item, httpx.TimeoutException):  # the worker's socket met the same deadline
                    raise self.bound.timed_out(self.what, "the answer was not complete") from item
                if isinstance(item, BaseException):
                    raise item
                self.read += len(item)
                if self.read > self.bound.max_bytes.value:
                    raise self.bound.too_large(self.what)
                yield item
        finally:
            self.worker.stop(abort=not self.complete)

    def close(self) -> None:
        self.worker.stop(abort=not (self.complete or self.worker.done.is_set()))


_BODY = "talkie_body"
"""The response extension that carries its `_BoundedStream` (httpx wraps `response.stream` in its own)."""


def end_body_by(response: httpx.Response, moment: float) -> None:
    """Let the reader of a bounded response stop quietly at the monotonic `moment` (see `lingered`)."""
    body = response.extensions.get(_BODY)
    if isinstance(body, _BoundedStream):
        body.end_by(moment)


def lingered(response: httpx.Response) -> bool:
    """Whether the reader hung up at the moment `end_body_by` set because the body was still open."""
    body = response.extensions.get(_BODY)
    return isinstance(body, _BoundedStream) and body.lingered


class BoundedTransport(httpx.BaseTransport):
    """Wraps a transport (by default httpx's own) so that no answer outlives its `Bound`."""

    def __init__(self, limits: Limits, inner: httpx.BaseTransport | None = None) -> None:
        self.limits = limits
        self.inner = inner or httpx.HTTPTransport()
        self.answered = 0  # requests whose status line arrived
        self.unanswered = 0  # requests sent that got none: no answer in time, or no connection at all
        self._counting = threading.Lock()

    def _count(self, answered: bool) -> None:
        with self._counting:
            if answered:
                self.answered += 1
            else:
                self.unanswered += 1

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        bound = request.extensions.get(EXTENSION)
        if not isinstance(bound, Bound):
            bound = self.limits.bound()
        what = f"{request.method} {request.url}"
        if bound.remaining() <= 0:
            raise bound.timed_out(what, NOT_SENT)
        # the worker's own socket timeouts end it at the deadline too, even before the headers arrive
        seconds = max(0.01, bound.remaining())
        request.extensions = {
            **request.extensions,
            "timeout": {"connect": seconds, "read": seconds, "write": seconds, "pool": seconds},
        }
        worker = _Worker(self.inner, request)
        worker.thread.start()
        try:
            item = worker.items.get(timeout=bound.remaining())
        except queue.Empty:
            worker.stop()
            self._count(answered=False)
            raise bound.timed_out(what, "no answer") from None
        self._count(answered=not isinstance(item, httpx.TransportError))
        if isinstance(item, httpx.TimeoutException):
            # the worker's socket timeouts are the same deadline; whichever side notices first, it is the
            # server that did not answer in time, named with its limit
            worker.stop()
            raise bound.timed_out(what, "no answer") from item
        if isinstance(item, BaseException):
            worker.stop()
            raise item
        response: httpx.Response = item
        body = _BoundedStream(worker, bound, what)
        return httpx.Response(
            status_code=response.status_code,
            headers=response.headers,
            stream=body,
            extensions={**response.extensions, _BODY: body},
            request=request,
        )

    def close(self) -> None:
        self.inner.close()
