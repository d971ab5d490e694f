"""A minimal talkie/1 server in Python: Starlette, one user, state in memory, the §11 test messages.

It answers every Talkie endpoint except voice (which it leaves out of the manifest, as §1 allows) and passes
`talkie-conformance run` with its development token. Sign-in is delegated: the manifest names the OAuth
authorization server of your deployment (`TALKIE_OAUTH_ISSUER`; on a laptop, the one of `talkie-mock serve`);
this sample only accepts the development token, so replace `authorized()` with your access-token validation
before you go beyond a laptop.

    TALKIE_TOKEN=dev-token TALKIE_OAUTH_ISSUER=http://127.0.0.1:8765/oauth \
        uvicorn --app-dir docs/samples minimal_server:app --port 8600
"""

# --8<-- [start:setup]
from __future__ import annotations

import asyncio
import base64
import hashlib
import itertools
import json
import os
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from talkie_models import protocol
from talkie_models.sse import encode_comment, encode_event

TOKEN = os.environ.get("TALKIE_TOKEN", "dev-token")
OAUTH_ISSUER = os.environ.get("TALKIE_OAUTH_ISSUER", "http://127.0.0.1:8765/oauth")
MAX_CHARS = 4000
PREFIX = "/api/talkie"
ENDPOINTS = {
    "status": f"{PREFIX}/status",
    "run": f"{PREFIX}/run",
    "cancelRun": f"{PREFIX}/runs/{{runId}}/cancel",
    "threads": f"{PREFIX}/threads",
    "thread": f"{PREFIX}/threads/{{threadId}}",
    "action": f"{PREFIX}/actions/{{actionId}}",
    "decision": f"{PREFIX}/actions/{{actionId}}/decision",
}
SLOW_DELTAS = (
    "Pomalá",
    " odpověď",
    " přichází",
    " slovo",
    " po",
    " slově,",
    " aby",
    " šlo",
    " běh",
    " zrušit.",
)
LOGO = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPgrioFAAGOAPtGrjSqAAAAAElFTkSuQmCC"
)
# --8<-- [end:setup]


