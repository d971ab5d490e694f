"""The talkie/1 route table, and Starlette's router with an index of fixed paths.

:func:`routes` lists every endpoint of the protocol once, one route per path dispatching on the method, each
wrapped so the observers (faults, inspector, self-check) get the first look at the request.

The index: a request does not try every route in turn.

The mock has about fifty routes (OAuth and the control API sit in front of the Talkie endpoints); Starlette
matches a request against each regular expression in order until one fits, which cost the manifest more
than answering it. For a path without parameters, the routes whose pattern can match it at all are found
once and kept; a request on such a path only asks those, in their original order, so the first full match
is the same route Starlette would pick. Anything else (a path with parameters, a wrong method, a redirect)
goes through Starlette's own loop unchanged.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Match, Route, Router
from starlette.types import Receive, Scope, Send
from talkie_models.protocol import WELL_KNOWN_PATH

from talkie_mock.api import actions, files, manifest, runs, threads, voice
from talkie_mock.api.context import mock_of
from talkie_mock.api.error_layer import HANDLERS_KEY, handler_for
from talkie_mock.api.surfaces import SIGNALING_PATH

Handler = Callable[[Request], Awaitable[Response]]


class IndexedRouter(Router):
    """A :class:`Router` that looks fixed paths up in a dict before falling back to the full scan."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._index: dict[str, list[BaseRoute]] = {}
        self._indexed_count = -1

    def _candidates(self, path: str) -> list[BaseRoute] | None:
        # Routes are added while the app is assembled (OAuth, control API); rebuild when their number changes.
        if self._indexed_count != len(self.routes):
            self._index = _build_index(self.routes)
            self._indexed_count = len(self.routes)
        return self._index.get(path)

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:  # type: ignore[override]
        """Starlette's entry without a frame of its own (a held run stream keeps none of it alive)."""
        return self.middleware_stack(scope, receive, send)

    async def app(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not scope.get("root_path"):
            segments = encoded_segments(scope)
            if segments is not None:
                await self._by_segments(scope, receive, send, segments)
                return
            candidates = self._candidates(scope["path"])
            if candidates is not None:
                for route in candidates:
                    match, child_scope = route.matches(scope)
                    if match is Match.FULL:
                        if "router" not in scope:
                            scope["router"] = self
                        scope["route"] = route
                        scope.update(child_scope)
                        # a full match of a Route is a method it has: `handle` would only call its app
                        await (route.app if type(route) is Route else route.handle)(scope, receive, send)
                        return
        await super().app(scope, receive, send)

    async def _by_segments(self, scope: Scope, receive: Receive, send: Send, segments: list[str]) -> None:
        """Route a path that has an encoded slash (`%2F`) inside a segment, segment by segment.

        The server decodes the path before routing, so `/runs/r%2F1/cancel` would reach the router as
        `/runs/r/1/cancel` and match nothing; a placeholder is one URL-encoded segment (§1), so the slash
        belongs to the id. The routes match a copy of the path whose inner slashes are masked, and each
        parameter takes its whole decoded segment.
        """
        decoded = scope["path"]
        scope["path"] = "/".join(segment.replace("/", _MASK) for segment in segments)
        try:
            found = partial = None
            for route in self.routes:
                match, child_scope = route.matches(scope)
                if match is Match.FULL:
                    found = (route, child_scope)
                    break
                if match is Match.PARTIAL and partial is None:
                    partial = (route, child_scope)
        finally:
            scope["path"] = decoded
        chosen = found or partial
        if chosen is None:
            await self.default(scope, receive, send)
            return
        route, child_scope = chosen
        child_scope["path_params"] = _segment_params(route, child_scope.get("path_params", {}), segments)
        scope.setdefault("router", self)
        scope["route"] = route
        scope.update(child_scope)
        await route.handle(scope, receive, send)


_MASK = "\x00"
"""Stands for a decoded slash inside one segment while the routes match (never `/`, matched by `[^/]+`)."""


def encoded_segments(scope: Scope) -> list[str] | None:
    """The decoded segments of the request path when one of them holds an encoded slash, else None."""
    raw = scope.get("raw_path")
    if not raw or (b"%2f" not in raw and b"%2F" not in raw):  # every request: no lower-cased copy
        return None
    path = raw.split(b"?", 1)[0].decode("latin-1")
    return [urllib.parse.unquote(segment) for segment in path.split("/")]


def _segment_params(route: BaseRoute, matched: dict[str, Any], segments: list[str]) -> dict[str, Any]:
    """Each parameter that is a whole segment of the route's template, taken from that decoded segment."""
    params = {k: v.replace(_MASK, "/") if isinstance(v, str) else v for k, v in matched.items()}
    template = getattr(route, "path", "")
    convertors = getattr(route, "param_convertors", {})
    for index, part in enumerate(template.split("/")):
        name = part[1:-1].split(":", 1)[0] if part.startswith("{") and part.endswith("}") else ""
        if name and name in convertors and index < len(segments):
            params[name] = convertors[name].convert(segments[index])
    return params


def _build_index(routes: list[BaseRoute]) -> dict[str, list[BaseRoute]]:
    """For each parameterless route path: every route whose pattern matches that path, in route order."""
    patterns = []
    for route in routes:
        regex = getattr(route, "path_regex", None)
        if regex is None:  # a route kind we cannot reason about: no index at all
            return {}
        patterns.append((route, regex))
    index: dict[str, list[BaseRoute]] = {}
    for route, _ in patterns:
        path = getattr(route, "path", None)
        if not isinstance(path, str) or getattr(route, "param_convertors", None) or path in index:
            continue
        index[path] = [other for other, regex in patterns if regex.match(path)]
    return index


def _observed(handler: Handler) -> Handler:
    """Give the observers (faults, inspector) the first look at each request."""

    async def endpoint(request: Request) -> Response:
        mock = mock_of(request)
        if mock.hooks.observers:
            early = await mock.hooks.before_request(request)
            if early is not None:
                return early
        response = await handler(request)
        if mock.hooks.wrappers:
            response = await mock.hooks.after_request(request, response)
        return response

    endpoint.__name__ = handler.__name__
    return endpoint


def routes() -> list[Route]:
    e = manifest.ENDPOINTS
    table: list[tuple[str, Handler, list[str]]] = [
        (WELL_KNOWN_PATH, manifest.manifest, ["GET"]),
        (manifest.LOGO_PATH, manifest.logo, ["GET"]),
        (e["status"], manifest.status, ["GET"]),
        (e["run"], runs.run, ["POST"]),
        (e["cancelRun"], runs.cancel, ["POST"]),
        (e["threads"], threads.list_threads, ["GET"]),
        (e["thread"], threads.get_thread, ["GET"]),
        (e["thread"], threads.delete_thread, ["DELETE"]),
        (e["action"], actions.get_action, ["GET"]),
        (e["decision"], actions.post_decision, ["POST"]),
        (e["voiceSessions"], voice.create_session, ["POST"]),
        (e["voiceTool"], voice.tool, ["POST"]),
        (e["voiceTranscript"], voice.transcript, ["POST"]),
        (e["voiceUsage"], voice.usage, ["POST"]),
        (f"{manifest.API}/files/{{fileId}}", files.download, ["GET"]),
        (SIGNALING_PATH, voice.sdp, ["POST"]),  # a talkie/1 endpoint under /_mock/ (api.surfaces)
    ]
    return _merge(table)


def _merge(table: list[tuple[str, Handler, list[str]]]) -> list[Route]:
    """One route per path, dispatching on the method, so a wrong method is a 405 with the full `Allow`."""
    by_path: dict[str, dict[str, Handler]] = {}
    for path, handler, methods in table:
        for method in methods:
            by_path.setdefault(path, {})[method] = handler
    result = []
    for path, handlers in by_path.items():
        if len(handlers) == 1:
            (method, handler), *_ = handlers.items()
            result.append(Route(path, _Direct(_observed(handler)), methods=[method]))
        else:
            result.append(Route(path, _Direct(_observed(_dispatch(handlers))), methods=list(handlers)))
    return result


class _Direct:
    """Starlette's `request_response` without its second exception wrapper around every request.

    Starlette wraps each endpoint in the same handler lookup that the error layer (api.error_layer)
    already does around the whole app, plus a `send` wrapper of its own. For a held run stream that is two
    coroutine frames and a closure kept for its whole life, and a call more per frame. An error raised by
    the endpoint gets the handler Starlette would pick (from the same table, the exception's type and then
    its bases); anything raised while the answer is sent goes on to the error layer, which answers it as
    before.
    """

    def __init__(self, endpoint: Handler) -> None:
        self.endpoint = endpoint

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive, send)
        try:
            response = await self.endpoint(request)
        except Exception as exc:
            handler = _handler_for(scope, exc)
            if handler is None:
                raise
            response = await handler(request, exc)
        await response(scope, receive, send)


def _handler_for(scope: Scope, exc: Exception) -> Any:
    """The exception handler the error layer registered for `exc` (api.error_layer)."""
    return handler_for(scope.get(HANDLERS_KEY, ({}, {})), exc)


def _dispatch(handlers: dict[str, Handler]) -> Handler:
    async def by_method(request: Request) -> Response:
        method = "GET" if request.method == "HEAD" else request.method
        return await handlers[method](request)

    return by_method
