"""A spec-driven talkie/1 client: manifest discovery, endpoint resolution, bearer auth, recorded exchanges.

Everything a check sends goes through here, so every verdict can quote the request and response it saw.
The bearer token is only ever attached to requests on the origin the manifest was served from.
"""

from __future__ import annotations

import ipaddress
import json
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urljoin, urlsplit

import httpx
from talkie_models.protocol import EVENT_STREAM, MAX_MANIFEST_BYTES, WELL_KNOWN_PATH
from talkie_models.sse import SSEDecoder

from talkie_conformance.bounded import BoundedTransport, end_body_by, lingered
from talkie_conformance.errors import ConformanceError, DiscoveryError
from talkie_conformance.findings import Evidence, excerpt
from talkie_conformance.lifecycle import TERMINAL
from talkie_conformance.limits import EXTENSION, Bound, Limits, ServerLimitError

MAX_REDIRECTS = 5
MANIFEST_CAP = Bound.Limit("of talkie/1 §1 (MAN-021), bytes:", MAX_MANIFEST_BYTES)
# Asked of every server: a compressed answer would pass the byte caps small and grow when decoded.
SEND_HEADERS = {"Accept-Encoding": "identity"}
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def origin_of(url: str) -> str:
    """`scheme://host[:port]` of a URL, lower-cased, default ports dropped."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if ":" in host:
        host = f"[{host}]"
    port = parts.port
    if port is None or (scheme, port) in {("http", 80), ("https", 443)}:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def is_development_host(host: str) -> bool:
    """Hosts for which talkie/1 allows plain http in development: localhost, loopback, private LAN."""
    if host.lower() in {"localhost"}:
        return True
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return address.is_loopback or address.is_private


def manifest_url_for(target: str) -> str:
    """Turn what a user typed (a host, an origin or a manifest URL) into the manifest URL to fetch."""
    target = target.strip()
    if "://" not in target:
        return f"https://{target.rstrip('/')}{WELL_KNOWN_PATH}"
    parts = urlsplit(target)
    if parts.path in {"", "/"} and not parts.query:
        return origin_of(target) + WELL_KNOWN_PATH
    return target


@dataclass
class Exchange:
    """One HTTP request and its response, kept for evidence."""

    method: str
    url: str
    request_headers: dict[str, str]
    request_body: bytes | None
    status: int
    headers: httpx.Headers
    body: bytes
    elapsed: float
    endpoint: str | None = None
    """The manifest's endpoint key the request went to (`run`, `decision`), when it went to one."""

    def evidence(self, events: list[dict[str, Any]] | None = None) -> Evidence:
        """This exchange as the evidence of a finding: the request line, status and both excerpts."""
        return Evidence(
            method=self.method,
            endpoint=self.endpoint,
            url=self.url,
            status=self.status,
            request=self.request_text(),
            response=self.response_text(),
            events=tuple(events or ()),
        )

    def json(self) -> Any:
        """The response body as JSON (raises ValueError when it is not JSON)."""
        return json.loads(self.body)

    def json_or_none(self) -> Any:
        """The response body as JSON, or None when it is not JSON."""
        try:
            return self.json()
        except ValueError:
            return None

    @property
    def content_type(self) -> str:
        """The media type of the response without parameters."""
        return str(self.headers.get("content-type") or "").split(";")[0].strip().lower()

    def request_text(self) -> str:
        """`METHOD URL` plus the body, as shown in reports (the token is masked)."""
        lines = [f"{self.method} {self.url}"]
        for name, value in self.request_headers.items():
            shown = "Bearer ***" if name.lower() == "authorization" else value
            lines.append(f"{name}: {shown}")
        if self.request_body:
            lines.append("")
            lines.append(self.request_body.decode("utf-8", errors="backslashreplace"))
        return excerpt("\n".join(lines)) or ""

    def response_text(self) -> str:
        """Status line, content type and the start of the body."""
        head = f"HTTP {self.status} ({self.headers.get('content-type', 'no content-type')})"
        return excerpt(head + "\n" + self.body[:65536].decode("utf-8", errors="backslashreplace")) or head


