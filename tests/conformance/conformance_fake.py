"""A small, threaded talkie/1 test-mode server used to prove the suite can pass *and* fail.

It implements just enough of the protocol for every check, with the standard library only (so the tests do
not depend on the mock's progress). `breaks` switches on deliberate violations, named by the rule they break;
the tests assert that the suite then reports exactly that rule. `AUTH-017:<route>` skips the bearer check
on one route only. `READINGS` are not violations: each takes another choice the specification leaves open (or
drops test mode), and the suite must not fail the fake for it. `TEXT_READINGS` are the readings of a server
written from the specification's text alone, where our notes ask for more (cards with `fallbackText` and
blocks only, extra audit members on actions, a lean manifest without brand or voice, threads newest first by
creation): the suite warns, naming the note, and fails nothing. The fake's answers are plain dicts written
from the text; only the requests it receives are checked against the published schemas (§3: malformed input
gets 400).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import unquote, urlsplit

from quiet_server import QuietHTTPServer
from talkie_models.validation import is_valid

TOKEN = "fake-dev-token"
# A second user's token, accepted only with the ERR-014 break: the fake then shows that user all the
# first one owns (a server that leaks between users).
OTHER_TOKEN = "fake-dev-token-other"
LINGER = 20.0  # the linger-after-terminal reading: seconds a finished run stream stays open
MAX_CHARS = 300
SLOW_DELTAS = 10
SLOW_INTERVAL = 0.5
ACTION_LIFETIME = 600
VOICE_MAX_SECONDS = 900
# A 1x1 transparent PNG (the brand logo).
LOGO = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082"
)
TEXT_READINGS = frozenset(
    {
        "text:bare-cards",  # §6 line 199: only fallbackText is REQUIRED; no id, title, url, a11yLabel…
        "text:audit-members",  # §8: nothing closes an action; decidedAt and decisionMethod are recorded on it
        "text:lean-manifest",  # §1: no brand (line 72), no voice* (line 74), nothing the example only shows
        "text:threads-by-creation",  # §9 line 244: "newest first", by createdAt
    }
)
READINGS = (
    frozenset(
        {
            "cancel-ends-with-run-error",  # §5 leaves a cancelled stream's end open (N-04 only recommends)
            "usage-open-after-final",  # §10.3 says nothing of calls after the final usage report (N-11 does)
            "no-test-mode",  # testMode false: every §11-based check must skip
            "linger-after-terminal",  # run streams stay open after RUN_FINISHED/RUN_ERROR (§5: "last")
        }
    )
    | TEXT_READINGS
)


def iso(moment: datetime) -> str:
    """RFC 3339 with milliseconds and a Z."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


class HttpError(Exception):
    """A §3 error answer."""

    def __init__(self, status: int, code: str, message: str, retryable: bool = False) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.retryable = status, code, message, retryable


@dataclass
class Run:
    """A run executing in the background; streams subscribe to its events."""

    run_id: str
    thread_id: str
    events: list[dict[str, Any]] = field(default_factory=list)
    done: bool = False
    cancelled: bool = False
    changed: threading.Condition = field(default_factory=threading.Condition)

    def emit(self, event: dict[str, Any]) -> None:
        with self.changed:
            self.events.append(event)
            if event["type"] in {"RUN_FINISHED", "RUN_ERROR"}:
                self.done = True
            self.changed.notify_all()

    def follow(self) -> Iterator[dict[str, Any]]:
        index = 0
        while True:
            with self.changed:
                while index >= len(self.events) and not self.done:
                    self.changed.wait(1.0)
                if index >= len(self.events) and self.done:
                    return
                batch = self.events[index:]
                index = len(self.events)
            yield from batch


