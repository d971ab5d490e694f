"""Resolves the authorization server's access tokens for the Talkie endpoints.

It plugs into the core mock's :class:`talkie_mock.api.auth.Auth` next to the dev-token authenticator: a token
it does not know, an expired or revoked one, or one without the `talkie` scope yields None, and the core
answers 401 `unauthorized` — which is what makes a client refresh (§2.1).
"""

from __future__ import annotations

from talkie_mock.api.auth import Principal
from talkie_mock.oauth.server import Authenticated, AuthorizationServer, BearerResult


class OAuthAuthenticator:
    """:class:`talkie_mock.api.auth.Authenticator` for the tokens of the mock's authorization server."""

    def __init__(self, server: AuthorizationServer) -> None:
        self.server = server

    def check(self, token: str) -> BearerResult:
        """The detailed verdict (why a token was refused), for callers that want more than yes or no."""
        return self.server.authenticate(token)

    def authenticate(self, token: str) -> Principal | None:
        result = self.check(token)
        if not isinstance(result, Authenticated):
            return None
        user = result.user
        return Principal(user_id=user.id, name=user.name, email=user.email, scopes=frozenset(result.scope))
