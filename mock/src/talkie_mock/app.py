"""`create_app(config)`: builds one mock server as a Starlette application.

Every non-2xx answer is a §3 JSON body: unknown routes (404 `not_found`), wrong methods (405 with `Allow`,
code `invalid_request`), client mistakes raised as :class:`ApiError`, and — as a last resort that signals a
bug —
any other exception as 500 `internal`.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from talkie_models import TalkieModel

from talkie_mock import chat, files, manifest, threads, voice
from talkie_mock.actions import Actions
from talkie_mock.agent import Agent
from talkie_mock.auth import Auth, DevTokenAuthenticator, Principal
from talkie_mock.clock import Clock
from talkie_mock.config import MockConfig
from talkie_mock.content import faker_for
from talkie_mock.context import Mock, MockApp, mock_of
from talkie_mock.errors import ApiError, error_body
from talkie_mock.hooks import Hooks, SelfCheck
from talkie_mock.routing import IndexedRouter
from talkie_mock.runs import RunManager
from talkie_mock.scenario import Scenario
from talkie_mock.steps import ActionSpec
from talkie_mock.store import Store
from talkie_mock.validation import safe_id

log = logging.getLogger("talkie_mock")
Handler = Callable[[Request], Awaitable[Response]]


class _RunServices:
    """What the run engine may use: proposals, usage, time and the observers — never decisions."""

    def __init__(self, mock: Mock) -> None:
        self._mock = mock

    def propose(self, spec: ActionSpec, user_id: str, thread_id: str) -> TalkieModel:
        return self._mock.actions.propose(spec, user_id, thread_id)

    def usage_event(self, user_id: str, tokens: int) -> TalkieModel:
        return manifest.usage_event(self._mock, user_id, tokens, self._mock.config.locale)

    def now_ms(self) -> int:
        return self._mock.now_ms()

    def event_published(self, event: dict[str, Any]) -> None:
        self._mock.hooks.event(event)


def dev_principal(config: MockConfig) -> Principal:
    """The user behind the dev token: a stable invented person (same seed, same name)."""
    fake = faker_for(config.locale, f"{config.seed}:dev-user")
    name = f"{fake.first_name()} {fake.last_name()}"
    from talkie_mock.content import slug

    return Principal(user_id="u_dev", name=name, email=f"{slug(name).replace('-', '.')}@example.org")


def build_mock(config: MockConfig, clock: Clock | None = None) -> Mock:
    clock = clock or Clock(config.clock_start)
    store = Store(config.state)
    user = dev_principal(config)
    hooks = Hooks()
    if config.self_check:
        hooks.add(SelfCheck())
    scenario = Scenario.load(config.scenario) if config.scenario else None
    actions = Actions(store, clock, config)
    mock = Mock(
        config=config,
        clock=clock,
        store=store,
        auth=Auth([DevTokenAuthenticator(config.token, user)]),
        hooks=hooks,
        agent=Agent(config, scenario),
        actions=actions,
        runs=None,  # type: ignore[arg-type]  # set below: the engine needs the finished context
        dev_user=user,
    )
    mock.runs = RunManager(store, _RunServices(mock), lambda code, locale: ApiError(code).message(locale))
    mock.runs.recover()
    return mock


# -- endpoints that are too small for a module of their own --------------------------------------------------


async def get_action(request: Request) -> Response:
    mock = mock_of(request)
    user = mock.auth.require(request)
    action_id = safe_id(request.path_params["actionId"], "action_not_found")
    row = mock.actions.get(action_id, user.user_id)
    return mock.respond(request, mock.actions.model(row), "Action")


async def post_decision(request: Request) -> Response:
    from talkie_mock.validation import read_json

    mock = mock_of(request)
    user = mock.auth.require(request)
    action_id = safe_id(request.path_params["actionId"], "action_not_found")
    body = await read_json(request, "DecisionRequest")
    answer = mock.actions.decide(
        action_id,
        user.user_id,
        body["decision"],
        body["paramsHash"],
        body.get("method", "button"),
        mock.locale(request),
    )
    for event in answer.model_dump(mode="json")["events"]:
        mock.hooks.event(event)
    return mock.respond(request, answer, "DecisionResponse")


async def download(request: Request) -> Response:
    mock = mock_of(request)
    mock.auth.require(request)
    identifier = request.path_params["fileId"]
    rendered = files.render(identifier)
    if rendered is None:
        raise ApiError("not_found", "file_not_found", id=identifier[:80])
    data, mime = rendered
    return Response(
        data,
        media_type=mime,
        headers={"Content-Disposition": f'inline; filename="{identifier}"', "Cache-Control": "private"},
    )


# -- errors ------------------------------------------------------------------------------------------------


def _error(request: Request, code: str, message: str, status: int, headers: dict[str, str]) -> JSONResponse:
    body = error_body(code, message).model_dump(mode="json")
    mock: Mock | None = getattr(request.app.state, "mock", None)
    if mock is not None:
        mock.hooks.response(request, status, "ErrorResponse", body)
    return JSONResponse(body, status_code=status, headers=headers)


def _locale(request: Request) -> str:
    return mock_of(request).locale(request)


async def on_api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return _error(request, exc.code, exc.message(_locale(request)), exc.status, exc.headers)


async def on_http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    locale = _locale(request)
    headers = dict(exc.headers or {})
    if exc.status_code == 405:
        allow = headers.get("Allow", "")
        # §3 pairs `invalid_request` with 400 only; a wrong method gets its own code (notes N-22).
        err = ApiError(
            "method_not_allowed", "method_not_allowed", method=request.method, allow=allow, status=405
        )
        return _error(request, "method_not_allowed", err.message(locale), 405, headers)
    if exc.status_code == 404:
        err = ApiError("not_found", "route_not_found", path=request.url.path[:200])
        return _error(request, "not_found", err.message(locale), 404, headers)
    code = {400: "invalid_request", 401: "unauthorized", 403: "forbidden", 413: "too_large"}.get(
        exc.status_code, "internal" if exc.status_code >= 500 else f"http_{exc.status_code}"
    )
    return _error(request, code, ApiError(code).message(locale), exc.status_code, headers)


async def on_crash(request: Request, exc: Exception) -> Response:
    log.error("internal error on %s %s", request.method, request.url.path, exc_info=exc)
    return _error(request, "internal", ApiError("internal").message(_locale(request)), 500, {})


def _observed(handler: Handler) -> Handler:
    """Give the observers (faults, inspector) the first look at each request."""

    async def endpoint(request: Request) -> Response:
        mock = mock_of(request)
        if mock.hooks.observers:
            early = await mock.hooks.before_request(request)
            if early is not None:
                return early
        response = await handler(request)
        if mock.hooks.wrappers:
            response = await mock.hooks.after_request(request, response)
        return response

    endpoint.__name__ = handler.__name__
    return endpoint


def routes() -> list[Route]:
    e = manifest.ENDPOINTS
    table: list[tuple[str, Handler, list[str]]] = [
        ("/.well-known/talkie.json", manifest.manifest, ["GET"]),
        (manifest.LOGO_PATH, manifest.logo, ["GET"]),
        (e["status"], manifest.status, ["GET"]),
        (e["run"], chat.run, ["POST"]),
        (e["cancelRun"], chat.cancel, ["POST"]),
        (e["threads"], threads.list_threads, ["GET"]),
        (e["thread"], threads.get_thread, ["GET"]),
        (e["thread"], threads.delete_thread, ["DELETE"]),
        (e["action"], get_action, ["GET"]),
        (e["decision"], post_decision, ["POST"]),
        (e["voiceSessions"], voice.create_session, ["POST"]),
        (e["voiceTool"], voice.tool, ["POST"]),
        (e["voiceTranscript"], voice.transcript, ["POST"]),
        (e["voiceUsage"], voice.usage, ["POST"]),
        (f"{manifest.API}/files/{{fileId}}", download, ["GET"]),
        ("/_mock/voice/sdp", voice.sdp, ["POST"]),
    ]
    return _merge(table)


def _merge(table: list[tuple[str, Handler, list[str]]]) -> list[Route]:
    """One route per path, dispatching on the method, so a wrong method is a 405 with the full `Allow`."""
    by_path: dict[str, dict[str, Handler]] = {}
    for path, handler, methods in table:
        for method in methods:
            by_path.setdefault(path, {})[method] = handler
    result = []
    for path, handlers in by_path.items():
        if len(handlers) == 1:
            (method, handler), *_ = handlers.items()
            result.append(Route(path, _observed(handler), methods=[method]))
        else:
            result.append(Route(path, _observed(_dispatch(handlers)), methods=list(handlers)))
    return result


def _dispatch(handlers: dict[str, Handler]) -> Handler:
    async def by_method(request: Request) -> Response:
        method = "GET" if request.method == "HEAD" else request.method
        return await handlers[method](request)

    return by_method


def create_app(config: MockConfig, *, clock: Clock | None = None) -> Starlette:
    """A ready ASGI application; `app.state.mock` gives tests access to its parts (clock, store…)."""
    mock = build_mock(config, clock)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await mock.runs.shutdown()

    app = MockApp(
        routes=routes(),
        exception_handlers={
            ApiError: on_api_error,
            HTTPException: on_http_error,
            Exception: on_crash,
        },
        lifespan=lifespan,
    )
    app.router = IndexedRouter(routes=app.router.routes, lifespan=lifespan)
    app.state.mock = mock
    app.mock = mock
    from talkie_mock.oauth import install

    install(app, config.oauth)
    from talkie_mock.control import install as install_devtools

    install_devtools(app)
    from talkie_mock.breaks import install as install_breaks

    install_breaks(app, config.breaks)
    return app