@dataclass
class State:
    """Everything the fake stores, behind one lock."""

    breaks: frozenset[str]
    origin: str = ""
    lock: threading.RLock = field(default_factory=threading.RLock)
    offset: float = 0.0
    threads: dict[str, dict[str, Any]] = field(default_factory=dict)
    actions: dict[str, dict[str, Any]] = field(default_factory=dict)
    decided: dict[str, str] = field(default_factory=dict)
    runs: dict[str, Run] = field(default_factory=dict)
    cancelled_runs: set[str] = field(default_factory=set)
    sessions: dict[str, dict[str, Any]] = field(default_factory=dict)
    counter: Iterator[int] = field(default_factory=itertools.count)
    stopping: threading.Event = field(default_factory=threading.Event)  # set when the fake shuts down

    def now(self) -> datetime:
        return datetime.now(UTC) + timedelta(seconds=self.offset)

    def touch(self, thread_id: str, channel: str = "chat", title: str = "") -> dict[str, Any]:
        stamp = iso(self.now())
        thread = self.threads.get(thread_id)
        if thread is None:
            thread = {
                "summary": {
                    "id": thread_id,
                    "title": title[:60] or "Nové vlákno",
                    "channel": channel,
                    "createdAt": stamp,
                    "updatedAt": stamp,
                },
                "messages": [],
                "actions": [],
                "order": next(self.counter),
                "created": next(self.counter),
            }
            self.threads[thread_id] = thread
        thread["summary"]["updatedAt"] = stamp
        thread["order"] = next(self.counter)
        return thread


def lean_manifest(state: State) -> dict[str, Any]:
    """The manifest of `text:lean-manifest`: what §1 asks for and the endpoints the server supports."""
    full = manifest(state)
    endpoints = {name: path for name, path in full["endpoints"].items() if not name.startswith("voice")}
    return {
        "spec": full["spec"],
        "issuer": full["issuer"],
        "serverId": full["serverId"],
        "name": full["name"],
        "auth": {"oauth": {"issuer": full["auth"]["oauth"]["issuer"]}, "token": {}},
        "endpoints": endpoints,
        "testMode": full["testMode"],
    }


def manifest(state: State) -> dict[str, Any]:
    origin = state.origin
    base = "/api/talkie"
    if "MAN-010" in state.breaks:
        _host, port = origin.rsplit(":", 1)
        base = f"http://localhost:{port}/api/talkie"
    return {
        "spec": "talkie/1",
        "issuer": origin,
        "serverId": "fake.talkie.test",
        "name": "Horizont Logistika (fake)",
        "description": "Deterministic test-mode server for the conformance tests",
        "locale": "cs",
        "brand": {"logo": "/talkie/logo.png", "accent": "#0b7a75"},
        "auth": {
            "oauth": {"issuer": f"{origin}/oauth", "scopes": ["talkie", "offline_access"]},
            "token": {"hint": "use the fake's token"},
        },
        "endpoints": {
            "status": f"{base}/status",
            "run": f"{base}/run",
            "cancelRun": f"{base}/runs/{{runId}}/cancel",
            "threads": f"{base}/threads",
            "thread": f"{base}/threads/{{threadId}}",
            "action": f"{base}/actions/{{actionId}}",
            "decision": f"{base}/actions/{{actionId}}/decision",
            "voiceSessions": f"{base}/voice/sessions",
            "voiceTool": f"{base}/voice/sessions/{{voiceSessionId}}/tools/{{name}}",
            "voiceTranscript": f"{base}/voice/sessions/{{voiceSessionId}}/transcript",
            "voiceUsage": f"{base}/voice/sessions/{{voiceSessionId}}/usage",
        },
        "capabilities": {
            "voice": {
                "transports": ["webrtc"],
                "eventProtocols": ["openai-realtime/1"],
                "signalingHosts": [urlsplit(origin).netloc],
            },
            "actions": {"voiceConfirm": True},
            "cards": {"blocks": ["heading", "text", "fields", "list", "link", "file", "badge"]},
        },
        "limits": {"maxMessageChars": MAX_CHARS},
        "testMode": "no-test-mode" not in state.breaks,
    }


