"""Deliberate rule violations, `talkie-mock serve --break RULE-ID`: the mock turned into a broken server.

They exist to prove that talkie-conformance can fail: each one breaks exactly one rule of `spec/rules.yaml`,
and the conformance tests assert that the suite then reports exactly that rule. Like faults, a break plugs
into the core through :class:`~talkie_mock.api.hooks.Hooks` (an observer that may answer a request or
rewrite its body, and a response wrapper); endpoints know nothing about it. Never use a break for app
development: the faults (`--fail`, `--drop-stream`, …) simulate trouble a correct server can
have; a break makes the mock itself wrong.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import Receive, Scope, Send
from talkie_models import DecisionResponse
from talkie_models.sse import SSEDecoder, encode_event

from talkie_mock.api.context import Mock
from talkie_mock.api.requests import parse_json
from talkie_mock.api.streaming import EventStreamResponse, Feed
from talkie_mock.devtools.faults import endpoint_of
from talkie_mock.engine.refusals import RefusedError
from talkie_mock.errors import ApiError, MockError

# Rule ID -> what the broken mock does instead of following it.
BREAKS: dict[str, str] = {
    "ACT-009": "the opposite of a recorded decision is answered 200 with the current action",
    "ACT-011": "a decision on an expired action is answered 200 with the current action",
    "ERR-001": "error answers lose the {error: {code, message, retryable}} envelope",
    "ERR-014": "a further dev token (serve --token A --token B) is its own user in status, and the first "
    "user everywhere else: it lists, reads, changes, cancels and decides what the first user owns",
    "MAN-010": "the manifest lists every endpoint as an absolute URL on another origin",
    "RUN-004": "a retried user message id is stored again",
    "RUN-014": "run streams start with an unknown CUSTOM event before RUN_STARTED",
    "RUN-015": "assistant text goes only as AG-UI's TEXT_MESSAGE_CHUNK, a type outside §5's table",
    "RUN-028": "a dropped run stream cancels its run",
    "VOICE-016": "a reused voice callId is accepted",
}


class BreakError(MockError, ValueError):
    """`--break` named a rule the mock cannot break."""


def check_breaks(rules: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Validate `--break` values (upper-cased); raises BreakError for unknown ones."""
    normalized = tuple(dict.fromkeys(rule.strip().upper() for rule in rules))
    unknown = [rule for rule in normalized if rule not in BREAKS]
    if unknown:
        raise BreakError(f"cannot break {', '.join(unknown)}; breakable rules: {', '.join(sorted(BREAKS))}")
    return normalized


def other_origin(origin: str) -> str:
    """An origin that is not `origin` but reaches the same loopback server (localhost <-> 127.0.0.1)."""
    parts = urlsplit(origin)
    host = parts.hostname or ""
    swapped = "localhost" if host != "localhost" else "127.0.0.1"
    netloc = f"{swapped}:{parts.port}" if parts.port else swapped
    return urlunsplit((parts.scheme, netloc, "", "", ""))


class _PrefixedFeed:
    """A feed whose first frames are preceded by one extra frame (RUN-014)."""

    def __init__(self, feed: Feed, first: bytes) -> None:
        self.feed = feed
        self.first: bytes | None = first

    def finished_frames(self) -> list[bytes] | None:
        return None  # sent live: the extra frame goes in front of the first ones read

    async def next_frames(self, timeout: float) -> list[bytes] | None:
        frames = await self.feed.next_frames(timeout)
        if self.first is not None and frames:
            frames = [self.first, *frames]
            self.first = None
        return frames