@dataclass
class RecordedEvent:
    """One SSE message of a run stream, with when it arrived (seconds since the request was sent)."""

    at: float
    raw: str
    data: Any  # parsed JSON, or None when the data is not JSON
    sse_event: str | None = None

    @property
    def type(self) -> str | None:
        """The AG-UI event type, when the data is an object with one."""
        if isinstance(self.data, dict):
            value = self.data.get("type")
            return value if isinstance(value, str) else None
        return None

    @property
    def custom_name(self) -> str | None:
        """The `name` of a CUSTOM event."""
        if self.type == "CUSTOM" and isinstance(self.data, dict):
            value = self.data.get("name")
            return value if isinstance(value, str) else None
        return None


@dataclass
class RunRecording:
    """Everything seen while reading one run stream."""

    exchange: Exchange
    events: list[RecordedEvent] = field(default_factory=list)
    completed: bool = False  # the stream ended: the server closed it, or sent its terminal event
    disconnected: bool = False  # we hung up on purpose, before the terminal event
    lingered: bool = False  # the server kept the stream open after its terminal event; we hung up
    comments: int = 0

    @property
    def status(self) -> int:
        """HTTP status of the run request."""
        return self.exchange.status

    def types(self) -> list[str | None]:
        """Event types in arrival order."""
        return [event.type for event in self.events]

    def of_type(self, event_type: str) -> list[RecordedEvent]:
        """Events of one AG-UI type."""
        return [event for event in self.events if event.type == event_type]

    def custom(self, name: str) -> list[RecordedEvent]:
        """CUSTOM events with one name."""
        return [event for event in self.events if event.custom_name == name]

    def text(self) -> str:
        """Concatenated TEXT_MESSAGE_CONTENT deltas of the whole run."""
        parts: list[str] = []
        for event in self.of_type("TEXT_MESSAGE_CONTENT"):
            delta = event.data.get("delta") if isinstance(event.data, dict) else None
            if isinstance(delta, str):
                parts.append(delta)
        return "".join(parts)

    def event_dicts(self, limit: int = 40) -> list[dict[str, Any]]:
        """Events as JSON-friendly evidence (at most `limit`)."""
        shown: list[dict[str, Any]] = []
        for event in self.events[:limit]:
            payload = event.data if isinstance(event.data, dict) else {"raw": event.raw}
            shown.append({"at": round(event.at, 3), **payload})
        return shown


@dataclass
class Discovery:
    """The manifest as fetched: where from, how, and what it says."""

    target: str
    manifest_url: str
    final_url: str
    redirects: list[str]
    status: int
    headers: httpx.Headers
    raw: bytes
    manifest: dict[str, Any]

    @property
    def served_origin(self) -> str:
        """The origin the manifest was actually served from (the only origin trusted with the token)."""
        return origin_of(self.final_url)

    @property
    def issuer(self) -> str:
        """The manifest's `issuer`, or the served origin when it has none (checks report that)."""
        value = self.manifest.get("issuer")
        return value if isinstance(value, str) and value else self.served_origin

    @property
    def endpoints(self) -> dict[str, str]:
        """Endpoint templates by name (only string values)."""
        raw = self.manifest.get("endpoints")
        if not isinstance(raw, dict):
            return {}
        return {name: value for name, value in raw.items() if isinstance(value, str)}


class ManifestTooLargeError(DiscoveryError):
    """The manifest is over the 64 kB of talkie/1 §1: the server fails MAN-021 and no other check can run."""


def http_client(limits: Limits, transport: httpx.BaseTransport | None = None) -> httpx.Client:
    """An httpx client whose every answer is bounded by `limits` (see `bounded`); never follows redirects."""
    return bounded_client(BoundedTransport(limits, transport))


def bounded_client(transport: BoundedTransport) -> httpx.Client:
    """An httpx client on a bounded transport the caller keeps (to read its counts); never redirects."""
    return httpx.Client(follow_redirects=False, transport=transport, headers=SEND_HEADERS)


