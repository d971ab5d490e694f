"""`talkie-mock playground URL`: the page's requests reach that one server and no other, only with the key,
only from the page's own site, bounded, streamed as they come, never opened to other pages (notes N-77).

In-process against a recording upstream on loopback for the rules; real processes (a mock and the
playground) for streaming a run event by event.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import urllib.parse
from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import httpx
import pytest
import served
import uvicorn
import waiting
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from quiet_server import QuietHTTPServer
from starlette.applications import Starlette
from starlette.testclient import TestClient
from talkie_mock import cli
from talkie_mock.cli import main
from talkie_mock.clientsuite.servers import Listener
from talkie_mock.devtools import forward
from talkie_mock.devtools.guard import DevKey
from talkie_mock.devtools.playground import FORWARD_PATH, Limits, create_playground_app
from talkie_mock.testing import run_input
from talkie_models.sse import SSEDecoder

ORIGIN = "http://127.0.0.1:8766"  # where the page is: the playground's own server
KEY = "dk_" + "k" * 43


@dataclass
class Seen:
    method: str
    target: str
    headers: list[tuple[str, str]]
    body: bytes

    def header(self, name: str) -> list[str]:
        return [value for key, value in self.headers if key == name]


@dataclass
class Upstream:
    """A talkie/1 server stand-in on loopback that records every request it gets."""

    origin: str = ""
    seen: list[Seen] = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)


class Recording(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: Any

    def answer(self) -> None:
        upstream: Upstream = self.server.upstream
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length) if length else b""
        headers = [(k.lower(), v) for k, v in self.headers.items()]
        upstream.seen.append(Seen(self.command, self.path, headers, body))
        route = self.path.split("?")[0]
        if route == "/hold":
            upstream.release.wait(60)
        if route == "/redirect":
            self.send_response(302)
            self.send_header("Location", "https://elsewhere.example/api/talkie/status")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        payload = json.dumps({"ok": True, "path": self.path}).encode()
        self.send_response(201 if self.command == "POST" else 200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.send_header("Set-Cookie", "session=s3cret; Path=/")
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Access-Control-Allow-Credentials", "true")
        self.send_header("Talkie-Request-Id", "rq_1")
        self.send_header("X-Internal", "hidden")
        self.send_header("ETag", '"v1"')
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(payload)

    def do_GET(self) -> None:
        self.answer()

    def do_POST(self) -> None:
        self.answer()

    def do_HEAD(self) -> None:
        self.answer()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def upstream() -> Iterator[Upstream]:
    server = QuietHTTPServer(("127.0.0.1", 0), Recording)
    recorder = Upstream(origin=f"http://127.0.0.1:{server.server_address[1]}")
    server.upstream = recorder  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield recorder
    recorder.release.set()
    server.shutdown()
    server.server_close()
    thread.join(10)


def playground_for(target: str, **limits: Any) -> Starlette:
    return create_playground_app(forward.parse_target(target), DevKey(KEY), limits=Limits(**limits))


@pytest.fixture
def app(upstream: Upstream) -> Starlette:
    return playground_for(upstream.origin)


KEYED = {"X-Talkie-Mock-Key": KEY}


def request(app: Starlette, method: str, path: str, **kwargs: Any) -> httpx.Response:
    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url=ORIGIN) as http:
            return await http.request(method, path, **kwargs)

    return asyncio.run(go())


def refused(answer: httpx.Response, status: int, code: str) -> str:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["error"]["code"] == code
    message: str = body["error"]["message"]
    return message


# -- the key, the site, the Host ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"X-Talkie-Mock-Key": "dk_guess"},
        {"Authorization": f"Bearer {KEY}"},  # the secret only in its own header: Authorization is the user's
    ],
)
def test_the_forwarder_refuses_a_request_without_the_key(
    app: Starlette, upstream: Upstream, headers: dict[str, str]
) -> None:
    answer = request(app, "GET", FORWARD_PATH + "/api/talkie/status", headers=headers)
    assert "playground link" in refused(answer, 401, "unauthorized")
    query = request(app, "GET", FORWARD_PATH + f"/api/talkie/status?key={KEY}")
    refused(query, 401, "unauthorized")
    assert upstream.seen == []


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
        {"Origin": "http://evil.example"},
        {"Origin": "http://127.0.0.1:3000"},  # another loopback port is another origin, another program
        {"Origin": "null"},
    ],
)
def test_the_forwarder_refuses_every_cross_site_request(
    app: Starlette, upstream: Upstream, headers: dict[str, str]
) -> None:
    for method in ("GET", "POST", "OPTIONS"):
        answer = request(app, method, FORWARD_PATH + "/api/talkie/run", headers={**KEYED, **headers})
        refused(answer, 403, "forbidden")
        assert not [h for h in answer.headers if h.startswith("access-control-")]
    assert upstream.seen == []


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8766", "192.168.1.20:8766", "10.0.2.2"])
def test_a_foreign_host_header_reaches_nothing(app: Starlette, upstream: Upstream, host: str) -> None:
    """DNS rebinding: a page whose domain resolves to 127.0.0.1 still names its domain."""
    for path in (FORWARD_PATH + "/api/talkie/status", "/_mock/playground/", "/_mock/playground/config"):
        answer = request(app, "GET", path, headers={**KEYED, "Host": host})
        assert "loopback" in refused(answer, 400, "invalid_request")
    assert upstream.seen == []


@pytest.mark.parametrize("host", ["127.0.0.1:8766", "localhost:8766", "[::1]:8766", "app.localhost"])
def test_loopback_names_are_the_playgrounds_own(app: Starlette, upstream: Upstream, host: str) -> None:
    answer = request(app, "GET", FORWARD_PATH + "/api/talkie/status", headers={**KEYED, "Host": host})
    assert answer.status_code == 200, answer.text
    assert len(upstream.seen) == 1


# -- only the target -----------------------------------------------------------------------------------------

AUTHORITY_CHANGING = [
    "//evil.example/api",
    "///evil.example",
    "/\\evil.example",
    "/\\\\evil.example",
    "/api\\..\\x",
    "/@evil.example",
    "/user:pass@evil.example/",
    "/%2F%2Fevil.example",
    "/%2fevil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/http://evil.example/x",
    "/https:evil.example",
    "/javascript:alert(1)",
    "/api%0D%0AHost:%20evil.example",
    "/api%0aX:1",
    "/api%00",
    "/api%7f",
    "/api%",
    "/api%zz",
    "/a b",
    "/a\tb",
    "/a\r\nHost: evil.example",
    "/caf\u00e9",
    "/a#frag",
    "",
    "evil.example",
]


def raw_call(
    app: Starlette, raw_path: bytes, query: bytes = b"", headers: list[tuple[bytes, bytes]] | None = None
) -> int:
    """The forwarder driven by a hand-made ASGI scope: the path's bytes exactly as a client may send them."""

    async def go() -> int:
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": urllib.parse.unquote(raw_path.decode("latin-1")),
            "raw_path": raw_path,
            "query_string": query,
            "root_path": "",
            "headers": [(b"host", b"127.0.0.1:8766"), (b"x-talkie-mock-key", KEY.encode()), *(headers or [])],
            "client": ("127.0.0.1", 50000),
            "server": ("127.0.0.1", 8766),
        }
        pending = [{"type": "http.request", "body": b"", "more_body": False}]
        statuses: list[int] = []

        async def receive() -> dict[str, Any]:
            if pending:
                return pending.pop()
            await asyncio.Event().wait()
            raise AssertionError("unreachable")

        async def send(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                statuses.append(message["status"])

        await app(scope, receive, send)
        return statuses[0]

    return asyncio.run(go())


@pytest.mark.parametrize("path", AUTHORITY_CHANGING)
def test_a_path_that_could_name_another_authority_is_refused(
    app: Starlette, upstream: Upstream, path: str
) -> None:
    status = raw_call(app, FORWARD_PATH.encode() + path.encode("utf-8"))
    assert status in (400, 404)  # 404: not even under the forward route (no `/` after it)
    assert upstream.seen == []


def test_a_refused_path_says_why_and_what_to_pass(app: Starlette) -> None:
    answer = request(app, "GET", FORWARD_PATH + "/%2F%2Fevil.example", headers=KEYED)
    message = refused(answer, 400, "invalid_request")
    assert "another host" in message
    assert "/api/talkie/status" in message


class Connections:
    """Every connection the forwarder opens, by (host, port)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.opened: list[tuple[str, int]] = []
        real = asyncio.open_connection

        async def recorded(host: str, port: int, **kwargs: Any) -> Any:
            self.opened.append((host, port))
            return await real(host, port, **kwargs)

        monkeypatch.setattr(asyncio, "open_connection", recorded)  # the forwarder's one way out


TRICKY = st.sampled_from(
    [*"/\\@%:.?#;=&+ \t\r\n\x00", "%2F", "%2f", "%5C", "%0D", "%0A", "%40", "//", "..", "http:", "é"]
)
PLAIN = st.sampled_from(["api", "talkie", "threads", "t_1", "/", "%20", "-", "~", "x=1", "&", "(", "*"])
PATHS = st.lists(
    st.one_of(PLAIN, PLAIN, PLAIN, TRICKY, st.text(st.characters(codec="ascii"), min_size=1, max_size=3)),
    max_size=10,
).map("".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=PATHS, query=PATHS)
def test_whatever_the_path_the_request_goes_to_the_targets_origin_only(
    app: Starlette, upstream: Upstream, monkeypatch: pytest.MonkeyPatch, path: str, query: str
) -> None:
    connections = Connections(monkeypatch)
    before = len(upstream.seen)
    raw = FORWARD_PATH.encode() + b"/" + path.encode("utf-8")
    status = raw_call(app, raw, query.encode("utf-8"))
    event("forwarded" if status == 200 else "refused")
    target = urllib.parse.urlsplit(upstream.origin)
    assert set(connections.opened) <= {(target.hostname, target.port)}
    new = upstream.seen[before:]
    if status in (400, 404):
        assert new == []
        return
    assert status == 200
    assert len(new) == 1
    assert new[0].header("host") == [target.netloc]
    assert new[0].target.startswith("/")
    assert not new[0].target.startswith("//")
    assert urllib.parse.urlsplit(new[0].target).netloc == ""
    expected = "/" + path + ("?" + query if query else "")
    assert new[0].target == expected  # passed on as sent, byte for byte


# -- what goes up and what comes back ----------------------------------------------------------------------


def test_cookies_the_key_and_the_pages_identity_stay_behind_the_users_token_goes(
    app: Starlette, upstream: Upstream
) -> None:
    answer = request(
        app,
        "POST",
        FORWARD_PATH + "/api/talkie/run?x=1",
        content=b'{"threadId": "t_1"}',
        headers={
            **KEYED,
            "Authorization": "Bearer tk_user_token",
            "Content-Type": "application/json",
            "Accept": "text/event-stream",
            "Accept-Language": "cs",
            "Last-Event-ID": "7",
            "Cookie": "talkie_mock_8766=dk_old; other=1",
            "Origin": ORIGIN,
            "Referer": ORIGIN + "/_mock/playground/#key=" + KEY,
            "Sec-Fetch-Site": "same-origin",
            "X-Forwarded-For": "10.0.0.1",
            "Proxy-Authorization": "Basic eDp5",
        },
    )
    assert answer.status_code == 201, answer.text
    [seen] = upstream.seen
    assert seen.method == "POST"
    assert seen.target == "/api/talkie/run?x=1"
    assert seen.body == b'{"threadId": "t_1"}'
    assert seen.header("authorization") == ["Bearer tk_user_token"]
    assert seen.header("content-type") == ["application/json"]
    assert seen.header("accept") == ["text/event-stream"]
    assert seen.header("accept-language") == ["cs"]
    assert seen.header("last-event-id") == ["7"]
    names = {name for name, _ in seen.headers}
    for gone in ("cookie", "x-talkie-mock-key", "origin", "referer", "sec-fetch-site", "x-forwarded-for"):
        assert gone not in names
    assert "proxy-authorization" not in names
    assert KEY not in json.dumps(seen.headers)


def test_the_answer_comes_back_without_cookies_or_cors_headers(app: Starlette, upstream: Upstream) -> None:
    answer = request(app, "GET", FORWARD_PATH + "/api/talkie/status", headers=KEYED)
    assert answer.status_code == 200
    assert answer.json() == {"ok": True, "path": "/api/talkie/status"}
    assert answer.headers["talkie-request-id"] == "rq_1"
    assert answer.headers["etag"] == '"v1"'
    assert answer.headers["content-type"] == "application/json"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert "sandbox" in answer.headers["content-security-policy"]
    assert "set-cookie" not in answer.headers
    assert "x-internal" not in answer.headers
    assert not [name for name in answer.headers if name.startswith("access-control-")]


def test_a_redirect_is_passed_back_not_followed(app: Starlette, upstream: Upstream) -> None:
    answer = request(app, "GET", FORWARD_PATH + "/redirect", headers=KEYED)
    assert answer.status_code == 302
    assert answer.headers["location"] == "https://elsewhere.example/api/talkie/status"
    assert [seen.target for seen in upstream.seen] == ["/redirect"]


def test_the_config_names_the_target_as_given_and_the_forwarder(upstream: Upstream) -> None:
    given = upstream.origin + "/.well-known/talkie.json"
    app = playground_for(given)
    refused(request(app, "GET", "/_mock/playground/config"), 401, "unauthorized")
    answer = request(app, "GET", "/_mock/playground/config", headers=KEYED)
    assert answer.json() == {"target": given, "forward": FORWARD_PATH, "origin": ORIGIN}
    page = request(app, "GET", "/_mock/playground/")
    assert page.status_code == 200
    assert "<title>" in page.text
    document = request(app, "GET", "/_mock/playground/client.json").json()
    assert document["client_id"] == ORIGIN + "/_mock/playground/client.json"
    assert document["redirect_uris"] == [ORIGIN + "/_mock/playground/callback"]


# -- bounded -----------------------------------------------------------------------------------------------


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_an_unreachable_target_is_a_502_saying_what_to_do() -> None:
    target = f"http://127.0.0.1:{closed_port()}"
    answer = request(playground_for(target), "GET", FORWARD_PATH + "/api/talkie/status", headers=KEYED)
    message = refused(answer, 502, "upstream_unavailable")
    assert answer.json()["error"]["retryable"] is True
    assert target in message
    assert "Start that server" in message


def test_a_target_that_answers_no_http_is_a_502() -> None:
    listener = socket.create_server(("127.0.0.1", 0))

    def garbage() -> None:
        connection, _ = listener.accept()
        with connection:
            connection.recv(65536)
            connection.sendall(b"SSH-2.0-OpenSSH_9.6\r\n\r\n")

    thread = threading.Thread(target=garbage, daemon=True)
    thread.start()
    try:
        target = f"http://127.0.0.1:{listener.getsockname()[1]}"
        answer = request(playground_for(target), "GET", FORWARD_PATH + "/x", headers=KEYED)
        assert "not valid HTTP" in refused(answer, 502, "upstream_unavailable")
    finally:
        thread.join(10)
        listener.close()


def test_a_target_silent_past_the_idle_deadline_is_a_502(upstream: Upstream) -> None:
    app = playground_for(upstream.origin, idle_seconds=0.2)
    answer = request(app, "GET", FORWARD_PATH + "/hold", headers=KEYED)
    assert "sent nothing for 0.2 s" in refused(answer, 502, "upstream_unavailable")


def test_a_body_over_the_cap_is_a_413_and_goes_nowhere(upstream: Upstream) -> None:
    app = playground_for(upstream.origin, max_body=1024)
    answer = request(app, "POST", FORWARD_PATH + "/api/talkie/run", content=b"x" * 2048, headers=KEYED)
    refused(answer, 413, "too_large")

    async def chunked() -> httpx.Response:
        async def body() -> Any:
            for _ in range(4):
                yield b"y" * 512

        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url=ORIGIN) as http:
            return await http.post(FORWARD_PATH + "/api/talkie/run", content=body(), headers=KEYED)

    refused(asyncio.run(chunked()), 413, "too_large")
    assert upstream.seen == []


def test_forwards_beyond_the_cap_wait_their_turn_with_a_429(upstream: Upstream) -> None:
    app = playground_for(upstream.origin, max_forwards=1)

    async def go() -> tuple[httpx.Response, httpx.Response]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url=ORIGIN, timeout=60) as http:
            held = asyncio.ensure_future(http.get(FORWARD_PATH + "/hold", headers=KEYED))
            deadline = asyncio.get_running_loop().time() + 60  # generous: the machine is shared
            while not upstream.seen:  # the held forward reached the target
                assert asyncio.get_running_loop().time() < deadline, "the held forward never arrived"
                await asyncio.sleep(0.01)
            second = await http.get(FORWARD_PATH + "/api/talkie/status", headers=KEYED)
            upstream.release.set()
            return await held, second

    held, second = asyncio.run(go())
    assert held.status_code == 200
    assert "at most 1 request" in refused(second, 429, "rate_limited")
    assert second.json()["error"]["retryable"] is True
    after = request(app, "GET", FORWARD_PATH + "/api/talkie/status", headers=KEYED)
    assert after.status_code == 200  # the slot was given back


# -- the command ------------------------------------------------------------------------------------------


def test_playground_help_says_what_it_does() -> None:
    result = CliRunner().invoke(main, ["playground", "--help"], prog_name="talkie-mock")
    assert result.exit_code == 0
    assert "Usage: talkie-mock playground [OPTIONS] [URL]" in result.output
    assert "--idle-timeout" in result.output
    assert "--max-forwards" in result.output
    assert "no other" in result.output


def test_playground_with_url_refuses_a_non_loopback_host_and_mock_options() -> None:
    outside = CliRunner().invoke(main, ["playground", "http://127.0.0.1:8765", "--host", "0.0.0.0"])
    assert outside.exit_code == 2
    assert "loopback only" in outside.output
    mock_option = CliRunner().invoke(main, ["playground", "http://127.0.0.1:8765", "--seed", "3"])
    assert mock_option.exit_code == 2
    assert "--seed configures the mock" in mock_option.output
    plain = CliRunner().invoke(main, ["playground", "http://crm.example.com"])
    assert plain.exit_code == 2
    assert "requires https" in plain.output


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[Any]:
    """The commands without running uvicorn (the app is recorded), the user's data folder in tmp_path."""
    served: list[Any] = []
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))

    real_run = uvicorn.Server.run

    def fake_run(self: uvicorn.Server, sockets: list[Any]) -> None:
        if isinstance(self.config.app, Listener):  # the client suite's decoy beside the mock runs as it would
            real_run(self, sockets=sockets)
            return
        served.append(self.config.app)

    monkeypatch.setattr(uvicorn.Server, "run", fake_run)
    return served


