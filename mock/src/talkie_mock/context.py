"""The parts of one running mock, wired together once by `create_app` and shared by every endpoint."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from talkie_models import TalkieModel

from talkie_mock.errors import pick_locale
from talkie_mock.wire import FastJSONResponse

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
        return self.clock.now_ms()

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
        return FastJSONResponse(body, status_code=status, headers=headers)


class MockApp(Starlette):
    """The application :func:`talkie_mock.app.create_app` builds; `mock` is its `state.mock`, kept as a plain
    attribute because every request looks it up (Starlette's `State` answers through `__getattr__`)."""

    mock: Mock


def mock_of(request: Request) -> Mock:
    app = request.scope.get("app")
    if isinstance(app, MockApp):
        return app.mock
    mock: Mock = request.app.state.mock
    return mock
