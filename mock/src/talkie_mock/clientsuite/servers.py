"""The suite's loopback listeners: the scenario origin, which answers each scenario under its own path; the
decoy origin, which answers nothing useful and records whatever reaches it (a token above all); and the
tripwire, the https origin of the scenarios' links, which records every connection made to it.

Both record every request into the `Record` of the scenario it belongs to: by path on the scenario origin
(RFC 8414's metadata path, which puts the well-known segment before the issuer's path, included; a path
outside the scenarios' prefix, such as a bare host's manifest, to the scenario under way), to the scenario
under way on the decoy. Request bodies are read up to `BODY_CAP`; every answer is finite (a held stream waits
at most `HOLD_LIMIT` seconds).
"""

from __future__ import annotations

import asyncio
import json
import socket
import socketserver
import threading
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any
from urllib.parse import parse_qsl

import uvicorn
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.types import Receive, Scope, Send

from talkie_mock.clientsuite.base import Asked, endpoint_of
from talkie_mock.clientsuite.observe import Record, Seen, Where
from talkie_mock.clientsuite.scenarios import SCENARIOS
from talkie_mock.clientsuite.situations import HOLD_LIMIT, PING, PING_EVERY, PREFIX, Answer, Origins, error
from talkie_mock.devtools.terminal import printable

BODY_CAP = 256 * 1024
PATH_SHOWN = 300
TRIPWIRE_READ = 2.0
TRIPWIRE_BYTES = 16 * 1024
START_DEADLINE = 10.0
KEPT_HEADERS = ("accept", "content-type")
WELL_KNOWN = "/.well-known/"
MAX_PARAMS = 50