class _ChunkedTextFeed:
    """A feed whose assistant text goes only as `TEXT_MESSAGE_CHUNK` (RUN-015): START and END are dropped and
    each CONTENT becomes a chunk (the first of a message carries its role), which AG-UI reads as shorthand
    for the triple and a client of §5's table skips as an unknown type."""

    def __init__(self, feed: Feed) -> None:
        self.feed = feed
        self.roles: dict[str, str] = {}

    def finished_frames(self) -> list[bytes] | None:
        return None  # sent live: each frame is rewritten as it is read

    async def next_frames(self, timeout: float) -> list[bytes] | None:
        frames = await self.feed.next_frames(timeout)
        if frames is None:
            return None
        return [out for frame in frames for out in self._rewrite(frame)]

    def _rewrite(self, frame: bytes) -> list[bytes]:
        messages = SSEDecoder().feed(frame)  # one whole frame: one event, or none for a comment (`: ping`)
        if not messages:
            return [frame]
        event = json.loads(messages[0].data)
        kind = event.get("type") if isinstance(event, dict) else None
        if kind == "TEXT_MESSAGE_START":
            self.roles[str(event.get("messageId"))] = str(event.get("role", "assistant"))
            return []
        if kind == "TEXT_MESSAGE_END":
            return []  # the next event of another type closes the chunk stream (AG-UI)
        if kind != "TEXT_MESSAGE_CONTENT":
            return [frame]
        chunk = {"type": "TEXT_MESSAGE_CHUNK", "messageId": event["messageId"], "delta": event["delta"]}
        role = self.roles.pop(str(event["messageId"]), None)
        if role is not None:
            chunk["role"] = role
        return [encode_event(chunk)]


class _EndAwareFeed:
    """A feed that remembers whether the run's stream reached its end (RUN-028)."""

    def __init__(self, feed: Feed) -> None:
        self.feed = feed
        self.ended = False

    def finished_frames(self) -> list[bytes] | None:
        return None  # sent live: the end is seen when the stream reads it

    async def next_frames(self, timeout: float) -> list[bytes] | None:
        frames = await self.feed.next_frames(timeout)
        if frames is None:
            self.ended = True
        return frames


class _CancelOnDisconnect(EventStreamResponse):
    """A run stream that cancels its run when the client hangs up before the end (RUN-028)."""

    def __init__(self, response: EventStreamResponse, cancel: Callable[[], Any]) -> None:
        self.watched = _EndAwareFeed(response.feed)
        super().__init__(self.watched, response.ping_interval)
        self.raw_headers = response.raw_headers
        self.cancel = cancel

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            if not self.watched.ended:
                await self.cancel()


