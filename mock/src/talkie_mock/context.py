"""The parts of one running mock, wired together once by `create_app` and shared by every endpoint."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from talkie_models import TalkieModel

from talkie_mock.errors import pick_locale

if TYPE_CHECKING:
    from talkie_mock.actions import Actions
    from talkie_mock.agent import Agent
    from talkie_mock.auth import Auth, Principal
    from talkie_mock.clock import Clock
    from talkie_mock.config import MockConfig
    from talkie_mock.hooks import Hooks
    from talkie_mock.runs import RunManager
    from talkie_mock.store import Store


@dataclass
class Mock:
    config: MockConfig
    clock: Clock
    store: Store
    auth: Auth
    hooks: Hooks
    agent: Agent
    actions: Actions
    runs: RunManager
    dev_user: Principal

    def now_ms(self) -> int:
        return int(self.clock.now().timestamp() * 1000)

    def locale(self, request: Request) -> str:
        return pick_locale(request.headers.get("accept-language"), self.config.locale)

    def day(self) -> str:
        return self.clock.now().strftime("%Y-%m-%d")

    def respond(
        self,
        request: Request | None,
        model: TalkieModel,
        type_name: str,
        status: int = 200,
        headers: dict[str, str] | None = None,
    ) -> JSONResponse:
        """A JSON answer built from a contract model (and shown to the observers with its type)."""
        body: dict[str, Any] = model.model_dump(mode="json")
        self.hooks.response(request, status, type_name, body)
        return JSONResponse(body, status_code=status, headers=headers)


def mock_of(request: Request) -> Mock:
    mock: Mock = request.app.state.mock
    return mock
