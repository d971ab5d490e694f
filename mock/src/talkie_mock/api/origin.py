"""Where a request comes from: the Host it names, the site that sent it, and the CSRF tokens of forms.

* :class:`HostCheck` (every request, outermost): the one `Host` header (two are refused, RFC 9112 §3.2)
  must name this mock — an IP literal, `localhost` (or a `*.localhost` name), the host of `--public-url`
  or one of `extra_hosts`. A web page that rebinds its own domain to 127.0.0.1 still sends its domain as
  Host, so DNS rebinding reaches nothing. The port is not compared: `adb reverse` and tunnels change it.
* :func:`cross_site`: what a browser says about the sender (`Sec-Fetch-Site`, `Origin`). Used by the guard
  of the developer surfaces and by the OAuth consent form.
* :func:`csrf_token`: an HMAC of the instance's secret and what a form is for, carried by every form.

Passing through without a frame: the middlewares in front of the app (Host check, origin, CORS, guard,
limits) decide from the request head alone whether to answer themselves. When they let a request through
they are plain functions returning the next layer's coroutine, not coroutines awaiting it: a held run
stream then keeps no frame of theirs alive for its whole life (about 0.5 KB each), and a request pays no
extra coroutine per layer. Only a layer that must see the answer (CORS marks, the traffic recorder) awaits.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import ipaddress
import re
import urllib.parse
from collections.abc import Awaitable, Callable, Iterable

from starlette.types import ASGIApp, Receive, Scope, Send

from talkie_mock.errors import ApiError

Headers = list[tuple[bytes, bytes]]
Refusal = Callable[[Scope, ApiError], tuple[int, bytes, Headers]]
"""A middleware's §3 answer for an error: (status, body, headers), made by the app's one renderer."""


def header(scope: Scope, name: bytes) -> str | None:
    """One request header from an ASGI scope (the first one of that name)."""
    for key, value in scope["headers"]:
        if key == name:
            return str(value.decode("latin-1"))
    return None


_HOST = re.compile(r"(?:\[(?P<literal>[0-9a-f:.]+)\]|(?P<name>[a-z0-9._-]+))(?::(?P<port>[0-9]{1,10}))?")
"""A Host value (RFC 9110 §7.2): a bracketed IPv6 literal or a name, then an optional numeric port."""


@functools.lru_cache(maxsize=512)
def host_name(host: str) -> str:
    """The name in a Host header value (`[::1]:8765` → `::1`, `Example.org:80` → `example.org`).

    Anything that is not a plain `host[:port]` (user info, a path, spaces, an unclosed bracket) gives "",
    which names no host: such a value would otherwise end up in the issuer and every URL built from it.
    """
    found = _host(host)
    if found is None:
        return ""
    return found.group("literal") or found.group("name")


def canonical_host(host: str) -> str:
    """A valid Host value as an origin writes it: lower case, no leading zeros in the port ("" if invalid)."""
    found = _host(host)
    if found is None:
        return ""
    name = f"[{found.group('literal')}]" if found.group("literal") else found.group("name")
    port = found.group("port")
    return name if port is None else f"{name}:{int(port)}"


def _host(host: str) -> re.Match[str] | None:
    found = _HOST.fullmatch(host.strip().lower())
    port = found.group("port") if found is not None else None
    if port is not None and not 0 < int(port) <= 65535:  # `:99999` or `:0` is no port a client connected to
        return None
    return found


class AllowedHosts:
    """The names a browser may use for this mock: IP literals, localhost, the public URL's host, extras."""

    def __init__(self, public_urls: Iterable[str | None] = (), extra: Iterable[str] = ()) -> None:
        self.names = {"localhost", *(name.lower() for name in extra)}
        self.names |= {(urllib.parse.urlsplit(url).hostname or "").lower() for url in public_urls if url}

    def __contains__(self, host: str) -> bool:
        name = host_name(host)
        return name in self.names or own_address(name)


@functools.lru_cache(maxsize=512)
def own_address(name: str) -> bool:
    """An address that names this machine for the client: an IP literal, `localhost` or a `*.localhost`."""
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


async def answer(send: Send, status: int, body: bytes, headers: Headers) -> None:
    """Send a whole response from a middleware."""
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class HostCheck:
    """Refuses (400 `invalid_request`) a request whose Host names no address of this mock; `refuse` says
    why (the mock's :func:`foreign_host` names the option that adds a name)."""

    def __init__(
        self,
        app: ASGIApp,
        allowed: AllowedHosts,
        refusal: Refusal,
        refuse: Callable[[str], ApiError] | None = None,
    ) -> None:
        self.app = app
        self.allowed = allowed
        self.refusal = refusal
        self.refuse = refuse or foreign_host

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # a plain function handing on the next layer's coroutine: see the module's last paragraph
        if scope["type"] == "http":
            hosts = [value for key, value in scope["headers"] if key == b"host"]
            host = hosts[0].decode("latin-1") if hosts else None
            # HTTP/1.1 requires a Host (RFC 9112 §3.2); only an HTTP/1.0 request may come without one
            if host is None and scope.get("http_version", "1.1") != "1.0":
                return answer(send, *self.refusal(scope, ApiError("invalid_request", "missing_host")))
            # more than one Host: which one names the server is unknowable (RFC 9112 §3.2 says 400)
            if len(hosts) > 1:
                return answer(send, *self.refusal(scope, ApiError("invalid_request", "two_hosts")))
            if host is not None and host not in self.allowed:
                return answer(send, *self.refusal(scope, self.refuse(host)))
        return self.app(scope, receive, send)


def foreign_host(host: str) -> ApiError:
    """The refusal of a Host this mock does not answer to, naming it and the option that adds it."""
    given = canonical_host(host)
    if not given:
        return ApiError("invalid_request", "bad_host")
    name = host_name(given)
    shown = f"[{name}]" if ":" in name else name
    return ApiError("invalid_request", "foreign_host", host=shown, host_port=given)


def cross_site(scope: Scope) -> bool:
    """Whether a browser says this request was sent by another site or another origin.

    `Sec-Fetch-Site`, where the browser sends it, is the answer: a page served with `Referrer-Policy:
    no-referrer` (the account pages) posts its own form with `Origin: null`, and Chromium then still says
    `same-origin`. `Origin` decides only for browsers that send no `Sec-Fetch-Site`.
    """
    fetch_site = header(scope, b"sec-fetch-site")
    if fetch_site is not None:
        return fetch_site.lower() not in ("same-origin", "none")
    origin = header(scope, b"origin")
    if origin is None:
        return False
    try:
        netloc = urllib.parse.urlsplit(origin).netloc.lower()
    except ValueError:  # `http://[::1` and the like: no origin a browser sends, so not this one
        return True
    return origin == "null" or netloc != (header(scope, b"host") or "").lower()


def csrf_token(key: str, purpose: str) -> str:
    """The token a form for `purpose` carries; only the instance holding `key` can make it."""
    return hmac.new(key.encode(), b"csrf:" + purpose.encode(), hashlib.sha256).hexdigest()[:32]


def csrf_valid(key: str, purpose: str, token: str | None) -> bool:
    # bytes: compare_digest refuses str with non-ASCII characters, and a form may carry any text
    given = token.encode("utf-8", "replace") if token is not None else None
    return given is not None and hmac.compare_digest(csrf_token(key, purpose).encode(), given)
