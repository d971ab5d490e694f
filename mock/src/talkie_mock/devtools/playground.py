"""The playground's routes under `/_mock/playground/`: its page, its OAuth client document, its config.

The same paths are served by the mock (:func:`install`) and by `talkie-mock playground`'s own server
(:func:`create_playground_app`, with the forwarder of `devtools.forward`), so the page never knows which
one it came from:

* the page (`/`, `playground.js`, `playground.css`, and `callback`, where the OAuth redirect lands on the
  same page) holds no data: fetched without the developer secret, same site still, with the inspector's
  strict page headers (`api.surfaces.PUBLIC_PAGES`, `devtools.guard`);
* `client.json` is the playground's OAuth Client ID Metadata Document (notes N-78): its `client_id` is its
  own URL on the loopback origin it was fetched from, its redirect URI the `callback` on that origin;
* `config` (guarded: the developer secret) tells the page which server it talks to (`target`), whether
  through the forwarder (`forward`) and its own origin (`origin`).

The mock also accepts the playground's client for sign-in (:func:`client_for`): a loopback `client_id`
with the document's path is the document this module makes for that origin, built here, never fetched.
"""

from __future__ import annotations

import ipaddress
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from talkie_models.protocol import SCOPES

from talkie_mock.api import issuer
from talkie_mock.api.context import Mock
from talkie_mock.api.limits import Limits as RequestLimits
from talkie_mock.api.origin import AllowedHosts, HostCheck, canonical_host, host_name
from talkie_mock.api.problems import EXCEPTION_HANDLERS, problem, refusal
from talkie_mock.api.surfaces import PLAYGROUND_PREFIX
from talkie_mock.config import MockConfig
from talkie_mock.devtools import forward
from talkie_mock.devtools.control import PAGE_HEADERS
from talkie_mock.devtools.guard import DevGuard, DevKey
from talkie_mock.errors import ApiError
from talkie_mock.oauth.clients import Client, client_from_document, is_loopback_url

PREFIX = PLAYGROUND_PREFIX
CLIENT_PATH = PREFIX + "/client.json"
CALLBACK_PATH = PREFIX + "/callback"
FORWARD_PATH = PREFIX + "/forward"
CLIENT_NAME = "Talkie playground"
FILES = {
    "index.html": "text/html; charset=utf-8",
    "playground.js": "text/javascript; charset=utf-8",
    "playground.css": "text/css; charset=utf-8",
}
"""The page's files in `devtools/static/playground/` (built from `clients/playground/`)."""

Config = Callable[[Request], dict[str, Any]]
"""What `config` answers for a request: `{"target", "forward", "origin"}`."""


def client_document(origin: str) -> dict[str, Any]:
    """The playground's Client ID Metadata Document as served on `origin` (a loopback origin)."""
    return {
        "client_id": origin + CLIENT_PATH,
        "client_name": CLIENT_NAME,
        "redirect_uris": [origin + CALLBACK_PATH],
        "grant_types": ["authorization_code", "refresh_token"],
        "response_types": ["code"],
        "token_endpoint_auth_method": "none",
        "scope": " ".join(SCOPES),
    }


def client_for(client_id: str) -> Client | None:
    """The playground's client when `client_id` is its document's URL on a loopback origin, else None.

    Any loopback port: the redirect URI is on the same loopback origin, and a loopback redirect may use any
    port anyway (RFC 8252 §7.3), so the port adds nothing to trust.
    """
    if not is_loopback_url(client_id):
        return None
    parts = urllib.parse.urlsplit(client_id)
    if parts.path != CLIENT_PATH or parts.query or parts.username is not None or parts.password is not None:
        return None
    origin = f"{parts.scheme}://{parts.netloc}"
    return client_from_document(client_document(origin), source="playground", expected_id=client_id)


def _file(name: str) -> bytes | None:
    path = resources.files("talkie_mock").joinpath("devtools", "static", "playground", name)
    return path.read_bytes() if path.is_file() else None


def _served(request: Request, name: str) -> Response:
    body = _file(name)
    if body is None:  # a source checkout whose page bundle was not built
        return problem(request, "not_found", f"The playground file {name} is not built in this install.")
    return Response(body, media_type=FILES[name], headers=PAGE_HEADERS)


async def page(request: Request) -> Response:
    """The page (also at `callback`: the OAuth redirect lands on the page, which reads its query)."""
    return _served(request, "index.html")


async def script(request: Request) -> Response:
    return _served(request, "playground.js")


async def style(request: Request) -> Response:
    return _served(request, "playground.css")


