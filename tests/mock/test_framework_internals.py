"""The Starlette and uvicorn internals the mock overrides are still there, shaped as it expects.

ARCHITECTURE.md lists each override and why. A new release of either framework may move one of them; the
pins in mock/pyproject.toml allow only the minor releases tested, and this file says which internal moved
(by name) instead of letting a route, a stream or a deadline fail subtly somewhere else.
"""

from __future__ import annotations

import asyncio
import inspect
import re
import tomllib
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, Router
from starlette.testclient import TestClient
from talkie_mock.api.manifest import Rendered
from talkie_mock.api.requests import body_of
from talkie_mock.api.streaming import EventStreamResponse

ROOT = Path(__file__).resolve().parents[2]


def moved(internal: str, why: str) -> str:
    return f"framework internal changed: {internal} — {why}; re-check ARCHITECTURE.md's list of overrides"


@pytest.mark.parametrize("name", ["starlette", "uvicorn"])
def test_the_installed_framework_is_a_pinned_release(name: str) -> None:
    project = tomllib.loads((ROOT / "mock" / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = [Requirement(line) for line in project["dependencies"] if Requirement(line).name == name]
    assert pins, f"mock/pyproject.toml does not pin {name}"
    installed = version(name)
    assert pins[0].specifier.contains(installed), moved(
        f"{name} {installed}", f"not within the tested pin {pins[0].specifier}"
    )


def test_router_app_is_the_method_indexed_router_overrides() -> None:
    assert inspect.iscoroutinefunction(Router.app), moved(
        "starlette.routing.Router.app", "no longer a method"
    )
    assert list(inspect.signature(Router.app).parameters) == ["self", "scope", "receive", "send"], moved(
        "starlette.routing.Router.app", "its signature changed"
    )


def test_a_route_calls_its_app_attribute() -> None:
    """`_Direct` replaces `request_response` as `Route.app`; the guard wraps `Route.app` (devtools.guard)."""
    called: list[str] = []

    async def endpoint(request: Request) -> Response:
        return Response("x")

    route = Route("/x", endpoint)
    assert callable(getattr(route, "app", None)), moved("starlette.routing.Route.app", "attribute gone")
    inner = route.app

    async def wrapper(scope: Any, receive: Any, send: Any) -> None:
        called.append(scope["path"])
        await inner(scope, receive, send)

    route.app = wrapper
    with TestClient(Starlette(routes=[route])) as http:
        assert http.get("/x").text == "x"
    assert called == ["/x"], moved("starlette.routing.Route.handle", "does not call self.app")


def test_exception_handlers_are_in_the_scope() -> None:
    """`_handler_for` reads the handler table ExceptionMiddleware puts in the scope."""
    seen: list[Any] = []

    async def endpoint(request: Request) -> Response:
        seen.append(request.scope.get("starlette.exception_handlers"))
        return Response("x")

    handlers = {KeyError: lambda request, exc: Response("k")}
    app = Starlette(routes=[Route("/x", endpoint)], exception_handlers=handlers)
    with TestClient(app) as http:
        http.get("/x")
    table = seen[0]
    assert isinstance(table, tuple), moved('scope["starlette.exception_handlers"]', "missing or not a tuple")
    assert len(table) == 2, moved('scope["starlette.exception_handlers"]', "not (by type, by status)")
    assert KeyError in table[0], moved('scope["starlette.exception_handlers"]', "first item is not by type")


def test_build_middleware_stack_reads_user_middleware_as_cls_args_kwargs() -> None:
    """`MockApp.build_middleware_stack` empties `user_middleware`, builds Starlette's stack, wraps the
    rest around it."""
    source = inspect.getsource(Starlette.build_middleware_stack)
    assert "self.user_middleware" in source, moved("Starlette.build_middleware_stack", "no user_middleware")
    cls, args, kwargs = Middleware(dict, 1, key=2)  # type: ignore[arg-type]
    assert (cls, args, kwargs) == (dict, (1,), {"key": 2}), moved(
        "Middleware.__iter__", "not (cls, args, kw)"
    )


def _sent(response: Response) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    async def send(message: Any) -> None:
        messages.append(message)

    asyncio.run(response({"type": "http", "method": "GET", "path": "/"}, receive, send))
    return messages


def test_responses_built_without_response_init_are_sent_whole() -> None:
    """`Rendered` and `EventStreamResponse` set the attributes `Response.__call__` and `.headers` read
    (`status_code`, `raw_headers`, `body`, `background`) instead of running `Response.__init__`."""
    raw = b'{"a":1}'
    rendered = Rendered(raw, [(b"content-type", b"application/json")])
    messages = _sent(rendered)
    assert messages[0]["status"] == 200, moved("Response.__call__", "reads more than status_code/raw_headers")
    assert messages[1]["body"] == raw, moved("Response.__call__", "does not send self.body")
    assert rendered.headers["content-type"] == "application/json", moved(
        "Response.headers", "not raw_headers"
    )
    assert isinstance(rendered, JSONResponse)
    needed = {"status_code", "raw_headers", "body", "background"}
    init = inspect.getsource(Response.__init__)
    assert all(f"self.{name}" in init for name in needed - {"raw_headers"}), moved(
        "Response.__init__", "sets other attributes than the overrides set"
    )
    stream = EventStreamResponse.__init__
    assert "super().__init__" not in inspect.getsource(stream)


def test_request_body_is_cached_in_underscore_body() -> None:
    """A `--break` rewrites a request body by setting `Request._body`, which `Request.body()` returns."""

    async def receive() -> dict[str, Any]:
        raise AssertionError("the body was read again")

    request = Request({"type": "http", "method": "POST", "path": "/", "headers": []}, receive)
    request._body = b"replaced"
    assert asyncio.run(request.body()) == b"replaced", moved("starlette.requests.Request._body", "not cached")


def test_request_headers_are_cached_in_underscore_headers() -> None:
    """`--break ERR-014` swaps the bearer token by setting `Request._headers`, which `headers` returns."""
    request = Request({"type": "http", "method": "GET", "path": "/", "headers": [(b"authorization", b"a")]})
    assert request.headers["authorization"] == "a"
    request._headers = Headers(raw=[(b"authorization", b"b")])
    assert request.headers["authorization"] == "b", moved("starlette.requests.Request._headers", "not cached")


def test_body_of_leaves_the_request_as_request_body_does() -> None:
    """`body_of` sets what `Request.stream` reads and sets (`_body`, `_stream_consumed`,
    `_is_disconnected`): after it, `Request.body()` and `Request.stream()` give the same body."""
    source = inspect.getsource(Request.stream)
    for name in ("self._body", "self._stream_consumed", "self._is_disconnected"):
        assert name in source, moved(f"starlette.requests.Request.stream {name}", "no longer used")
    parts = [b'{"a":', b"1}"]

    async def receive() -> dict[str, Any]:
        chunk = parts.pop(0)
        return {"type": "http.request", "body": chunk, "more_body": bool(parts)}

    async def read() -> tuple[bytes, bytes, list[bytes]]:
        request = Request({"type": "http", "method": "POST", "path": "/", "headers": []}, receive)
        first = await body_of(request)
        return first, await request.body(), [chunk async for chunk in request.stream()]

    first, again, streamed = asyncio.run(read())
    assert first == again == b'{"a":1}'
    assert b"".join(streamed) == first

    async def gone() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    request = Request({"type": "http", "method": "POST", "path": "/", "headers": []}, gone)
    with pytest.raises(ClientDisconnect):
        asyncio.run(body_of(request))
    assert request._is_disconnected


def test_uvicorn_httptools_protocol_has_what_head_deadline_overrides() -> None:
    impl = pytest.importorskip("uvicorn.protocols.http.httptools_impl")
    protocol = impl.HttpToolsProtocol
    for name in (
        "connection_made",
        "on_message_begin",
        "on_headers_complete",
        "data_received",
        "connection_lost",
    ):
        assert callable(getattr(protocol, name, None)), moved(f"HttpToolsProtocol.{name}", "method gone")
    init = inspect.getsource(protocol.__init__) + inspect.getsource(protocol.connection_made)
    for attribute in ("self.loop", "self.transport", "self.cycle"):
        assert attribute in init, moved(f"HttpToolsProtocol {attribute}", "no longer set by uvicorn")


def test_uvicorn_writes_a_response_through_its_cycles_transport() -> None:
    """`HeldHead` replaces `cycle.transport`: the cycle must still write, close and ask through it alone."""
    impl = pytest.importorskip("uvicorn.protocols.http.httptools_impl")
    cycle = impl.RequestResponseCycle
    source = inspect.getsource(cycle)
    assert "self.transport = transport" in inspect.getsource(cycle.__init__), moved(
        "RequestResponseCycle.transport", "no longer kept"
    )
    used = set(re.findall(r"self\.transport\.(\w+)", source))
    assert "write" in used, moved("RequestResponseCycle's writes", "no longer through self.transport")
    assert used <= {"write", "close", "is_closing"}, moved(
        "RequestResponseCycle's transport calls", f"now {sorted(used)}"
    )
    protocol = inspect.getsource(impl.HttpToolsProtocol.on_headers_complete)
    assert "self.cycle = RequestResponseCycle(" in protocol, moved(
        "HttpToolsProtocol.on_headers_complete", "no longer makes the cycle"
    )
