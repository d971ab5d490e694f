"""Answers known before the request is routed: the manifest, and the caller's status and thread list.

Every app launch fetches `/.well-known/talkie.json`, and the mock answers it from bytes it rendered once per
origin (:func:`talkie_mock.api.manifest.rendered`); `GET status` and `GET threads` of an authenticated caller
come from the answers `api.reads` keeps while the state they show stands. Going through Starlette's exception
layer, router, route and request object for those costs several times more than sending them.
:class:`FixedAnswers` sits right in front of Starlette's error and exception layers, inside every front-door
middleware and the traffic recorder, so the request is checked, guarded, limited and recorded as any other; it
only skips the routing.

It answers only when the normal path would send the very same bytes: a `GET` of that exact path without a
body, no `--vary` choice to take, every hook idle (no fault set, no `--break`, no `--self-check`), and for
status and threads a bearer token one of the authenticators knows. Anything else — `HEAD`, a fault, a
missing or unknown token (its 401), a mounted root path — goes the normal way. Tests compare both paths'
answers byte for byte.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.types import ASGIApp, Receive, Scope, Send
from talkie_models.protocol import WELL_KNOWN_PATH

from talkie_mock.api import issuer, manifest
from talkie_mock.api.context import Mock
from talkie_mock.api.origin import Headers, answer
from talkie_mock.errors import pick_locale

Fixed = Callable[[Scope], tuple[bytes, Headers] | None]
"""A request scope → the body and headers of the 200 that answers it, or None to go the normal way."""


class KnownAnswers:
    """Which requests have a fixed answer, and what it is: a plain `GET` of the manifest, of status or of
    threads while nothing could change its bytes."""

    def __init__(self, mock: Mock) -> None:
        self.mock = mock
        self.status_path = manifest.ENDPOINTS["status"]
        self.threads_path = manifest.ENDPOINTS["threads"]

    def __call__(self, scope: Scope) -> tuple[bytes, Headers] | None:
        """The fixed answer of an HTTP request (body, headers of a 200), or None."""
        path = scope["path"]
        if path == WELL_KNOWN_PATH:
            if not self._plain(scope):
                return None
            config = self.mock.config
            _, raw, headers = manifest.rendered(config, issuer.current(config.origin))
            return raw, headers
        if path != self.status_path and path != self.threads_path:
            return None
        if not self._plain(scope):
            return None
        authorization: str | None = None
        languages: str | None = None
        for name, value in scope["headers"]:  # the first of each, as `request.headers.get` reads them
            if name == b"authorization" and authorization is None:
                authorization = value.decode("latin-1")
            elif name == b"accept-language" and languages is None:
                languages = value.decode("latin-1")
        user = self.mock.auth.resolve(authorization or "")
        if user is None:  # the endpoint's 401 says what to do
            return None
        if path == self.status_path:
            _, raw, headers = self.mock.reads.status(user, pick_locale(languages, self.mock.config.locale))
        else:
            _, raw, headers = self.mock.reads.threads(user)
        return raw, headers

    def _plain(self, scope: Scope) -> bool:
        if scope["method"] != "GET" or scope.get("root_path") or self.mock.vary.active:
            return False
        if not self.mock.hooks.idle():
            return False
        for name, _ in scope["headers"]:
            if name == b"content-length" or name == b"transfer-encoding":
                return False
        return True


class FixedAnswers:
    """Sends the fixed answers :class:`KnownAnswers` finds (when the traffic recorder has not already)."""

    def __init__(self, app: ASGIApp, answers: Fixed) -> None:
        self.app = app
        self.answers = answers

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # frameless, as the front door (see api.origin)
        found = self.answers(scope) if scope["type"] == "http" else None
        if found is not None:
            return answer(send, 200, *found)
        return self.app(scope, receive, send)