# -- the agent: test-mode answers ---------------------------------------------------------------------------
def _text(run: Run, text: str, store: list[str]) -> None:
    message_id = f"msg_{uuid.uuid4().hex[:10]}"
    run.emit({"type": "TEXT_MESSAGE_START", "messageId": message_id, "role": "assistant"})
    if text:
        run.emit({"type": "TEXT_MESSAGE_CONTENT", "messageId": message_id, "delta": text})
    run.emit({"type": "TEXT_MESSAGE_END", "messageId": message_id})
    store.append(text)


def _card(breaks: frozenset[str] = frozenset()) -> dict[str, Any]:
    tone = "loud" if "schema:card-tone" in breaks else "positive"  # a nested member off its enum
    if "text:bare-cards" in breaks:
        return {
            "blocks": [
                {"type": "badge", "text": "Aktivní"},
                {"type": "fields", "fields": [{"label": "IČO", "value": "27182818"}]},
            ],
            "fallbackText": "Horizont Logistika s.r.o. - aktivní klient v Ostravě",
        }
    return {
        "id": f"card_{uuid.uuid4().hex[:8]}",
        "version": 1,
        "title": "Horizont Logistika s.r.o.",
        "subtitle": "Klient · Ostrava",
        "url": "/crm/clients/horizont",
        "blocks": [
            {"type": "badge", "text": "Aktivní", "tone": tone},
            {"type": "fields", "fields": [{"label": "IČO", "value": "27182818"}]},
            {"type": "link", "label": "Web", "url": "https://horizont.example.org/"},
        ],
        "fallbackText": "Horizont Logistika s.r.o. - aktivní klient v Ostravě",
        "a11yLabel": "Karta klienta Horizont Logistika s.r.o.",
    }


def _propose(state: State, thread_id: str) -> dict[str, Any]:
    now = state.now()
    action_id = f"a_{uuid.uuid4().hex[:12]}"
    action = {
        "id": action_id,
        "version": 1,
        "threadId": thread_id,
        "toolCallId": f"call_{uuid.uuid4().hex[:8]}",
        "summary": "Odeslat nabídku na lena.schmidt@example.org",
        "riskLevel": "low",
        "status": "pending",
        "paramsHash": "sha256:" + hashlib.sha256(action_id.encode()).hexdigest(),
        "createdAt": iso(now),
        "expiresAt": iso(now + timedelta(seconds=ACTION_LIFETIME)),
        "confirm": {"methods": ["button", "voice"], "voice": {"keyword": "odeslat"}},
    }
    if "text:audit-members" in state.breaks:
        action["proposedBy"] = "agent"
    state.actions[action_id] = action
    state.threads[thread_id]["actions"].append(action_id)
    return action


