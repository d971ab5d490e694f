"""OAuth errors, split by how they reach the client.

RFC 6749 §4.1.2.1 forbids redirecting to a redirect URI the server has not verified, so authorization errors
come in two kinds: those found before the client and its redirect URI are trusted (shown to the person on an
HTML page) and those found after (sent back to the app through the redirect). Token and revocation errors
are JSON bodies of RFC 6749 §5.2.
"""

from __future__ import annotations

from talkie_mock.errors import MockError


class OAuthError(MockError):
    """An RFC 6749 error answered as JSON by the token or revocation endpoint."""

    def __init__(self, error: str, description: str, *, status: int = 400) -> None:
        super().__init__(f"{error}: {description}")
        self.error = error
        self.description = description
        self.status = status

    def body(self) -> dict[str, str]:
        return {"error": self.error, "error_description": self.description}


class PageError(MockError):
    """An authorization request that must not be redirected: no trusted client or redirect URI yet."""

    def __init__(self, error: str, description: str) -> None:
        super().__init__(f"{error}: {description}")
        self.error = error
        self.description = description


class RedirectError(MockError):
    """An authorization error for a trusted redirect URI: it goes back to the app with `state` and `iss`."""

    def __init__(self, redirect_uri: str, error: str, description: str, state: str | None) -> None:
        super().__init__(f"{error}: {description}")
        self.redirect_uri = redirect_uri
        self.error = error
        self.description = description
        self.state = state
