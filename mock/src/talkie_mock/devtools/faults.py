"""Faults on demand: §3 errors instead of answers, slow, dropped or failing streams, unknown
events and unknown manifest members — so an app can be shown to cope with each.

Faults plug into the core through :class:`~talkie_mock.api.hooks.Hooks`: :class:`FaultInjector` is an observer
(its `before_request` answers a request with an error instead of its endpoint) and a response wrapper (it
wraps a run stream or rewrites the manifest). Endpoints know nothing about faults. Every applied fault is
written into the request's ASGI scope under :data:`APPLIED`, where the inspector's traffic recorder reads it.

A fault is described by a JSON object (`fault.schema.json`), the same whether it comes from a `serve` flag,
the `faults` section of a scenario file or the control API.
"""

from __future__ import annotations

import asyncio
import fnmatch
import functools
import json
import logging
import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import jsonschema
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import Send
from talkie_models import RunErrorEvent, RunErrorMetadata, TextMessageEndEvent
from talkie_models import errors as codes
from talkie_models.sse import encode_comment, encode_event

from talkie_mock.api import manifest
from talkie_mock.api.context import Mock
from talkie_mock.api.problems import problem
from talkie_mock.api.requests import parse_json
from talkie_mock.api.streaming import EventStreamResponse, Feed
from talkie_mock.engine.scenarios import fault_schema
from talkie_mock.engine.variations import manifest_extras
from talkie_mock.errors import ApiError, MockError, retryable

log = logging.getLogger("talkie_mock.devtools.faults")

APPLIED = "talkie_mock.devtools.faults"
"""ASGI scope key: list of the fault labels applied to this request (read by the traffic recorder)."""
DROPPED = "talkie_mock.dropped"
"""ASGI scope key: set when a stream fault closed the connection on purpose."""
STREAM_KINDS = ("slowStream", "dropStream", "runError", "unknownEvents", "unknownCustom")
ENDING_KINDS = ("dropStream", "runError")
"""Stream faults that end the stream: at most one of them applies to a run."""
DEFAULT_AFTER_EVENTS = 2
MANIFEST_PATH = "/.well-known/talkie.json"
TERMINAL = ("RUN_FINISHED", "RUN_ERROR")
EXPIRED_TOKEN = {
    "en": "The access token has expired; refresh it and try again.",
    "cs": "Platnost přístupového tokenu vypršela; obnovte ho a zkuste to znovu.",
}


class FaultError(MockError):
    """A fault description that does not match `fault.schema.json` (or names an unknown error code)."""


def _template_regex(template: str) -> re.Pattern[str]:
    return re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$")


ENDPOINT_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("manifest", _template_regex(MANIFEST_PATH)),
    *((key, _template_regex(template)) for key, template in manifest.ENDPOINTS.items()),
]


_EXACT: dict[str, str] = {
    template: key
    for key, template in [("manifest", MANIFEST_PATH), *manifest.ENDPOINTS.items()]
    if "{" not in template
}
"""The paths without a placeholder, looked up at once (every request of the busiest ones asks)."""


def endpoint_of(path: str) -> str | None:
    """The manifest key (`run`, `decision`…, or `manifest`) a request path belongs to, if any."""
    exact = _EXACT.get(path)
    if exact is not None:
        return exact
    for key, pattern in ENDPOINT_PATTERNS:
        if pattern.match(path):
            return key
    return None


