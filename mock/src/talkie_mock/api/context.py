"""The parts of one running mock, wired together once by `create_app` and shared by every endpoint."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp
from talkie_models import TalkieModel

from talkie_mock.api.auth import Auth, Principal
from talkie_mock.api.error_layer import ErrorLayer
from talkie_mock.api.hooks import Hooks
from talkie_mock.api.reads import Reads
from talkie_mock.api.responses import FastJSONResponse
from talkie_mock.config import MockConfig
from talkie_mock.engine import usage
from talkie_mock.engine.actions import Actions
from talkie_mock.engine.agent import Agent
from talkie_mock.engine.chat import Chat
from talkie_mock.engine.clock import Clock
from talkie_mock.engine.realtime.provider import Provider
from talkie_mock.engine.runs import RunManager
from talkie_mock.engine.store import Store
from talkie_mock.engine.variations import Variations
from talkie_mock.errors import pick_locale


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
    chat: Chat
    """`POST run`: the one call that submits a run (engine.chat)."""
    dev_user: Principal
    voice: Provider
    """The realtime speech provider behind `signaling.url` (WebRTC peers of the voice sessions)."""
    vary: Variations = field(default_factory=lambda: Variations(None))
    """`--vary SEED`: the choices the specification leaves open (inactive by default)."""
    reads: Reads = field(init=False)
    """`GET status` and `GET threads` kept encoded while the state they show stands (api.reads)."""

    def __post_init__(self) -> None:
        self.reads = Reads(self.store, self.clock, self.config)

    def now_ms(self) -> int:
        return self.clock.now_ms()

    def locale(self, request: Request) -> str:
        return pick_locale(request.headers.get("accept-language"), self.config.locale)

    def day(self) -> str:
        return usage.day(self.clock)

    def respond(
        self,
        request: Request | None,
        model: TalkieModel,
        type_name: str,
        status: int = 200,
        headers: dict[str, str] | None = None,
    ) -> JSONResponse:
        """A JSON answer built from a contract model (and shown to the observers with its type)."""
        return self.respond_body(request, model.model_dump(mode="json"), type_name, status, headers)

    def respond_body(
        self,
        request: Request | None,
        body: dict[str, Any],
        type_name: str,
        status: int = 200,
        headers: dict[str, str] | None = None,
    ) -> JSONResponse:
        """:meth:`respond` for a body already dumped from its contract model."""
        if self.vary.active:
            body = self.vary.body(type_name, body)
        self.hooks.response(request, status, type_name, body)
        return FastJSONResponse(body, status_code=status, headers=headers)


class MockApp(Starlette):
    """The application :func:`talkie_mock.app.create_app` builds; `mock` is its `state.mock`, kept as a plain
    attribute because every request looks it up (Starlette's `State` answers through `__getattr__`)."""

    mock: Mock

    def build_middleware_stack(self) -> ASGIApp:
        """The mock's middlewares around one error layer (api.error_layer) around the router.

        Starlette would put its two error layers outside the router and the middlewares between them; here
        the front door (Host check, origin, CORS, guard, limits) and the traffic recorder sit outside the
        error layer instead, so they see every answer, the §3 500 of an unexpected error included (the
        recorder shows it, CORS lets a page read it), and a request they answer themselves — a refusal, the
        manifest's fixed bytes — skips the error layer. Those layers only read the request head and send
        what they decided; what could raise (endpoints, body reading) stays inside the error layer.
        """
        app: ASGIApp = ErrorLayer(self.router, dict(self.exception_handlers))
        for cls, args, kwargs in reversed(self.user_middleware):
            app = cls(app, *args, **kwargs)
        return app


def mock_of(request: Request) -> Mock:
    app = request.scope.get("app")
    if isinstance(app, MockApp):
        return app.mock
    mock: Mock = request.app.state.mock
    return mock


def find_mock(request: Request) -> Mock | None:
    """The mock behind a request, or None when the request never reached one (a bare sub-application)."""
    app = request.scope.get("app")
    if isinstance(app, MockApp):
        return app.mock
    state = getattr(app, "state", None)
    found: Mock | None = getattr(state, "mock", None) if state is not None else None
    return found
