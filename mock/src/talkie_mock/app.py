"""`create_app(config)`: composes one mock server — engine, talkie/1 API, OAuth and the developer tools.

Nothing is decided here: the engine (`engine/`) simulates, the API (`api/`) speaks talkie/1, `oauth/` signs
people in and `devtools/` adds everything under `/_mock/` and every deliberate misbehaviour. With
`devtools=False` the app serves the bare protocol (faults and breaks of the config are then not applied).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

from starlette.applications import Starlette
from talkie_models import TalkieModel

from talkie_mock import devtools as developer_tools
from talkie_mock import oauth
from talkie_mock.api.auth import Auth, Authenticator, DevTokenAuthenticator, Principal
from talkie_mock.api.context import Mock, MockApp
from talkie_mock.api.cors import Cors, CorsPolicy
from talkie_mock.api.fixed import FixedAnswers, KnownAnswers
from talkie_mock.api.hooks import Hooks, SelfCheck
from talkie_mock.api.issuer import ClientOrigin
from talkie_mock.api.limits import Limits
from talkie_mock.api.origin import AllowedHosts, HostCheck
from talkie_mock.api.problems import EXCEPTION_HANDLERS, refusal
from talkie_mock.api.routing import IndexedRouter, routes
from talkie_mock.config import KEPT_TOKEN, MockConfig, new_dev_token
from talkie_mock.devtools import guard
from talkie_mock.engine import usage
from talkie_mock.engine.actions import Actions
from talkie_mock.engine.agent import Agent
from talkie_mock.engine.chat import Chat
from talkie_mock.engine.clock import Clock
from talkie_mock.engine.crm import faker_for, person, slug
from talkie_mock.engine.plans import ActionSpec
from talkie_mock.engine.realtime import stack
from talkie_mock.engine.realtime.provider import Provider
from talkie_mock.engine.realtime.speech import Speaker
from talkie_mock.engine.runs import RunManager
from talkie_mock.engine.scenarios import Scenario
from talkie_mock.engine.store import Store
from talkie_mock.engine.variations import Variations


class _RunServices:
    """What the run engine may use: proposals, usage, time and the observers — never decisions."""

    def __init__(
        self, config: MockConfig, store: Store, clock: Clock, actions: Actions, hooks: Hooks
    ) -> None:
        self._config, self._store, self._clock, self._actions, self._hooks = (
            config,
            store,
            clock,
            actions,
            hooks,
        )

    def propose(self, spec: ActionSpec, user_id: str, thread_id: str) -> TalkieModel:
        return self._actions.propose(spec, user_id, thread_id)

    def usage_event(self, user_id: str, tokens: int) -> TalkieModel:
        return usage.usage_event(self._store, self._clock, self._config, user_id, tokens, self._config.locale)

    def now_ms(self) -> int:
        return self._clock.now_ms()

    def event_published(self, event: dict[str, Any]) -> None:
        self._hooks.event(event)


def dev_principal(config: MockConfig, number: int = 1) -> Principal:
    """The user behind a dev token (the `number`th): a stable invented person (same seed, same name)."""
    suffix = "" if number == 1 else str(number)
    fake = faker_for(config.locale, f"{config.seed}:dev-user{suffix}")
    name = " ".join(person(fake))
    return Principal(
        user_id=f"u_dev{suffix}", name=name, email=f"{slug(name).replace('-', '.')}{suffix}@example.org"
    )


def dev_authenticators(config: MockConfig, user: Principal) -> list[Authenticator]:
    """The dev token's user, then one user of its own for each further token."""
    others = [
        DevTokenAuthenticator(token, dev_principal(config, number))
        for number, token in enumerate(config.other_tokens, start=2)
    ]
    return [DevTokenAuthenticator(config.token, user), *others]


def build_mock(config: MockConfig, clock: Clock | None = None) -> Mock:
    """The engine and the API's shared parts, wired once; the run engine starts (and recovers) here."""
    clock = clock or Clock(config.clock_start)
    store = Store(config.state)
    if config.token == KEPT_TOKEN:
        config = replace(config, token=store.settings.setting("dev_token", new_dev_token))
    if config.voice and not stack.available():
        config = replace(config, voice=False)  # the text-only install: no voice endpoints (notes N-92)
    user = dev_principal(config)
    hooks = Hooks()
    if config.self_check:
        hooks.add(SelfCheck())
    scenario = Scenario.load(config.scenario) if config.scenario else None
    variations = Variations(config.vary)
    actions = Actions(store, clock, config, variations)
    runs = RunManager(store, _RunServices(config, store, clock, actions, hooks), variations)
    agent = Agent(config, scenario, clock.now)
    mock = Mock(
        config=config,
        clock=clock,
        store=store,
        auth=Auth(dev_authenticators(config, user)),
        hooks=hooks,
        agent=agent,
        actions=actions,
        runs=runs,
        chat=Chat(store, runs, agent, clock, config.max_message_chars, variations),
        dev_user=user,
        voice=Provider(
            Speaker(config.voice_words_per_minute), clock.now_ms, scenario.voice if scenario else None
        ),
        vary=variations,
    )
    runs.recover()
    return mock


def create_app(config: MockConfig, *, clock: Clock | None = None, devtools: bool = True) -> Starlette:
    """A ready ASGI application; `app.state.mock` gives tests access to its parts (clock, store…)."""
    mock = build_mock(config, clock)
    config = mock.config  # with the dev token it keeps

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await mock.runs.shutdown()
        await mock.voice.close_all()

    app = MockApp(routes=routes(), exception_handlers=dict(EXCEPTION_HANDLERS), lifespan=lifespan)
    # no 307 to the path without its trailing slash: a path that is no endpoint is a §3 404 (MAN-009 info)
    app.router = IndexedRouter(routes=app.router.routes, lifespan=lifespan, redirect_slashes=False)
    app.state.mock = mock
    app.mock = mock
    # made afresh at every start, in memory only: a link of an earlier run opens nothing (devtools.guard)
    dev_key = guard.DevKey(config.devtools_key, config.key_lifetime)
    key = dev_key.value
    app.state.dev_key = dev_key
    app.state.devtools_key = key
    oauth.install(app, config.oauth, secret=key)
    answers = KnownAnswers(mock)
    app.add_middleware(FixedAnswers, answers=answers)  # innermost: recorded and guarded like every request
    tools = developer_tools.install(app, config.breaks, fixed=answers) if devtools else None
    # outermost last: Host check (every request) → the client's origin (api.issuer) → CORS → developer-surface
    # guard → body cap and read deadline; what they refuse, the inspector and the terminal log still show
    render = refusal(config.locale, tools.traffic.refused if tools is not None else None)
    app.add_middleware(
        Limits, max_body=config.max_body_bytes, read_timeout=config.read_timeout, refusal=render
    )
    if devtools:
        app.add_middleware(guard.DevGuard, key=dev_key, refusal=render, open_=config.open_devtools)
    else:  # only the OAuth account pages are a developer surface: the guard wraps their routes alone
        guard.guard_routes(app.router.routes, dev_key, render, open_=config.open_devtools)
    app.add_middleware(Cors, policy=CorsPolicy(config.cors_origins), refusal=render)
    allowed = AllowedHosts([config.public_url], config.extra_hosts)
    aliases = [*allowed.names - {"localhost"}]
    app.add_middleware(ClientOrigin, configured=config.origin, aliases=aliases)
    app.add_middleware(HostCheck, allowed=allowed, refusal=render)
    return app
