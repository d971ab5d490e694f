"""The inspector's traffic log: every request, its response and each SSE event, with verdicts.

A plain ASGI middleware sees the bytes that really crossed the wire — OAuth requests, 404s, injected events
and a deliberately dropped stream included — which observers of typed bodies cannot. Exchanges live in a
bounded ring buffer in memory; each change bumps a global cursor, so the inspector polls "what changed since
cursor N" and gets only that. Client-side findings also go to the
:class:`~talkie_mock.violations.ViolationLog`.
"""

from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from talkie_models.sse import SSEDecoder
from talkie_models.validation import fast_validator

from talkie_mock.faults import APPLIED, DROPPED, endpoint_of
from talkie_mock.verdicts import Finding, Seen

CAPACITY = 500
BODY_LIMIT = 16 * 1024
EVENT_LIMIT = 300
SHOWN_HEADERS = (
    "authorization",
    "accept",
    "content-type",
    "accept-language",
    "www-authenticate",
    "retry-after",
    "location",
    "cache-control",
)


def _redact(name: str, value: str) -> str:
    if name != "authorization":
        return value
    scheme, _, token = value.partition(" ")
    return f"{scheme} {token[:8]}…" if len(token) > 8 else value


def _text(raw: bytes) -> str:
    text = raw[:BODY_LIMIT].decode("utf-8", "replace")
    return text + ("…" if len(raw) > BODY_LIMIT else "")


@dataclass
class Exchange:
    id: int
    method: str
    path: str
    query: str
    endpoint: str | None
    started: float
    clock: str
    version: int = 0
    request_headers: dict[str, str] = field(default_factory=dict)
    request_body: bytearray = field(default_factory=bytearray)
    request_complete: bool = False
    status: int | None = None
    response_headers: dict[str, str] = field(default_factory=dict)
    response_body: bytearray = field(default_factory=bytearray)
    stream: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    event_count: int = 0
    faults: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    duration_ms: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "version": self.version,
            "clock": self.clock,
            "method": self.method,
            "path": self.path,
            "query": self.query,
            "endpoint": self.endpoint,
            "request": {
                "headers": {k: _redact(k, v) for k, v in self.request_headers.items()},
                "body": _text(bytes(self.request_body)),
            },
            "response": {
                "status": self.status,
                "headers": dict(self.response_headers),
                "body": _text(bytes(self.response_body)),
            },
            "stream": self.stream,
            "events": [_judged(entry) for entry in self.events],
            "eventCount": self.event_count,
            "faults": list(self.faults),
            "findings": [f.to_json() for f in self.findings],
            "durationMs": self.duration_ms,
        }


def _judged(entry: dict[str, Any]) -> dict[str, Any]:
    """A recorded event with its verdict (type, name, valid, injected), computed on first use."""
    if "valid" in entry:
        return entry
    data = entry.pop("data")
    try:
        event = json.loads(data)
    except ValueError:
        entry.update({"type": None, "valid": False, "data": data[:2000]})
        return entry
    is_object = isinstance(event, dict)
    entry.update(
        {
            "type": event.get("type") if is_object else None,
            "name": event.get("name") if is_object else None,
            "valid": fast_validator("StreamEvent").is_valid(event),
            "injected": bool(is_object and (event.get("metadata") or {}).get("mockInjected")),
            "data": data[:2000],
        }
    )
    return entry


class Traffic:
    """The ring buffer of exchanges and its change cursor."""

    def __init__(self, capacity: int = CAPACITY) -> None:
        self.items: deque[Exchange] = deque(maxlen=capacity)
        self.cursor = 0
        self._next_id = 1

    def begin(self, method: str, path: str, query: str, clock: str) -> Exchange:
        exchange = Exchange(self._next_id, method, path, query, endpoint_of(path), time.monotonic(), clock)
        self._next_id += 1
        self.items.append(exchange)
        self.touch(exchange)
        return exchange

    def touch(self, exchange: Exchange) -> None:
        self.cursor += 1
        exchange.version = self.cursor

    def since(self, cursor: int) -> list[dict[str, Any]]:
        return [e.to_json() for e in list(self.items) if e.version > cursor]

    def clear(self) -> None:
        self.items.clear()
        self.cursor += 1


Analyse = Callable[[Exchange, Seen], None]


def _is_recorded(path: str) -> bool:
    """Everything but the inspector and its control API (which would otherwise log its own polling)."""
    return not path.startswith("/_mock/") or path.startswith("/_mock/voice/")