# --8<-- [start:errors]
def now() -> str:
    """UTC time in whole seconds, the form the specification's examples use."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def later(seconds: int) -> str:
    return (datetime.now(UTC) + timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%SZ")


def error(status: int, code: str, message: str, retryable: bool = False) -> JSONResponse:
    """Every non-2xx answer has the §3 body."""
    body = {"error": {"code": code, "message": message, "retryable": retryable}}
    return JSONResponse(body, status_code=status)


# --8<-- [end:errors]


# --8<-- [start:state]
@dataclass
class Thread:
    id: str
    title: str
    created: str
    updated: str
    messages: list[dict[str, Any]] = field(default_factory=list)
    action_ids: list[str] = field(default_factory=list)
    order: int = 0  # orders threads touched within the same second

    def touch(self) -> None:
        self.updated, self.order = now(), next(_clock)

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "channel": "chat",
            "createdAt": self.created,
            "updatedAt": self.updated,
        }


@dataclass
class Run:
    events: list[dict[str, Any]] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    done: bool = False
    cancelled: bool = False

    def emit(self, event: dict[str, Any]) -> None:
        self.events.append(event)
        self.changed.set()


_clock = itertools.count(1)
threads: dict[str, Thread] = {}
actions: dict[str, dict[str, Any]] = {}
runs: dict[str, Run] = {}
tasks: set[asyncio.Task[None]] = set()  # keeps background runs alive after their client hung up


def authorized(request: Request) -> bool:
    return request.headers.get("authorization") == f"{protocol.BEARER} {TOKEN}"


# --8<-- [end:state]


# --8<-- [start:manifest]
async def manifest(request: Request) -> Response:
    origin = f"{request.url.scheme}://{request.url.netloc}"
    body = {
        "spec": protocol.SPEC,
        "issuer": origin,
        "serverId": "minimal.talkie.example",
        "name": "Minimal Talkie server",
        "description": "The smallest talkie/1 server of the Talkie Toolkit tutorial",
        "locale": "cs",
        "brand": {"logo": "/talkie/logo.png", "accent": "#0b7a75"},
        "auth": {
            "oauth": {"issuer": OAUTH_ISSUER, "scopes": list(protocol.SCOPES)},
            "token": {"hint": "TALKIE_TOKEN of the server's environment"},
        },
        "endpoints": ENDPOINTS,
        "capabilities": {
            "actions": {"voiceConfirm": False},
            "cards": {"blocks": ["heading", "text", "fields", "list", "link", "file", "badge"]},
        },
        "limits": {"maxMessageChars": MAX_CHARS},
        "testMode": True,
    }
    return JSONResponse(body, headers={"Cache-Control": "max-age=3600"})


async def logo(request: Request) -> Response:
    return Response(LOGO, media_type="image/png")


async def status(request: Request) -> Response:
    usage = [
        {
            "label": "Zprávy dnes",
            "used": sum(len(t.messages) for t in threads.values()),
            "limit": 1000,
            "unit": "messages",
        }
    ]
    user = {"id": "u_1", "name": "Vendula Králová", "email": "vendula.kralova@example.com"}
    return JSONResponse({"user": user, "chat": True, "voice": False, "usage": usage})


# --8<-- [end:manifest]


# --8<-- [start:agent]
def text_events(message_id: str, text: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = [
        {"type": "TEXT_MESSAGE_START", "messageId": message_id, "role": "assistant"}
    ]
    if text:
        events.append({"type": "TEXT_MESSAGE_CONTENT", "messageId": message_id, "delta": text})
    return [*events, {"type": "TEXT_MESSAGE_END", "messageId": message_id}]


def card(title: str) -> dict[str, Any]:
    return {
        "id": f"card_{uuid.uuid4().hex[:8]}",
        "version": 1,
        "title": title,
        "subtitle": "Odběratel · Olomouc",
        "url": "/?record=horizont",
        "blocks": [
            {
                "type": "fields",
                "fields": [{"label": "IČO", "value": "27182818"}, {"label": "Obrat", "value": "3,4 mil. Kč"}],
            }
        ],
        "fallbackText": f"{title}, odběratel z Olomouce, IČO 27182818",
        "a11yLabel": f"Karta firmy {title}",
    }


def propose(thread: Thread) -> dict[str, Any]:
    """A pending, low-risk action, as `talkie-test:action` asks for (§11)."""
    params = {"to": "marek.dvorak@example.com", "subject": "Nabídka N-2031-007"}
    action_id = f"act_{uuid.uuid4().hex[:8]}"
    action: dict[str, Any] = {
        "id": action_id,
        "version": 1,
        "threadId": thread.id,
        "toolCallId": f"call_{uuid.uuid4().hex[:8]}",
        "summary": "Poslat nabídku N-2031-007 na marek.dvorak@example.com",
        "riskLevel": "low",
        "status": "pending",
        "paramsHash": "sha256:" + hashlib.sha256(json.dumps(params, sort_keys=True).encode()).hexdigest(),
        "createdAt": now(),
        "expiresAt": later(600),
        "confirm": {"methods": ["button", "voice"]},
    }
    actions[action_id] = action
    thread.action_ids.append(action_id)
    return action


async def execute(run: Run, run_id: str, thread: Thread, content: str) -> None:
    """The agent of this sample: the §11 test messages, and a fixed answer to anything else."""
    reply_id, text, cards = f"msg_{uuid.uuid4().hex[:12]}", "", []
    run.emit({"type": "RUN_STARTED", "threadId": thread.id, "runId": run_id})
    if content.startswith(protocol.TEST_ECHO + " ") or content == protocol.TEST_ECHO:
        text = content[len(protocol.TEST_ECHO) + 1 :]
        for event in text_events(reply_id, text):
            run.emit(event)
    elif content == protocol.TEST_CARD:
        call = f"call_{uuid.uuid4().hex[:8]}"
        run.emit(
            {
                "type": "TOOL_CALL_START",
                "toolCallId": call,
                "toolCallName": "find_company",
                "metadata": {"label": "Hledám firmu…"},
            }
        )
        run.emit({"type": "TOOL_CALL_END", "toolCallId": call, "metadata": {"ok": True}})
        cards = [card("Horizont Logistika s.r.o.")]
        run.emit({"type": "CUSTOM", "name": protocol.CARD_EVENT, "value": cards[0]})
        text = "Našla jsem **Horizont Logistika s.r.o.**"
        for event in text_events(reply_id, text):
            run.emit(event)
    elif content == protocol.TEST_ACTION:
        run.emit({"type": "CUSTOM", "name": protocol.ACTION_EVENT, "value": propose(thread)})
        text = "Nabídku pošlu, až to potvrdíte."
        for event in text_events(reply_id, text):
            run.emit(event)
    elif content == protocol.TEST_ERROR:
        run.emit(
            {
                "type": "RUN_ERROR",
                "message": "Poskytovatel modelu neodpovídá.",
                "code": "upstream_unavailable",
                "metadata": {"retryable": True},
            }
        )
        run.done = True
        return
    elif content == protocol.TEST_SLOW:
        run.emit({"type": "TEXT_MESSAGE_START", "messageId": reply_id, "role": "assistant"})
        for delta in SLOW_DELTAS:  # ten deltas over about five seconds
            if run.cancelled:
                break
            await asyncio.sleep(protocol.TEST_SLOW_SECONDS / len(SLOW_DELTAS))
            text += delta
            run.emit({"type": "TEXT_MESSAGE_CONTENT", "messageId": reply_id, "delta": delta})
        run.emit({"type": "TEXT_MESSAGE_END", "messageId": reply_id})
    else:
        text = (
            "Jsem ukázkový server: zkuste `talkie-test:echo`, `talkie-test:card` nebo `talkie-test:action`."
        )
        for event in text_events(reply_id, text):
            run.emit(event)
    thread.messages.append(
        {"id": reply_id, "role": "assistant", "content": text, "createdAt": now(), "cards": cards}
    )
    thread.touch()
    finished: dict[str, Any] = {"type": "RUN_FINISHED", "threadId": thread.id, "runId": run_id}
    if run.cancelled:
        finished["outcome"] = {"type": "cancelled"}
    run.emit(finished)
    run.done = True


# --8<-- [end:agent]


# --8<-- [start:run]
def read_run_input(body: Any) -> tuple[str, str, list[dict[str, Any]]] | str:
    """The thread id, run id and user messages of a RunAgentInput, or what is wrong with it."""
    if not isinstance(body, dict):
        return "the body is not a JSON object"
    thread_id, run_id, messages = body.get("threadId"), body.get("runId"), body.get("messages")
    if not isinstance(thread_id, str) or not thread_id or not isinstance(run_id, str) or not run_id:
        return "threadId and runId must be non-empty strings"
    if not isinstance(messages, list) or not messages:
        return "messages must be a non-empty list"
    for message in messages:
        if not isinstance(message, dict) or not isinstance(message.get("id"), str):
            return "every message needs an id"
        if message.get("role") == "user" and not isinstance(message.get("content"), str):
            return "a user message needs text content"
    return thread_id, run_id, [m for m in messages if m.get("role") == "user"]


async def stream(run: Run) -> AsyncIterator[bytes]:
    """Send the run's events as they come, with a `: ping` while it is quiet; stop after the last event."""
    sent = 0
    while True:
        while sent < len(run.events):
            yield encode_event(run.events[sent])
            sent += 1
        if run.done:
            return
        run.changed.clear()
        try:
            await asyncio.wait_for(run.changed.wait(), protocol.PING_INTERVAL_SECONDS)
        except TimeoutError:
            yield encode_comment()  # ": ping", so proxies keep the quiet stream open


