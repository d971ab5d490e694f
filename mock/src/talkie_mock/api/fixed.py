"""The manifest straight from its bytes: the one answer that depends on nothing but the client's origin.

Every app launch fetches `/.well-known/talkie.json`, and the mock answers it from bytes it rendered once per
origin (:func:`talkie_mock.api.manifest.rendered`). Going through Starlette's exception layer, router, route
and request object for that costs several times more than sending them. :class:`FixedAnswers` sits right
in front of Starlette's error and exception layers, inside every front-door middleware and the traffic
recorder, so the request is checked, guarded, limited and recorded as any other; it only skips the routing.

It answers only when the normal path would send the very same bytes: a `GET` of that exact path without a
body, no `--vary` choice to take, and every hook idle (no fault set, no `--break`, no `--self-check`).
Anything else — `HEAD`, a fault on the manifest, a mounted root path — goes the normal way. A test compares
both paths' answers byte for byte.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.types import ASGIApp, Receive, Scope, Send
from talkie_models.protocol import WELL_KNOWN_PATH

from talkie_mock.api import issuer, manifest
from talkie_mock.api.context import Mock
from talkie_mock.api.origin import Headers, answer

Fixed = Callable[[Scope], tuple[bytes, Headers] | None]
"""A request scope → the body and headers of the 200 that answers it, or None to go the normal way."""


class KnownAnswers:
    """Which requests have a fixed answer, and what it is: a plain `GET` of the manifest while nothing could
    change its bytes."""

    def __init__(self, mock: Mock) -> None:
        self.mock = mock

    def __call__(self, scope: Scope) -> tuple[bytes, Headers] | None:
        """The fixed answer of an HTTP request (body, headers of a 200), or None."""
        if scope["path"] != WELL_KNOWN_PATH or not self._plain(scope):
            return None
        config = self.mock.config
        _, raw, headers = manifest.rendered(config, issuer.current(config.origin))
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