class TrafficRecorder:
    """ASGI middleware feeding :class:`Traffic`; `analyse` is called once per exchange with what was seen."""

    def __init__(self, app: ASGIApp, traffic: Traffic, analyse: Analyse, clock: Callable[[], str]) -> None:
        self.app = app
        self.traffic = traffic
        self.analyse = analyse
        self.clock = clock

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not _is_recorded(scope["path"]):
            await self.app(scope, receive, send)
            return
        query = scope.get("query_string", b"").decode("latin-1")
        exchange = self.traffic.begin(scope["method"], scope["path"], query, self.clock())
        raw_headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        exchange.request_headers = {k: v for k, v in raw_headers.items() if k in SHOWN_HEADERS}
        recorder = _Recording(self, exchange, raw_headers, scope)

        async def receive_wrapper() -> Message:
            message = await receive()
            if message["type"] == "http.request":
                if len(exchange.request_body) < BODY_LIMIT * 4:
                    exchange.request_body += message.get("body", b"")
                exchange.request_complete = not message.get("more_body", False)
            return message

        async def send_wrapper(message: Message) -> None:
            recorder.sent(message)
            await send(message)

        try:
            await self.app(scope, receive_wrapper, send_wrapper)
        finally:
            recorder.close()


class _Recording:
    """The state of one exchange while its response goes out."""

    def __init__(
        self, owner: TrafficRecorder, exchange: Exchange, headers: dict[str, str], scope: Scope
    ) -> None:
        self.owner = owner
        self.exchange = exchange
        self.headers = headers
        self.scope = scope
        self.decoder: SSEDecoder | None = None
        self.analysed = False
        self.complete = False

    def sent(self, message: Message) -> None:
        exchange = self.exchange
        if message["type"] == "http.response.start":
            exchange.status = int(message["status"])
            headers = {
                k.decode("latin-1").lower(): v.decode("latin-1") for k, v in message.get("headers", [])
            }
            exchange.response_headers = {k: v for k, v in headers.items() if k in SHOWN_HEADERS}
            exchange.faults = list(self.scope.get(APPLIED, []))
            if headers.get("content-type", "").startswith("text/event-stream"):
                self.decoder = SSEDecoder()
                exchange.stream = "open"
                self._analyse()  # a stream may last long: judge the request now
        elif message["type"] == "http.response.body":
            body = message.get("body", b"")
            if self.decoder is not None:
                for item in self.decoder.feed(body):
                    self._event(item.data)
            elif len(exchange.response_body) < BODY_LIMIT * 4:
                exchange.response_body += body
            if not message.get("more_body", False):
                self.complete = True
                if exchange.stream == "open":
                    exchange.stream = "complete"
                self._analyse()
        self.owner.traffic.touch(exchange)

    def _event(self, data: str) -> None:
        exchange = self.exchange
        exchange.event_count += 1
        if len(exchange.events) >= EVENT_LIMIT:
            return
        # Judged when the inspector asks (`_judged`): parsing and validating each event as it went by cost
        # the streams more than producing and sending it.
        exchange.events.append({"data": data})

    def _analyse(self) -> None:
        if self.analysed:
            return
        self.analysed = True
        exchange = self.exchange
        # Only error bodies are judged (their code), so a success body is not parsed on every request.
        failed = (exchange.status or 0) >= 400
        try:
            response = (
                json.loads(bytes(exchange.response_body)) if failed and exchange.response_body else None
            )
        except (ValueError, UnicodeDecodeError):
            response = None
        seen = Seen(
            method=exchange.method,
            path=exchange.path,
            query=exchange.query,
            endpoint=exchange.endpoint,
            headers=self.headers,
            body=bytes(exchange.request_body),
            body_complete=exchange.request_complete,
            status=exchange.status or 0,
            response=response,
            location=exchange.response_headers.get("location"),
        )
        self.owner.analyse(exchange, seen)

    def close(self) -> None:
        exchange = self.exchange
        exchange.faults = list(self.scope.get(APPLIED, exchange.faults))
        if exchange.stream == "open":
            exchange.stream = "dropped" if self.scope.get(DROPPED) else "client-gone"
        exchange.duration_ms = round((time.monotonic() - exchange.started) * 1000, 1)
        if not self.analysed:
            self._analyse()
        self.owner.traffic.touch(exchange)
