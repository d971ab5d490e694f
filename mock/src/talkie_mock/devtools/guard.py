"""The developer surfaces let in only the developer: the instance's secret, from the same site.

`/_mock/…` (control API, inspector) and the OAuth account pages can reset the state, move the clock and
sign devices out, and they show traffic: a web page the developer happens to open must not reach them, nor
anyone on the LAN with `--lan`. :class:`DevGuard` asks for

* the same site: a browser's `Sec-Fetch-Site` and `Origin` must not name another site (refused with 403),
  except for a tab sent to a landing page (`api.surfaces.LANDING_PAGES`: the playground's OAuth callback,
  where an authorization server elsewhere redirects the person back);
* the developer secret, never in a cookie (a browser sends a host's cookies to every port of it, so any
  program listening on another loopback port would get it): `Authorization: Bearer <secret>`, the
  `X-Talkie-Mock-Key` header the inspector page sends on its calls (it reads the secret from the fragment
  of the banner's link, `/_mock/#key=<secret>`, which browsers never send anywhere), or `?key=` (a hook URL
  given to a test tool, such as the conformance suite's `--clock-url`, or an account page's address);
  401 otherwise.

The inspector page and its script and style hold no data, so they are served without the secret (same
site still): opened without the key, the page says how to open it; so are the playground's page, files and
OAuth client document (`api.surfaces.PUBLIC_PAGES`). The secret is made afresh at every
start, lives in memory only and expires after `key_lifetime` seconds; then the guard makes a new one and
hands it to `on_new_key` (the CLI prints the new link and rewrites the runtime file that `talkie-mock
report` reads). `open_devtools` (`--open-devtools`, loopback only) drops the secret for CI, never the
same-site rule. Which paths are guarded is `api.surfaces`' (the voice signalling URL under `/_mock/` is the
app's, authenticated by the session's client secret, so it is not). With the developer tools off only the
account pages are left: :func:`guard_routes` then wraps their routes alone, and no other request passes
the guard.
"""

from __future__ import annotations

import hmac
import secrets
import time
import urllib.parse
from collections.abc import Awaitable, Callable

from starlette.routing import BaseRoute, Route
from starlette.types import ASGIApp, Receive, Scope, Send

from talkie_mock.api.origin import Refusal, answer, cross_site, header
from talkie_mock.api.surfaces import LANDING_PAGES, PUBLIC_PAGES
from talkie_mock.api.surfaces import developer as guarded
from talkie_mock.errors import ApiError

PUBLIC = PUBLIC_PAGES
"""The developer pages and their files: no data in them, so no secret needed to fetch them."""
KEY_PARAM = "key"
KEY_HEADER = b"x-talkie-mock-key"
KEY_PREFIX = "dk_"
KEY_LIFETIME = 24 * 3600.0
"""Seconds a developer secret is valid (`--key-lifetime`); then a new one is made and printed."""


def new_key() -> str:
    """A fresh developer secret (256 bits)."""
    return KEY_PREFIX + secrets.token_urlsafe(32)


def guard_routes(routes: list[BaseRoute], key: DevKey, refusal: Refusal, *, open_: bool) -> None:
    """Put the guard in front of each route of a developer surface only (the app without devtools)."""
    for route in routes:
        if isinstance(route, Route) and guarded(route.path):
            route.app = DevGuard(route.app, key, refusal, open_=open_)


def landing(scope: Scope) -> bool:
    """A browser opening a landing page as the page of its tab (GET, `Sec-Fetch-Mode: navigate`,
    `Sec-Fetch-Dest: document`): the OAuth redirect back from an authorization server on another site.
    Never a fetch, a form post or a frame; the page holds no data and checks the redirect's `state`."""
    return (
        scope["path"] in LANDING_PAGES
        and scope["method"] in ("GET", "HEAD")
        and (header(scope, b"sec-fetch-mode") or "").lower() == "navigate"
        and (header(scope, b"sec-fetch-dest") or "").lower() == "document"
    )


class DevKey:
    """The instance's developer secret and when it expires (a new one replaces it then)."""

    def __init__(
        self,
        value: str | None = None,
        lifetime: float = KEY_LIFETIME,
        on_new_key: Callable[[str], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.lifetime = lifetime
        self.on_new_key = on_new_key
        self._clock = clock
        self.value = value or new_key()
        self.expires = clock() + lifetime

    def current(self) -> str:
        """The valid secret, made anew (and announced) when the old one expired."""
        if self._clock() >= self.expires:
            self.value = new_key()
            self.expires = self._clock() + self.lifetime
            if self.on_new_key is not None:
                self.on_new_key(self.value)
        return self.value

    def matches(self, given: str) -> bool:
        return bool(given) and hmac.compare_digest(given.encode(), self.current().encode())


class DevGuard:
    """Pure ASGI middleware in front of the developer surfaces."""

    def __init__(
        self,
        app: ASGIApp,
        key: DevKey,
        refusal: Refusal,
        *,
        open_: bool = False,
        reason: str = "devtools_key",
    ) -> None:
        self.app = app
        self.key = key
        self.open = open_
        self.refusal = refusal
        self.reason = reason  # the message of a 401: which link to open

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        if scope["type"] != "http" or not guarded(scope["path"]):
            return self.app(scope, receive, send)  # frameless: see api.origin
        return self._guarded(scope, receive, send)

    async def _guarded(self, scope: Scope, receive: Receive, send: Send) -> None:
        if cross_site(scope) and not landing(scope):
            await answer(send, *self.refusal(scope, ApiError("forbidden", "cross_site")))
            return
        public = scope["path"] in PUBLIC and scope["method"] in ("GET", "HEAD")
        if not (public or self.open or self._holds_secret(scope)):
            await self._unauthorized(scope, send)
            return
        await self.app(scope, receive, send)

    def _holds_secret(self, scope: Scope) -> bool:
        scheme, _, token = (header(scope, b"authorization") or "").partition(" ")
        if scheme.lower() == "bearer" and self.key.matches(token.strip()):
            return True
        given = header(scope, KEY_HEADER)
        if given is not None:
            return self.key.matches(given.strip())
        query = scope.get("query_string", b"")
        if b"key" not in query:
            return False
        found = urllib.parse.parse_qs(query.decode("latin-1")).get(KEY_PARAM, [""])[0]
        return self.key.matches(found)

    async def _unauthorized(self, scope: Scope, send: Send) -> None:
        challenge = {"WWW-Authenticate": 'Bearer realm="talkie-mock developer surfaces"'}
        await answer(send, *self.refusal(scope, ApiError("unauthorized", self.reason, headers=challenge)))
