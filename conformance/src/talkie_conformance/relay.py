"""A loopback relay in front of the server under test, so that Schemathesis' requests are bounded too.

Schemathesis reads every answer whole into memory and waits on it with a timeout that restarts with each
byte. Fuzzing goes through this relay instead of straight to the server: it forwards each request with
the suite's bounded client (`bounded`), so each answer has the suite's deadline and byte cap. An answer that
hits a limit is cut (the relay ends its chunked body without the last chunk, or closes without answering), so
Schemathesis sees a broken response, never a made-up one, and the limit is recorded in `hits` for the fuzzer
to report as the server's failure, naming the limit. A connection the server breaks is cut the same way and
recorded in `drops`: the fuzzer reports it as the server's failure too, never as an error of the suite.
"""

from __future__ import annotations

import shlex
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx

from talkie_conformance.client import http_client
from talkie_conformance.limits import EXTENSION, Limits, ServerLimitError

# Headers that belong to one connection, not to the message (RFC 9110 §7.6.1), and those the relay rewrites.
_HOP = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-connection",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
        "host",
        "content-length",
        "accept-encoding",
        "content-encoding",
    }
)

# What a server does to a connection (refuse, reset, close early, garble HTTP), as opposed to a request that
# httpx refused to send (`LocalProtocolError`, `UnsupportedProtocol`), which is the suite's own doing.
SERVER_BROKE = (httpx.NetworkError, httpx.RemoteProtocolError, httpx.TimeoutException)

TOKEN_VARIABLE = "TALKIE_TOKEN"
"""A reproducing curl line names the bearer token by this shell variable, never by its value."""
_CURL_BODY = 2000  # characters of a request body a curl line carries before it is cut (and says so)


def curl_line(method: str, url: str, headers: dict[str, str], body: bytes | None) -> str:
    """A curl command that sends the request again: the token as `$TALKIE_TOKEN`, a long body cut."""
    parts = ["curl", "-X", method, shlex.quote(url)]
    for name, value in headers.items():
        if name.lower() == "authorization":
            parts.append(f'-H "Authorization: Bearer ${TOKEN_VARIABLE}"')
        elif name.lower() in {"content-type", "accept"}:
            parts += ["-H", shlex.quote(f"{name}: {value}")]
    if body:
        text = body.decode("utf-8", "backslashreplace")
        cut = len(text) > _CURL_BODY
        parts += ["-d", shlex.quote(text[:_CURL_BODY])]
        if cut:
            parts.append(f"# body cut at {_CURL_BODY} characters")
    return " ".join(parts)


class Relay:
    """Serves `http://127.0.0.1:<port>` and forwards every request to `upstream` within `limits`."""

    def __init__(
        self,
        upstream: str,
        limits: Limits,
        *,
        stream_paths: frozenset[str] = frozenset(),
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.upstream = upstream.rstrip("/")
        self.limits = limits
        self.stream_paths = stream_paths
        self.hits: list[tuple[str, ServerLimitError]] = []
        self.drops: list[tuple[str, httpx.TransportError]] = []
        self.curls: dict[str, str] = {}  # label -> curl line of the last request of that label cut or dropped
        self._lock = threading.Lock()
        self._http = http_client(limits, transport)
        relay = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                return

            def handle_one_request(self) -> None:
                try:
                    super().handle_one_request()
                except (ConnectionError, TimeoutError):
                    self.close_connection = True

            def __getattr__(self, name: str) -> Any:
                if name.startswith("do_"):
                    return lambda: relay._forward(self)
                raise AttributeError(name)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="talkie-relay", daemon=True)

    @property
    def base_url(self) -> str:
        """Where Schemathesis sends its requests."""
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def __enter__(self) -> Relay:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._http.close()

    def _record(self, label: str, exc: ServerLimitError, curl: str) -> None:
        with self._lock:
            self.hits.append((label, exc))
            self.curls[label] = curl

    def _dropped(self, label: str, exc: httpx.TransportError, curl: str) -> None:
        with self._lock:
            self.drops.append((label, exc))
            self.curls[label] = curl

    def _forward(self, handler: BaseHTTPRequestHandler) -> None:
        handler.close_connection = True  # one request per connection: a cut answer never leaks into the next
        length = int(handler.headers.get("Content-Length") or 0)
        body = handler.rfile.read(length) if length > 0 else None
        path = handler.path.split("?", 1)[0]
        label = f"{handler.command} {path}"
        headers = {k: v for k, v in handler.headers.items() if k.lower() not in _HOP}
        bound = self.limits.bound(stream=path in self.stream_paths)
        curl = curl_line(handler.command, self.upstream + handler.path, headers, body)
        try:
            with self._http.stream(
                handler.command,
                self.upstream + handler.path,
                content=body,
                headers=headers,
                extensions={EXTENSION: bound},
            ) as response:
                handler.send_response_only(response.status_code)
                for name, value in response.headers.multi_items():
                    if name.lower() not in _HOP:
                        handler.send_header(name, value)
                handler.send_header("Transfer-Encoding", "chunked")
                handler.send_header("Connection", "close")
                handler.end_headers()
                try:
                    for chunk in response.iter_raw():
                        if chunk:
                            handler.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                            handler.wfile.flush()
                except ServerLimitError as exc:
                    self._record(label, exc, curl)
                    return  # no last chunk: the answer is visibly cut
                except SERVER_BROKE as exc:
                    self._dropped(label, exc, curl)
                    return  # the server broke the answer off: Schemathesis sees it cut
                handler.wfile.write(b"0\r\n\r\n")
        except ServerLimitError as exc:
            self._record(label, exc, curl)  # no answer at all: the connection closes unanswered
        except SERVER_BROKE as exc:
            self._dropped(label, exc, curl)  # the server broke the connection: Schemathesis sees the same
        except httpx.HTTPError:
            return  # not the server's doing (a request httpx would not send): Schemathesis reports it
        except (ConnectionError, TimeoutError):
            return  # Schemathesis hung up
