"""The action endpoints (§8): GET action and POST decision."""

from __future__ import annotations

import orjson
from starlette.requests import Request
from starlette.responses import Response
from talkie_models import DecisionRequest

from talkie_mock.api.context import mock_of
from talkie_mock.api.requests import read_model, safe_id
from talkie_mock.api.responses import FastJSONResponse


async def get_action(request: Request) -> Response:
    mock = mock_of(request)
    user = mock.auth.require(request)
    action_id = safe_id(request.path_params["actionId"], "action_not_found")
    row = mock.actions.get(action_id, user.user_id)
    answer = mock.respond(request, mock.actions.model(row), "Action")
    if mock.vary.active and mock.vary.wraps_action(row.id):  # `--vary` (N-51): {"action": {…}}
        return FastJSONResponse({"action": orjson.loads(answer.body)})
    return answer


async def post_decision(request: Request) -> Response:
    mock = mock_of(request)
    user = mock.auth.require(request)
    action_id = safe_id(request.path_params["actionId"], "action_not_found")
    body = await read_model(request, DecisionRequest)
    answer = mock.actions.decide(
        action_id,
        user.user_id,
        body.decision,
        body.params_hash,
        body.method,
        mock.locale(request),
    )
    for event in answer.model_dump(mode="json")["events"]:
        mock.hooks.event(event)
    return mock.respond(request, answer, "DecisionResponse")
