"""One mock for every device: the origin a client used is the issuer of the answer it gets.

The iOS simulator reaches the laptop as `127.0.0.1`, the Android emulator as `10.0.2.2`, a phone by the
LAN address, a browser maybe as `localhost`. §1 wants the manifest served from its `issuer` origin and every
endpoint resolved against it (specification lines 62-66),
so a single configured origin would serve only one of them.
:class:`ClientOrigin` (ASGI, every request) reads the `Host` the client sent and makes `http://<that host>`
the origin of everything handed out while answering it — manifest issuer, OAuth metadata and `iss`, the
voice signalling URL — through :func:`current`. `serverId` does not follow: it is the configured origin's,
stable for the deployment (line 67).

Other names mean the configured origin: the `--public-url` host (a tunnel), an extra host name of the
configuration (in-process tests' `testserver`), and names the specification does not allow over http (line 78:
`*.localhost`, public addresses), which would make the manifest invalid. The Host was
already checked by :class:`~talkie_mock.api.origin.HostCheck`, which refuses every other name.
"""

from __future__ import annotations

import contextvars
import functools
import ipaddress
from collections.abc import Awaitable, Iterable

from starlette.types import ASGIApp, Receive, Scope, Send

from talkie_mock.api.origin import canonical_host, header, host_name

_CURRENT: contextvars.ContextVar[str | None] = contextvars.ContextVar("talkie_mock_origin", default=None)


def current(configured: str) -> str:
    """The origin of the request being answered (`configured` outside a request)."""
    return _CURRENT.get() or configured


DEV_NETWORKS = tuple(
    ipaddress.ip_network(n)
    for n in (
        "127.0.0.1/32",
        "::1/128",
        "10.0.0.0/8",
        "172.16.0.0/12",
        "192.168.0.0/16",
        "169.254.0.0/16",
        "fc00::/7",
        "fe80::/10",
    )
)
"""Addresses a development client may reach over plain
http (specification line 78, as the manifest schema lists)."""


def http_issuer(name: str) -> bool:
    """Whether `http://<name>` may be an issuer: `localhost`, 127.0.0.1, ::1 or a private address."""
    if name == "localhost":
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    return any(address.version == net.version and address in net for net in DEV_NETWORKS)


def origin_for(host: str | None, scheme: str, configured: str, aliases: Iterable[str] = ()) -> str:
    """The origin a client used, from its Host header; `configured` for aliases or no Host at all."""
    if not host:
        return configured
    name = host_name(host)
    if name in {a.lower() for a in aliases} or not http_issuer(name):
        return configured
    return f"{scheme}://{canonical_host(host)}"


class ClientOrigin:
    """Sets :func:`current` for the duration of each request."""

    def __init__(self, app: ASGIApp, configured: str, aliases: Iterable[str] = ()) -> None:
        self.app = app
        self.configured = configured.rstrip("/")
        self.aliases = frozenset(a.lower() for a in aliases)
        # HostCheck lets only a few names through, so a small cache answers nearly every request
        self._origin = functools.lru_cache(maxsize=256)(self._resolve)

    def _resolve(self, host: str | None, scheme: str) -> str:
        return origin_for(host, scheme, self.configured, self.aliases)

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        if scope["type"] == "http":
            # Set, never reset: an ASGI server runs each request in a task of its own, whose context dies
            # with it, and every request sets its own origin first (frameless: see api.origin)
            _CURRENT.set(self._origin(header(scope, b"host"), scope.get("scheme", "http")))
        return self.app(scope, receive, send)
