"""Threads (§9): list, detail, delete — all scoped to the caller."""

from __future__ import annotations

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import Response
from talkie_models import OkResponse, ThreadDetail, ThreadMessage

from talkie_mock.api.context import Mock, mock_of
from talkie_mock.api.manifest import Rendered
from talkie_mock.api.reads import summary
from talkie_mock.api.requests import safe_id
from talkie_mock.engine.clock import iso_of_ms
from talkie_mock.engine.store import ThreadRow
from talkie_mock.errors import ApiError


def owned_thread(mock: Mock, thread_id: str, user_id: str) -> ThreadRow:
    row = mock.store.threads.get_thread(safe_id(thread_id, "thread_not_found"))
    if row is None or row.user_id != user_id:
        raise ApiError("not_found", "thread_not_found", id=thread_id)
    return row


async def list_threads(request: Request) -> Response:
    mock = mock_of(request)
    user = mock.auth.require(request)
    if mock.vary.active:  # `--vary` (N-51): built per request
        return mock.respond_body(request, mock.reads.build_threads(user), "ThreadList")
    body, raw, headers = mock.reads.threads(user)
    mock.hooks.response(request, 200, "ThreadList", body)
    return Rendered(raw, headers)


def _messages(mock: Mock, thread_id: str) -> list[ThreadMessage]:
    messages = []
    for m in mock.store.threads.messages(thread_id):
        fields: dict[str, object] = {
            "id": m.id,
            "role": m.role,
            "content": m.content,
            "created_at": iso_of_ms(m.created_at),
        }
        fields["cards"] = m.cards  # §9: `cards` has no `?` (may be [])
        if m.channel:
            fields["channel"] = m.channel
        messages.append(ThreadMessage.model_validate(fields))
    return messages


async def get_thread(request: Request) -> Response:
    mock = mock_of(request)
    user = mock.auth.require(request)
    row = owned_thread(mock, request.path_params["threadId"], user.user_id)
    # a long thread takes a while to read and build: on a worker thread, so other requests go on meanwhile
    messages = await anyio.to_thread.run_sync(_messages, mock, row.id)
    detail = ThreadDetail(thread=summary(row), messages=messages, actions=mock.actions.for_thread(row.id))
    return mock.respond(request, detail, "ThreadDetail")


async def delete_thread(request: Request) -> Response:
    mock = mock_of(request)
    user = mock.auth.require(request)
    row = owned_thread(mock, request.path_params["threadId"], user.user_id)
    mock.store.actions.settle_actions(mock.now_ms())
    mock.store.threads.delete_thread(row.id, mock.now_ms())
    return mock.respond(request, OkResponse(ok=True), "OkResponse")
