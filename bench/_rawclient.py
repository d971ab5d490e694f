"""A minimal HTTP/1.1 client on raw asyncio streams, for what wrk cannot measure.

It measures time to the first SSE event, holds thousands of run streams open at once (one connection each),
and — only when wrk is missing — generates load itself. Raw sockets rather than httpx: a general-purpose
client costs more CPU per request than the servers under test, so it would measure itself.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field

RequestFactory = Callable[[], bytes]


def post(path: str, token: str, body: bytes) -> bytes:
    """A keep-alive POST with a JSON body."""
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
        f"Content-Type: application/json\r\nAccept: text/event-stream\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


def get(path: str, token: str) -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n\r\n".encode()


@dataclass
class Answer:
    status: int
    body: bytes
    first_event: float | None  # monotonic time the first `data:` bytes arrived
    ended: float


async def read_answer(reader: asyncio.StreamReader) -> Answer:
    """One response: status, body (chunked or sized), and when the first SSE event arrived."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {
        k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if line)
    }
    first: float | None = None
    if headers.get("transfer-encoding", "").lower() == "chunked":
        parts: list[bytes] = []
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                await reader.readuntil(b"\r\n")
                break
            chunk = await reader.readexactly(size + 2)
            if first is None and b"data:" in chunk:
                first = time.monotonic()
            parts.append(chunk[:-2])
        body = b"".join(parts)
    else:
        body = await reader.readexactly(int(headers.get("content-length", "0")))
        if b"data:" in body:
            first = time.monotonic()
    return Answer(status, body, first, time.monotonic())


async def first_event_latencies(port: int, requests: RequestFactory, count: int) -> list[float]:
    """Seconds from sending a run to its first event, `count` runs one after another on one connection."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    latencies = []
    try:
        for _ in range(count):
            sent = time.monotonic()
            writer.write(requests())
            answer = await read_answer(reader)
            if answer.status != 200 or answer.first_event is None:
                raise RuntimeError(f"run failed: {answer.status} {answer.body[:200]!r}")
            latencies.append(answer.first_event - sent)
    finally:
        writer.close()
    return latencies


@dataclass
class HoldResult:
    """What happened to N streams held open at once."""

    opened: int = 0
    finished: int = 0  # ended with RUN_FINISHED within the deadline
    failed: list[str] = field(default_factory=list)
    longest: float = 0.0  # seconds from request to stream end, worst stream
    all_open_after: float = 0.0  # seconds until every stream had its first event
    open_now: int = 0  # streams connected and not yet ended, at this moment
    streaming_now: int = 0  # streams that delivered their first event and have not ended, at this moment


async def hold_streams(
    port: int,
    requests: RequestFactory,
    count: int,
    deadline: float,
    on_all_open: Callable[[], None],
    batch: int = 250,
    on_sample: Callable[[int], None] | None = None,
    every: float = 0.1,
) -> HoldResult:
    """Open `count` run streams (in batches, so the accept queue keeps up) and wait for all to end.

    `on_all_open` runs once every stream has delivered its first event: the moment to read the server's
    memory, when it holds all of them. `on_sample`, when given, runs every `every` s with the number of
    streams being served at that moment (first event received, not ended: a connection the kernel accepted
    but the server has not answered yet holds no run), so the caller can read the server's memory beside
    that count.
    A stream is on time if it ends within `deadline` s of its request.
    """
    result = HoldResult()
    started = time.monotonic()
    first_seen = 0
    all_open = asyncio.Event()

    async def one() -> None:
        nonlocal first_seen
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError as exc:
            result.failed.append(f"connect: {exc}")
            return
        result.opened += 1
        result.open_now += 1
        sent = time.monotonic()
        counted = False
        try:
            writer.write(requests())
            head = await reader.readuntil(b"\r\n\r\n")
            if b" 200 " not in head.split(b"\r\n", 1)[0]:
                result.failed.append(head.split(b"\r\n", 1)[0].decode())
                return
            tail = b""
            while True:
                data = await asyncio.wait_for(reader.read(65536), deadline)
                if not data:
                    break
                if not counted and b"data:" in data:
                    counted = True
                    result.streaming_now += 1
                    first_seen += 1
                    if first_seen == count:
                        all_open.set()
                tail = (tail + data)[-4096:]
                if tail.endswith(b"0\r\n\r\n"):
                    break
            took = time.monotonic() - sent
            result.longest = max(result.longest, took)
            if b'"RUN_FINISHED"' in tail and took <= deadline:
                result.finished += 1
            else:
                result.failed.append(f"ended after {took:.1f} s without RUN_FINISHED in time")
        except (OSError, TimeoutError, asyncio.IncompleteReadError) as exc:
            result.failed.append(f"{type(exc).__name__}: {exc}")
        finally:
            result.open_now -= 1
            if counted:
                result.streaming_now -= 1
            writer.close()

    async def sampler() -> None:
        assert on_sample is not None
        while True:
            on_sample(result.streaming_now)
            await asyncio.sleep(every)

    async def watcher() -> None:
        await all_open.wait()
        result.all_open_after = time.monotonic() - started
        on_all_open()

    watch = asyncio.create_task(watcher())
    sampling = asyncio.create_task(sampler()) if on_sample is not None else None
    tasks = []
    for start in range(0, count, batch):
        tasks += [asyncio.create_task(one()) for _ in range(min(batch, count - start))]
        await asyncio.sleep(0.05)
    await asyncio.gather(*tasks)
    if not watch.done():
        watch.cancel()
    if sampling is not None:
        sampling.cancel()
    return result


async def load(port: int, requests: RequestFactory, connections: int, seconds: float) -> tuple[float, int]:
    """Requests/s over `connections` keep-alive connections for `seconds` (wrk's job when wrk is missing)."""
    done = 0
    errors = 0
    stop = time.monotonic() + seconds

    async def worker() -> None:
        nonlocal done, errors
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            while time.monotonic() < stop:
                writer.write(requests())
                answer = await read_answer(reader)
                done += 1
                errors += answer.status >= 300
        finally:
            writer.close()

    started = time.monotonic()
    await asyncio.gather(*(worker() for _ in range(connections)))
    return done / (time.monotonic() - started), errors
