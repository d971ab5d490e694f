"""Request limits: a body cap, a read deadline, and a quiet end for an upload the client gave up on.

A pure ASGI middleware around the whole app, so every route — talkie/1, OAuth, the control API — gets the
same limits without a handler having to remember them:

* a body over the cap (`--max-body-bytes`) is refused with 413 `too_large`: when its `Content-Length`
  says so, or as soon as the running count passes the cap. A client that writes its whole body before it
  reads (Python's `http.client`, `requests`, `httpx`) would find the connection reset under its feet, so
  the rest of the body is first read and dropped, up to DRAIN_LIMIT bytes within DRAIN_SECONDS (never
  kept), then the answer goes out and the connection is closed. A client that asked `Expect:
  100-continue` (curl) is answered at once, before it sends anything;
* a body not complete within `read_timeout` seconds of the request's start — in total, however it
  trickles — is refused with 408 `invalid_request` (notes N-150) and the connection closed (the request
  head has its own deadline and size cap in :mod:`talkie_mock.serving`).

An upload the client aborts surfaces as Starlette's `ClientDisconnect`, which the app logs in one line.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from talkie_mock.api.origin import Refusal, answer
from talkie_mock.errors import ApiError

CLOSE = {"Connection": "close"}
DRAIN_LIMIT = 32 * 1024 * 1024
"""Bytes of a refused body read and dropped so that its client can read the 413 (then it is cut off)."""
DRAIN_SECONDS = 10.0
"""How long that reading may take at most (or the read deadline, when longer)."""


def too_large(limit: int) -> ApiError:
    return ApiError("too_large", "body_too_large", limit=limit, headers=CLOSE)


def too_slow(seconds: float) -> ApiError:
    # HTTP's own status (an HTTP stack may send again by itself), a §3 code: the request never came whole
    return ApiError("invalid_request", "body_timeout", seconds=f"{seconds:g}", status=408, headers=CLOSE)


class Limits:
    """The body cap and the body read deadline of every HTTP request."""

    def __init__(self, app: ASGIApp, max_body: int, read_timeout: float, refusal: Refusal) -> None:
        self.app = app
        self.max_body = max_body
        self.read_timeout = read_timeout
        self.refusal = refusal

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # frameless (see api.origin): the metering lives in the `receive` it hands on, not in a frame here
        if scope["type"] != "http":
            return self.app(scope, receive, send)
        declared, has_body = _body_headers(scope)
        if not has_body:  # no body at all (a GET): nothing to limit or wait for
            return self.app(scope, receive, send)
        metered = _Metered(receive, self.max_body, self.read_timeout)
        if declared is not None and declared > self.max_body:
            return self._refuse_declared(scope, metered, send)
        return self.app(scope, metered, send)

    async def _refuse_declared(self, scope: Scope, metered: _Metered, send: Send) -> None:
        """413 for a body whose `Content-Length` is over the cap, after the client has sent it (drained)."""
        if _expects_continue(scope):  # the client waits for a word before it sends the body
            await answer(send, *self.refusal(scope, too_large(self.max_body)))
            return
        await metered.drain()
        await answer(send, *self.refusal(scope, too_large(self.max_body)))


class _Metered:
    """A `receive` that counts the body against the cap and holds it to one deadline for the whole body."""

    __slots__ = ("complete", "deadline", "max_body", "read_timeout", "receive", "seen")

    def __init__(self, receive: Receive, max_body: int, read_timeout: float) -> None:
        self.receive = receive
        self.max_body = max_body
        self.read_timeout = read_timeout
        self.deadline = asyncio.get_running_loop().time() + read_timeout
        self.seen = 0
        self.complete = False

    async def _next(self) -> Message:
        try:
            async with asyncio.timeout_at(self.deadline):
                return await self.receive()
        except TimeoutError:
            raise too_slow(self.read_timeout) from None

    async def __call__(self) -> Message:
        if self.complete:  # after the body only a disconnect can come: no deadline
            return await self.receive()
        message = await self._next()
        if message["type"] == "http.request":
            self.seen += len(message.get("body", b""))
            self.complete = not message.get("more_body", False)
            if self.seen > self.max_body:
                await self.drain()
                raise too_large(self.max_body)
        return message

    async def drain(self) -> None:
        """Read and drop the rest of the body (up to DRAIN_LIMIT bytes, for DRAIN_SECONDS at most), so that
        a client still writing it can read the answer; a client that stalls is simply cut off after it."""
        limit = self.seen + DRAIN_LIMIT
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(max(self.read_timeout, DRAIN_SECONDS)):
                while not self.complete and self.seen <= limit:
                    message = await self.receive()
                    if message["type"] != "http.request":
                        return
                    self.seen += len(message.get("body", b""))
                    self.complete = not message.get("more_body", False)


def _expects_continue(scope: Scope) -> bool:
    return any(name == b"expect" and value.lower() == b"100-continue" for name, value in scope["headers"])


def _body_headers(scope: Scope) -> tuple[int | None, bool]:
    """The declared `Content-Length` (None: absent or not a number) and whether a body may follow."""
    length: int | None = None
    has_body = False
    for name, value in scope["headers"]:
        if name == b"content-length":
            has_body = True
            try:
                length = int(value)
            except ValueError:
                length = None
        elif name == b"transfer-encoding":
            has_body = True
    return length, has_body