@dataclass
class Fault:
    """One active fault and how often it has struck."""

    id: str
    kind: str
    code: str | None = None
    count: int | None = None
    share: float = 1.0
    endpoint: str | None = None
    path: str | None = None
    delay: float = 0.0
    after_events: int = DEFAULT_AFTER_EVENTS
    retry_after: int = 1
    hits: int = 0

    @property
    def label(self) -> str:
        """A short human name, shown in the inspector and the traffic log."""
        detail = {
            "error": f"{self.code}",
            "slowStream": f"{self.delay:g} s per event",
            "dropStream": f"after {self.after_events} events",
            "runError": f"{self.code} after {self.after_events} events",
        }.get(self.kind, "")
        return f"{self.kind} {detail}".strip() + f" [{self.id}]"

    def matches(self, path: str) -> bool:
        if self.endpoint is not None and endpoint_of(path) != self.endpoint:
            return False
        return self.path is None or fnmatch.fnmatchcase(path, self.path)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "kind": self.kind, "label": self.label, "hits": self.hits}
        optional = {
            "code": self.code,
            "count": self.count,
            "endpoint": self.endpoint,
            "path": self.path,
        }
        data.update({k: v for k, v in optional.items() if v is not None})
        data["share"] = self.share
        if self.kind == "slowStream":
            data["delay"] = self.delay
        if self.kind in ("dropStream", "runError"):
            data["afterEvents"] = self.after_events
        if self.kind == "error" and self.code in ("rate_limited", "upstream_unavailable"):
            data["retryAfter"] = self.retry_after
        return data


def parse_fault(data: Any, fault_id: str) -> Fault:
    """A :class:`Fault` from its JSON description, or :class:`FaultError` saying what is wrong."""
    validator = jsonschema.Draft202012Validator(fault_schema())
    problems = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    if problems:
        where = "/".join(str(p) for p in problems[0].absolute_path) or "(fault)"
        raise FaultError(f"{where}: {problems[0].message}")
    kind = data["kind"]
    code = data.get("code", "upstream_unavailable" if kind == "runError" else None)
    if code is not None and code not in codes.CATALOGUE:
        known = ", ".join(sorted(codes.CATALOGUE))
        raise FaultError(f"code: {code!r} is not a §3 error code (one of {known})")
    return Fault(
        id=fault_id,
        kind=kind,
        code=code,
        count=data.get("count"),
        share=float(data.get("share", 1.0)),
        endpoint=data.get("endpoint"),
        path=data.get("path"),
        delay=float(data.get("delay", 0.0)),
        after_events=int(data.get("afterEvents", DEFAULT_AFTER_EVENTS)),
        retry_after=int(data.get("retryAfter", 1)),
    )


class FaultBoard:
    """The active faults, in the order they were added, and the seeded draw behind `share`."""

    def __init__(self, seed: int) -> None:
        self.faults: list[Fault] = []
        self._rng = random.Random(f"faults:{seed}")
        self._next_id = 1

    def add(self, data: Any) -> Fault:
        fault = parse_fault(data, f"f{self._next_id}")
        self._next_id += 1
        self.faults.append(fault)
        return fault

    def remove(self, fault_id: str) -> bool:
        before = len(self.faults)
        self.faults = [f for f in self.faults if f.id != fault_id]
        return len(self.faults) < before

    def clear(self) -> None:
        self.faults = []

    def take(self, kind: str | tuple[str, ...], path: str) -> Fault | None:
        """The first fault of `kind` (or of one of several kinds, in the order they were added) that
        matches and wins its draw; counts the hit, retires it when spent."""
        kinds = (kind,) if isinstance(kind, str) else kind
        for fault in self.faults:
            if fault.kind not in kinds or not fault.matches(path):
                continue
            if fault.share < 1.0 and self._rng.random() >= fault.share:
                continue
            fault.hits += 1
            if fault.count is not None:
                fault.count -= 1
                if fault.count <= 0:
                    self.remove(fault.id)
            return fault
        return None


def mark(request: Request, fault: Fault) -> None:
    request.scope.setdefault(APPLIED, []).append(fault.label)


# -- uvicorn reports an app that ends a response early as an error; for a deliberate drop that is noise ------


class _DropNoiseFilter(logging.Filter):
    MESSAGE = "ASGI callable returned without completing response."

    def __init__(self) -> None:
        super().__init__()
        self.pending = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if self.pending > 0 and record.getMessage() == self.MESSAGE:
            self.pending -= 1
            return False
        return True


@functools.cache
def _drop_filter() -> _DropNoiseFilter:
    noise = _DropNoiseFilter()
    logging.getLogger("uvicorn.error").addFilter(noise)
    return noise


# -- streams ----------------------------------------------------------------------------------------------