def discover(
    target: str,
    *,
    timeout: float | None = None,
    transport: httpx.BaseTransport | None = None,
    limits: Limits | None = None,
) -> Discovery:
    """Fetch the manifest; follow same-origin redirects only (talkie/1 §1 forbids crossing origins).

    The manifest is read up to its 64 kB (talkie/1 §1), within the answer deadline of `limits`.
    """
    limits = limits or Limits(timeout=timeout or 15.0)
    manifest_url = manifest_url_for(target)
    url = manifest_url
    redirects: list[str] = []
    with http_client(limits, transport) as http:
        for _ in range(MAX_REDIRECTS + 1):
            bound = limits.bound(seconds=timeout, cap=MANIFEST_CAP)
            try:
                with http.stream(
                    "GET", url, headers={"Accept": "application/json"}, extensions={EXTENSION: bound}
                ) as response:
                    raw = read_capped(response, bound)
            except ServerLimitError as exc:
                if exc.limit == str(MANIFEST_CAP):
                    raise ManifestTooLargeError(
                        f"the manifest at {url} is over {MAX_MANIFEST_BYTES} bytes: talkie/1 §1 says "
                        '"Manifest size ≤ 64 kB" (MAN-021)'
                    ) from exc
                raise DiscoveryError(f"cannot fetch the manifest: {exc}") from exc
            except httpx.HTTPError as exc:
                raise DiscoveryError(f"cannot fetch the manifest at {url}: {exc}") from exc
            if response.is_redirect:
                location = response.headers.get("location", "")
                next_url = urljoin(url, location)
                if origin_of(next_url) != origin_of(manifest_url):
                    raise DiscoveryError(
                        f"refused a redirect of the manifest from {origin_of(manifest_url)} "
                        f"to another origin ({origin_of(next_url)})"
                    )
                redirects.append(next_url)
                url = next_url
                continue
            break
        else:
            raise DiscoveryError(f"more than {MAX_REDIRECTS} redirects while fetching {manifest_url}")
    if response.status_code != 200:
        raise DiscoveryError(f"the manifest at {url} answered HTTP {response.status_code}")
    try:
        manifest = json.loads(raw)
    except ValueError as exc:
        raise DiscoveryError(f"the manifest at {url} is not JSON: {exc}") from exc
    if not isinstance(manifest, dict):
        raise DiscoveryError(f"the manifest at {url} is not a JSON object")
    return Discovery(
        target=target,
        manifest_url=manifest_url,
        final_url=url,
        redirects=redirects,
        status=response.status_code,
        headers=response.headers,
        raw=raw,
        manifest=manifest,
    )


class EndpointUnavailableError(ConformanceError, LookupError):
    """The manifest does not offer this endpoint, or offers it on an origin the suite will not use."""


