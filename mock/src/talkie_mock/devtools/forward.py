"""The playground's forwarder: the page's requests to one talkie/1 server, and to no other place (notes N-77).

A browser page may call a server on another origin only when that server sends CORS headers; many do not.
`talkie-mock playground URL` serves the page from loopback and forwards its calls through
`/_mock/playground/forward/<path>?<query>` to the one target it was started with, as MCP Inspector's proxy
does for its page, but narrower: the target is fixed at start, the page passes only a path.

* Only the target: the connection goes to the target's host and port, whatever the request says; a path
  that could name another authority (`//host`, `@`, `\\`, `%2F` or `%5C` at its start, a scheme, control
  characters raw or encoded, anything outside a URL's path characters) is refused with 400.
* Only the page's own headers the target needs (`REQUEST_HEADERS`): never cookies, never the developer
  secret, never the page's `Origin` or `Referer`. Back come the status and `RESPONSE_HEADERS`, without any
  CORS header, redirects unfollowed (the page's client refuses a cross-origin one itself).
* Unbuffered: each chunk of the target's answer is passed on as it arrives (an SSE run event by event).
* Bounded: the request body by the mock's body cap (`api.limits`, around the whole app), the connection by
  `connect_seconds`, each read from the target by `idle_seconds`, the answer's head by MAX_HEAD_BYTES, and
  the open forwards by `max_forwards` (429 beyond). A target that cannot be reached or answers no valid
  HTTP gets a §3 502 naming what failed; one that breaks off after its head is cut off the same way (the
  page's stream then fails, as it would have failed talking to the target directly).

HTTP/1.1 is spoken by h11 (uvicorn's own dependency), one connection per request, TLS for `https` targets.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import re
import ssl
import urllib.parse
from dataclasses import dataclass

import h11
from starlette.types import Message, Receive, Scope, Send

from talkie_mock.api.origin import Refusal, answer, header
from talkie_mock.devtools.guard import KEY_HEADER, DevKey
from talkie_mock.errors import ApiError, MockError

log = logging.getLogger("talkie_mock")

REQUEST_HEADERS = frozenset(
    {
        b"accept",
        b"accept-language",
        b"authorization",
        b"content-type",
        b"if-match",
        b"if-modified-since",
        b"if-none-match",
        b"last-event-id",
    }
)
"""What a talkie/1 client sends that its server reads: credentials, body type, content negotiation, cache
validation of the manifest (§1 `Cache-Control`), the SSE resume id. Nothing that identifies the page."""
RESPONSE_HEADERS = frozenset(
    {
        b"cache-control",
        b"content-encoding",
        b"content-language",
        b"content-type",
        b"etag",
        b"last-modified",
        b"link",
        b"location",
        b"retry-after",
        b"vary",
        b"www-authenticate",
    }
)
"""What the page's client reads of an answer (plus every `talkie-*` header); never `Set-Cookie`, never
`Access-Control-*`."""
FORWARDED_MARKS = [
    (b"x-content-type-options", b"nosniff"),
    (b"content-security-policy", b"default-src 'none'; sandbox"),
]
"""On every forwarded answer: whatever the target sends is never a page of the playground's origin."""
MAX_HEAD_BYTES = 64 * 1024
READ_BYTES = 64 * 1024
CONNECT_SECONDS = 10.0
IDLE_SECONDS = 120.0
"""A quiet stream is cut after this long: eight of the 15 s pings §5 asks servers for."""
MAX_FORWARDS = 32
USER_AGENT = b"talkie-mock-playground"

_PATH = re.compile(r"/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*")
"""A URL path (RFC 3986 `path-absolute`'s characters, percent escapes kept as sent)."""
_QUERY = re.compile(r"[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*")
_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")
_CONTROL_ESCAPE = re.compile(r"%(?:[01][0-9A-Fa-f]|7[Ff])")
_SCHEME = re.compile(r"/[A-Za-z][A-Za-z0-9+.\-]*:")


class TargetError(MockError, ValueError):
    """A playground target that cannot be used; the message says why."""


class UpstreamBrokenError(MockError):
    """The target broke off an answer already under way: the page's connection is cut (no log trace)."""


@dataclass(frozen=True)
class Target:
    """The one server the forwarder talks to: `given` as the person wrote it, and its origin's parts."""

    given: str
    scheme: str
    host: str
    port: int

    @property
    def authority(self) -> str:
        name = f"[{self.host}]" if ":" in self.host else self.host
        default = 443 if self.scheme == "https" else 80
        return name if self.port == default else f"{name}:{self.port}"

    @property
    def origin(self) -> str:
        return f"{self.scheme}://{self.authority}"