def _injected(kind: str, position: str) -> list[dict[str, Any]]:
    """Events a client must skip (RUN-026, RUN-027); each says so in its own payload."""
    note = f"talkie-mock {kind} fault ({position}): clients ignore this event"
    if kind == "unknownEvents":
        return [{"type": "MOCK_PREVIEW_FEATURE", "note": note, "metadata": {"mockInjected": True}}]
    return [
        {
            "type": "CUSTOM",
            "name": "talkie.preview",
            "value": {"note": note},
            "metadata": {"mockInjected": True},
        },
        {
            "type": "CUSTOM",
            "name": "acme.progress",
            "value": {"percent": 50},
            "metadata": {"mockInjected": True},
        },
    ]


@dataclass
class StreamPlan:
    """What the stream faults of one response do."""

    delay: float = 0.0
    drop_after: int | None = None
    fail_after: int | None = None
    fail_code: str = "upstream_unavailable"
    inject: list[str] = field(default_factory=list)
    locale: str = "en"
    stop_run: Callable[[list[dict[str, Any]]], Awaitable[None]] | None = None


class FaultStream(EventStreamResponse):
    """A run stream passed through the stream faults; the run itself is untouched unless it is failed."""

    def __init__(self, feed: Feed, ping_interval: float, plan: StreamPlan) -> None:
        super().__init__(feed, ping_interval)
        self.plan = plan
        self.scope_marks: dict[str, Any] | None = None

    async def __call__(self, scope: Any, receive: Any, send: Send) -> None:
        self.scope_marks = scope
        await super().__call__(scope, receive, send)

    async def _pump(self, send: Send) -> None:
        plan = self.plan
        delivered: list[dict[str, Any]] = []
        open_text: str | None = None
        while True:
            frames = await self.feed.next_frames(self.ping_interval)
            if frames is None:
                break
            if not frames:
                await send({"type": "http.response.body", "body": encode_comment("ping"), "more_body": True})
                continue
            for frame in frames:
                event = _frame_event(frame)
                kind = event.get("type") if event else None
                if plan.fail_after is not None and len(delivered) >= plan.fail_after:
                    await self._fail(send, delivered, open_text)
                    return
                if plan.drop_after is not None and len(delivered) >= plan.drop_after:
                    self._drop()
                    return  # without the last body message: uvicorn closes the connection
                if kind in TERMINAL:
                    await self._inject(send, "before the end")
                if plan.delay > 0:
                    await asyncio.sleep(plan.delay)
                await send({"type": "http.response.body", "body": frame, "more_body": True})
                if event is not None:
                    delivered.append(event)
                if kind == "TEXT_MESSAGE_START" and event is not None:
                    open_text = str(event.get("messageId"))
                elif kind == "TEXT_MESSAGE_END":
                    open_text = None
                if kind == "RUN_STARTED":
                    await self._inject(send, "after RUN_STARTED")
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    async def _inject(self, send: Send, position: str) -> None:
        for kind in self.plan.inject:
            for event in _injected(kind, position):
                await send({"type": "http.response.body", "body": encode_event(event), "more_body": True})

    def _drop(self) -> None:
        if self.scope_marks is not None:
            self.scope_marks[DROPPED] = True
        _drop_filter().pending += 1

    async def _fail(self, send: Send, delivered: list[dict[str, Any]], open_text: str | None) -> None:
        tail: list[dict[str, Any]] = []
        if open_text is not None:
            tail.append(
                TextMessageEndEvent(type="TEXT_MESSAGE_END", message_id=open_text).model_dump(mode="json")
            )
        code = self.plan.fail_code
        tail.append(
            RunErrorEvent(
                type="RUN_ERROR",
                message=ApiError(code).message(self.plan.locale),
                code=code,
                metadata=RunErrorMetadata(retryable=retryable(code)),
            ).model_dump(mode="json")
        )
        for event in tail:
            await send({"type": "http.response.body", "body": encode_event(event), "more_body": True})
        if self.plan.stop_run is not None:  # before the end, so a client that hangs up cannot interrupt it
            await self.plan.stop_run(delivered + tail)
        await send({"type": "http.response.body", "body": b"", "more_body": False})


