"""A real `talkie-mock serve` on a free loopback port, and the bodies and checks of the hostile corpus.

The hostile corpus must meet the server as an attacker or a buggy client would: through uvicorn's own HTTP
parser, its timeouts and its logging, which an in-process ASGI client skips. Each server gets its own state
file; the banner it prints gives the origin and the developer secret (from the inspector link).
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import html
import json
import re
import secrets
import socket
import subprocess
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import served
from talkie_models.protocol import TALKIE_CLIENT_ID, TALKIE_REDIRECT_URI

TOKEN = "tk_hostile_dev_token"
MANIFEST = "/.well-known/talkie.json"


@dataclass
class Served:
    """One running mock: where it listens, its secrets, its process and its log."""

    origin: str
    key: str
    process: subprocess.Popen[str]
    log_path: Path
    state: Path
    stdout: str = ""

    @property
    def port(self) -> int:
        return int(self.origin.rsplit(":", 1)[1])

    @property
    def host(self) -> str:
        return f"127.0.0.1:{self.port}"

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        raise AssertionError("no VmRSS")

    def client(self, **headers: str) -> httpx.Client:
        """An HTTP client with the dev token (talkie/1 endpoints)."""
        return httpx.Client(
            base_url=self.origin,
            headers={"Authorization": f"Bearer {TOKEN}", **headers},
            timeout=30,
        )

    def dev(self) -> httpx.Client:
        """An HTTP client holding the developer secret (developer surfaces)."""
        return httpx.Client(base_url=self.origin, headers={"Authorization": f"Bearer {self.key}"}, timeout=30)

    def connect(self) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=10)


def start(workdir: Path, *extra: str, state: Path | None = None, quiet: bool = True) -> Served:
    """Start `talkie-mock serve` with its developer surfaces guarded and wait until its manifest answers
    (`quiet`: without its request log, which goes to a pipe read only when the server stops)."""
    state = state or workdir / "state.db"
    log_path = workdir / f"mock-{time.monotonic_ns()}.log"
    argv = served.command(state, "--slow-seconds", "1", *extra, token=TOKEN, locale="en", quiet=quiet)
    with log_path.open("w") as log:
        process, banner = served.launch(argv, stderr=log)
    if banner.key is None:
        process.kill()
        process.wait(5)
        raise AssertionError(f"no inspector link in the banner:\n{banner.text}\n{log_path.read_text()}")
    running = Served(banner.origin, banner.key, process, log_path, state)
    served.wait_ready(running.origin)
    return running


def stop(running: Served) -> None:
    served.stop(running.process)
    if running.process.stdout is not None:  # what it printed after the banner (uvicorn's access log)
        running.stdout = running.process.stdout.read()
        running.process.stdout.close()


@contextlib.contextmanager
def serving(workdir: Path, *extra: str, state: Path | None = None, quiet: bool = True) -> Iterator[Served]:
    running = start(workdir, *extra, state=state, quiet=quiet)
    try:
        yield running
    finally:
        stop(running)


RUN = "/api/talkie/run"
THREADS = "/api/talkie/threads"
VOICE = "/api/talkie/voice/sessions"
SURROGATE = "\ud800"


def new_id(prefix: str) -> str:
    return f"{prefix}_{secrets.token_hex(6)}"


def run_body(
    text: str, *, thread_id: str | None = None, run_id: str | None = None, **changes: Any
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "threadId": thread_id or new_id("t"),
        "runId": run_id or new_id("r"),
        "messages": [{"id": new_id("m"), "role": "user", "content": text}],
        "tools": [],
        "context": [],
        "state": {},
        "forwardedProps": {"talkie": {"channel": "chat"}},
    }
    body.update(changes)
    return body


def raw_json(value: Any) -> bytes:
    """JSON text as a buggy client sends it: lone surrogates written as `\\ud800` escapes."""
    return json.dumps(value, ensure_ascii=True).encode()


def deep(levels: int) -> bytes:
    return b"[" * levels + b"]" * levels


def post_raw(http: httpx.Client, path: str, body: bytes, **headers: str) -> httpx.Response:
    return http.post(path, content=body, headers={"Content-Type": "application/json", **headers})


def events(response: httpx.Response) -> list[dict[str, Any]]:
    assert response.status_code == 200, response.text
    return [json.loads(line[5:]) for line in response.text.split("\n") if line.startswith("data:")]


def run(http: httpx.Client, text: str, **changes: Any) -> list[dict[str, Any]]:
    return events(http.post(RUN, json=run_body(text, **changes), headers={"Accept": "text/event-stream"}))


def problem(response: httpx.Response, status: int, code: str) -> str:
    """Assert a §3 error with this status and code; its message."""
    assert response.status_code == status, (response.status_code, response.text[:500])
    body = response.json()
    assert set(body) == {"error"}, body
    assert body["error"]["code"] == code, body
    assert isinstance(body["error"]["retryable"], bool), body
    message: str = body["error"]["message"]
    return message


def action_of(found: list[dict[str, Any]]) -> dict[str, Any]:
    for event in found:
        if event.get("type") == "CUSTOM" and event.get("name") == "talkie.action":
            value: dict[str, Any] = event["value"]
            return value
    raise AssertionError(f"no talkie.action in {found}")


def voice_session(http: httpx.Client, thread_id: str | None = None) -> dict[str, Any]:
    response = http.post(VOICE, json={"threadId": thread_id} if thread_id else {})
    assert response.status_code in (200, 201), response.text
    session: dict[str, Any] = response.json()
    return session


@dataclass
class SignIn:
    """Everything one OAuth sign-in minted: each is a secret that no developer surface may show."""

    verifier: str
    code: str
    access_token: str
    refresh_token: str

    def secrets(self) -> list[str]:
        return [self.verifier, self.code, self.access_token, self.refresh_token]


def hidden_fields(page: str) -> dict[str, str]:
    pairs = re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', page)
    return {html.unescape(k): html.unescape(v) for k, v in pairs}


def sign_in(served: Served, user: str = "u_1") -> SignIn:
    """The app's sign-in through the consent page (as a person in the system browser would do it)."""
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    params = {
        "response_type": "code",
        "client_id": TALKIE_CLIENT_ID,
        "redirect_uri": TALKIE_REDIRECT_URI,
        "scope": "talkie offline_access",
        "state": "st_" + secrets.token_hex(6),
        "code_challenge": challenge,
        "code_challenge_method": "S256",
    }
    with httpx.Client(base_url=served.origin, timeout=30) as http:
        page = http.get("/oauth/authorize", params=params)
        assert page.status_code == 200, page.text
        form = {**hidden_fields(page.text), "user": user, "decision": "approve"}
        answer = http.post("/oauth/authorize", data=form)
        assert answer.status_code == 303, answer.text
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(answer.headers["location"]).query)
        code = query["code"][0]
        token = http.post(
            "/oauth/token",
            data={
                "grant_type": "authorization_code",
                "code": code,
                "redirect_uri": TALKIE_REDIRECT_URI,
                "client_id": TALKIE_CLIENT_ID,
                "code_verifier": verifier,
            },
        )
        assert token.status_code == 200, token.text
        body = token.json()
    return SignIn(verifier, code, body["access_token"], body["refresh_token"])


def refresh(served: Served, signed: SignIn) -> SignIn:
    """A refresh (the token family rotates): the new pair, with the old verifier and code."""
    with httpx.Client(base_url=served.origin, timeout=30) as http:
        token = http.post(
            "/oauth/token",
            data={
                "grant_type": "refresh_token",
                "refresh_token": signed.refresh_token,
                "client_id": TALKIE_CLIENT_ID,
            },
        )
    assert token.status_code == 200, token.text
    body = token.json()
    return SignIn(signed.verifier, signed.code, body["access_token"], body["refresh_token"])