class Suite:
    """The state both listeners share: the origins, the token, the records, the scenario under way."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.records: dict[str, Record] = {name: Record() for name in SCENARIOS}
        self.current: str | None = None
        self.origins = Origins("", "", token, "")

    def begin(self, name: str) -> Record:
        """A fresh record for scenario `name`, which is now the one under way."""
        self.records[name] = Record()
        self.current = name
        return self.records[name]

    def answering(self, name: str, scope: Scope) -> Origins:
        """The origins a request to scenario `name` is answered with (the run's, in command mode)."""
        return self.origins


async def _body(request: Request) -> bytes:
    """The body's first `BODY_CAP` bytes (the rest is not read)."""
    parts: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        parts.append(chunk[: BODY_CAP - size])
        size += len(parts[-1])
        if size >= BODY_CAP:
            break
    return b"".join(parts)


def _json(raw: bytes) -> dict[str, Any] | None:
    try:
        value = json.loads(raw)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _params(query: bytes, raw: bytes, content_type: str) -> tuple[tuple[str, str], ...]:
    """The query's parameters, then a form body's (OAuth's token and revocation requests)."""
    pairs = parse_qsl(query.decode("latin-1"), keep_blank_values=True, max_num_fields=MAX_PARAMS)
    if content_type.split(";")[0].strip().lower() == "application/x-www-form-urlencoded":
        try:
            text = raw.decode()
            pairs += parse_qsl(text, keep_blank_values=True, max_num_fields=MAX_PARAMS)
        except ValueError:  # not UTF-8, or too many fields: the request carries no readable form
            pass
    return tuple(pairs[:MAX_PARAMS])


def _holds(scope: Scope, raw: bytes, secret: bytes) -> bool:
    """Whether a request carries `secret` in its body, query or any header."""
    return (
        secret in raw
        or secret in scope.get("query_string", b"")
        or any(secret in value for _, value in scope["headers"])
    )


def _kept(request: Request) -> tuple[tuple[str, str], ...]:
    kept = [(name, request.headers[name]) for name in KEPT_HEADERS if name in request.headers]
    authorization = request.headers.get("authorization")
    if authorization is not None:
        kept.append(("authorization", authorization.split(" ", 1)[0]))
    return tuple(kept)


def _response(answer: Answer) -> Response:
    headers = dict(answer.headers)
    if answer.stream is None:
        return Response(answer.body, answer.status, headers=headers)
    frames, until, tail = answer.stream, answer.until, answer.tail

    async def send() -> AsyncIterator[bytes]:
        for frame in frames:
            yield frame
        if until is not None:
            ends = time.monotonic() + HOLD_LIMIT
            pinged = time.monotonic()
            while not until() and time.monotonic() < ends:
                await asyncio.sleep(0.05)
                if time.monotonic() - pinged >= PING_EVERY:
                    pinged = time.monotonic()
                    yield PING
        for frame in tail:
            yield frame

    return StreamingResponse(send(), answer.status, headers=headers)


class Listener:
    """One origin of the suite: an ASGI app recording into `suite`, answered by uvicorn on a thread."""

    def __init__(self, suite: Suite, where: Where) -> None:
        self.suite = suite
        self.where = where
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None
        self.origin = ""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        request = Request(scope, receive)
        raw = await _body(request)
        carries = _holds(scope, raw, self.suite.token.encode())
        # the path as sent: an encoded slash stays inside its segment
        path = (scope.get("raw_path") or request.url.path.encode()).decode("latin-1")
        shown = printable(path)[:PATH_SHOWN]
        name, rest = self._scenario(path)
        if name is None:
            await _response(error(404, "not_found", "No scenario lives here."))(scope, receive, send)
            if self.where == "decoy" and self.suite.current is not None:
                record = self.suite.records[self.suite.current]
                secret = any(_holds(scope, raw, s.encode()) for s in list(record.secrets))
                seen = Seen(self.where, request.method, "other", shown, carries, _kept(request), rest=path)
                record.add(replace(seen, carries_secret=secret))
            return
        try:
            params = _params(scope.get("query_string", b""), raw, request.headers.get("content-type", ""))
        except ValueError:  # more parameters than anyone sends
            params = ()
        authorization = request.headers.get("authorization", "")
        scheme, _, credential = authorization.partition(" ")
        asked = Asked(
            endpoint_of(rest),
            request.method,
            authorization == f"Bearer {self.suite.token}",
            _json(raw),
            rest,
            root=not path.startswith(PREFIX + "/"),
            params=params,
            raw=raw,
            bearer=credential if scheme.lower() == "bearer" else None,
            local=(scope.get("server") or ("127.0.0.1", 0))[0],
            remote=(scope.get("client") or ("127.0.0.1", 0))[0],
        )
        owner = name if self.where == "scenario" else (self.suite.current or name)
        record = self.suite.records[owner]
        secret = any(_holds(scope, raw, s.encode()) for s in list(record.secrets))
        kept = _kept(request)
        seen = Seen(
            self.where, request.method, asked.endpoint, shown, carries, kept, asked.body, rest, params, secret
        )
        record.add(seen, len(raw))
        if self.where == "decoy":
            answer = error(404, "not_found", "This origin is the suite's decoy: nothing is served here.")
        else:
            try:
                answer = await SCENARIOS[name].reply(asked, record, self.suite.answering(name, scope))
            except ValueError:  # what the client sent cannot make a talkie/1 answer (a validation error)
                answer = error(400, "invalid_request", "This request cannot be answered in this scenario.")
        await _response(answer)(scope, receive, send)

    def _scenario(self, path: str) -> tuple[str | None, str]:
        """The scenario a path belongs to and the path below its base. On the scenario origin a path outside
        `PREFIX` (a bare host's manifest, a root-relative endpoint) belongs to the scenario under way."""
        if path.startswith(WELL_KNOWN):
            # RFC 8414: `/.well-known/<suffix>/_scenarios/<name>/oauth` is the metadata of the issuer
            # `/_scenarios/<name>/oauth`; its rest keeps the segment: `.well-known/<suffix>/oauth`
            suffix, _, inner = path[len(WELL_KNOWN) :].partition("/")
            if inner.startswith(PREFIX[1:] + "/"):
                name, rest = self._scenario("/" + inner)
                return (name, f"{WELL_KNOWN[1:]}{suffix}/{rest}") if name is not None else (None, "")
        if not path.startswith(PREFIX + "/"):
            if self.where == "scenario" and self.suite.current is not None and path.startswith("/"):
                return self.suite.current, path[1:]
            return None, ""
        name, _, rest = path[len(PREFIX) + 1 :].partition("/")
        return (name, rest) if name in SCENARIOS else (None, "")

    def start(self, host: str = "127.0.0.1") -> str:
        """Serve on a free port of `host` (an IPv4 address); returns the origin once it answers."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, 0))
        port = sock.getsockname()[1]
        config = uvicorn.Config(
            self, lifespan="off", access_log=False, log_level="critical", timeout_graceful_shutdown=2
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        until = time.monotonic() + START_DEADLINE
        while not self.server.started:
            if time.monotonic() > until or not self.thread.is_alive():
                self.stop()
                sock.close()
                raise OSError(f"the {self.where} listener did not start")
            time.sleep(0.01)
        self.origin = f"http://{host}:{port}"
        return self.origin

    def stop(self) -> None:
        if self.server is not None and self.thread is not None:
            self.server.should_exit = True
            self.thread.join(timeout=5)


class Tripwire:
    """A bare TCP listener behind the https links of the scenarios (a link target is https or same-origin):
    nothing is served, but every connection is recorded, with whether its first bytes held the token."""

    def __init__(self, suite: Suite) -> None:
        self.suite = suite
        self.server: socketserver.ThreadingTCPServer | None = None
        self.origin = ""

    def start(self, host: str = "127.0.0.1") -> str:
        suite = self.suite

        class Handler(socketserver.BaseRequestHandler):
            def handle(self) -> None:
                sock: socket.socket = self.request
                sock.settimeout(TRIPWIRE_READ)
                try:
                    first = sock.recv(TRIPWIRE_BYTES)
                except OSError:
                    first = b""
                if suite.current is not None:
                    seen = Seen(
                        "decoy",
                        "TCP",
                        "other",
                        "connection to the suite's https origin",
                        suite.token.encode() in first,
                    )
                    suite.records[suite.current].add(seen)

        self.server = socketserver.ThreadingTCPServer((host, 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True).start()
        self.origin = f"https://{host}:{self.server.server_address[1]}"
        return self.origin

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()


class Servers:
    """Both listeners, started together and always stopped (a context manager)."""

    def __init__(self, token: str) -> None:
        self.suite = Suite(token)
        self.scenario = Listener(self.suite, "scenario")
        self.decoy = Listener(self.suite, "decoy")
        self.tripwire = Tripwire(self.suite)

    def __enter__(self) -> Suite:
        try:
            issuer = self.scenario.start()
            decoy = self.decoy.start()
            tripwire = self.tripwire.start()
        except BaseException:
            self.__exit__()
            raise
        self.suite.origins = Origins(issuer, decoy, self.suite.token, tripwire)
        return self.suite

    def __exit__(self, *exc: object) -> None:
        self.scenario.stop()
        self.decoy.stop()
        self.tripwire.stop()
