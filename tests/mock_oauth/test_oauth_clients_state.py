"""Fork clients from a file or a loopback URL; OAuth state survives a restart and holds no plain tokens."""

from __future__ import annotations

import http.server
import json
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from oauth_helpers import AUTHORIZE, STATUS, TOKEN, bearer, make_mock, pkce_pair, refresh_form, sign_in
from quiet_server import QuietHTTPServer
from talkie_mock.oauth import ClientConfigError, ClientRegistry, OAuthSettings
from waiting import until_async

pytestmark = pytest.mark.anyio
FORK_ID = "https://apps.vltava-soft.example/talkie/client.json"
FORK_REDIRECT = "org.example.vltava.talkie:/oauth/callback"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def fork_document(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "client_id": FORK_ID,
        "client_name": "Vltava Talkie",
        "redirect_uris": [FORK_REDIRECT],
        "token_endpoint_auth_method": "none",
        "scope": "talkie offline_access",
    }
    doc.update(changes)
    return doc


def request_for(client_id: str, redirect_uri: str, challenge: str) -> dict[str, str]:
    return {
        "response_type": "code",
        "client_id": client_id,
        "redirect_uri": redirect_uri,
        "state": "st_fork",
        "scope": "talkie offline_access",
        "code_challenge": challenge,
        "code_challenge_method": "S256",
    }


async def exchange(mock: Any, client_id: str, redirect_uri: str) -> dict[str, Any]:
    verifier, challenge = pkce_pair()
    answer = await mock.http.get(AUTHORIZE, params=request_for(client_id, redirect_uri, challenge))
    assert answer.status_code == 302, answer.text
    code = dict(x.split("=", 1) for x in answer.headers["location"].split("?", 1)[1].split("&"))["code"]
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "code_verifier": verifier,
        "client_id": client_id,
        "redirect_uri": redirect_uri,
    }
    response = await mock.http.post(TOKEN, data=form)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


async def test_fork_client_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "client.json"
    path.write_text(json.dumps(fork_document()), "utf-8")
    mock = make_mock(OAuthSettings(auto_approve=True, client_files=(path,)))
    tokens = await exchange(mock, FORK_ID, FORK_REDIRECT)
    assert (await mock.http.get(STATUS, headers=bearer(tokens["access_token"]))).status_code == 200
    devices = (await mock.http.get("/oauth/devices", headers=bearer(tokens["access_token"]))).json()
    assert devices["devices"][0]["clientName"] == "Vltava Talkie"


@pytest.mark.parametrize(
    "document",
    [
        fork_document(client_id="http://apps.vltava-soft.example/client.json"),
        fork_document(redirect_uris=[]),
        fork_document(client_secret="s3cret"),
        {k: v for k, v in fork_document().items() if k != "client_name"},
    ],
)
def test_invalid_fork_documents_are_refused_at_start(tmp_path: Path, document: dict[str, Any]) -> None:
    path = tmp_path / "client.json"
    path.write_text(json.dumps(document), "utf-8")
    with pytest.raises(ClientConfigError, match="ClientMetadata"):
        ClientRegistry(files=[path])


def test_only_loopback_urls_are_configurable() -> None:
    with pytest.raises(ClientConfigError, match=r"127\.0\.0\.1"):
        ClientRegistry(urls=["https://apps.vltava-soft.example/talkie/client.json"])
    with pytest.raises(ClientConfigError):
        ClientRegistry(urls=["http://192.168.1.20/client.json"])


@pytest.fixture
def loopback_documents() -> Iterator[tuple[str, dict[str, Any]]]:
    """A tiny HTTP server on 127.0.0.1 serving documents from a dict (path → JSON)."""
    served: dict[str, Any] = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path not in served:
                self.send_response(404)
                self.end_headers()
                return
            body = json.dumps(served[self.path]).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = QuietHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", served
    finally:
        httpd.shutdown()
        httpd.server_close()


async def test_fork_client_from_a_loopback_url(loopback_documents: tuple[str, dict[str, Any]]) -> None:
    base, served = loopback_documents
    good, mismatched = base + "/good.json", base + "/mismatched.json"
    served["/good.json"] = fork_document(client_id=good, redirect_uris=["http://127.0.0.1/callback"])
    served["/mismatched.json"] = fork_document()
    settings = OAuthSettings(auto_approve=True, client_urls=(good, mismatched, base + "/missing.json"))
    mock = make_mock(settings)
    # A loopback redirect may come back on any port (RFC 8252 §7.3).
    tokens = await exchange(mock, good, "http://127.0.0.1:53117/callback")
    assert (await mock.http.get(STATUS, headers=bearer(tokens["access_token"]))).status_code == 200

    _, challenge = pkce_pair()
    for client_id, reason in ((mismatched, "differs from the document URL"), (base + "/missing.json", "404")):
        page = await mock.http.get(AUTHORIZE, params=request_for(client_id, FORK_REDIRECT, challenge))
        assert page.status_code == 400
        assert "location" not in page.headers
        assert reason in page.text