def _frame_event(frame: bytes) -> dict[str, Any] | None:
    """The event of one `data:` frame as the run engine encodes it (one line of JSON)."""
    text = frame.decode("utf-8", "replace")
    data = "".join(line[5:].lstrip(" ") for line in text.split("\n") if line.startswith("data:"))
    if not data:
        return None
    try:
        value = json.loads(data)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


# -- the injector -----------------------------------------------------------------------------------------


class FaultInjector:
    """Observer and response wrapper applying the board's faults."""

    def __init__(self, mock: Mock, board: FaultBoard) -> None:
        self.mock = mock
        self.board = board

    def idle(self) -> bool:
        return not self.board.faults

    async def before_request(self, request: Request) -> Response | None:
        if not self.board.faults:  # the usual case: nothing to apply, not even a path to look at
            return None
        fault = self.board.take("error", request.url.path)
        if fault is None or fault.code is None:
            return None
        mark(request, fault)
        locale = self.mock.locale(request)
        code = fault.code
        headers: dict[str, str] = {}
        if code == "unauthorized":
            message = EXPIRED_TOKEN.get(locale, EXPIRED_TOKEN["en"])
            headers["WWW-Authenticate"] = (
                'Bearer realm="talkie", error="invalid_token", error_description="The access token expired"'
            )
        else:
            message = ApiError(code).message(locale)
            if code in ("rate_limited", "upstream_unavailable"):
                headers["Retry-After"] = str(fault.retry_after)
        return problem(request, code, message, headers=headers)

    def on_response(self, request: Request | None, status: int, type_name: str, body: dict[str, Any]) -> None:
        return None

    def on_event(self, event: dict[str, Any]) -> None:
        return None

    async def wrap_response(self, request: Request, response: Response) -> Response:
        if not self.board.faults:
            return response
        path = request.url.path
        if isinstance(response, EventStreamResponse) and not isinstance(response, FaultStream):
            return await self._wrap_stream(request, response, path)
        if (
            isinstance(response, JSONResponse)
            and response.status_code == 200
            and endpoint_of(path) == "manifest"
            and (fault := self.board.take("manifestFields", path)) is not None
        ):
            mark(request, fault)
            body = manifest_extras(json.loads(bytes(response.body)))
            headers = {
                k: v for k, v in response.headers.items() if k not in ("content-length", "content-type")
            }
            return JSONResponse(body, headers=headers)
        return response

    async def _wrap_stream(self, request: Request, response: EventStreamResponse, path: str) -> Response:
        # a stream ends one way only: of the faults that end it, one per run (the earliest added); the
        # next one waits for the next run instead of being used up unseen
        ending = self.board.take(ENDING_KINDS, path)
        taken = {kind: self.board.take(kind, path) for kind in STREAM_KINDS if kind not in ENDING_KINDS}
        if ending is not None:
            taken[ending.kind] = ending
        active = {kind: fault for kind, fault in taken.items() if fault is not None}
        if not active:
            return response
        for fault in active.values():
            mark(request, fault)
        plan = StreamPlan(locale=self.mock.locale(request))
        if "slowStream" in active:
            plan.delay = active["slowStream"].delay
        if "dropStream" in active:
            plan.drop_after = active["dropStream"].after_events
        if (failing := active.get("runError")) is not None:
            plan.fail_after = failing.after_events
            plan.fail_code = failing.code or "upstream_unavailable"
            plan.stop_run = await self._run_stopper(request)
        plan.inject = [kind for kind in ("unknownEvents", "unknownCustom") if kind in active]
        return FaultStream(response.feed, response.ping_interval, plan)

    async def _run_stopper(
        self, request: Request
    ) -> Callable[[list[dict[str, Any]]], Awaitable[None]] | None:
        """Stops the run behind a stream failed by `runError` and stores what the client saw, as an error."""
        try:
            run_id = str(parse_json(await request.body())["runId"])
            user_id = self.mock.auth.require(request).user_id
        except (ValueError, KeyError, TypeError, ApiError):
            return None
        mock = self.mock

        async def stop(events: list[dict[str, Any]]) -> None:
            await mock.runs.cancel(user_id, run_id)
            mock.store.runs.finish_run(user_id, run_id, "error", events)

        return stop
