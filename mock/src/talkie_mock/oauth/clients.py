"""The OAuth clients the mock knows: the pre-registered Talkie app plus forks added by configuration.

A fork brings its Client ID Metadata Document either as a file (read and validated at start) or as a loopback
URL (fetched on first use, so the fork's own dev server may start after the mock). Nothing outside the machine
is ever fetched: a configured URL must be `http://127.0.0.1` or `http://[::1]`, redirects are not followed,
and the answer is capped in size.

Documents are validated against the contract's `ClientMetadata` schema. One deliberate relaxation: a document
served on loopback carries its own loopback URL as `client_id` (it must equal the document URL), which the
schema's `https` pattern does not cover; the same development exception §1 grants to servers applies.
"""

from __future__ import annotations

import http.client
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
from jsonschema import Draft202012Validator
from talkie_models.protocol import SCOPES, TALKIE_CLIENT_ID, TALKIE_REDIRECT_URI

from talkie_mock.errors import MockError

MAX_DOCUMENT_BYTES = 64 * 1024
FETCH_TIMEOUT_SECONDS = 5.0
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "::1"})


class ClientConfigError(MockError, ValueError):
    """A configured client document that cannot be used; the message says why."""


@dataclass(frozen=True)
class Client:
    """A public client: no secret, identified by the URL of its metadata document."""

    client_id: str
    name: str
    redirect_uris: tuple[str, ...]
    scopes: frozenset[str]
    source: str

    def redirect_allowed(self, uri: str) -> bool:
        """Exact string match, except that a loopback redirect may use any port (RFC 8252 §7.3)."""
        if uri in self.redirect_uris:
            return True
        loose = _without_loopback_port(uri)
        return loose is not None and any(_without_loopback_port(r) == loose for r in self.redirect_uris)


TALKIE_APP = Client(
    client_id=TALKIE_CLIENT_ID,
    name="Talkie",
    redirect_uris=(TALKIE_REDIRECT_URI,),
    scopes=frozenset(SCOPES),
    source="pre-registered",
)


def _without_loopback_port(uri: str) -> str | None:
    try:
        parts = urllib.parse.urlsplit(uri)
        hostname = parts.hostname  # `http://[` raises here, not in urlsplit
    except ValueError:  # not a URL at all: matches no registered redirect URI
        return None
    if parts.scheme != "http" or hostname not in LOOPBACK_HOSTS:
        return None
    host = f"[{parts.hostname}]" if ":" in (parts.hostname or "") else parts.hostname
    return urllib.parse.urlunsplit((parts.scheme, host, parts.path, parts.query, ""))


def is_loopback_url(url: str) -> bool:
    try:
        parts = urllib.parse.urlsplit(url)
        return parts.scheme == "http" and parts.hostname in LOOPBACK_HOSTS and not parts.fragment
    except ValueError:  # an unclosed `[` and the like
        return False


@cache
def _validator() -> Draft202012Validator:
    text = resources.files("talkie_models").joinpath("data/schemas/client-metadata.json").read_text("utf-8")
    return Draft202012Validator(json.loads(text))


def client_from_document(document: Any, *, source: str, expected_id: str | None) -> Client:
    """Validate a Client ID Metadata Document and turn it into a client.

    `expected_id` is the URL the document was fetched from (its `client_id` must equal it); None for a file,
    whose `client_id` is the https URL the fork publishes it at.
    """
    if not isinstance(document, Mapping):
        raise ClientConfigError(f"{source}: the client metadata document is not a JSON object")
    loopback_id = expected_id is not None and is_loopback_url(expected_id)
    problems = []
    for error in _validator().iter_errors(document):
        if loopback_id and list(error.path) == ["client_id"] and document.get("client_id") == expected_id:
            continue
        where = "$" + "".join(f"[{p!r}]" if isinstance(p, str) else f"[{p}]" for p in error.path)
        problems.append(f"{where}: {error.message}")
    if problems:
        raise ClientConfigError(f"{source}: not a valid ClientMetadata document: " + "; ".join(problems))
    client_id = str(document["client_id"])
    if expected_id is not None and client_id != expected_id:
        raise ClientConfigError(f"{source}: client_id {client_id!r} differs from the document URL")
    requested = str(document.get("scope", " ".join(SCOPES))).split()
    return Client(
        client_id=client_id,
        name=str(document["client_name"]),
        redirect_uris=tuple(str(u) for u in document["redirect_uris"]),
        scopes=frozenset(requested) & frozenset(SCOPES),
        source=source,
    )


