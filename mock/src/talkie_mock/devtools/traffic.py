"""The inspector's traffic log: every request, its response and each SSE event, with verdicts.

A plain ASGI middleware sees the bytes that really crossed the wire — OAuth requests, 404s, injected events
and a deliberately dropped stream included — which observers of typed bodies cannot. Exchanges live in a
bounded ring buffer in memory; each change bumps a global cursor, so the inspector polls "what changed since
cursor N" and gets only that. Client-side findings also go to the
:class:`~talkie_mock.devtools.violations.ViolationLog`.

Recording is on the path of every request, so it only keeps references: the header lists uvicorn built, the
body chunks as they went by, the clock as a number. It never keeps more than it shows: a body is cut to
BODY_LIMIT bytes as it arrives (a request body may first be kept up to ANALYSED_LIMIT, for its verdict), a
stream to STREAM_LIMIT, and all exchanges together hold at most BUDGET bytes, the oldest dropped first, so a
flood of big answers costs neither memory nor time on the event loop. Turning them into text, splitting a
stream into events and judging each event happen when the inspector asks (:meth:`Exchange.to_json`). The
request itself is judged when its exchange ends (or when its stream opens), because the violation log must
not wait for anyone to look.
"""

from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from talkie_models.findings import Finding
from talkie_models.sse import SSEDecoder
from talkie_models.validation import fast_validator

from talkie_mock.api import surfaces
from talkie_mock.api.cors import CorsPolicy, covered
from talkie_mock.api.fixed import Fixed
from talkie_mock.api.origin import cross_site
from talkie_mock.api.requests import VALIDATED
from talkie_mock.api.runs import REPLAYED
from talkie_mock.devtools.faults import APPLIED, DROPPED, endpoint_of
from talkie_mock.devtools.redact import Redactor
from talkie_mock.devtools.verdicts import RequestHeaders, Seen, finding_json, verdict
from talkie_mock.engine.clock import iso_of_ms
from talkie_mock.engine.runs import UNSAFE_LABEL
from talkie_mock.engine.variations import TAKEN
from talkie_mock.errors import ApiError

CAPACITY = 500
REPEAT_SECONDS = 10.0
"""The window in which the same refusal of the same client is recorded once (:meth:`Traffic.refused`)."""
REFUSAL_CLIENTS = 256
"""Windows of repeated refusals kept at once (a client past it starts a new window, no more)."""
BODY_LIMIT = 16 * 1024
"""Bytes of a body kept and shown; the rest is only counted (the shown text ends with a mark)."""
ANALYSED_LIMIT = 64 * 1024
"""Bytes of a request body kept until its verdict (a larger body is not judged on its first part)."""
BUDGET = 8 * 1024 * 1024
"""Bytes of bodies and streams all kept exchanges may hold together; the oldest go first past it."""
CUT = "…"
EVENT_LIMIT = 300
STREAM_LIMIT = 64 * 1024
"""Bytes of a stream kept as sent; later chunks are only counted (their events, not their text)."""
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
_SHOWN = frozenset(name.encode("latin-1") for name in SHOWN_HEADERS)
_EVENT_STREAM = b"text/event-stream"
Headers = list[tuple[bytes, bytes]]


def _text(kept: bytes, size: int) -> str:
    """A kept body as text, marked when it was cut (`size`: the bytes that really crossed the wire)."""
    text = kept[:BODY_LIMIT].decode("utf-8", "replace")
    return text + (CUT if size > min(len(kept), BODY_LIMIT) else "")


def shown(headers: Headers) -> dict[str, str]:
    """The headers worth showing, as text (names lower-cased; a repeated header keeps its last value)."""
    return {
        name.decode("latin-1").lower(): value.decode("latin-1")
        for name, value in headers
        if name.lower() in _SHOWN
    }


