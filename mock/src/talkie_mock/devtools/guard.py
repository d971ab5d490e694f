"""The developer surfaces let in only the developer: the instance's secret, from the same site.

`/_mock/…` (control API, inspector) and the OAuth account pages can reset the state, move the clock and
sign devices out, and they show traffic: a web page the developer happens to open must not reach them, nor
anyone on the LAN with `--lan`. :class:`DevGuard` asks for

* the same site: a browser's `Sec-Fetch-Site` and `Origin` must not name another site (refused with 403);
* the developer secret: `Authorization: Bearer <secret>`, or the HttpOnly SameSite=Strict cookie that the
  inspector link printed in the banner (`/_mock/?key=<secret>`) sets before redirecting to the same page
  without the key in its URL, or `?key=` on a call that is not a GET (a hook URL given to a test tool,
  such as the conformance suite's `--clock-url`); 401 otherwise. The cookie is named after the port
  (cookies ignore ports) and holds an HMAC of the secret, never the secret itself.

`open_devtools` (`--open-devtools`, loopback only) drops the secret for CI, never the same-site rule. Which
paths are guarded is `api.surfaces`' (the voice signalling URL under `/_mock/` is the app's, so it is not).
With the developer tools off only the account pages are left: :func:`guard_routes` then wraps their routes
alone, and no other request passes the guard. The secret lives in the state file (stable across restarts).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import urllib.parse
from collections.abc import Awaitable

from starlette.routing import BaseRoute, Route
from starlette.types import ASGIApp, Receive, Scope, Send

from talkie_mock.api.origin import Refusal, answer, cross_site, header
from talkie_mock.api.surfaces import DEVELOPER_PREFIXES as GUARDED
from talkie_mock.api.surfaces import developer as guarded
from talkie_mock.errors import ApiError

KEY_PARAM = "key"
KEY_PREFIX = "dk_"


def new_key() -> str:
    """A fresh developer secret (256 bits)."""
    return KEY_PREFIX + secrets.token_urlsafe(32)


def guard_routes(routes: list[BaseRoute], key: str, port: int, refusal: Refusal, *, open_: bool) -> None:
    """Put the guard in front of each route of a developer surface only (the app without devtools)."""
    for route in routes:
        if isinstance(route, Route) and guarded(route.path):
            route.app = DevGuard(route.app, key, port, refusal, open_=open_)


class DevGuard:
    """Pure ASGI middleware in front of the developer surfaces."""

    def __init__(self, app: ASGIApp, key: str, port: int, refusal: Refusal, *, open_: bool = False) -> None:
        self.app = app
        self.key = key
        self.open = open_
        self.refusal = refusal
        self.cookie_name = f"talkie_mock_{port}"
        self.cookie_value = KEY_PREFIX + hmac.new(key.encode(), b"cookie", hashlib.sha256).hexdigest()

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        if scope["type"] != "http" or not guarded(scope["path"]):
            return self.app(scope, receive, send)  # frameless: see api.origin
        return self._guarded(scope, receive, send)

    async def _guarded(self, scope: Scope, receive: Receive, send: Send) -> None:
        if cross_site(scope):
            await answer(send, *self.refusal(scope, ApiError("forbidden", "cross_site")))
            return
        query = urllib.parse.parse_qs(scope.get("query_string", b"").decode("latin-1"))
        if KEY_PARAM in query and scope["method"] in ("GET", "HEAD"):
            await self._login(scope, send, query)
            return
        if not (self.open or self._holds_secret(scope) or self._key_in(query)):
            await self._unauthorized(scope, send)
            return
        await self.app(scope, receive, send)

    def _holds_secret(self, scope: Scope) -> bool:
        scheme, _, token = (header(scope, b"authorization") or "").partition(" ")
        if scheme.lower() == "bearer" and hmac.compare_digest(token.strip().encode(), self.key.encode()):
            return True
        for part in (header(scope, b"cookie") or "").split(";"):
            name, _, value = part.strip().partition("=")
            if name == self.cookie_name and hmac.compare_digest(value.encode(), self.cookie_value.encode()):
                return True
        return False

    def _key_in(self, query: dict[str, list[str]]) -> bool:
        """`?key=` on a call that is not a page (a test hook URL such as the suite's `--clock-url`)."""
        given = query.get(KEY_PARAM, [""])[0]
        return bool(given) and hmac.compare_digest(given.encode(), self.key.encode())

    async def _login(self, scope: Scope, send: Send, query: dict[str, list[str]]) -> None:
        """`?key=` of the printed link: set the cookie, then show the same page without the key in its URL."""
        if not hmac.compare_digest(query[KEY_PARAM][0].encode(), self.key.encode()):
            await self._unauthorized(scope, send)
            return
        rest = urllib.parse.urlencode({k: v for k, v in query.items() if k != KEY_PARAM}, doseq=True)
        # the decoded path, encoded again: a CR, LF or NUL in it can never reach the Location header
        target = urllib.parse.quote(scope["path"], safe="/:@!$&'()*+,;=-._~") + (f"?{rest}" if rest else "")
        headers = [
            (b"location", target.encode("latin-1", "replace")),
            (b"cache-control", b"no-store"),
            (b"referrer-policy", b"no-referrer"),
            (b"content-length", b"0"),
        ]
        for path in GUARDED:
            cookie = f"{self.cookie_name}={self.cookie_value}; Path={path}; HttpOnly; SameSite=Strict"
            headers.append((b"set-cookie", cookie.encode("latin-1")))
        await answer(send, 303, b"", headers)

    async def _unauthorized(self, scope: Scope, send: Send) -> None:
        challenge = {"WWW-Authenticate": 'Bearer realm="talkie-mock developer surfaces"'}
        await answer(send, *self.refusal(scope, ApiError("unauthorized", "devtools_key", headers=challenge)))