def load_file(path: Path) -> Client:
    try:
        document = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError) as exc:
        raise ClientConfigError(f"{path}: cannot read the client metadata document ({exc})") from exc
    return client_from_document(document, source=str(path), expected_id=None)


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def fetch_loopback(url: str) -> Client:
    """Fetch and validate a document served on this machine (blocking; run it in a worker thread)."""
    if not is_loopback_url(url):
        raise ClientConfigError(f"{url}: only http://127.0.0.1 or http://[::1] documents are fetched")
    opener = urllib.request.build_opener(_NoRedirects, urllib.request.ProxyHandler({}))
    request = urllib.request.Request(url, headers={"Accept": "application/json"})
    try:
        with opener.open(request, timeout=FETCH_TIMEOUT_SECONDS) as response:
            if response.status != 200:
                raise ClientConfigError(f"{url}: answered HTTP {response.status}")
            body = _read_within(response, url, time.monotonic() + FETCH_TIMEOUT_SECONDS)
    except urllib.error.HTTPError as exc:
        exc.close()  # it holds the answer's connection open
        raise ClientConfigError(f"{url}: answered HTTP {exc.code}") from exc
    except (urllib.error.URLError, OSError, http.client.HTTPException, ValueError) as exc:
        # HTTPException: a status line, header or chunk that is not HTTP (BadStatusLine, LineTooLong…)
        raise ClientConfigError(f"{url}: cannot fetch the client metadata document ({exc!r:.200})") from exc
    if len(body) > MAX_DOCUMENT_BYTES:
        raise ClientConfigError(f"{url}: the document is larger than {MAX_DOCUMENT_BYTES} bytes")
    try:
        document = json.loads(body)
        _no_lone_surrogates(document)
    except (ValueError, UnicodeError) as exc:
        raise ClientConfigError(f"{url}: the document is not JSON in UTF-8 ({exc})") from exc
    return client_from_document(document, source=url, expected_id=url)


def _read_within(response: http.client.HTTPResponse, url: str, deadline: float) -> bytes:
    """The body, at most one byte over the size cap, by a deadline for the whole body (the socket timeout
    only bounds each read, so a server dripping a byte a second would hold the sign-in page for hours)."""
    chunks: list[bytes] = []
    size = 0
    while size <= MAX_DOCUMENT_BYTES:
        if time.monotonic() > deadline:
            raise ClientConfigError(f"{url}: the document did not arrive within {FETCH_TIMEOUT_SECONDS:g} s")
        chunk = response.read1(MAX_DOCUMENT_BYTES + 1 - size)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _no_lone_surrogates(value: Any) -> None:
    """JSON's `\\ud800` escapes decode to text no page can show: refuse them, as every request body is."""
    if isinstance(value, str):
        value.encode("utf-8")
    elif isinstance(value, dict):
        for key, item in value.items():
            _no_lone_surrogates(key)
            _no_lone_surrogates(item)
    elif isinstance(value, list):
        for item in value:
            _no_lone_surrogates(item)


Recognizer = Callable[[str], "Client | None"]
"""Knows a family of clients by their `client_id` alone, without a fetch (the playground's, on loopback)."""


class ClientRegistry:
    """All clients by `client_id`; loopback documents are fetched once, on first use."""

    def __init__(self, files: Iterable[Path] = (), urls: Iterable[str] = ()) -> None:
        self._clients: dict[str, Client] = {TALKIE_APP.client_id: TALKIE_APP}
        self._recognizers: list[Recognizer] = []
        for path in files:
            client = load_file(path)
            self._clients[client.client_id] = client
        self._urls = set()
        for url in urls:
            if not is_loopback_url(url):
                raise ClientConfigError(f"{url}: only http://127.0.0.1 or http://[::1] documents are fetched")
            self._urls.add(url)

    def recognize(self, recognizer: Recognizer) -> None:
        """Add clients known by their `client_id` alone (asked after the registered ones)."""
        self._recognizers.append(recognizer)

    def known(self, client_id: str) -> Client | None:
        """A client that needs no fetch (pre-registered, from a file, recognized, or fetched before)."""
        client = self._clients.get(client_id)
        for recognizer in self._recognizers if client is None else ():
            client = recognizer(client_id)
            if client is not None:
                break
        return client

    async def resolve(self, client_id: str) -> Client | None:
        """The client, fetching a configured loopback document if needed; None when the id is unknown.

        Raises :class:`ClientConfigError` when a configured document cannot be fetched or is invalid.
        """
        client = self.known(client_id)
        if client is not None or client_id not in self._urls:
            return client
        # the whole fetch within the deadline, the connection and the head too: a stalled fetch leaves its
        # worker thread behind (it ends with its socket's timeout) but never holds the request
        fetched: Client | None = None
        with anyio.move_on_after(FETCH_TIMEOUT_SECONDS * 2):
            fetched = await anyio.to_thread.run_sync(fetch_loopback, client_id, abandon_on_cancel=True)
        if fetched is None:
            raise ClientConfigError(f"{client_id}: the document did not arrive in time")
        self._clients[client_id] = fetched
        return fetched