def test_serve_links_the_playground_in_its_banner_with_the_inspectors_key(no_server: list[Any]) -> None:
    result = CliRunner().invoke(main, ["serve", "--port", "0", "--state", ":memory:"])
    assert result.exit_code == 0, result.output
    port = no_server[0].state.mock.config.port
    key = no_server[0].state.devtools_key
    assert f"  inspector: http://127.0.0.1:{port}/_mock/#key={key}\n" in result.output
    assert f"  playground: http://127.0.0.1:{port}/_mock/playground/#key={key}\n" in result.output


def test_playground_without_url_is_a_mock_with_the_playground_link_first(no_server: list[Any]) -> None:
    result = CliRunner().invoke(main, ["playground", "--port", "0", "--state", ":memory:", "--seed", "4"])
    assert result.exit_code == 0, result.output
    app = no_server[0]
    port, key = app.state.mock.config.port, app.state.devtools_key
    assert app.state.mock.config.seed == 4  # serve's options configure that mock
    first = result.output.splitlines()[0]
    assert first == f"playground: http://127.0.0.1:{port}/_mock/playground/#key={key}"
    assert f"talkie-mock serving talkie/1 (test mode) on http://127.0.0.1:{port}" in result.output
    with TestClient(app, base_url=f"http://127.0.0.1:{port}") as http:
        config = http.get("/_mock/playground/config", headers={"X-Talkie-Mock-Key": key}).json()
    assert config == {"target": f"http://127.0.0.1:{port}", "forward": None, "origin": config["origin"]}
    with_url_only = CliRunner().invoke(main, ["playground", "--max-forwards", "3"])
    assert with_url_only.exit_code == 2
    assert "--max-forwards applies with URL only" in with_url_only.output


