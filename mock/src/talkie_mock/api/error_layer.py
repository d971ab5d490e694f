"""The app's error layer: what Starlette's ServerErrorMiddleware and ExceptionMiddleware do, in one frame.

Starlette puts two layers between the middlewares and the router: one answers an exception its table has a
handler for (an :class:`~talkie_mock.errors.ApiError` → its §3 body), the other answers any other exception
with the 500 handler and raises it again for the server's log. Each wraps `send` to know whether the answer
has started, so every frame of a run stream went through two wrappers, and a held stream kept both layers'
frames and closures alive for its whole life. :class:`ErrorLayer` does the same with one frame and one
wrapper: the same handler table in the scope (`_Direct` reads it), the same lookup (the status handler of
an `HTTPException`, then the exception's type and its bases), the same 500 and the same re-raise, and the
same refusal to answer twice once the response has started.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

HANDLERS_KEY = "starlette.exception_handlers"
"""Where the handler table sits in the scope, as ExceptionMiddleware puts it (`api.routing` reads it)."""

Handler = Callable[[Request, Exception], Awaitable[Response]]
Table = tuple[dict[Any, Handler], dict[int, Handler]]
"""The handlers by exception type and by the status of an `HTTPException`."""


def handler_for(table: Table, exc: Exception) -> Handler | None:
    """The handler of `exc`, looked up as Starlette does: the status handler of an `HTTPException`, then the
    exception's type and its bases (None: the 500)."""
    by_type, by_status = table
    if isinstance(exc, HTTPException) and exc.status_code in by_status:
        return by_status[exc.status_code]
    for cls in type(exc).__mro__:
        if cls in by_type:
            return by_type[cls]
    return None


class ErrorLayer:
    """Answers what the app raised: a handled exception with its handler, anything else with the 500."""

    def __init__(self, app: ASGIApp, handlers: dict[Any, Handler]) -> None:
        self.app = app
        self.crash: Handler | None = None
        by_type: dict[Any, Handler] = {}
        by_status: dict[int, Handler] = {}
        for key, handler in handlers.items():
            if key in (500, Exception):  # Starlette gives these to its outer 500 layer
                self.crash = handler
            elif isinstance(key, int):
                by_status[key] = handler
            else:
                by_type[key] = handler
        self.table: Table = (by_type, by_status)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        scope[HANDLERS_KEY] = self.table
        started = False

        async def tracked(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, tracked)
        except Exception as exc:
            handler = handler_for(self.table, exc)
            request = Request(scope, receive, send)
            if handler is not None:
                if started:  # as Starlette: a handled error after the start cannot be answered
                    raise RuntimeError("Caught handled exception, but response already started.") from exc
                response = await handler(request, exc)
                if response is not None:
                    await response(scope, receive, tracked)
                exc.__traceback__ = None  # a reused exception instance would pile up tracebacks
                return
            if self.crash is None:
                raise
            answer = await self.crash(request, exc)
            if not started and answer is not None:
                await answer(scope, receive, send)
            raise  # always: the server logs it (and a test client may raise it)
