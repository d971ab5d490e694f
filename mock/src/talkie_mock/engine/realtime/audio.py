"""The audio track the mock sends to the app: silence, and the assistant's turns when it speaks.

The track is paced in real time (20 ms frames), like a provider's output. It knows when a turn's first frame
goes out and when its last one has, which is exactly what `output_audio_buffer.started` and
`output_audio_buffer.stopped` report on WebRTC: the provider's buffer began to play and has drained. A turn
only plays while the app pulls frames, so a connection that never completes never "finishes speaking".
"""

from __future__ import annotations

import asyncio
import fractions
import time
from collections import deque
from collections.abc import Callable

from aiortc.mediastreams import MediaStreamError, MediaStreamTrack
from av import AudioFrame

from talkie_mock.engine.realtime.speech import RATE

PTIME = 0.020
SAMPLES = int(RATE * PTIME)
FRAME_BYTES = SAMPLES * 2
SILENCE = bytes(FRAME_BYTES)

Notify = Callable[[str], None]


class SpeechTrack(MediaStreamTrack):
    """Plays queued turns, each tagged with the id of the response that produced it."""

    kind = "audio"

    def __init__(self, on_started: Notify, on_stopped: Notify) -> None:
        super().__init__()
        self._on_started = on_started
        self._on_stopped = on_stopped
        self._queue: deque[tuple[str, bytes]] = deque()
        self._current: str | None = None
        self._pcm = b""
        self._offset = 0
        self._start = 0.0
        self._timestamp = -1

    @property
    def speaking(self) -> str | None:
        """The response whose audio is playing or queued first, if any."""
        if self._current is not None:
            return self._current
        return self._queue[0][0] if self._queue else None

    def play(self, response_id: str, pcm: bytes) -> None:
        self._queue.append((response_id, pcm))

    def clear(self) -> list[str]:
        """Drop what is playing and queued (barge-in, `output_audio_buffer.clear`); the responses cut off."""
        cut = ([self._current] if self._current is not None else []) + [rid for rid, _ in self._queue]
        self._queue.clear()
        self._current, self._pcm, self._offset = None, b"", 0
        return cut

    def _next_chunk(self) -> bytes:
        if self._current is None and self._queue:
            self._current, self._pcm = self._queue.popleft()
            self._offset = 0
            asyncio.get_running_loop().call_soon(self._on_started, self._current)
        if self._current is None:
            return SILENCE
        chunk = self._pcm[self._offset : self._offset + FRAME_BYTES]
        self._offset += FRAME_BYTES
        if self._offset >= len(self._pcm):
            finished, self._current, self._pcm = self._current, None, b""
            # told after this last frame has been handed to the sender
            asyncio.get_running_loop().call_soon(self._on_stopped, finished)
        return chunk.ljust(FRAME_BYTES, b"\0")

    async def recv(self) -> AudioFrame:
        if self.readyState != "live":
            raise MediaStreamError
        if self._timestamp < 0:
            self._start, self._timestamp = time.time(), 0
        else:
            self._timestamp += SAMPLES
            await asyncio.sleep(self._start + self._timestamp / RATE - time.time())
        frame = AudioFrame(format="s16", layout="mono", samples=SAMPLES)
        frame.planes[0].update(self._next_chunk())
        frame.pts = self._timestamp
        frame.sample_rate = RATE
        frame.time_base = fractions.Fraction(1, RATE)
        return frame
