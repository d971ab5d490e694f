"""The action endpoints (§8): GET action and POST decision."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from talkie_models import DecisionRequest

from talkie_mock.api.context import mock_of
from talkie_mock.api.requests import read_model, safe_id


async def get_action(request: Request) -> Response:
    mock = mock_of(request)
    user = mock.auth.require(request)
    action_id = safe_id(request.path_params["actionId"], "action_not_found")
    row = mock.actions.get(action_id, user.user_id)
    # §8 "GET action returns the current action": the action itself, also under `--vary` (notes N-51)
    return mock.respond(request, mock.actions.model(row), "Action")


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
