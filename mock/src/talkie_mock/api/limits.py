"""Request limits: a body cap, a read deadline, and a quiet end for an upload the client gave up on.

A pure ASGI middleware around the whole app, so every route — talkie/1, OAuth, the control API — gets the
same limits without a handler having to remember them:

* a body over the cap (`--max-body-bytes`) is refused with 413 `too_large`: at once when its
  `Content-Length` says so, else as soon as the running count passes the cap. The connection is closed
  with the answer, so the rest of a 100 MB upload is never buffered;
* a body that stops arriving for `read_timeout` seconds is refused with 408 and the connection closed (the
  request head has its own deadline in :mod:`talkie_mock.serving`).

An upload the client aborts surfaces as Starlette's `ClientDisconnect`, which the app logs in one line.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from talkie_mock.api.origin import Refusal, answer
from talkie_mock.errors import ApiError

CLOSE = {"Connection": "close"}


def too_large(limit: int) -> ApiError:
    return ApiError("too_large", "body_too_large", limit=limit, headers=CLOSE)


def too_slow(seconds: float) -> ApiError:
    return ApiError("request_timeout", "body_timeout", seconds=f"{seconds:g}", status=408, headers=CLOSE)


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
        if declared is not None and declared > self.max_body:
            return answer(send, *self.refusal(scope, too_large(self.max_body)))
        return self.app(scope, _Metered(receive, self.max_body, self.read_timeout), send)


class _Metered:
    """A `receive` that counts the body against the cap and waits for each part at most the deadline."""

    __slots__ = ("complete", "max_body", "read_timeout", "receive", "seen")

    def __init__(self, receive: Receive, max_body: int, read_timeout: float) -> None:
        self.receive = receive
        self.max_body = max_body
        self.read_timeout = read_timeout
        self.seen = 0
        self.complete = False

    async def __call__(self) -> Message:
        if self.complete:  # after the body only a disconnect can come: no deadline
            return await self.receive()
        try:
            async with asyncio.timeout(self.read_timeout):
                message = await self.receive()
        except TimeoutError:
            raise too_slow(self.read_timeout) from None
        if message["type"] == "http.request":
            self.seen += len(message.get("body", b""))
            if self.seen > self.max_body:
                raise too_large(self.max_body)
            self.complete = not message.get("more_body", False)
        return message


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
