"""Mounting the authorization server into a mock built by :func:`talkie_mock.app.create_app`.

One call wires everything: the OAuth tables go into the mock's state file (its transaction core, their own
schema version), the routes are put in front of the core routes, and the access-token authenticator joins the
core :class:`~talkie_mock.api.auth.Auth`, so every Talkie endpoint accepts OAuth tokens from then on.
"""

from __future__ import annotations

from starlette.applications import Starlette

from talkie_mock.api.context import Mock
from talkie_mock.config import OAuthSettings
from talkie_mock.oauth.authenticator import OAuthAuthenticator
from talkie_mock.oauth.clients import ClientRegistry
from talkie_mock.oauth.endpoints import OAuthEndpoints
from talkie_mock.oauth.server import AuthorizationServer
from talkie_mock.oauth.store import OAuthStore
from talkie_mock.oauth.users import OAuthUser, UserDirectory, seeded_users


def build_server(mock: Mock, settings: OAuthSettings) -> AuthorizationServer:
    """An authorization server sharing the mock's state file, clock, seed and locale."""
    users = seeded_users(mock.config.seed, mock.config.locale, settings.user_count)
    users += [OAuthUser(*fields) for fields in settings.extra_users]
    return AuthorizationServer(
        origin=mock.config.origin,
        settings=settings,
        store=OAuthStore(mock.store.db),
        users=UserDirectory(users),
        clients=ClientRegistry(settings.client_files, settings.client_urls),
        now_ms=mock.now_ms,
    )


def install(app: Starlette, settings: OAuthSettings | None = None, *, secret: str) -> AuthorizationServer:
    """Add the authorization server to a mock app; returns it (also kept as `app.state.oauth`). `secret`
    (the instance's developer secret) keys the CSRF tokens of its forms."""
    mock: Mock = app.state.mock
    server = build_server(mock, settings or OAuthSettings())
    endpoints = OAuthEndpoints(
        server,
        locale=mock.config.locale,
        server_name=mock.config.server_name,
        locale_of=mock.locale,
        secret=secret,
    )
    app.router.routes[0:0] = endpoints.routes()
    mock.auth.add(OAuthAuthenticator(server))
    app.state.oauth = server
    return server