def execute(state: State, run: Run, text: str) -> None:
    """Produce the events of one run; stores the answer in the thread as it goes."""
    texts: list[str] = []
    cards: list[dict[str, Any]] = []
    started = {"type": "RUN_STARTED", "threadId": run.thread_id, "runId": run.run_id}
    if "RUN-014" in state.breaks:  # an ignorable event, but before RUN_STARTED
        run.emit({"type": "CUSTOM", "name": "fake.hello", "value": {}})
    run.emit(started)
    error: dict[str, Any] | None = None
    if text.startswith("talkie-test:echo "):
        _text(run, text[len("talkie-test:echo ") :], texts)
    elif text == "talkie-test:card":
        call_id = f"call_{uuid.uuid4().hex[:8]}"
        run.emit(
            {
                "type": "TOOL_CALL_START",
                "toolCallId": call_id,
                "toolCallName": "search_clients",
                "metadata": {"label": "Hledám klienty…"},
            }
        )
        run.emit({"type": "TOOL_CALL_END", "toolCallId": call_id, "metadata": {"ok": True}})
        card = _card(state.breaks)
        cards.append(card)
        run.emit({"type": "CUSTOM", "name": "talkie.card", "value": card})
        _text(run, "Tady je **karta** klienta.", texts)
    elif text == "talkie-test:action":
        with state.lock:
            action = _propose(state, run.thread_id)
        run.emit({"type": "CUSTOM", "name": "talkie.action", "value": dict(action)})
        _text(run, "Potvrďte prosím odeslání.", texts)
    elif text == "talkie-test:error":
        error = {
            "type": "RUN_ERROR",
            "message": "Poskytovatel modelu neodpovídá.",
            "code": "upstream_unavailable",
            "metadata": {"retryable": True},
        }
    elif text == "talkie-test:slow":
        message_id = f"msg_{uuid.uuid4().hex[:10]}"
        run.emit({"type": "TEXT_MESSAGE_START", "messageId": message_id, "role": "assistant"})
        texts.append("")
        for index in range(SLOW_DELTAS):
            if run.cancelled:
                break
            delta = f"část {index + 1}. "
            run.emit({"type": "TEXT_MESSAGE_CONTENT", "messageId": message_id, "delta": delta})
            with state.lock:
                texts[-1] += delta
                _store_answer(state, run, texts, cards)
            time.sleep(SLOW_INTERVAL)
        run.emit({"type": "TEXT_MESSAGE_END", "messageId": message_id})
    else:
        _text(run, "Rozumím.", texts)
    with state.lock:
        _store_answer(state, run, texts, cards)
    if error is not None:
        run.emit(error)
    elif run.cancelled and "cancel-ends-with-run-error" in state.breaks:
        cancelled = {"message": "Běh byl zrušen.", "code": "conflict", "metadata": {"retryable": False}}
        run.emit({"type": "RUN_ERROR", **cancelled})
    elif run.cancelled:
        run.emit({**_finished(run), "outcome": {"type": "cancelled"}})
    else:
        run.emit(_finished(run))


def _finished(run: Run) -> dict[str, Any]:
    return {"type": "RUN_FINISHED", "threadId": run.thread_id, "runId": run.run_id}


def _store_answer(state: State, run: Run, texts: list[str], cards: list[dict[str, Any]]) -> None:
    thread = state.threads.get(run.thread_id)
    if thread is None or not (texts or cards):
        return
    answer_id = f"ans_{run.run_id}"
    message = {
        "id": answer_id,
        "role": "assistant",
        "content": "\n\n".join(t for t in texts if t),
        "createdAt": iso(state.now()),
        "cards": cards,
    }
    for index, existing in enumerate(thread["messages"]):
        if existing["id"] == answer_id:
            message["createdAt"] = existing["createdAt"]
            thread["messages"][index] = message
            return
    thread["messages"].append(message)


# -- HTTP ----------------------------------------------------------------------------------------------------
ROUTES: list[tuple[str, re.Pattern[str], str]] = [
    ("GET", re.compile(r"^/api/talkie/status$"), "status"),
    ("POST", re.compile(r"^/api/talkie/run$"), "run"),
    ("POST", re.compile(r"^/api/talkie/runs/(?P<run>[^/]+)/cancel$"), "cancel"),
    ("GET", re.compile(r"^/api/talkie/threads$"), "threads"),
    ("GET", re.compile(r"^/api/talkie/threads/(?P<thread>[^/]+)$"), "thread"),
    ("DELETE", re.compile(r"^/api/talkie/threads/(?P<thread>[^/]+)$"), "delete"),
    ("GET", re.compile(r"^/api/talkie/actions/(?P<action>[^/]+)$"), "action"),
    ("POST", re.compile(r"^/api/talkie/actions/(?P<action>[^/]+)/decision$"), "decision"),
    ("POST", re.compile(r"^/api/talkie/voice/sessions$"), "voice_session"),
    (
        "POST",
        re.compile(r"^/api/talkie/voice/sessions/(?P<session>[^/]+)/tools/(?P<name>[^/]+)$"),
        "voice_tool",
    ),
    ("POST", re.compile(r"^/api/talkie/voice/sessions/(?P<session>[^/]+)/transcript$"), "voice_transcript"),
    ("POST", re.compile(r"^/api/talkie/voice/sessions/(?P<session>[^/]+)/usage$"), "voice_usage"),
]