@dataclass
class BrokenDocuments:
    origin: str
    drip_length: int
    dripped: list[int] = field(default_factory=list)
    """Bytes of the drip sent before its reader hung up, one entry per hang-up."""


@pytest.fixture
def broken_documents() -> Iterator[BrokenDocuments]:
    """A loopback server answering each path with bytes that are no HTTP, or far too slowly."""
    import socket
    import time

    def document(text: str) -> bytes:
        body = text.encode("utf-8")
        return b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (
            len(body),
            body,
        )

    answers = {
        "/garbage.json": b"garbage\r\n\r\n",
        "/status.json": b"HTTP/1.1 abc OK\r\n\r\n",
        "/long.json": b"HTTP/1.1 200 OK\r\nX-Long: " + b"x" * 70_000 + b"\r\n\r\n",
        "/chunks.json": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        "/surrogate.json": document(json.dumps(fork_document(client_name="\ud800"))),
        "/drip.json": document(json.dumps(fork_document())),
    }
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()
    documents = BrokenDocuments(f"http://127.0.0.1:{listener.getsockname()[1]}", len(answers["/drip.json"]))

    def serve(conn: socket.socket) -> None:
        with conn:
            path = conn.recv(65536).split(b" ")[1].decode()
            answer = answers.get(path, b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
            try:
                if path == "/drip.json":  # a byte at a time: each read is quick, the whole never arrives
                    sent = 0
                    try:
                        for byte in answer:
                            if stop.is_set():
                                return
                            conn.sendall(bytes([byte]))
                            sent += 1
                            time.sleep(0.2)
                    except OSError:
                        documents.dripped.append(sent)
                        raise
                else:
                    conn.sendall(answer)
            except OSError:
                return

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    try:
        yield documents
    finally:
        stop.set()
        listener.close()


@pytest.mark.slow
async def test_a_document_server_that_speaks_no_http_is_a_clean_error(
    broken_documents: BrokenDocuments, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Garbage, a broken head or body, text no page can show, or a body that never ends: the sign-in page
    says the client cannot be used (400), never a 500, and within the fetch deadline."""
    from talkie_mock.oauth import clients

    monkeypatch.setattr(clients, "FETCH_TIMEOUT_SECONDS", 0.5)
    names = ["garbage", "status", "long", "chunks", "surrogate", "drip"]
    urls = [f"{broken_documents.origin}/{name}.json" for name in names]
    mock = make_mock(OAuthSettings(auto_approve=True, client_urls=tuple(urls)))
    _, challenge = pkce_pair()
    for url in urls:
        page = await mock.http.get(AUTHORIZE, params=request_for(url, FORK_REDIRECT, challenge))
        assert page.status_code == 400, (url, page.status_code, page.text[:300])
        token = await mock.http.post(
            TOKEN,
            data={
                "grant_type": "authorization_code",
                "client_id": url,
                "code": "x",
                "code_verifier": "y" * 43,
            },
        )
        assert token.status_code in (400, 401), (url, token.status_code)
    # the drip was never read to its end: the fetch deadline hung up on it
    dripped = await until_async(lambda: broken_documents.dripped, "the drip's reader to hang up")
    assert all(sent < broken_documents.drip_length for sent in dripped), dripped


async def test_tokens_survive_a_restart_and_only_hashes_are_stored(tmp_path: Path) -> None:
    state = str(tmp_path / "state.db")
    settings = OAuthSettings(auto_approve=True)
    first = make_mock(settings, state=state)
    tokens = await sign_in(first)
    first.server.store.close()

    second = make_mock(settings, state=state)
    assert (await second.http.get(STATUS, headers=bearer(tokens["access_token"]))).status_code == 200
    rotated = await second.http.post(TOKEN, data=refresh_form(tokens["refresh_token"]))
    assert rotated.status_code == 200
    second.server.store.close()

    with sqlite3.connect(state) as db:
        dump = "\n".join(db.iterdump())
    for secret in (tokens["access_token"], tokens["refresh_token"], rotated.json()["refresh_token"]):
        assert secret not in dump
    assert dump.count('INSERT INTO "oauth_tokens"') == 4
