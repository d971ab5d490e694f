"""The chat run endpoints (§5): POST run (SSE) and POST cancelRun."""

from __future__ import annotations

import secrets

from starlette.requests import Request
from starlette.responses import Response
from talkie_models import OkResponse, RunAgentInput, TalkieForwardedProps, TextPart, UserMessage
from talkie_models.sse import encode_event

from talkie_mock.api.auth import Principal
from talkie_mock.api.context import Mock, mock_of
from talkie_mock.api.requests import SAFE_ID, read_model
from talkie_mock.api.streaming import EventStreamResponse
from talkie_mock.engine.plans import Request as AgentRequest
from talkie_mock.engine.runs import Subscription
from talkie_mock.engine.store import MessageRow
from talkie_mock.errors import ApiError

TITLE_CHARS = 60


def message_text(message: UserMessage) -> str:
    """The text of a user message: the string itself, or its text parts joined."""
    content = message.content
    if isinstance(content, str):
        return content
    return "\n".join(part.text for part in content if isinstance(part, TextPart))


def _channel(body: RunAgentInput) -> str:
    props = body.forwarded_props
    talkie = props.talkie if isinstance(props, TalkieForwardedProps) else None
    return (talkie.channel if talkie is not None else None) or "chat"


async def run(request: Request) -> Response:
    mock = mock_of(request)
    user = mock.auth.require(request)
    body = await read_model(request, RunAgentInput)
    locale = mock.locale(request)
    limit = mock.config.max_message_chars
    user_messages = [m for m in body.messages if isinstance(m, UserMessage)]
    for message in user_messages:  # notes N-08: code points, per message, before anything is stored
        if len(message_text(message)) > limit:
            raise ApiError("too_large", "message_too_long", limit=limit)
    # Nothing below awaits: the thread, the user message and the run row share one commit, made before the
    # answer (and so before any frame) leaves.
    with mock.store.batch():
        response, replayed = _start(mock, user, body, user_messages, locale)
    if replayed is not None:
        _mark_replayed(request, mock, replayed, [m.id for m in user_messages])
    return response


REPLAYED = "talkie_mock.replayed"
"""ASGI scope key: the ids of user messages a run request carried but the mock did not store, because it
replayed the run its `runId` names (notes N-05); the inspector says so."""


def _mark_replayed(request: Request, mock: Mock, thread_id: str, ids: list[str]) -> None:
    if not ids:
        return
    unstored = [i for i in ids if i not in mock.store.known_message_ids(thread_id, ids)]
    if unstored:
        request.scope[REPLAYED] = unstored


def _start(
    mock: Mock, user: Principal, body: RunAgentInput, user_messages: list[UserMessage], locale: str
) -> tuple[Response, str | None]:
    """The run's answer, and the thread of the run replayed instead when the runId was known (N-05)."""
    run_id = body.run_id
    ping = mock.config.ping_interval
    live = mock.runs.get_live(user.user_id, run_id)
    if live is not None:  # notes N-05: a retried runId re-streams the run
        return EventStreamResponse(Subscription(live), ping), live.thread_id
    known = mock.store.get_run(user.user_id, run_id)
    if known is not None:
        if known.thread_id is None:  # cancelled before it arrived (notes N-04)
            frames = mock.runs.finished_immediately(
                user.user_id, run_id, body.thread_id, cancelled=True, record=False
            )
            return EventStreamResponse(Subscription(None, frames), ping), None
        replay = Subscription(None, [encode_event(e) for e in known.events])
        return EventStreamResponse(replay, ping), known.thread_id

    now = mock.now_ms()
    thread_id = body.thread_id
    valid = SAFE_ID.match(thread_id) is not None
    thread = mock.store.get_thread(thread_id) if valid else None
    # another user's id, or one whose thread was deleted (gone for good): a new thread with a new id
    taken = thread.user_id != user.user_id if thread else not valid or mock.store.thread_id_taken(thread_id)
    if taken:
        thread_id, thread = "t_" + secrets.token_hex(8), None  # §5: the server may assign its own id
    elif thread is None and mock.vary.active:  # `--vary` (N-51): the server's own id for a new thread
        thread_id = mock.vary.thread_id(user.user_id, thread_id)
        thread = mock.store.get_thread(thread_id)
    if thread is None:
        first = message_text(user_messages[0]) if user_messages else ""
        title = " ".join(first.split())[:TITLE_CHARS] or thread_id
        thread = mock.store.create_thread(thread_id, user.user_id, title, _channel(body), now)

    rows = [
        MessageRow(
            id=m.id,
            thread_id=thread_id,
            role="user",
            content=message_text(m),
            created_at=now,
            channel=thread.channel,
            cards=[],
        )
        for m in user_messages
    ]
    fresh = mock.store.add_messages(thread_id, rows, now)  # one statement each: stored unless known
    if not fresh:  # notes N-05: nothing new, nothing to answer
        frames = mock.runs.finished_immediately(user.user_id, run_id, thread_id, cancelled=False)
        return EventStreamResponse(Subscription(None, frames), ping), None
    plan = mock.agent.plan(
        AgentRequest(text=fresh[-1].content, run_id=run_id, thread_id=thread_id, locale=locale)
    )
    live = mock.runs.start(user.user_id, run_id, thread_id, plan, locale, variant=fresh[-1].content)
    return EventStreamResponse(Subscription(live), ping), None


async def cancel(request: Request) -> Response:
    mock = mock_of(request)
    user = mock.auth.require(request)
    # notes N-04: any runId, even one with odd characters (RunAgentInput allows them), cancels → 200
    run_id: str = request.path_params["runId"]
    await mock.runs.cancel(user.user_id, run_id)
    return mock.respond(request, OkResponse(ok=True), "OkResponse")