BREAKABLE = (
    frozenset(
        {"RUN-014", "RUN-004", "ACT-009", "ACT-011", "ERR-001", "ERR-014", "RUN-028", "MAN-010", "VOICE-016"}
    )
    | {"RUN-012:buffered", "RUN-010:media-type"}
    | {f"AUTH-017:{name}" for _, _, name in ROUTES}
    | {"schema:card-tone", "schema:decision-without-events"}
    | READINGS
)

# The wire type each request body must match (the fake answers 400 otherwise, as §3 asks).
REQUEST_TYPES = {
    "run": "RunAgentInput",
    "decision": "DecisionRequest",
    "voice_session": "VoiceSessionRequest",
    "voice_tool": "VoiceToolRequest",
    "voice_transcript": "VoiceTranscriptRequest",
    "voice_usage": "VoiceUsageRequest",
}


class Handler(BaseHTTPRequestHandler):
    """Routes requests to the fake's handlers; JSON in, JSON or SSE out."""

    server: FakeHTTPServer
    protocol_version = "HTTP/1.1"
    _raw: bytes = b""

    def log_message(self, format: str, *args: Any) -> None:
        return

    @property
    def state(self) -> State:
        return self.server.state

    def _send_json(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
        payload = json.dumps(body, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(payload)

    def _send_error(self, error: HttpError) -> None:
        if "ERR-001" in self.state.breaks:
            body: Any = {"message": error.message, "status": error.status}
        else:
            body = {"error": {"code": error.code, "message": error.message, "retryable": error.retryable}}
        self._send_json(error.status, body)

    def _body(self) -> Any:
        raw = self._raw
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError as exc:
            raise HttpError(400, "invalid_request", "Tělo požadavku není JSON.") from exc

    def _dispatch(self, method: str) -> None:
        # Read the whole body first: an unread body would corrupt the next request on a kept-alive connection.
        length = int(self.headers.get("Content-Length") or 0)
        self._raw = self.rfile.read(length) if length else b""
        path = urlsplit(self.path).path
        try:
            if method == "GET" and path == "/.well-known/talkie.json":
                lean = "text:lean-manifest" in self.state.breaks
                document = lean_manifest(self.state) if lean else manifest(self.state)
                self._send_json(200, document, {"Cache-Control": "max-age=3600"})
                return
            if method == "GET" and path == "/talkie/logo.png":
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(LOGO)))
                self.end_headers()
                self.wfile.write(LOGO)
                return
            if method == "GET" and path == "/.well-known/oauth-authorization-server/oauth":
                self._send_json(200, self._oauth_metadata())
                return
            if method == "POST" and path == "/_test/clock":
                body = self._body() or {}
                with self.state.lock:
                    self.state.offset += float(body.get("seconds", 0))
                self._send_json(200, {"now": iso(self.state.now())})
                return
            path_known = False
            for route_method, pattern, name in ROUTES:
                match = pattern.match(path)
                if match is None:
                    continue
                path_known = True
                if route_method != method:
                    continue
                skips_auth = f"AUTH-017:{name}" in self.state.breaks
                tokens = {f"Bearer {TOKEN}"} | (
                    {f"Bearer {OTHER_TOKEN}"} if "ERR-014" in self.state.breaks else set()
                )
                if self.headers.get("Authorization") not in tokens and not skips_auth:
                    raise HttpError(401, "unauthorized", "Chybí platný token.")
                request_type = REQUEST_TYPES.get(name)
                if request_type is not None and not is_valid(self._body(), request_type):
                    raise HttpError(400, "invalid_request", f"Tělo neodpovídá typu {request_type}.")
                params = {key: unquote(value) for key, value in match.groupdict().items()}
                getattr(self, f"do_{name}")(**params)
                return
            if path_known:
                raise HttpError(405, "method_not_allowed", "Tuto metodu adresa nepodporuje.")
            raise HttpError(404, "not_found", "Nic takového tu není.")
        except HttpError as error:
            self._send_error(error)
        except (BrokenPipeError, ConnectionResetError):
            return

    def do_GET(self) -> None:
        self._dispatch("GET")

    def do_POST(self) -> None:
        self._dispatch("POST")

    def do_DELETE(self) -> None:
        self._dispatch("DELETE")

    def do_PUT(self) -> None:
        self._dispatch("PUT")

    def do_PATCH(self) -> None:
        self._dispatch("PATCH")

    def do_OPTIONS(self) -> None:
        self._dispatch("OPTIONS")

    def do_HEAD(self) -> None:
        self._dispatch("HEAD")

    def do_TRACE(self) -> None:
        self._dispatch("TRACE")

    def __getattr__(self, name: str) -> Any:
        """Any other method (a fuzzer's `QUERY`, say) gets the §3 answer of a route that lacks it, not 501."""
        if name.startswith("do_") and name[3:].isupper():
            return lambda: self._dispatch(name[3:])
        raise AttributeError(name)

    def _oauth_metadata(self) -> dict[str, Any]:
        issuer = f"{self.state.origin}/oauth"
        return {
            "issuer": issuer,
            "authorization_endpoint": f"{issuer}/authorize",
            "token_endpoint": f"{issuer}/token",
            "response_types_supported": ["code"],
            "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": ["none"],
            "scopes_supported": ["talkie", "offline_access"],
        }

    # -- endpoints -------------------------------------------------------------------------------------
    def do_status(self) -> None:
        other = self.headers.get("Authorization") == f"Bearer {OTHER_TOKEN}"
        user = {"id": "u_other", "name": "Eva Malá", "email": "eva.mala@example.org"} if other else None
        self._send_json(
            200,
            {
                "user": user or {"id": "u_fake", "name": "Marek Dvořák", "email": "marek.dvorak@example.org"},
                "chat": True,
                "voice": True,
                "usage": [{"label": "Tokeny dnes", "used": 1200, "limit": 400000, "unit": "tokens"}],
            },
        )

    def do_run(self) -> None:
        body = self._body()
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            raise HttpError(400, "invalid_request", "Chybí zprávy.")
        thread_id, run_id = body.get("threadId"), body.get("runId")
        if not isinstance(thread_id, str) or not isinstance(run_id, str):
            raise HttpError(400, "invalid_request", "Chybí threadId nebo runId.")
        new_texts: list[str] = []
        state = self.state
        with state.lock:
            for message in body["messages"]:
                if not isinstance(message, dict) or not isinstance(message.get("content"), str):
                    raise HttpError(400, "invalid_request", "Zpráva nemá obsah.")
                if len(message["content"]) > MAX_CHARS:
                    raise HttpError(413, "too_large", "Zpráva je příliš dlouhá.")
            user_messages = [m for m in body["messages"] if m.get("role") == "user"]
            thread = state.touch(thread_id, title=str(user_messages[0]["content"]) if user_messages else "")
            known = {m["id"] for m in thread["messages"]}
            for message in user_messages:
                if message.get("id") in known and "RUN-004" not in state.breaks:
                    continue
                thread["messages"].append(
                    {
                        "id": str(message.get("id")),
                        "role": "user",
                        "content": message["content"],
                        "createdAt": iso(state.now()),
                        "cards": [],
                    }
                )
                new_texts.append(message["content"])
            run = Run(run_id=run_id, thread_id=thread_id)
            state.runs[run_id] = run
        if new_texts:
            worker = threading.Thread(target=execute, args=(state, run, new_texts[-1]), daemon=True)
            worker.start()
        else:
            run.emit({"type": "RUN_STARTED", "threadId": thread_id, "runId": run_id})
            run.emit(_finished(run))
        media_type = "text/plain" if "RUN-010:media-type" in state.breaks else "text/event-stream"
        self.send_response(200)
        self.send_header("Content-Type", media_type)
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        held: list[bytes] = []  # RUN-012: a buffering proxy holds the stream back until the run ends
        for event in run.follow():
            frame = f"data: {json.dumps(event, ensure_ascii=False)}\n\n".encode()
            if "RUN-012:buffered" in state.breaks:
                held.append(frame)
                continue
            try:
                self.wfile.write(frame)
                self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                if "RUN-028" in state.breaks:
                    run.cancelled = True
                return
        try:
            self.wfile.write(b"".join(held))
            self.wfile.flush()
            if "linger-after-terminal" in state.breaks:
                state.stopping.wait(LINGER)
        except (BrokenPipeError, ConnectionResetError):
            return

    def do_cancel(self, run: str) -> None:
        with self.state.lock:
            target = self.state.runs.get(run)
            if target is not None:
                target.cancelled = True
            self.state.cancelled_runs.add(run)
        self._send_json(200, {"ok": True})

    def do_threads(self) -> None:
        with self.state.lock:
            key = "created" if "text:threads-by-creation" in self.state.breaks else "order"
            ordered = sorted(self.state.threads.values(), key=lambda t: t[key], reverse=True)
            self._send_json(200, {"threads": [dict(t["summary"]) for t in ordered[:50]]})

    def _thread(self, thread_id: str) -> dict[str, Any]:
        thread = self.state.threads.get(thread_id)
        if thread is None:
            raise HttpError(404, "not_found", "Vlákno neexistuje.")
        return thread

    def do_thread(self, thread: str) -> None:
        with self.state.lock:
            found = self._thread(thread)
            messages = [dict(m) for m in found["messages"]]  # §9: `cards` always, `[]` when none
            actions = [dict(self.state.actions[a]) for a in found["actions"]]
            self._send_json(200, {"thread": dict(found["summary"]), "messages": messages, "actions": actions})

    def do_delete(self, thread: str) -> None:
        with self.state.lock:
            found = self._thread(thread)
            for action_id in found["actions"]:
                action = self.state.actions[action_id]
                if action["status"] == "pending":
                    action["status"] = "cancelled"
                    self.state.decided[action_id] = "cancel"
            del self.state.threads[thread]
        self._send_json(200, {"ok": True})

    def _action(self, action_id: str) -> dict[str, Any]:
        action = self.state.actions.get(action_id)
        if action is None:
            raise HttpError(404, "not_found", "Akce neexistuje.")
        return action

    def do_action(self, action: str) -> None:
        with self.state.lock:
            self._send_json(200, dict(self._action(action)))

    def do_decision(self, action: str) -> None:
        body = self._body()
        state = self.state
        with state.lock:
            found = self._action(action)
            if not isinstance(body, dict) or body.get("decision") not in {"confirm", "cancel"}:
                raise HttpError(400, "invalid_request", "Neplatné rozhodnutí.")
            if body.get("paramsHash") != found["paramsHash"]:
                raise HttpError(409, "stale", "Akce se mezitím změnila.")
            decision = str(body["decision"])
            previous = state.decided.get(action)
            if previous is not None and previous != decision and "ACT-009" not in state.breaks:
                raise HttpError(409, "conflict", "O akci už bylo rozhodnuto jinak.")
            if previous is None:
                expires = datetime.fromisoformat(found["expiresAt"].replace("Z", "+00:00"))
                if state.now() >= expires and "ACT-011" not in state.breaks:
                    found["status"] = "expired"
                    raise HttpError(410, "expired", "Akce vypršela.")
                state.decided[action] = decision
                found["status"] = "done" if decision == "confirm" else "cancelled"
                if "text:audit-members" in state.breaks:
                    found["decidedAt"] = iso(state.now())
                    found["decisionMethod"] = body.get("method", "button")
            events: list[dict[str, Any]] = []
            if previous is None and decision == "confirm":
                events.append({"type": "CUSTOM", "name": "talkie.card", "value": _card(state.breaks)})
            answer: dict[str, Any] = {"action": dict(found), "events": events}
            if "schema:decision-without-events" in state.breaks:  # §8 line 228 names both members
                del answer["events"]
            self._send_json(200, answer)

    # -- voice -----------------------------------------------------------------------------------------
    def do_voice_session(self) -> None:
        body = self._body() or {}
        state = self.state
        with state.lock:
            thread_id = body.get("threadId") or f"t_voice_{uuid.uuid4().hex[:8]}"
            state.touch(str(thread_id), channel="voice", title="Hovor")
            session_id = f"v_{uuid.uuid4().hex[:10]}"
            session = {
                "voiceSessionId": session_id,
                "threadId": thread_id,
                "transport": "webrtc",
                "eventProtocol": "openai-realtime/1",
                "signaling": {"type": "sdp-post", "url": f"{state.origin}/_fake/voice/sdp"},
                "clientSecret": f"ek_{uuid.uuid4().hex}",
                "expiresAt": iso(state.now() + timedelta(seconds=60)),
                "maxSeconds": VOICE_MAX_SECONDS,
                "warnSeconds": 60,
                "locale": "cs",
                "labels": {"search_clients": "Hledám klienty…"},
            }
            state.sessions[session_id] = {"session": session, "calls": set(), "closed": False}
        self._send_json(200, session)

    def _session(self, session_id: str) -> dict[str, Any]:
        found = self.state.sessions.get(session_id)
        if found is None:
            raise HttpError(404, "not_found", "Hlasová relace neexistuje.")
        if found["closed"]:
            raise HttpError(410, "expired", "Hlasová relace skončila.")
        return found

    def do_voice_tool(self, session: str, name: str) -> None:
        body = self._body() or {}
        with self.state.lock:
            found = self._session(session)
            call_id = str(body.get("callId"))
            if call_id in found["calls"] and "VOICE-016" not in self.state.breaks:
                raise HttpError(409, "conflict", "Toto volání už proběhlo.")
            found["calls"].add(call_id)
        self._send_json(200, {"ok": True, "output": f"{name}: nalezen 1 klient", "events": []})

    def do_voice_transcript(self, session: str) -> None:
        body = self._body() or {}
        state = self.state
        with state.lock:
            found = self._session(session)
            thread = state.touch(found["session"]["threadId"], channel="voice")
            thread["messages"].append(
                {
                    "id": str(body.get("itemId") or uuid.uuid4().hex),
                    "role": body.get("role", "user"),
                    "content": str(body.get("text", "")),
                    "createdAt": iso(state.now()),
                    "cards": [],
                    "channel": "voice",
                }
            )
        self._send_json(201, {"ok": True})

    def do_voice_usage(self, session: str) -> None:
        body = self._body() or {}
        with self.state.lock:
            found = self._session(session)
            seconds = int(body.get("seconds", 0))
            if body.get("final") is True and "usage-open-after-final" not in self.state.breaks:
                found["closed"] = True
        self._send_json(200, {"ok": True, "remainingSeconds": max(0, VOICE_MAX_SECONDS - seconds)})


class FakeHTTPServer(QuietHTTPServer):
    """The threaded server with the fake's state attached."""

    daemon_threads = True

    def __init__(self, state: State) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.state = state
        state.origin = f"http://127.0.0.1:{self.server_address[1]}"


@contextmanager
def serve(breaks: frozenset[str] | set[str] = frozenset()) -> Iterator[str]:
    """Run the fake on a free loopback port for the duration of the block; yields its origin."""
    unknown = set(breaks) - BREAKABLE
    if unknown:
        raise ValueError(f"the fake cannot break {sorted(unknown)}")
    server = FakeHTTPServer(State(breaks=frozenset(breaks)))
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server.state.origin
    finally:
        server.state.stopping.set()
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
