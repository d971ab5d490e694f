"""The chat run endpoints (§5): POST run (SSE) and POST cancelRun.

Reading, authenticating and rendering only: what a run request does is :meth:`engine.chat.Chat.submit`.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from talkie_models import OkResponse, RunAgentInput

from talkie_mock.api.context import mock_of
from talkie_mock.api.requests import read_model
from talkie_mock.api.streaming import EventStreamResponse


async def run(request: Request) -> Response:
    mock = mock_of(request)
    user = mock.auth.require(request)
    body = await read_model(request, RunAgentInput)
    submitted = mock.chat.submit(user.user_id, body, mock.locale(request))
    if submitted.unstored:
        request.scope[REPLAYED] = submitted.unstored
    return EventStreamResponse(submitted.feed, mock.config.ping_interval)


REPLAYED = "talkie_mock.replayed"
"""ASGI scope key: the ids of user messages a run request carried but the mock did not store, because it
replayed the run its `runId` names (notes N-05); the inspector says so."""


async def cancel(request: Request) -> Response:
    mock = mock_of(request)
    user = mock.auth.require(request)
    # notes N-04: any runId, even one with odd characters (RunAgentInput allows them), cancels → 200
    run_id: str = request.path_params["runId"]
    await mock.runs.cancel(user.user_id, run_id)
    return mock.respond(request, OkResponse(ok=True), "OkResponse")
