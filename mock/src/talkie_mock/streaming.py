"""The SSE response: a plain ASGI streamer for one run subscription.

Why not sse-starlette or StreamingResponse: measured, both cost memory per stream and speed; a run stream only
needs a start message, `data:` frames (already encoded by talkie_models.sse, LF line endings), a `: ping`
comment when the run is quiet, and an end. Disconnect handling is explicit: when the client goes away the
response stops *reading the run*, nothing else — the run task lives on (disconnect is not cancel, §5).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Protocol

from starlette.responses import Response
from starlette.types import Message, Receive, Scope, Send
from talkie_models.sse import encode_comment

STREAM_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-cache"),
    (b"x-accel-buffering", b"no"),
]


class Feed(Protocol):
    """Where a stream reads its frames from (a run subscription)."""

    async def next_frames(self, timeout: float) -> list[bytes] | None:
        """Frames published since the last call; [] after `timeout` with nothing new; None at the end."""
        ...


class EventStreamResponse(Response):
    """Streams a feed as `text/event-stream`; the stream always ends (a run always reaches its last event)."""

    media_type = "text/event-stream"

    def __init__(self, feed: Feed, ping_interval: float) -> None:
        self.feed = feed
        self.ping_interval = ping_interval
        self.status_code = 200
        self.background = None
        self.raw_headers = list(STREAM_HEADERS)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": self.raw_headers})
        pump = asyncio.ensure_future(self._pump(send))
        watch = asyncio.ensure_future(self._watch_disconnect(receive))
        try:
            await asyncio.wait({pump, watch}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (pump, watch):
                task.cancel()
            for task in (pump, watch):
                with contextlib.suppress(asyncio.CancelledError, OSError):
                    await task
        if pump.done() and not pump.cancelled() and pump.exception() is not None:
            raise pump.exception()  # type: ignore[misc]

    async def _pump(self, send: Send) -> None:
        ping = encode_comment("ping")
        while True:
            frames = await self.feed.next_frames(self.ping_interval)
            if frames is None:
                break
            body = b"".join(frames) if frames else ping
            await send({"type": "http.response.body", "body": body, "more_body": True})
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    @staticmethod
    async def _watch_disconnect(receive: Receive) -> None:
        while True:
            message: Message = await receive()
            if message["type"] == "http.disconnect":
                return
