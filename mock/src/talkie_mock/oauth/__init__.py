"""The mock's OAuth 2.1 authorization server (§2.1 of talkie/1, notes N-01).

Public clients sign in with the authorization code grant and PKCE `S256`; the server is built to be strict
about the Talkie profile and, through :class:`Fault` switches, to break single rules on purpose so an app can
be shown to refuse a misbehaving server. :func:`install` mounts it into an app from the app
factory, :func:`talkie_mock.app.create_app`.
"""

from talkie_mock.config import Fault, OAuthSettings
from talkie_mock.oauth.authenticator import OAuthAuthenticator
from talkie_mock.oauth.clients import Client, ClientConfigError, ClientRegistry
from talkie_mock.oauth.endpoints import OAuthEndpoints
from talkie_mock.oauth.integration import build_server, install
from talkie_mock.oauth.server import Authenticated, AuthorizationServer, Rejected
from talkie_mock.oauth.store import OAuthStore
from talkie_mock.oauth.users import OAuthUser, UserDirectory, seeded_users

__all__ = [
    "Authenticated",
    "AuthorizationServer",
    "Client",
    "ClientConfigError",
    "ClientRegistry",
    "Fault",
    "OAuthAuthenticator",
    "OAuthEndpoints",
    "OAuthSettings",
    "OAuthStore",
    "OAuthUser",
    "Rejected",
    "UserDirectory",
    "build_server",
    "install",
    "seeded_users",
]