def origin_of(request: Request) -> str:
    """The origin the request was sent to (its Host was checked before any route saw it)."""
    return f"{request.url.scheme}://{canonical_host(request.headers.get('host', '')) or request.url.netloc}"


def routes(config: Config, origin: Callable[[Request], str] = origin_of) -> list[Route]:
    """The playground's routes; `config` answers `config`, `origin` gives a request's origin."""

    async def client(request: Request) -> Response:
        return JSONResponse(client_document(origin(request)), headers={"Cache-Control": "no-store"})

    async def get_config(request: Request) -> Response:
        return JSONResponse(config(request), headers={"Cache-Control": "no-store"})

    return [
        Route(PREFIX + "/", page, methods=["GET"]),
        Route(CALLBACK_PATH, page, methods=["GET"]),
        Route(PREFIX + "/playground.js", script, methods=["GET"]),
        Route(PREFIX + "/playground.css", style, methods=["GET"]),
        Route(CLIENT_PATH, client, methods=["GET"]),
        Route(PREFIX + "/config", get_config, methods=["GET"]),
    ]


def install(app: Starlette) -> None:
    """The playground on the mock: the page calls the mock itself (same origin, no forwarder)."""
    mock: Mock = app.state.mock

    def mock_origin(request: Request) -> str:
        return issuer.current(mock.config.origin)

    def config(request: Request) -> dict[str, Any]:
        own = mock_origin(request)
        return {"target": own, "forward": None, "origin": own}

    app.router.routes[0:0] = routes(config, mock_origin)
    app.state.oauth.clients.recognize(client_for)


class LoopbackHosts(AllowedHosts):
    """The Host names the playground's own server answers to: loopback ones and the address it is bound to
    (a web page that rebinds its domain to 127.0.0.1 still sends its domain)."""

    def __init__(self, bound: str) -> None:
        super().__init__(extra=[bound.strip("[]")])

    def __contains__(self, host: str) -> bool:
        name = host_name(host)
        if name in self.names or name.endswith(".localhost"):
            return True
        try:
            return ipaddress.ip_address(name).is_loopback
        except ValueError:
            return False


def foreign_host(host: str) -> ApiError:
    given = canonical_host(host)
    name = host_name(given) if given else ""
    return ApiError("invalid_request", "playground_host", host=(f"[{name}]" if ":" in name else name) or "?")


@dataclass(frozen=True)
class Limits:
    """The caps of the playground's own server (`talkie-mock playground` options)."""

    max_body: int = MockConfig.max_body_bytes
    read_timeout: float = MockConfig.read_timeout
    connect_seconds: float = forward.CONNECT_SECONDS
    idle_seconds: float = forward.IDLE_SECONDS
    max_forwards: int = forward.MAX_FORWARDS


def create_playground_app(
    target: forward.Target, key: DevKey, *, bound: str = "127.0.0.1", limits: Limits | None = None
) -> Starlette:
    """`talkie-mock playground URL`'s server: the page's routes and the forwarder to `target` alone.

    In front, as on the mock: the Host check (loopback names only), the developer-surface guard (same site;
    the secret for everything but the page's files) and the body cap with its read deadline.
    """
    limits = limits or Limits()
    render = refusal("en")

    def config(request: Request) -> dict[str, Any]:
        return {"target": target.given, "forward": FORWARD_PATH, "origin": origin_of(request)}

    forwarder = forward.Forwarder(
        target,
        key,
        render,
        FORWARD_PATH,
        connect_seconds=limits.connect_seconds,
        idle_seconds=limits.idle_seconds,
        max_forwards=limits.max_forwards,
    )
    app = Starlette(
        routes=[*routes(config), Route(FORWARD_PATH + "/{rest:path}", forwarder)],
        exception_handlers=dict(EXCEPTION_HANDLERS),
    )
    app.router.redirect_slashes = False  # as on the mock: a path that is no route is a §3 404
    app.state.dev_key = key
    app.state.forwarder = forwarder
    app.add_middleware(
        RequestLimits, max_body=limits.max_body, read_timeout=limits.read_timeout, refusal=render
    )
    app.add_middleware(DevGuard, key=key, refusal=render, reason="playground_key")
    app.add_middleware(HostCheck, allowed=LoopbackHosts(bound), refusal=render, refuse=foreign_host)
    return app


__all__ = [
    "CLIENT_PATH",
    "FORWARD_PATH",
    "PREFIX",
    "Limits",
    "client_document",
    "client_for",
    "create_playground_app",
    "install",
    "routes",
]