class Exchange:
    """One request and its response (or stream), kept as the raw parts that crossed the wire.

    Attributes that most exchanges never change are class-level defaults, so starting one is cheap.
    """

    version = 0
    request_body = b""
    request_complete = False
    status: int | None = None
    raw_response_headers: Headers = []  # noqa: RUF012 - replaced, never mutated
    response_body = b""
    request_size = 0
    """Bytes of the request body received (what is kept is at most ANALYSED_LIMIT, then BODY_LIMIT)."""
    response_size = 0
    """Bytes of the response body sent (what is kept is at most BODY_LIMIT)."""
    kept_bytes = 0
    """What this exchange holds against the traffic's BUDGET."""
    evicted = False
    stream: str | None = None
    streaming = False
    analysed = False
    chunk_bytes = 0
    overflow_events = 0
    overflow_decoder: SSEDecoder | None = None
    faults: list[str] = []  # noqa: RUF012 - replaced, never mutated
    repeats = 0
    """How many more of the same refusal this exchange stands for (:meth:`Traffic.refused`)."""
    variations: list[str] = []  # noqa: RUF012 - replaced, never mutated (the `--vary` choices taken)
    findings: list[Finding] = []  # noqa: RUF012 - replaced, never mutated
    ended: float | None = None
    _endpoint: str | bool | None = False  # False: not looked up yet
    _stream_decoder: SSEDecoder | None = None
    _uncounted = 0

    def __init__(
        self, exchange_id: int, method: str, path: str, query: bytes, stamp_ms: int, headers: Headers
    ) -> None:
        self.id = exchange_id
        self.method = method
        self.path = path
        self.query = query
        self.stamp_ms = stamp_ms
        self.raw_request_headers = headers
        self.started = time.monotonic()
        self.chunks: list[bytes] = []
        self._events: list[dict[str, Any]] = []

    @property
    def duration_ms(self) -> float | None:
        return None if self.ended is None else round((self.ended - self.started) * 1000, 1)

    @property
    def endpoint(self) -> str | None:
        """The manifest key of the path (looked up once, when first needed)."""
        if self._endpoint is False:
            self._endpoint = endpoint_of(self.path)
        return self._endpoint  # type: ignore[return-value]

    @property
    def clock(self) -> str:
        """The mock's clock when the request came in, as on the wire."""
        return iso_of_ms(self.stamp_ms)

    @property
    def request_headers(self) -> dict[str, str]:
        return shown(self.raw_request_headers)

    @property
    def response_headers(self) -> dict[str, str]:
        return shown(self.raw_response_headers)

    def add_stream_chunk(self, body: bytes) -> int:
        """Keep a chunk of the stream as it was sent; past STREAM_LIMIT only count its events. Returns the
        bytes kept."""
        if self.chunk_bytes < STREAM_LIMIT:
            self.chunks.append(body)
            self.chunk_bytes += len(body)
            return len(body)
        if self.overflow_decoder is None:
            self.overflow_decoder = SSEDecoder()
        self.overflow_events += len(self.overflow_decoder.feed(body))
        return 0

    def events(self) -> tuple[list[dict[str, Any]], int]:
        """The recorded events (at most EVENT_LIMIT, each judged) and how many there were in all."""
        if self.chunks:
            if self._stream_decoder is None:
                self._stream_decoder = SSEDecoder()
            for chunk in self.chunks:
                for item in self._stream_decoder.feed(chunk):
                    if len(self._events) < EVENT_LIMIT:
                        self._events.append({"data": item.data})
                    else:
                        self._uncounted += 1
            self.chunks = []  # decoded once; the events keep what is shown
        count = len(self._events) + self._uncounted + self.overflow_events
        return [_judged(entry) for entry in self._events], count

    def to_json(self) -> dict[str, Any]:
        events, count = self.events()
        return {
            "id": self.id,
            "version": self.version,
            "clock": self.clock,
            "method": self.method,
            "path": self.path,
            "query": self.query.decode("latin-1"),
            "endpoint": self.endpoint,
            "request": {
                "headers": self.request_headers,
                "body": _text(self.request_body, self.request_size),
            },
            "response": {
                "status": self.status,
                "headers": self.response_headers,
                "body": _text(self.response_body, self.response_size),
            },
            "stream": self.stream,
            "events": events,
            "eventCount": count,
            "faults": list(self.faults),
            "variations": [v for v in self.variations if v != UNSAFE_LABEL],
            # the UNSAFE mark is recorded with the variations but shown as its own mark
            "unsafe": UNSAFE_LABEL if UNSAFE_LABEL in self.variations else None,
            "findings": [finding_json(f) for f in self.findings],
            "durationMs": self.duration_ms,
            "repeats": self.repeats,
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


def refused_finding(status: int, body: bytes, before: int = 0) -> Finding:
    """The warning on a refused request: refused before any endpoint, and the answer's own advice
    (`before`: how many more of the same came in the window before, recorded on no row of their own)."""
    try:
        message = str(json.loads(body)["error"]["message"])
    except (ValueError, KeyError, TypeError):
        message = f"HTTP {status}"
    repeated = f" ({before} more like it in the {REPEAT_SECONDS:g} s before)" if before else ""
    return verdict(None, "warning", f"Refused before any endpoint saw it: {message}{repeated}")


class Traffic:
    """The ring buffer of exchanges and its change cursor, within CAPACITY entries and BUDGET bytes."""

    def __init__(
        self,
        capacity: int = CAPACITY,
        redactor: Redactor | None = None,
        clock_ms: Callable[[], int] = lambda: int(time.time() * 1000),
        budget: int = BUDGET,
    ) -> None:
        self.redactor = redactor or Redactor()
        self.capacity = capacity
        self.budget = budget
        self.clock_ms = clock_ms
        """The mock's clock, for exchanges the recorder does not see (:meth:`refused`)."""
        self._refusals: dict[tuple[int, bytes, str], _Repeats] = {}
        self.monotonic: Callable[[], float] = time.monotonic
        """The clock of the windows of repeated refusals (a test moves it)."""
        self.items: deque[Exchange] = deque(maxlen=capacity)
        self.kept_bytes = 0
        """Bytes the kept exchanges hold (bodies and streams), at most `budget` once a request is done."""
        self.cursor = 0
        self._next_id = 1
        self.listeners: list[Callable[[Exchange], None]] = []
        """Called with each exchange when it ends (the terminal log, devtools.log)."""

    def begin(self, method: str, path: str, query: bytes, stamp_ms: int, headers: Headers) -> Exchange:
        exchange = Exchange(self._next_id, method, path, query, stamp_ms, headers)
        self._next_id += 1
        if len(self.items) >= self.capacity:
            self._evict()
        self.items.append(exchange)
        self.cursor += 1
        exchange.version = self.cursor
        return exchange

    def charge(self, exchange: Exchange, size: int) -> None:
        """`size` more bytes kept by `exchange`; past the budget the oldest exchanges are dropped."""
        if exchange.evicted or not size:
            return
        exchange.kept_bytes += size
        self.kept_bytes += size
        while self.kept_bytes > self.budget and len(self.items) > 1:
            self._evict()

    def refund(self, exchange: Exchange, size: int) -> None:
        """`size` bytes `exchange` no longer keeps."""
        if not exchange.evicted:
            exchange.kept_bytes -= size
            self.kept_bytes -= size

    def _evict(self) -> None:
        oldest = self.items.popleft()
        kept = getattr(oldest, "kept_bytes", 0)  # a voice channel's log holds no bodies
        self.kept_bytes = max(0, self.kept_bytes - kept)
        if isinstance(oldest, Exchange):
            oldest.evicted = True

    def touch(self, exchange: Exchange) -> None:
        self.cursor += 1
        exchange.version = self.cursor

    def next_id(self) -> int:
        """An id for an entry that is not an HTTP exchange (a voice connection's data channel)."""
        self._next_id += 1
        return self._next_id - 1

    def since(self, cursor: int) -> list[dict[str, Any]]:
        """Exchanges changed since `cursor`, as shown: every secret in them cut to its head."""
        return [self.redactor.redact(e.to_json()) for e in list(self.items) if e.version > cursor]

    def clear(self) -> None:
        for exchange in self.items:
            if isinstance(exchange, Exchange):
                exchange.evicted = True
        self.items.clear()
        self.kept_bytes = 0
        self.cursor += 1

    def refused(self, scope: Scope, status: int, body: bytes, headers: Headers) -> None:
        """Record a request the front door (Host check, CORS, guard, body cap) answered before the recorder
        saw it, as one finished exchange with a warning that repeats what to do (the answer's message).

        One row per window: the same refusal (status and answer) of the same client (its address and
        `User-Agent`) within :data:`REPEAT_SECONDS` of the row is only counted, on that row; the next one
        after the window starts a new row that says how many came meanwhile. An inspector tab left open on
        the key of an earlier run polls two paths every second: it costs a row and a log line per window,
        never the app's own traffic."""
        if scope.get("type") != "http" or scope.get("path") in NOT_TRAFFIC:
            return
        client = scope.get("client")
        agent = next((v for k, v in scope["headers"] if k == b"user-agent"), b"")
        key = (status, body, f"{client[0] if client else ''} {agent.decode('latin-1')}")
        now = self.monotonic()
        window = self._refusals.get(key)
        if window is not None and now - window.started < REPEAT_SECONDS:
            window.count += 1
            window.exchange.repeats = window.count
            if not window.exchange.evicted:
                self.touch(window.exchange)
            return
        before = window.count if window is not None else 0
        exchange = self.begin(
            scope["method"], scope["path"], scope.get("query_string", b""), self.clock_ms(), scope["headers"]
        )
        exchange.status = status
        exchange.raw_response_headers = headers
        exchange.response_body = body[:BODY_LIMIT]
        self.charge(exchange, len(exchange.response_body))
        exchange.analysed = True
        exchange.ended = time.monotonic()
        exchange.findings = [refused_finding(status, body, before)]
        self._window(key, _Repeats(now, exchange))
        self.touch(exchange)
        for listener in self.listeners:
            listener(exchange)

    def _window(self, key: tuple[int, bytes, str], window: _Repeats) -> None:
        self._refusals.pop(key, None)
        self._refusals[key] = window
        if len(self._refusals) > REFUSAL_CLIENTS:  # the oldest window goes (dicts keep insertion order)
            del self._refusals[next(iter(self._refusals))]


@dataclass
class _Repeats:
    """A window of one refusal of one client: its row and how many more came within it."""

    started: float
    exchange: Exchange
    count: int = 0


Analyse = Callable[[Exchange, Seen], None]
Silent = Callable[[str, str | None, int], bool]
"""(path, endpoint, status) -> True when the analysis cannot find anything (then it is not asked)."""


NOT_TRAFFIC = frozenset({"/favicon.ico"})
"""What a browser fetches by itself when a page of the mock is open: not a client's traffic."""


def _is_recorded(path: str) -> bool:
    """Everything but the inspector and its control API (which would otherwise log its own polling) and
    what a browser asks for on its own."""
    if path in NOT_TRAFFIC:
        return False
    return not path.startswith("/_mock/") or surfaces.protocol(path)


class TrafficRecorder:
    """ASGI middleware feeding :class:`Traffic`; `analyse` is called once per exchange with what was seen.

    `fixed` (api.fixed) names the requests whose whole answer is known before it is sent: those are recorded
    complete, in one step, and answered without the per-message bookkeeping a computed answer needs.
    """

    def __init__(
        self,
        app: ASGIApp,
        traffic: Traffic,
        analyse: Analyse,
        clock: Callable[[], int],
        silent: Silent | None = None,
        fixed: Fixed | None = None,
        cors: CorsPolicy | None = None,
    ) -> None:
        self.app = app
        self.traffic = traffic
        self.analyse = analyse
        self.clock = clock
        self.silent = silent
        self.fixed = fixed
        self.cors = cors
        """The origins pages may call from (`--cors-origin`): to name an answer a page cannot read."""

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # frameless when not recorded (see api.origin)
        if scope["type"] != "http" or not _is_recorded(scope["path"]):
            return self.app(scope, receive, send)
        found = self.fixed(scope) if self.fixed is not None else None
        if found is not None:
            return self._answer_fixed(scope, send, *found)
        return self._recorded(scope, receive, send)

    async def _answer_fixed(self, scope: Scope, send: Send, body: bytes, headers: Headers) -> None:
        """Record a known answer as one finished exchange and send it (status 200, no request body)."""
        exchange = self.traffic.begin(
            scope["method"], scope["path"], scope.get("query_string", b""), self.clock(), scope["headers"]
        )
        exchange.request_complete = True
        exchange.status = 200
        exchange.raw_response_headers = headers
        exchange.response_body = body[:BODY_LIMIT]
        exchange.response_size = len(body)
        self.traffic.charge(exchange, len(exchange.response_body))
        try:
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await send({"type": "http.response.body", "body": body})
        finally:
            self._closed(exchange, scope)

    async def _recorded(self, scope: Scope, receive: Receive, send: Send) -> None:
        exchange = self.traffic.begin(
            scope["method"], scope["path"], scope.get("query_string", b""), self.clock(), scope["headers"]
        )

        async def receive_wrapper() -> Message:
            message = await receive()
            if message["type"] == "http.request":
                body = message.get("body", b"")
                if body:
                    exchange.request_size += len(body)
                    room = ANALYSED_LIMIT - len(exchange.request_body)
                    if room > 0:  # cut before it is kept: a slice of at most `room` bytes is copied
                        kept = body[:room] if len(body) > room else body
                        exchange.request_body += kept
                        self.traffic.charge(exchange, len(kept))
                exchange.request_complete = not message.get("more_body", False)
            return message

        async def send_wrapper(message: Message) -> None:
            # Recorded after it went out: the client does not wait for the bookkeeping (and under load,
            # neither does the next request). `finally`: a message the client never took still counts.
            try:
                await send(message)
            finally:
                self._sent(exchange, message, scope)

        exchange.variations = []
        taken = TAKEN.set(exchange.variations)  # `--vary`: the choices this answer takes land here
        try:
            await self.app(scope, receive_wrapper, send_wrapper)
        finally:
            TAKEN.reset(taken)
            self._closed(exchange, scope)

    def _sent(self, exchange: Exchange, message: Message, scope: Scope) -> None:
        if message["type"] == "http.response.body":
            body = message.get("body", b"")
            if body:
                if exchange.streaming:
                    self.traffic.charge(exchange, exchange.add_stream_chunk(body))
                else:
                    exchange.response_size += len(body)
                    room = BODY_LIMIT - len(exchange.response_body)
                    if room > 0:  # cut before it is kept (a 3 MB answer costs a 16 kB copy at most)
                        kept = body[:room] if len(body) > room else body
                        exchange.response_body += kept
                        self.traffic.charge(exchange, len(kept))
            if not message.get("more_body", False):
                if exchange.stream == "open":
                    exchange.stream = "complete"
                self._analyse(exchange, scope)
        elif message["type"] == "http.response.start":
            self._started(exchange, message, scope)
        self.traffic.cursor += 1
        exchange.version = self.traffic.cursor

    def _started(self, exchange: Exchange, message: Message, scope: Scope) -> None:
        exchange.status = int(message["status"])
        headers: Headers = message.get("headers", [])
        exchange.raw_response_headers = headers
        applied = scope.get(APPLIED)
        if applied:
            exchange.faults = list(applied)
        for name, value in headers:
            if name == b"content-type":  # ASGI header names are lower-case
                if value.startswith(_EVENT_STREAM):
                    exchange.streaming = True
                    exchange.stream = "open"
                    self._analyse(exchange, scope)  # a stream may last long: judge the request now
                break

    def _analyse(self, exchange: Exchange, scope: Scope) -> None:
        if exchange.analysed:
            return
        exchange.analysed = True
        self._verdict(exchange, scope)
        self._judged(exchange)

    def _verdict(self, exchange: Exchange, scope: Scope) -> None:
        unreadable = _unreadable(scope, exchange, self.cors)
        if self.silent is not None and self.silent(exchange.path, exchange.endpoint, exchange.status or 0):
            if unreadable is not None:
                exchange.findings = [unreadable]
            return
        # Only error bodies are judged (their code), so a success body is not parsed on every request.
        response = None
        if exchange.response_body and (exchange.status or 0) >= 400:
            try:
                response = json.loads(exchange.response_body)
            except (ValueError, UnicodeDecodeError):
                response = None
        seen = Seen(
            method=exchange.method,
            path=exchange.path,
            query=exchange.query.decode("latin-1"),
            endpoint=exchange.endpoint,
            headers=RequestHeaders(exchange.raw_request_headers),
            body=bytes(exchange.request_body),
            # a body longer than what was kept is not judged on its first part
            body_complete=exchange.request_complete and exchange.request_size == len(exchange.request_body),
            status=exchange.status or 0,
            response=response,
            location=_header(exchange.raw_response_headers, b"location"),
            validated=_validated(scope, exchange.request_body),
            replayed=scope.get(REPLAYED),  # notes N-05: a reused runId replays its run
        )
        self.analyse(exchange, seen)
        if unreadable is not None:
            exchange.findings = [*exchange.findings, unreadable]

    def _judged(self, exchange: Exchange) -> None:
        """After its verdict a request body keeps what is shown only."""
        extra = len(exchange.request_body) - BODY_LIMIT
        if extra > 0 and exchange.request_complete:
            exchange.request_body = exchange.request_body[:BODY_LIMIT]
            self.traffic.refund(exchange, extra)

    def _closed(self, exchange: Exchange, scope: Scope) -> None:
        applied = scope.get(APPLIED)
        if applied:
            exchange.faults = list(applied)
        if exchange.stream == "open":
            exchange.stream = "dropped" if scope.get(DROPPED) else "client-gone"
        exchange.ended = time.monotonic()
        if not exchange.analysed:
            self._analyse(exchange, scope)
        self.traffic.touch(exchange)
        for listener in self.traffic.listeners:
            listener(exchange)


def _unreadable(scope: Scope, exchange: Exchange, cors: CorsPolicy | None) -> Finding | None:
    """A warning for an answer to a page of another origin that `--cors-origin` leaves out: answered, but
    without `Access-Control-Allow-Origin` (api.cors, outside this recorder, refuses only preflights), so the
    page's fetch fails."""
    if cors is None or not cors.origins or not covered(exchange.path):
        return None
    origin = _header(exchange.raw_request_headers, b"origin")
    if origin is None or cors.allows(origin) or not cross_site(scope):
        return None
    why = ApiError("forbidden", "cors_origin", origin=origin[:100]).message("en")
    return verdict(None, "warning", f"{why} The page cannot read this answer.")


def _validated(scope: Scope, body: bytes) -> tuple[str, Any] | None:
    """What the endpoint validated, if it validated exactly the bytes that were received."""
    found = scope.pop(VALIDATED, None)  # not kept for the life of a long stream
    if found is None or found[0] != body:
        return None
    return found[1], found[2]


def _header(headers: Headers, name: bytes) -> str | None:
    """The last value of one header (its name given lower-case), as text."""
    found: str | None = None
    for key, value in headers:
        if key.lower() == name:
            found = value.decode("latin-1")
    return found