async def start_run(request: Request) -> Response:
    try:
        parsed = read_run_input(await request.json())
    except ValueError:
        parsed = "the body is not JSON"
    if isinstance(parsed, str):
        return error(400, "invalid_request", parsed)
    thread_id, run_id, messages = parsed
    if any(len(m["content"]) > MAX_CHARS for m in messages):
        return error(413, "too_large", f"A message may have at most {MAX_CHARS} characters.")
    thread = threads.get(thread_id)
    if thread is None:
        title = messages[0]["content"][:60] if messages else "Nová konverzace"
        thread = threads[thread_id] = Thread(thread_id, title, now(), now())
    stored = {m["id"] for m in thread.messages}
    new = [m for m in messages if m["id"] not in stored]  # a retried message is stored once
    for message in new:
        thread.messages.append(
            {
                "id": message["id"],
                "role": "user",
                "content": message["content"],
                "createdAt": now(),
                "cards": [],
            }
        )
    thread.touch()
    run = runs[run_id] = Run()
    content = new[-1]["content"] if new else ""
    task = asyncio.create_task(execute(run, run_id, thread, content))  # not tied to the connection
    tasks.add(task)
    task.add_done_callback(tasks.discard)
    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return StreamingResponse(stream(run), media_type=protocol.EVENT_STREAM, headers=headers)


async def cancel_run(request: Request) -> Response:
    run = runs.get(request.path_params["runId"])
    if run is not None:
        run.cancelled = True
    return JSONResponse({"ok": True})  # also for runs that ended or never existed