class BreakInjector:
    """Observer and response wrapper applying the configured breaks."""

    def __init__(self, mock: Mock, rules: tuple[str, ...]) -> None:
        self.mock = mock
        self.rules = frozenset(rules)
        self.seen_messages: set[tuple[str, str]] = set()
        self.seen_calls: set[tuple[str, str]] = set()
        self.renamed = 0

    def idle(self) -> bool:
        return False  # a break changes what it finds in any request

    # -- before the endpoint ----------------------------------------------------------------------------
    async def before_request(self, request: Request) -> Response | None:
        endpoint = endpoint_of(request.url.path)
        if "ERR-014" in self.rules and endpoint not in (None, "manifest", "status"):
            self._act_as_first_user(request)
        try:
            if endpoint == "decision" and self.rules & {"ACT-009", "ACT-011"}:
                return await self._decision(request)
            if endpoint == "run" and "RUN-004" in self.rules:
                await self._store_retries_again(request)
            if endpoint == "voiceTool" and "VOICE-016" in self.rules:
                await self._accept_reused_call(request)
        except (ApiError, RefusedError, ValueError, KeyError, TypeError, AttributeError):
            return None  # let the endpoint answer malformed or unauthorized requests as usual
        return None

    def _act_as_first_user(self, request: Request) -> None:
        """ERR-014: a further dev token's request goes on as the first dev user's (status keeps its user)."""
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or token.strip() not in self.mock.config.other_tokens:
            return
        first = f"Bearer {self.mock.config.token}".encode()
        kept = [(name, value) for name, value in request.scope["headers"] if name != b"authorization"]
        request.scope["headers"] = [*kept, (b"authorization", first)]
        request._headers = Headers(scope=request.scope)  # the endpoint reads this cached copy

    async def _body(self, request: Request) -> Any:
        return parse_json(await request.body())

    @staticmethod
    def _replace_body(request: Request, body: Any) -> None:
        request._body = json.dumps(body).encode()  # the endpoint reads this cached body

    async def _decision(self, request: Request) -> Response | None:
        body = await self._body(request)
        user = self.mock.auth.require(request)
        row = self.mock.actions.get(str(request.path_params["actionId"]), user.user_id)
        if body.get("paramsHash") != row.params_hash:
            return None
        wrong = (
            "ACT-009" in self.rules
            and row.decision is not None
            and row.decision != body.get("decision")
            and row.status != "running"
        ) or ("ACT-011" in self.rules and row.decision is None and row.status == "expired")
        if not wrong:
            return None
        answer = DecisionResponse(action=self.mock.actions.model(row), events=[])
        return JSONResponse(answer.model_dump(mode="json", exclude_none=True))

    async def _store_retries_again(self, request: Request) -> None:
        body = await self._body(request)
        thread_id = str(body["threadId"])
        changed = False
        for message in body.get("messages", []):
            key = (thread_id, str(message.get("id")))
            if key in self.seen_messages:
                self.renamed += 1
                message["id"] = f"{message['id']}~again{self.renamed}"
                changed = True
            else:
                self.seen_messages.add(key)
        if changed:
            self._replace_body(request, body)

    async def _accept_reused_call(self, request: Request) -> None:
        body = await self._body(request)
        key = (str(request.path_params.get("voiceSessionId")), str(body["callId"]))
        if key in self.seen_calls:
            self.renamed += 1
            body["callId"] = f"{body['callId']}~again{self.renamed}"
            self._replace_body(request, body)
        else:
            self.seen_calls.add(key)

    # -- after the endpoint -----------------------------------------------------------------------------
    async def wrap_response(self, request: Request, response: Response) -> Response:
        if isinstance(response, EventStreamResponse):
            return await self._stream(request, response)
        if not isinstance(response, JSONResponse):
            return response
        if "ERR-001" in self.rules and response.status_code >= 400:
            body = json.loads(bytes(response.body))
            error = body.get("error", {}) if isinstance(body, dict) else {}
            flat = {"message": error.get("message", ""), "status": response.status_code}
            return JSONResponse(flat, status_code=response.status_code, headers=self._headers(response))
        if (
            "MAN-010" in self.rules
            and response.status_code == 200
            and endpoint_of(request.url.path) == "manifest"
        ):
            body = json.loads(bytes(response.body))
            elsewhere = other_origin(self.mock.config.origin)
            body["endpoints"] = {name: elsewhere + path for name, path in body.get("endpoints", {}).items()}
            return JSONResponse(body, headers=self._headers(response))
        return response

    @staticmethod
    def _headers(response: Response) -> dict[str, str]:
        return {k: v for k, v in response.headers.items() if k not in ("content-length", "content-type")}

    async def _stream(self, request: Request, response: EventStreamResponse) -> Response:
        if "RUN-014" in self.rules:
            first = encode_event({"type": "CUSTOM", "name": "mock.break.hello", "value": {}})
            response = EventStreamResponse(_PrefixedFeed(response.feed, first), response.ping_interval)
        if "RUN-015" in self.rules:
            response = EventStreamResponse(_ChunkedTextFeed(response.feed), response.ping_interval)
        if "RUN-028" in self.rules:
            try:
                run_id = str(parse_json(await request.body())["runId"])
                user_id = self.mock.auth.require(request).user_id
            except (ValueError, KeyError, TypeError, ApiError):
                return response
            mock = self.mock

            async def cancel() -> None:
                await mock.runs.cancel(user_id, run_id)

            response = _CancelOnDisconnect(response, cancel)
        return response

    def on_response(self, request: Request | None, status: int, type_name: str, body: dict[str, Any]) -> None:
        """ERR-001: flatten error bodies in place, before the error response is built from this dict."""
        if "ERR-001" in self.rules and type_name == "ErrorResponse" and isinstance(body.get("error"), dict):
            error = body.pop("error")
            body["message"] = error.get("message", "")
            body["status"] = status

    def on_event(self, event: dict[str, Any]) -> None:
        return None


def install(app: Starlette, rules: tuple[str, ...]) -> BreakInjector | None:
    """Apply `rules` to the app's mock (nothing when empty). Added last, so it sees what faults produced."""
    if not rules:
        return None
    mock: Mock = app.state.mock
    injector = BreakInjector(mock, check_breaks(rules))
    mock.hooks.observers.insert(0, injector)
    mock.hooks.add_wrapper(injector)
    return injector


__all__ = ["BREAKS", "BreakError", "BreakInjector", "check_breaks", "install", "other_origin"]
