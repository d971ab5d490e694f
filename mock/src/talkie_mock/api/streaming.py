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
    """Where a stream reads its frames from (a run subscription, `engine.runs.Subscription`)."""

    def finished_frames(self) -> list[bytes] | None:
        """Every frame not read yet when the feed has already ended; None while it goes on (or when a
        wrapper paces it), and the stream is then sent live."""
        ...

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

    def frames_now(self) -> list[bytes] | None:
        """Every frame of a feed that has already ended, or None (a live run, or a subclass that paces)."""
        if type(self)._pump is not EventStreamResponse._pump:
            return None
        return self.feed.finished_frames()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        frames = self.frames_now()
        if frames is not None:
            # The run has already ended (it had no pause, or it is a replay): the whole stream is known, so it
            # goes out as one body of known length — no reader, no disconnect watch, no chunked framing.
            body = b"".join(frames)
            headers = [*self.raw_headers, (b"content-length", str(len(body)).encode("latin-1"))]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await send({"type": "http.response.body", "body": body, "more_body": False})
            return
        await send({"type": "http.response.start", "status": 200, "headers": self.raw_headers})
        # The frames go out from this task; one small task watches for the client hanging up and, if it does,
        # interrupts the pump (a second task for the pump and an asyncio.wait over both cost every one of
        # thousands of open streams memory).
        current = asyncio.current_task()
        assert current is not None
        state = _Hangup(current)
        watch = asyncio.ensure_future(state.watch(receive))
        try:
            await self._pump(send)
        except asyncio.CancelledError:
            if not state.hung_up:
                raise
            current.uncancel()  # our own interruption: the stream simply ends
        finally:
            state.pumping = False
            watch.cancel()
            with contextlib.suppress(asyncio.CancelledError, OSError):
                await watch

    async def _pump(self, send: Send) -> None:
        ping = encode_comment("ping")
        while True:
            frames = await self.feed.next_frames(self.ping_interval)
            if frames is None:
                break
            body = b"".join(frames) if frames else ping
            await send({"type": "http.response.body", "body": body, "more_body": True})
        await send({"type": "http.response.body", "body": b"", "more_body": False})


class _Hangup:
    """Watches one stream's client; when it disconnects while frames are still being sent, stops the pump."""

    __slots__ = ("hung_up", "pump", "pumping")

    def __init__(self, pump: asyncio.Task[object]) -> None:
        self.pump = pump
        self.pumping = True
        self.hung_up = False

    async def watch(self, receive: Receive) -> None:
        while True:
            message: Message = await receive()
            if message["type"] == "http.disconnect":
                if self.pumping:
                    self.hung_up = True
                    self.pump.cancel()
                return
