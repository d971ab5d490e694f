"""CORS for browser clients: a web app on another origin may call every talkie/1 endpoint.

A dev server is called from pages on other ports (`localhost:3000`) or hosts, so by default any origin is
allowed; `--cors-origin` (repeatable) narrows that to a list. What is open: the talkie/1 surface
(`api.surfaces`: discovery, every endpoint under `/api/talkie/`, the logo and the voice signalling URL), the
OAuth metadata and the OAuth token and revocation endpoints. What is not: the developer surfaces under
`/_mock/` (they refuse cross-site requests, devtools.guard) and the OAuth pages a person uses (authorize,
account), which are navigated to, never fetched.

Bearer tokens, not cookies, authenticate talkie/1, so no `Allow-Credentials`: the allowed origin is echoed
(with `Vary: Origin`), the preflight lists the methods and headers a client sends (`Authorization`,
`Content-Type`, …) and may be cached for `MAX_AGE` seconds. Headers are added to the response start only,
so a run stream is never buffered.
"""

from __future__ import annotations

from collections.abc import Awaitable, Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from talkie_mock.api.origin import Headers, Refusal, answer, header
from talkie_mock.api.surfaces import protocol
from talkie_mock.errors import ApiError

OAUTH_PATHS = ("/oauth/token", "/oauth/revoke", "/oauth/.well-known/")
METHODS = "GET, POST, DELETE, OPTIONS"
HEADERS = ("authorization", "content-type", "accept", "accept-language", "last-event-id", "cache-control")
EXPOSED = "Retry-After, Content-Length, Content-Type"
MAX_AGE = 600
"""Seconds a browser may reuse a preflight (Chromium caps it at 7200)."""


def covered(path: str) -> bool:
    """Whether a path is one a browser client may call cross-origin."""
    return protocol(path) or path.startswith(OAUTH_PATHS)


class CorsPolicy:
    """Which origins may call: every one (`origins` empty) or exactly those listed."""

    def __init__(self, origins: Iterable[str] = ()) -> None:
        self.origins = frozenset(o.rstrip("/").lower() for o in origins)

    def allows(self, origin: str) -> bool:
        return not self.origins or origin.rstrip("/").lower() in self.origins


def _requested_headers(scope: Scope) -> list[str]:
    asked = header(scope, b"access-control-request-headers") or ""
    return [h.strip().lower() for h in asked.split(",") if h.strip()]


class Cors:
    """Answers preflights and marks answers of covered paths readable by the calling origin."""

    def __init__(self, app: ASGIApp, policy: CorsPolicy, refusal: Refusal) -> None:
        self.app = app
        self.policy = policy
        self.refusal = refusal

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        origin = header(scope, b"origin") if scope["type"] == "http" else None
        if origin is None or not covered(scope["path"]):
            return self.app(scope, receive, send)  # frameless: see api.origin
        return self._cross_origin(scope, receive, send, origin)

    async def _cross_origin(self, scope: Scope, receive: Receive, send: Send, origin: str) -> None:
        allowed = self.policy.allows(origin)
        preflight = scope["method"] == "OPTIONS" and header(scope, b"access-control-request-method")
        if preflight:
            await self._preflight(scope, send, origin, allowed)
            return
        if not allowed:  # a plain request from a refused origin: answered, but unreadable for its page
            await self.app(scope, receive, send)
            return

        async def marked(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *self._marks(origin)]}
            await send(message)

        await self.app(scope, receive, marked)

    @staticmethod
    def _marks(origin: str) -> Headers:
        return [
            (b"access-control-allow-origin", origin.encode("latin-1")),
            (b"access-control-expose-headers", EXPOSED.encode("latin-1")),
            (b"vary", b"Origin"),
        ]

    async def _preflight(self, scope: Scope, send: Send, origin: str, allowed: bool) -> None:
        if not allowed:
            status, body, headers = self.refusal(scope, ApiError("forbidden", "cors_origin", origin=origin))
            await answer(send, status, body, [*headers, (b"vary", b"Origin")])
            return
        names = ", ".join(dict.fromkeys([*HEADERS, *_requested_headers(scope)]))
        headers = [
            *self._marks(origin),
            (b"access-control-allow-methods", METHODS.encode("latin-1")),
            (b"access-control-allow-headers", names.encode("latin-1")),
            (b"access-control-max-age", str(MAX_AGE).encode("latin-1")),
        ]
        if header(scope, b"access-control-request-private-network") == "true":
            headers.append((b"access-control-allow-private-network", b"true"))
        await answer(send, 204, b"", headers)
