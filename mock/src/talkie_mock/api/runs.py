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
    if submitted.unstored:  # the same messages again are a retry (its thread may have been reassigned)
        request.scope[REPLAYED] = {
            "unstored": submitted.unstored,
            "thread": submitted.thread_id,
            "sentThread": body.thread_id,
        }
    return EventStreamResponse(submitted.feed, mock.config.ping_interval)


REPLAYED = "talkie_mock.replayed"
"""ASGI scope key: a run request the mock answered by replaying the run its `runId` names (notes N-05) though
it carried new messages — `unstored`: their ids, which the mock did not store; `thread`/`sentThread`: the
replayed run's thread and the one the request named. The inspector says so."""


async def cancel(request: Request) -> Response:
    mock = mock_of(request)
    user = mock.auth.require(request)
    # notes N-04: any runId, even one with odd characters (RunAgentInput allows them), cancels → 200
    run_id: str = request.path_params["runId"]
    await mock.runs.cancel(user.user_id, run_id)
    return mock.respond(request, OkResponse(ok=True), "OkResponse")