def parse_target(address: str) -> Target:
    """A server address as §1 lets a person enter it: a host (https), an origin, or a manifest's URL.

    Plain http only for loopback and private LAN addresses and `localhost` (§1's development exception).
    """
    text = address.strip()
    if "://" not in text:
        bare = text.split("/", 1)[0].rsplit(":", 1)[0].strip("[]").lower()
        text = ("http://" if _local(bare) else "https://") + text
    try:
        parts = urllib.parse.urlsplit(text)
        host, port = parts.hostname, parts.port
    except ValueError as exc:
        raise TargetError(f"{address!r} is not a URL ({exc})") from exc
    if parts.scheme not in ("http", "https") or not host:
        raise TargetError(f"{address!r} is not an http(s) URL of a talkie/1 server")
    if parts.username is not None or parts.password is not None or parts.fragment:
        raise TargetError(f"{address!r}: a server address carries no user name, password or #fragment")
    if parts.scheme == "http" and not _local(host):
        raise TargetError(
            f"{address!r}: talkie/1 requires https except for localhost, loopback and private LAN addresses"
        )
    port = port or (443 if parts.scheme == "https" else 80)
    return Target(text, parts.scheme, host.lower(), port)


def _local(host: str) -> bool:
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_private or address.is_link_local


def forwarded_target(raw: bytes, query: bytes) -> str:
    """The request target sent upstream for the path after the forward prefix, or ApiError 400 why not.

    The result is always `/` + path characters (+ `?` query): nothing that names another authority.
    """
    try:
        path, qs = raw.decode("ascii"), query.decode("ascii")
    except UnicodeDecodeError:
        raise bad_path("it is not ASCII (percent-encode it)") from None
    if not path.startswith("/"):
        raise bad_path("it must start with /")
    if path.startswith("//"):
        raise bad_path("// would name another host")
    if "\\" in path or "@" in path:
        raise bad_path("\\ and @ may name another host")
    if path[1:4].lower() in ("%2f", "%5c"):
        raise bad_path("an encoded / or \\ at its start may name another host")
    if _SCHEME.match(path):
        raise bad_path("it is an absolute URL; pass only its path")
    if _PATH.fullmatch(path) is None or _QUERY.fullmatch(qs) is None:
        raise bad_path("it holds characters a URL does not (spaces, control characters, #)")
    if _ESCAPE.search(path + qs) or _CONTROL_ESCAPE.search(path + qs):
        raise bad_path("it holds a broken or control-character % escape")
    return path + ("?" + qs if qs else "")


def bad_path(why: str) -> ApiError:
    return ApiError("invalid_request", "forward_path", why=why)


def unreachable(target: Target, why: str) -> ApiError:
    return ApiError("upstream_unavailable", "forward_unreachable", status=502, target=target.origin, why=why)


def broken(target: Target, why: str) -> ApiError:
    return ApiError("upstream_unavailable", "forward_broken", status=502, target=target.origin, why=why)