def test_playground_with_url_prints_its_link_and_the_target(no_server: list[Any]) -> None:
    result = CliRunner().invoke(main, ["playground", "https://crm.example.com", "--port", "0"])
    assert result.exit_code == 0, result.output
    app = no_server[0]
    key = app.state.dev_key.value
    lines = result.output.splitlines()
    origin = lines[0].removeprefix("talkie-mock playground on ")
    assert origin.startswith("http://127.0.0.1:")
    assert lines[1] == f"  playground: {origin}/_mock/playground/#key={key}"
    assert lines[2].startswith("  target:     https://crm.example.com ")
    assert f"OAuth client {origin}/_mock/playground/client.json" in lines[3]
    assert app.state.forwarder.target.origin == "https://crm.example.com"


def test_playground_with_url_serves_on_8766_unless_told(
    no_server: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fixed default port keeps the OAuth client id the same from run to run (notes N-78)."""
    asked: list[tuple[str, int]] = []
    real_bind = cli.bind

    def recording_bind(host: str, port: int) -> socket.socket:
        asked.append((host, port))
        return real_bind(host, 0)  # the test never takes the real port

    monkeypatch.setattr(cli, "bind", recording_bind)
    for extra in ([], ["--port", "9011"]):
        assert CliRunner().invoke(main, ["playground", "https://crm.example.com", *extra]).exit_code == 0
    assert asked == [("127.0.0.1", cli.PLAYGROUND_PORT), ("127.0.0.1", 9011)]
    assert cli.PLAYGROUND_PORT == 8766


# -- streaming, between real processes ---------------------------------------------------------------------


@pytest.mark.slow
def test_a_run_streams_through_event_by_event_from_a_real_mock() -> None:
    """The first text arrives while the run still works: a cancel sent then cuts the text short (a buffered
    forward would deliver the whole run first, and the cancel would come too late to change its end)."""
    mock, mock_banner = served.launch(served.command(":memory:", locale=None))
    try:
        served.wait_ready(mock_banner.origin, process=mock)
        with served.serving_playground(mock_banner.origin) as play:
            base = play.origin + FORWARD_PATH
            headers = {"X-Talkie-Mock-Key": play.key, "Authorization": f"Bearer {served.TOKEN}"}
            with httpx.Client(base_url=base, headers=headers, timeout=60) as http:
                manifest = waiting.until(lambda: _manifest(http), "the playground to forward the manifest")
                events = _cancelled_run(http, manifest["endpoints"])
    finally:
        served.stop(mock)
    assert events[0]["type"] == "RUN_STARTED"
    assert events[-1]["type"] == "RUN_FINISHED"
    assert events[-1]["outcome"] == {"type": "cancelled"}


def _manifest(http: httpx.Client) -> dict[str, Any] | None:
    try:
        answer = http.get("/.well-known/talkie.json")
    except httpx.TransportError:
        return None
    body: dict[str, Any] = answer.json()
    return body if answer.status_code == 200 else None


def _cancelled_run(http: httpx.Client, endpoints: dict[str, str]) -> list[dict[str, Any]]:
    body = run_input("talkie-test:slow", "r_through", thread_id="t_through")
    decoder = SSEDecoder()
    events: list[dict[str, Any]] = []
    cancelled = False
    with http.stream("POST", endpoints["run"], json=body, headers={"Accept": "text/event-stream"}) as answer:
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("text/event-stream")
        for chunk in answer.iter_raw():
            events += [json.loads(message.data) for message in decoder.feed(chunk)]
            if not cancelled and any(e["type"] == "TEXT_MESSAGE_CONTENT" for e in events):
                cancel = endpoints["cancelRun"].replace("{runId}", "r_through")
                assert http.post(cancel).json() == {"ok": True}
                cancelled = True
    assert cancelled
    return events
