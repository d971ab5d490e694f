"""A talkie/1 server that misbehaves on purpose, for the suite's own bounds: `python hostile_server.py MODE`.

It serves a good manifest (except in `huge-manifest`) and then, on every other request, does what a server
under development may do: stream for ever, ping for ever, drip bytes, never answer, send a gigabyte, send
millions of events, or send text that is not valid Unicode. It writes raw bytes on raw sockets so that no
framework tidies them up, generates big bodies lazily (nothing is held in memory), and prints
`listening <port>` once it accepts connections. It runs until killed.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator

TOKEN = "hostile-token"
GIB = 1024**3
CHUNK = 64 * 1024
DRIP_SECONDS = 0.5
MODES = (
    "endless",  # a run stream of events without end
    "pings",  # RUN_STARTED, then `: ping` for ever
    "drip",  # every answer one byte at a time
    "drip-event",  # a run stream whose second event arrives one byte at a time, for ever
    "silence",  # accepts, reads the request, never answers
    "huge",  # every answer a 1 GiB body
    "huge-manifest",  # the manifest is 1 GiB
    "events",  # one finite run stream of 2,000,000 small events
    "surrogates",  # JSON with lone surrogates (`\ud800`) in ids and text
    "invalid-utf8",  # JSON with bytes that are not UTF-8 in ids and text
    "linger",  # a whole run stream, RUN_FINISHED last, then the connection stays open for ever
    "garbage",  # every answer but the manifest is bytes that are not HTTP
    "big-headers",  # every answer but the manifest carries 1 MiB of headers
    "redirect-loop",  # the manifest redirects to itself, for ever
)
MIB = 1024**2
MANY_EVENTS = 2_000_000
BAD = {"surrogates": b"\\ud800", "invalid-utf8": b"\xff\xfe"}
"""What stands in the JSON text where a bad string goes, per mode."""


def manifest(origin: str) -> dict[str, object]:
    endpoints = {
        "status": "/api/talkie/status",
        "run": "/api/talkie/run",
        "cancelRun": "/api/talkie/runs/{runId}/cancel",
        "threads": "/api/talkie/threads",
        "thread": "/api/talkie/threads/{threadId}",
        "action": "/api/talkie/actions/{actionId}",
        "decision": "/api/talkie/actions/{actionId}/decision",
    }
    return {
        "spec": "talkie/1",
        "issuer": origin,
        "serverId": "hostile.example",
        "name": "Hostile",
        "description": "A server that misbehaves on purpose",
        "locale": "en",
        "brand": {"accent": "#0b7a75"},
        "auth": {"oauth": {"issuer": origin + "/oauth", "scopes": ["talkie"]}, "token": {"hint": "any"}},
        "endpoints": endpoints,
        "capabilities": {
            "actions": {"voiceConfirm": False},
            "cards": {"blocks": ["heading", "text", "fields", "list", "link", "file", "badge"]},
        },
        "limits": {"maxMessageChars": 4000},
        "testMode": True,
    }


def head(status: int, content_type: str, length: int | None = None) -> bytes:
    lines = [f"HTTP/1.1 {status} X", f"Content-Type: {content_type}", "Cache-Control: no-store"]
    lines.append(f"Content-Length: {length}" if length is not None else "Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def bad_json(mode: str, path: str) -> bytes:
    """A JSON answer carrying the mode's bad text wherever the suite reads a string."""
    bad = BAD[mode]
    if path.endswith("/status"):
        return (
            b'{"user":{"id":"u' + bad + b'","name":"Jana ' + bad + b'","email":"j@x.example"},'
            b'"chat":true,"voice":false,"usage":[]}'
        )
    if path.endswith("/threads"):
        return (
            b'{"threads":[{"id":"t' + bad + b'","title":"' + bad + b'","channel":"chat",'
            b'"createdAt":"2026-01-01T00:00:00Z","updatedAt":"2026-01-01T00:00:00Z"}]}'
        )
    return b'{"error":{"code":"not_found","message":"no ' + bad + b'","retryable":false}}'


def bad_stream(mode: str) -> bytes:
    bad = BAD[mode]
    events = [
        b'{"type":"RUN_STARTED","threadId":"t' + bad + b'","runId":"r' + bad + b'"}',
        b'{"type":"TEXT_MESSAGE_START","messageId":"m' + bad + b'","role":"assistant"}',
        b'{"type":"TEXT_MESSAGE_CONTENT","messageId":"m' + bad + b'","delta":"x' + bad + b'"}',
        b'{"type":"TEXT_MESSAGE_END","messageId":"m' + bad + b'"}',
        b'{"type":"RUN_FINISHED","threadId":"t' + bad + b'","runId":"r' + bad + b'"}',
    ]
    return b"".join(b"data: " + event + b"\n\n" for event in events)


def event(data: dict[str, object]) -> bytes:
    return b"data: " + json.dumps(data).encode() + b"\n\n"


STARTED = event({"type": "RUN_STARTED", "threadId": "t_1", "runId": "r_1"})
DELTA = event({"type": "TEXT_MESSAGE_CONTENT", "messageId": "m_1", "delta": "x"})