class TalkieClient:
    """HTTP client bound to one server: resolves endpoints, attaches the token, records exchanges."""

    def __init__(
        self,
        discovery: Discovery,
        token: str | None = None,
        *,
        timeout: float | None = None,
        transport: httpx.BaseTransport | None = None,
        refresher: Callable[[str], str | None] | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.discovery = discovery
        self.token = token
        self.limits = limits or Limits(timeout=timeout or 30.0)
        # Called once on a 401 to a request that carried our own token (given the token that was refused);
        # returns a new access token or None.
        self.refresher = refresher
        self.transport = BoundedTransport(self.limits, transport)
        self._http = bounded_client(self.transport)

    def answers(self) -> tuple[int, int]:
        """How many requests so far the server answered, and how many it did not (see `bounded`)."""
        return self.transport.answered, self.transport.unanswered

    def close(self) -> None:
        """Release the connection pool."""
        self._http.close()

    def __enter__(self) -> TalkieClient:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # -- endpoints -------------------------------------------------------------------------------------
    def template(self, endpoint: str) -> str:
        """The raw template of an endpoint (raises EndpointUnavailableError when the manifest omits it)."""
        template = self.discovery.endpoints.get(endpoint)
        if template is None:
            raise EndpointUnavailableError(f"the manifest has no '{endpoint}' endpoint")
        return template

    def url(self, endpoint: str, **params: str) -> str:
        """Resolve an endpoint template against the issuer, each placeholder as one URL-encoded segment."""
        template = self.template(endpoint)

        def substitute(match: re.Match[str]) -> str:
            name = match.group(1)
            if name not in params:
                raise KeyError(f"endpoint '{endpoint}' needs a value for {{{name}}}")
            return quote(str(params[name]), safe="")

        path = _PLACEHOLDER.sub(substitute, template)
        return urljoin(self.discovery.issuer.rstrip("/") + "/", path)

    def usable(self, endpoint: str) -> bool:
        """Whether the endpoint exists and lives on the trusted origin."""
        try:
            url = self.url(endpoint, **dict.fromkeys(self._placeholders(endpoint), "x"))
        except EndpointUnavailableError:
            return False
        return origin_of(url) == self.discovery.served_origin

    def _placeholders(self, endpoint: str) -> list[str]:
        return _PLACEHOLDER.findall(self.template(endpoint))

    def require(self, endpoint: str) -> None:
        """Raise EndpointUnavailableError unless the endpoint is usable (the check then skips)."""
        if not self.usable(endpoint):
            template = self.discovery.endpoints.get(endpoint)
            if template is None:
                raise EndpointUnavailableError(f"the manifest has no '{endpoint}' endpoint")
            raise EndpointUnavailableError(
                f"endpoint '{endpoint}' ({template}) is not on the manifest's origin; "
                "the suite does not send the token there"
            )

    # -- requests --------------------------------------------------------------------------------------
    def _headers(self, url: str, auth: bool | str, extra: Mapping[str, str] | None) -> dict[str, str]:
        headers: dict[str, str] = {}
        token = auth if isinstance(auth, str) else (self.token if auth else None)
        if token and origin_of(url) == self.discovery.served_origin:
            headers["Authorization"] = f"Bearer {token}"
        if extra:
            headers.update(extra)
        return headers

    def request(
        self,
        method: str,
        endpoint: str,
        *,
        params: Mapping[str, str] | None = None,
        json_body: Any = None,
        content: bytes | None = None,
        headers: Mapping[str, str] | None = None,
        auth: bool | str = True,
    ) -> Exchange:
        """Send one request to an endpoint. `auth` may be False (no token) or another token string."""
        self.require(endpoint)
        url = self.url(endpoint, **dict(params or {}))
        exchange = self.send(method, url, json_body=json_body, content=content, headers=headers, auth=auth)
        exchange.endpoint = endpoint
        return exchange

    def send(
        self,
        method: str,
        url: str,
        *,
        json_body: Any = None,
        content: bytes | None = None,
        headers: Mapping[str, str] | None = None,
        auth: bool | str = True,
    ) -> Exchange:
        """Send one request to an absolute URL and record it (refreshing our token once on a 401)."""

        def once() -> Exchange:
            return self._send_once(
                method, url, json_body=json_body, content=content, headers=headers, auth=auth
            )

        sent = self.token
        exchange = once()
        if exchange.status == 401 and self._refreshed(url, auth, sent):
            exchange = once()
        return exchange

    def _refreshed(self, url: str, auth: bool | str, sent: str | None) -> bool:
        """On a 401 to our own token: refresh once (talkie/1 §2.1); whether there is a new token to retry."""
        if auth is not True or self.refresher is None or sent is None:
            return False
        if origin_of(url) != self.discovery.served_origin:
            return False
        token = self.refresher(sent)
        if token is None:
            return False
        self.token = token
        return True

    def _send_once(
        self,
        method: str,
        url: str,
        *,
        json_body: Any,
        content: bytes | None,
        headers: Mapping[str, str] | None,
        auth: bool | str,
    ) -> Exchange:
        all_headers = self._headers(url, auth, headers)
        body = content
        if json_body is not None:
            body = json.dumps(json_body, ensure_ascii=False).encode()
            all_headers.setdefault("Content-Type", "application/json")
        all_headers.setdefault("Accept", "application/json")
        started = time.perf_counter()
        bound = self.limits.bound()
        with self._http.stream(
            method, url, content=body, headers=all_headers, extensions={EXTENSION: bound}
        ) as response:
            content = read_capped(response, bound)
        return Exchange(
            method=method,
            url=url,
            request_headers=all_headers,
            request_body=body,
            status=response.status_code,
            headers=response.headers,
            body=content,
            elapsed=time.perf_counter() - started,
        )

    def run(
        self,
        body: Any,
        *,
        disconnect_after: int | None = None,
        auth: bool | str = True,
        timeout: float | None = None,
    ) -> RunRecording:
        """POST run and read the SSE stream to its end (or hang up after `disconnect_after` events).

        `timeout` replaces `--stream-timeout` for this stream. A stream that outlives its deadline, passes
        its byte cap or sends more than `--max-events` events raises ServerLimitError (the server's fault).
        """
        sent = self.token
        recording = self._run_once(body, disconnect_after=disconnect_after, auth=auth, timeout=timeout)
        if recording.status == 401 and self._refreshed(recording.exchange.url, auth, sent):
            recording = self._run_once(body, disconnect_after=disconnect_after, auth=auth, timeout=timeout)
        return recording

    def _run_once(
        self, body: Any, *, disconnect_after: int | None, auth: bool | str, timeout: float | None
    ) -> RunRecording:
        self.require("run")
        url = self.url("run")
        headers = self._headers(url, auth, {"Accept": EVENT_STREAM})
        payload = json.dumps(body, ensure_ascii=False).encode()
        headers["Content-Type"] = "application/json"
        started = time.perf_counter()
        bound = self.limits.bound(stream=True, seconds=timeout)
        with self._http.stream(
            "POST", url, content=payload, headers=headers, extensions={EXTENSION: bound}
        ) as response:
            exchange = Exchange(
                method="POST",
                url=url,
                request_headers=headers,
                request_body=payload,
                status=response.status_code,
                headers=response.headers,
                body=b"",
                elapsed=0.0,
                endpoint="run",
            )
            recording = RunRecording(exchange=exchange)
            is_stream = exchange.content_type == EVENT_STREAM
            if response.status_code != 200 or not is_stream:
                exchange.body = read_capped(response, self.limits.bound())  # an answer: --max-body
                exchange.elapsed = time.perf_counter() - started
                recording.completed = True
                return recording
            decoder = SSEDecoder()
            raw_seen = bytearray()
            for chunk in response.iter_raw():
                if len(raw_seen) < 4000:
                    raw_seen += chunk[: 4000 - len(raw_seen)]
                recording.comments += chunk.count(b"\n:") + (1 if chunk.startswith(b":") else 0)
                for message in decoder.feed(chunk):
                    data_text = message.data
                    try:
                        data: Any = json.loads(data_text)
                    except ValueError:
                        data = None
                    at = time.perf_counter() - started
                    # judged as a client of the text reads it: nothing expanded (lifecycle, notes N-43)
                    recorded = RecordedEvent(at=at, raw=data_text, data=data, sse_event=message.event)
                    recording.events.append(recorded)
                    if recorded.type in TERMINAL:  # the run is over: read on only briefly
                        end_body_by(response, time.monotonic() + self.limits.after_terminal)
                    if len(recording.events) > self.limits.max_events:
                        raise ServerLimitError(
                            f"POST {url}",
                            f"the run stream sent more than {self.limits.max_events} events",
                            Bound.Limit("--max-events", self.limits.max_events),
                        )
                if disconnect_after is not None and len(recording.events) >= disconnect_after:
                    ended = any(event.type in TERMINAL for event in recording.events)
                    recording.disconnected = not ended
                    recording.completed = ended
                    break
            else:
                recording.completed = True
                recording.lingered = lingered(response)
            exchange.body = bytes(raw_seen)
            exchange.elapsed = time.perf_counter() - started
        return recording


def read_capped(response: httpx.Response, bound: Bound) -> bytes:
    """The decoded body, cut at the bound's cap: a compressed answer that grows when decoded is cut too."""
    body = bytearray()
    for chunk in response.iter_bytes():
        body += chunk
        if len(body) > bound.max_bytes.value:
            raise bound.too_large(f"{response.request.method} {response.request.url}")
    return bytes(body)