# --8<-- [end:run]


# --8<-- [start:threads]
async def list_threads(request: Request) -> Response:
    newest = sorted(threads.values(), key=lambda t: (t.updated, t.order), reverse=True)[:50]
    return JSONResponse({"threads": [t.summary() for t in newest]})


async def thread_detail(request: Request) -> Response:
    thread = threads.get(request.path_params["threadId"])
    if thread is None:
        return error(404, "not_found", "No such thread.")
    if request.method == "DELETE":
        for action_id in thread.action_ids:
            if actions[action_id]["status"] == "pending":
                actions[action_id].update(status="cancelled", version=actions[action_id]["version"] + 1)
        del threads[thread.id]
        return JSONResponse({"ok": True})
    body = {
        "thread": thread.summary(),
        "messages": thread.messages,
        "actions": [actions[a] for a in thread.action_ids],
    }
    return JSONResponse(body)


# --8<-- [end:threads]


# --8<-- [start:actions]
async def get_action(request: Request) -> Response:
    action = actions.get(request.path_params["actionId"])
    return JSONResponse(action) if action else error(404, "not_found", "No such action.")


async def decide(request: Request) -> Response:
    action = actions.get(request.path_params["actionId"])
    if action is None:
        return error(404, "not_found", "No such action.")
    try:
        body = await request.json()
    except ValueError:
        body = None
    if not isinstance(body, dict):
        return error(400, "invalid_request", "The body must be a JSON object.")
    decision, params_hash, method = body.get("decision"), body.get("paramsHash"), body.get("method")
    if decision not in ("confirm", "cancel"):
        return error(400, "invalid_request", "decision must be confirm or cancel.")
    if not isinstance(params_hash, str):
        return error(400, "invalid_request", "paramsHash is required: send the action's paramsHash.")
    if method not in ("button", "voice"):
        return error(400, "invalid_request", "method is required: button or voice.")
    # The order of the checks: stale, then already decided, then expired (notes N-06).
    if params_hash != action["paramsHash"]:
        return error(409, "stale", "The action has changed; read it again.")
    wanted = "done" if decision == "confirm" else "cancelled"
    if action["status"] == wanted:
        return JSONResponse({"action": action, "events": []})  # the same decision again
    if action["status"] == "pending" and action["expiresAt"] <= now():
        action.update(status="expired", version=action["version"] + 1)
    if action["status"] == "expired":
        return error(410, "expired", "The action expired.")
    if action["status"] != "pending":
        return error(409, "conflict", f"The action is already {action['status']}.")
    action.update(status=wanted, version=action["version"] + 1)
    events = (
        [{"type": "CUSTOM", "name": protocol.CARD_EVENT, "value": card("Nabídka odeslána")}]
        if wanted == "done"
        else []
    )
    return JSONResponse({"action": action, "events": events})


# --8<-- [end:actions]


# --8<-- [start:app]
def guarded(endpoint: Any) -> Any:
    """Every Talkie endpoint needs the bearer token; the manifest and the logo do not."""

    async def handler(request: Request) -> Response:
        if not authorized(request):
            return error(401, "unauthorized", "Sign in first.")
        response: Response = await endpoint(request)
        return response

    return handler


def route(key: str, endpoint: Any, methods: list[str]) -> Route:
    return Route(ENDPOINTS[key], guarded(endpoint), methods=methods)


async def not_found(request: Request, exc: Exception) -> Response:
    return error(404, "not_found", "Nothing here.")


async def wrong_method(request: Request, exc: Exception) -> Response:
    response = error(405, "method_not_allowed", "This endpoint does not take that method.")  # N-22
    response.headers["Allow"] = getattr(exc, "headers", {}).get("Allow", "")
    return response


async def internal(request: Request, exc: Exception) -> Response:
    return error(500, "internal", "Something went wrong on our side.")


app = Starlette(
    routes=[
        Route(protocol.WELL_KNOWN_PATH, manifest),
        Route("/talkie/logo.png", logo),
        route("status", status, ["GET"]),
        route("run", start_run, ["POST"]),
        route("cancelRun", cancel_run, ["POST"]),
        route("threads", list_threads, ["GET"]),
        route("thread", thread_detail, ["GET", "DELETE"]),
        route("action", get_action, ["GET"]),
        route("decision", decide, ["POST"]),
    ],
    exception_handlers={404: not_found, 405: wrong_method, 500: internal},
)
# --8<-- [end:app]
