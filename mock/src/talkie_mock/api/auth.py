"""Who is calling: bearer tokens resolved to a principal by pluggable authenticators.

Two authenticators answer: the dev token printed at start (§2.2, :class:`DevTokenAuthenticator`) and the
mock's OAuth authorization server (`oauth.authenticator`, added by `oauth.install`), which resolves its
access tokens. The endpoints only ever see a :class:`Principal` and do not care which one answered.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from typing import Protocol

from starlette.requests import Request

from talkie_mock.errors import ApiError


@dataclass(frozen=True)
class Principal:
    """The user a request acts for."""

    user_id: str
    name: str
    email: str
    scopes: frozenset[str] = field(default_factory=lambda: frozenset({"talkie"}))


class Authenticator(Protocol):
    """Resolves a bearer token to a principal, or None when the token is not one of its own."""

    def authenticate(self, token: str) -> Principal | None: ...


class DevTokenAuthenticator:
    """The development token (`auth.token` in the manifest): one fixed token for one fixed user."""

    def __init__(self, token: str, principal: Principal) -> None:
        self._token = token.encode()
        self.principal = principal

    def authenticate(self, token: str) -> Principal | None:
        if hmac.compare_digest(token.encode(), self._token):
            return self.principal
        return None


class Auth:
    """Asks each authenticator in turn; the first that knows the token wins."""

    def __init__(self, authenticators: list[Authenticator]) -> None:
        self.authenticators = authenticators

    def add(self, authenticator: Authenticator) -> None:
        self.authenticators.append(authenticator)

    def resolve(self, header: str) -> Principal | None:
        """The principal an `Authorization` header value names, or None (then :meth:`require` refuses)."""
        scheme, _, token = header.partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token:
            return None
        for authenticator in self.authenticators:
            principal = authenticator.authenticate(token)
            if principal is not None:
                return principal
        return None

    def require(self, request: Request) -> Principal:
        """The caller's principal, or a 401 `unauthorized` with a `WWW-Authenticate: Bearer` challenge."""
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ApiError("unauthorized", headers={"WWW-Authenticate": 'Bearer realm="talkie"'})
        principal = self.resolve(header)
        if principal is not None:
            return principal
        raise ApiError(
            "unauthorized", headers={"WWW-Authenticate": 'Bearer realm="talkie", error="invalid_token"'}
        )