class Forwarder:
    """The ASGI endpoint behind `/_mock/playground/forward/…` (behind the Host check, guard and limits)."""

    def __init__(
        self,
        target: Target,
        key: DevKey,
        refusal: Refusal,
        prefix: str,
        *,
        connect_seconds: float = CONNECT_SECONDS,
        idle_seconds: float = IDLE_SECONDS,
        max_forwards: int = MAX_FORWARDS,
    ) -> None:
        self.target = target
        self.key = key
        self.refusal = refusal
        self.prefix = prefix.encode("ascii")
        self.connect_seconds = connect_seconds
        self.idle_seconds = idle_seconds
        self.max_forwards = max_forwards
        self.open = 0
        self._tls = ssl.create_default_context() if target.scheme == "https" else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            # the secret in its own header only: `Authorization` is the person's token for the target
            if not self.key.matches((header(scope, KEY_HEADER) or "").strip()):
                challenge = {"WWW-Authenticate": 'Bearer realm="talkie-mock playground"'}
                raise ApiError("unauthorized", "playground_key", headers=challenge)
            raw = scope.get("raw_path") or scope["path"].encode("utf-8")
            wanted = forwarded_target(raw[len(self.prefix) :], scope.get("query_string", b""))
            if self.open >= self.max_forwards:
                raise ApiError("rate_limited", "forward_busy", limit=self.max_forwards)
        except ApiError as exc:
            await answer(send, *self.refusal(scope, exc))
            return
        self.open += 1
        try:
            await self._forward(scope, receive, send, wanted)
        finally:
            self.open -= 1

    async def _forward(self, scope: Scope, receive: Receive, send: Send, wanted: str) -> None:
        started: list[bool] = [False]
        try:
            body = await _read_body(receive)
            pump = asyncio.ensure_future(self._exchange(scope, send, wanted, body, started))
            gone = asyncio.ensure_future(_disconnected(receive))
            try:
                done, _ = await asyncio.wait({pump, gone}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for task in (pump, gone):
                    if not task.done():
                        task.cancel()
                        with contextlib.suppress(asyncio.CancelledError):
                            await task
            if pump in done:
                pump.result()
        except ApiError as exc:
            if started[0]:
                log.warning("playground: %s", exc.message("en"))
                raise UpstreamBrokenError(exc.message("en")) from None
            await answer(send, *self.refusal(scope, exc))

    async def _exchange(
        self, scope: Scope, send: Send, wanted: str, body: bytes, started: list[bool]
    ) -> None:
        target = self.target
        try:
            async with asyncio.timeout(self.connect_seconds):
                reader, writer = await asyncio.open_connection(
                    target.host,
                    target.port,
                    ssl=self._tls,
                    server_hostname=target.host if self._tls else None,
                    limit=READ_BYTES,
                )
        except TimeoutError:
            raise unreachable(target, f"no connection within {self.connect_seconds:g} s") from None
        except OSError as exc:
            raise unreachable(target, exc.strerror or type(exc).__name__) from None
        try:
            connection = h11.Connection(h11.CLIENT, max_incomplete_event_size=MAX_HEAD_BYTES)
            writer.write(connection.send(self._request(scope, wanted, body)) or b"")
            if body:
                writer.write(connection.send(h11.Data(data=body)) or b"")
            writer.write(connection.send(h11.EndOfMessage()) or b"")
            await self._drain(writer)
            await self._relay(connection, reader, send, started)
        finally:
            writer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer.wait_closed(), 1.0)

    def _request(self, scope: Scope, wanted: str, body: bytes) -> h11.Request:
        headers = [(b"host", self.target.authority.encode("ascii")), (b"user-agent", USER_AGENT)]
        headers += [(name, value) for name, value in scope["headers"] if name in REQUEST_HEADERS]
        headers += [(b"content-length", str(len(body)).encode())] if body else []
        headers.append((b"connection", b"close"))
        return h11.Request(method=scope["method"], target=wanted.encode("ascii"), headers=headers)

    async def _drain(self, writer: asyncio.StreamWriter) -> None:
        try:
            async with asyncio.timeout(self.idle_seconds):
                await writer.drain()
        except TimeoutError:
            raise broken(self.target, f"it took no request data for {self.idle_seconds:g} s") from None
        except OSError as exc:
            raise broken(self.target, f"sending failed: {exc.strerror or type(exc).__name__}") from None

    async def _relay(
        self, connection: h11.Connection, reader: asyncio.StreamReader, send: Send, started: list[bool]
    ) -> None:
        """The target's answer, passed on chunk by chunk as it arrives."""
        while True:
            try:
                event = connection.next_event()
            except h11.RemoteProtocolError as exc:
                raise broken(self.target, f"not valid HTTP/1.1: {exc}") from None
            if event is h11.NEED_DATA:
                chunk = await self._read(reader)
                connection.receive_data(chunk)
            elif isinstance(event, h11.Response):
                await send(
                    {"type": "http.response.start", "status": event.status_code, "headers": _kept(event)}
                )
                started[0] = True
            elif isinstance(event, h11.Data):
                await send({"type": "http.response.body", "body": bytes(event.data), "more_body": True})
            elif isinstance(event, h11.EndOfMessage):
                await send({"type": "http.response.body", "body": b"", "more_body": False})
                return
            elif isinstance(event, h11.ConnectionClosed):
                raise broken(self.target, "it closed the connection without an answer")
            # an InformationalResponse (1xx) is the target's business: the page gets the final answer

    async def _read(self, reader: asyncio.StreamReader) -> bytes:
        try:
            async with asyncio.timeout(self.idle_seconds):
                return await reader.read(READ_BYTES)
        except TimeoutError:
            raise broken(self.target, f"it sent nothing for {self.idle_seconds:g} s") from None
        except OSError as exc:
            why = exc.strerror or type(exc).__name__
            raise broken(self.target, f"the connection failed: {why}") from None


def _kept(response: h11.Response) -> list[tuple[bytes, bytes]]:
    kept = [
        (bytes(name), bytes(value))
        for name, value in response.headers
        if name in RESPONSE_HEADERS or name.startswith(b"talkie-")
    ]
    return kept + FORWARDED_MARKS


async def _read_body(receive: Receive) -> bytes:
    """The whole request body (the body cap and read deadline are `api.limits`' around the app)."""
    chunks: list[bytes] = []
    while True:
        message: Message = await receive()
        if message["type"] != "http.request":
            raise ApiError("invalid_request", "forward_gone")
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


async def _disconnected(receive: Receive) -> None:
    """Returns when the page's connection closes (the forward then stops and closes the target's)."""
    while (await receive())["type"] != "http.disconnect":
        pass


class QuietBreaks(logging.Filter):
    """Drops uvicorn's traceback for an answer cut because the target broke it (logged in one line)."""

    def filter(self, record: logging.LogRecord) -> bool:
        failure = record.exc_info[1] if record.exc_info else None
        return not isinstance(failure, UpstreamBrokenError)