async def huge_body(size: int) -> AsyncIterator[bytes]:
    """`{"x":"aaaa…"}` of `size` bytes, one chunk at a time."""
    block = b"a" * CHUNK
    yield b'{"x":"'
    left = size - 8
    while left > 0:
        yield block[: min(CHUNK, left)]
        left -= CHUNK
    yield b'"}'


async def read_request(reader: asyncio.StreamReader) -> tuple[str, str] | None:
    try:
        header = await reader.readuntil(b"\r\n\r\n")
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
        return None
    lines = header.decode("latin-1").split("\r\n")
    method, path, _ = ([*lines[0].split(" "), "", ""])[:3]
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip() or 0)
    if length:
        await reader.readexactly(length)
    return method, path.split("?")[0]


class Hostile:
    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.origin = ""

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                request = await read_request(reader)
                if request is None:
                    return
                if not await self.answer(writer, *request):
                    return
        except (ConnectionError, asyncio.IncompleteReadError):
            return
        finally:
            writer.close()

    async def answer(self, writer: asyncio.StreamWriter, method: str, path: str) -> bool:
        """Write one answer; whether the connection may carry another request."""
        mode = self.mode
        if path == "/.well-known/talkie.json":
            if mode == "redirect-loop":
                lines = ["HTTP/1.1 302 X", "Location: /.well-known/talkie.json", "Content-Length: 0"]
                writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
                await writer.drain()
                return True
            if mode == "huge-manifest":
                writer.write(head(200, "application/json", GIB))
                async for chunk in huge_body(GIB):
                    writer.write(chunk)
                    await writer.drain()
                return True
            body = json.dumps(manifest(self.origin)).encode()
            writer.write(head(200, "application/json", len(body)) + body)
            await writer.drain()
            return True
        is_run = method == "POST" and path.endswith("/run")
        if mode == "silence":
            await asyncio.Event().wait()
        if mode == "garbage":
            writer.write(b"\x00\xffNOT HTTP AT ALL\r\n\r\n" * 64)
            await writer.drain()
            return False
        if mode == "big-headers":
            filler = b"X-Filler: " + b"a" * 1000 + b"\r\n"
            writer.write(
                b"HTTP/1.1 200 X\r\nContent-Type: application/json\r\n" + filler * (MIB // len(filler))
            )
            writer.write(b"Content-Length: 2\r\n\r\n{}")
            await writer.drain()
            return False
        if mode == "huge":
            writer.write(head(200, "application/json", GIB))
            async for chunk in huge_body(GIB):
                writer.write(chunk)
                await writer.drain()
            return True
        if mode == "drip":
            writer.write(head(200, "application/json"))
            while True:
                writer.write(b" ")
                await writer.drain()
                await asyncio.sleep(DRIP_SECONDS)
        if mode in BAD:
            if is_run:
                writer.write(head(200, "text/event-stream") + bad_stream(mode))
                await writer.drain()
                return False
            status = 200 if path.endswith(("/status", "/threads")) else 404
            body = bad_json(mode, path)
            writer.write(head(status, "application/json", len(body)) + body)
            await writer.drain()
            return True
        if not is_run:
            body = b'{"error":{"code":"not_found","message":"nothing here","retryable":false}}'
            writer.write(head(404, "application/json", len(body)) + body)
            await writer.drain()
            return True
        writer.write(head(200, "text/event-stream") + STARTED)
        await writer.drain()
        if mode == "endless":
            start = event({"type": "TEXT_MESSAGE_START", "messageId": "m_1", "role": "assistant"})
            writer.write(start)
            while True:
                writer.write(DELTA * 64)
                await writer.drain()
        if mode == "pings":
            while True:
                writer.write(b": ping\n\n")
                await writer.drain()
                await asyncio.sleep(DRIP_SECONDS)
        if mode == "drip-event":
            for byte in b'data: {"type":"TEXT_MESSAGE_START","messageId":"m_1","role":"assistant"':
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.sleep(DRIP_SECONDS)
            while True:
                writer.write(b" ")
                await writer.drain()
                await asyncio.sleep(DRIP_SECONDS)
        if mode == "linger":
            writer.write(event({"type": "RUN_FINISHED", "threadId": "t_1", "runId": "r_1"}))
            await writer.drain()
            await asyncio.Event().wait()
        if mode == "events":
            batch = DELTA * 1000
            for _ in range(MANY_EVENTS // 1000):
                writer.write(batch)
                await writer.drain()
            writer.write(event({"type": "RUN_FINISHED", "threadId": "t_1", "runId": "r_1"}))
            await writer.drain()
        return False


async def main(mode: str) -> None:
    if mode not in MODES:
        raise SystemExit(f"unknown mode {mode!r}; one of {', '.join(MODES)}")
    hostile = Hostile(mode)
    server = await asyncio.start_server(hostile.handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    hostile.origin = f"http://127.0.0.1:{port}"
    print(f"listening {port}", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
