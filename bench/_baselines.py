"""The baselines of `bench/mock_http.py`: the least a server could do to send the mock's bytes.

Five ASGI apps, each run by uvicorn in its own process with the mock's settings (uvicorn's default loop and
parser — uvloop and httptools where installed, as for the mock —, no access log):

* ``starlette`` — a bare Starlette app: one route per path answering precomputed JSON bytes, and the echo and
  slow run streams as a ``StreamingResponse``;
* ``asgi`` — a raw ASGI callable doing the same without any framework;
* ``sse`` — the run streams through sse-starlette's ``EventSourceResponse`` (the usual choice for SSE);
* ``floor`` — the least a *stateful* server does for an echo run: validate the RunAgentInput
  (talkie_models), make the run's writes in one SQLite transaction with the mock's own state code
  (``talkie_mock.engine.store``: the replay and thread look-ups, the thread, both messages, the finished
  run), then send the five frames in one body. No authentication, inspector, guards or engine: it prices
  what durable state costs on this stack, so the mock's echo row can be read against it;
* ``independent`` — the same work written without any of the mock's code: the standard ``sqlite3`` module
  on its own schema (WAL, ``synchronous=NORMAL``), one transaction per run (look up the runId and the
  thread, insert the thread, the user message, the assistant message and the finished run with its
  events, update the thread), then the five frames in one body. It prices durable state independently of
  ``engine.store``, so the mock's own work (authentication, inspector, guards, engine) is read against it.

The JSON bodies are the mock's own answers, fetched from it before the measurements (``--bodies`` file), so
every row sends the same bytes. Streams build the same AG-UI events the mock sends for `talkie-test:echo` and
`talkie-test:slow`, from the posted RunAgentInput; all but the floor store and validate nothing.

    python bench/_baselines.py {starlette|asgi|sse|floor|independent} --port N --bodies FILE
        [--slow-seconds S --slow-chunks K]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

import uvicorn

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

RUN_PATH = "/api/talkie/run"
JSON_HEADERS = [(b"content-type", b"application/json")]
SSE_HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-cache"),
    (b"x-accel-buffering", b"no"),
]


def run_events(body: bytes, slow: tuple[float, int] | None) -> tuple[list[dict[str, Any]], float]:
    """The events answering one posted run (echo, or slow when `slow` is given) and the pause per delta."""
    data = json.loads(body)
    return events_of(data["threadId"], data["runId"], data["messages"][-1]["content"], slow)


def events_of(
    thread_id: str, run_id: str, text: str, slow: tuple[float, int] | None
) -> tuple[list[dict[str, Any]], float]:
    message_id = f"msg_{run_id}"
    if slow is None:
        deltas = [text.removeprefix("talkie-test:echo ")]
        pause = 0.0
    else:
        seconds, chunks = slow
        deltas = [f"word{i} " for i in range(chunks)]
        pause = seconds / chunks
    events: list[dict[str, Any]] = [
        {"type": "RUN_STARTED", "threadId": thread_id, "runId": run_id},
        {"type": "TEXT_MESSAGE_START", "messageId": message_id, "role": "assistant"},
        *({"type": "TEXT_MESSAGE_CONTENT", "messageId": message_id, "delta": d} for d in deltas),
        {"type": "TEXT_MESSAGE_END", "messageId": message_id},
        {"type": "RUN_FINISHED", "threadId": thread_id, "runId": run_id},
    ]
    return events, pause


def frame(event: dict[str, Any]) -> bytes:
    return b"data: " + json.dumps(event, ensure_ascii=False, separators=(",", ":")).encode() + b"\n\n"


def is_slow(body: bytes) -> tuple[float, int] | None:
    return SLOW if b"talkie-test:slow" in body else None


SLOW = (5.0, 20)


async def read_body(receive: Receive) -> bytes:
    chunks = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            return b"".join(chunks)


async def frames(body: bytes) -> AsyncIterator[bytes]:
    events, pause = run_events(body, is_slow(body))
    for event in events:
        yield frame(event)
        if pause and event["type"] == "TEXT_MESSAGE_CONTENT":
            await asyncio.sleep(pause)


def raw_asgi(bodies: dict[str, bytes]) -> ASGIApp:
    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # lifespan: nothing to set up
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
                await receive()
                await send({"type": "lifespan.shutdown.complete"})
            return
        if scope["path"] == RUN_PATH and scope["method"] == "POST":
            body = await read_body(receive)
            await send({"type": "http.response.start", "status": 200, "headers": SSE_HEADERS})
            async for chunk in frames(body):
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b""})
            return
        answer = bodies.get(scope["path"])
        status = 200 if answer is not None else 404
        await send({"type": "http.response.start", "status": status, "headers": JSON_HEADERS})
        await send({"type": "http.response.body", "body": answer or b"{}"})

    return app


def bare_starlette(bodies: dict[str, bytes]) -> ASGIApp:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response, StreamingResponse
    from starlette.routing import Route

    def answer(body: bytes) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            return Response(body, media_type="application/json")

        return endpoint

    async def run(request: Request) -> Response:
        body = await request.body()
        return StreamingResponse(frames(body), headers=dict(_text(SSE_HEADERS)))

    routes = [Route(path, answer(body)) for path, body in bodies.items()]
    routes.append(Route(RUN_PATH, run, methods=["POST"]))
    return Starlette(routes=routes)


def sse_starlette(bodies: dict[str, bytes]) -> ASGIApp:
    from sse_starlette import EventSourceResponse
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route

    async def run(request: Request) -> Response:
        body = await request.body()
        events, pause = run_events(body, is_slow(body))

        async def content() -> AsyncIterator[dict[str, str]]:
            for event in events:
                yield {"data": json.dumps(event, ensure_ascii=False, separators=(",", ":"))}
                if pause and event["type"] == "TEXT_MESSAGE_CONTENT":
                    await asyncio.sleep(pause)

        # LF separators: the AG-UI TypeScript client splits frames on "\n\n" only
        return EventSourceResponse(content(), ping=15, sep="\n")

    return Starlette(routes=[Route(RUN_PATH, run, methods=["POST"])])


def durable_floor(bodies: dict[str, bytes], state: Path) -> ASGIApp:
    from talkie_mock.engine.chat import TITLE_CHARS
    from talkie_mock.engine.store import MessageRow, Store
    from talkie_mock.engine.wire import dumps
    from talkie_models import RunAgentInput, UserMessage

    store = Store(str(state))
    user_id = "u_floor"

    def persist(run: RunAgentInput, text: str, events: list[dict[str, Any]]) -> None:
        now = int(time.time() * 1000)
        with store.batch():  # one transaction, committed before the first byte of the answer
            if store.runs.get_run(user_id, run.run_id) is not None:
                raise RuntimeError("the bench repeated a runId")
            thread_id = run.thread_id
            if store.threads.get_thread(thread_id) is None:
                store.threads.create_thread(thread_id, user_id, text[:TITLE_CHARS], "chat", now)
            user = run.messages[-1]
            rows = [
                MessageRow(user.id, thread_id, "user", text, now, "chat", []),
                MessageRow(f"msg_{run.run_id}", thread_id, "assistant", events[2]["delta"], now, None, []),
            ]
            for row in rows:  # the mock stores them one by one too: the user's, then the answer when it ends
                store.threads.add_messages(thread_id, [row], now)
            store.runs.end_run(user_id, run.run_id, thread_id, "finished", now, dumps(events))

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
                await receive()
                store.close()
                await send({"type": "lifespan.shutdown.complete"})
            return
        if scope["path"] != RUN_PATH or scope["method"] != "POST":
            answer = bodies.get(scope["path"])
            await send(
                {"type": "http.response.start", "status": 200 if answer else 404, "headers": JSON_HEADERS}
            )
            await send({"type": "http.response.body", "body": answer or b"{}"})
            return
        run = RunAgentInput.model_validate_json(await read_body(receive))
        last = run.messages[-1]
        text = last.content if isinstance(last, UserMessage) and isinstance(last.content, str) else ""
        events, _ = events_of(run.thread_id, run.run_id, text, None)
        persist(run, text, events)
        body = b"".join(frame(event) for event in events)
        headers = [*SSE_HEADERS, (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    return app


INDEPENDENT_SCHEMA = """
CREATE TABLE IF NOT EXISTS threads (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, title TEXT NOT NULL,
    channel TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS messages (id TEXT NOT NULL, thread_id TEXT NOT NULL, role TEXT NOT NULL,
    content TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (thread_id, id));
CREATE TABLE IF NOT EXISTS runs (user_id TEXT NOT NULL, id TEXT NOT NULL, thread_id TEXT NOT NULL,
    status TEXT NOT NULL, ended_at INTEGER NOT NULL, events TEXT NOT NULL, PRIMARY KEY (user_id, id));
"""


def independent_floor(bodies: dict[str, bytes], state: Path) -> ASGIApp:
    """The durable floor without the mock's code: standard `sqlite3`, one transaction, WAL + NORMAL."""
    import sqlite3

    from talkie_models import RunAgentInput, UserMessage

    db = sqlite3.connect(str(state), isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.executescript(INDEPENDENT_SCHEMA)
    user_id = "u_floor"

    def persist(run: RunAgentInput, text: str, events: list[dict[str, Any]]) -> None:
        now = int(time.time() * 1000)
        thread_id = run.thread_id
        db.execute("BEGIN IMMEDIATE")
        try:
            seen = "SELECT 1 FROM runs WHERE user_id = ? AND id = ?"
            if db.execute(seen, (user_id, run.run_id)).fetchone() is not None:
                raise RuntimeError("the bench repeated a runId")
            if db.execute("SELECT 1 FROM threads WHERE id = ?", (thread_id,)).fetchone() is None:
                db.execute(
                    "INSERT INTO threads VALUES (?, ?, ?, 'chat', ?, ?)",
                    (thread_id, user_id, text[:60], now, now),
                )
            insert = "INSERT INTO messages VALUES (?, ?, ?, ?, ?)"
            db.execute(insert, (run.messages[-1].id, thread_id, "user", text, now))
            db.execute(insert, (f"msg_{run.run_id}", thread_id, "assistant", events[2]["delta"], now))
            db.execute(
                "INSERT INTO runs VALUES (?, ?, ?, 'finished', ?, ?)",
                (user_id, run.run_id, thread_id, now, json.dumps(events, separators=(",", ":"))),
            )
            db.execute("UPDATE threads SET updated_at = ? WHERE id = ?", (now, thread_id))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
                await receive()
                db.close()
                await send({"type": "lifespan.shutdown.complete"})
            return
        if scope["path"] != RUN_PATH or scope["method"] != "POST":
            answer = bodies.get(scope["path"])
            await send(
                {"type": "http.response.start", "status": 200 if answer else 404, "headers": JSON_HEADERS}
            )
            await send({"type": "http.response.body", "body": answer or b"{}"})
            return
        run = RunAgentInput.model_validate_json(await read_body(receive))
        last = run.messages[-1]
        text = last.content if isinstance(last, UserMessage) and isinstance(last.content, str) else ""
        events, _ = events_of(run.thread_id, run.run_id, text, None)
        persist(run, text, events)
        body = b"".join(frame(event) for event in events)
        headers = [*SSE_HEADERS, (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    return app


def _text(headers: list[tuple[bytes, bytes]]) -> list[tuple[str, str]]:
    return [(k.decode(), v.decode()) for k, v in headers if k != b"content-type"] + [
        ("content-type", "text/event-stream; charset=utf-8")
    ]


APPS: dict[str, Callable[[dict[str, bytes]], ASGIApp]] = {
    "starlette": bare_starlette,
    "asgi": raw_asgi,
    "sse": sse_starlette,
}


def main() -> None:
    global SLOW
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=[*sorted(APPS), "floor", "independent"])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--bodies", type=Path, required=True)
    parser.add_argument("--slow-seconds", type=float, default=SLOW[0])
    parser.add_argument("--slow-chunks", type=int, default=SLOW[1])
    args = parser.parse_args()
    SLOW = (args.slow_seconds, args.slow_chunks)
    bodies = {path: body.encode() for path, body in json.loads(args.bodies.read_text()).items()}
    if args.kind == "floor":  # its state file sits beside the bodies, in the bench's temporary folder
        app = durable_floor(bodies, args.bodies.with_name("floor-state.db"))
    elif args.kind == "independent":
        app = independent_floor(bodies, args.bodies.with_name("independent-state.db"))
    else:
        app = APPS[args.kind](bodies)
    # the same socket set-up as `talkie-mock serve` (TCP, so asyncio sets TCP_NODELAY)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", args.port))
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on")
    uvicorn.Server(config).run(sockets=[sock])


if __name__ == "__main__":
    main()
