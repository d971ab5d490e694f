"""Helpers of the OAuth tests: a mock with its authorization server, PKCE pairs, redirect parsing."""

from __future__ import annotations

import base64
import hashlib
import secrets
import urllib.parse
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

import httpx
from starlette.applications import Starlette
from talkie_mock import MockConfig, create_app
from talkie_mock.oauth import AuthorizationServer, OAuthSettings
from talkie_models.protocol import TALKIE_CLIENT_ID, TALKIE_REDIRECT_URI

ORIGIN = "http://127.0.0.1:8765"
ISSUER = ORIGIN + "/oauth"
AUTHORIZE = "/oauth/authorize"
TOKEN = "/oauth/token"
REVOKE = "/oauth/revoke"
STATUS = "/api/talkie/status"
START = datetime(2026, 10, 22, 10, 0, 0, tzinfo=UTC)


@dataclass
class Mock:
    """One mock app with its authorization server, and an in-process HTTP client for it."""

    app: Starlette
    server: AuthorizationServer
    http: httpx.AsyncClient

    def advance(self, seconds: float) -> None:
        self.app.state.mock.clock.advance(seconds)


def make_mock(settings: OAuthSettings | None = None, **config: Any) -> Mock:
    base = MockConfig(
        public_url=ORIGIN,
        clock_start=START,
        locale="en",
        token="tk_test_dev",
        oauth=settings or OAuthSettings(),
        open_devtools=True,  # the account pages without the developer secret (devtools.guard)
    )
    app = create_app(replace(base, **config))
    server: AuthorizationServer = app.state.oauth  # mounted by create_app itself
    http = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=ORIGIN)
    return Mock(app, server, http)


def pkce_pair() -> tuple[str, str]:
    """A code verifier and its S256 challenge, computed here independently of the server code."""
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def authorize_params(challenge: str, **changes: str | None) -> dict[str, str]:
    """A valid authorization request for the Talkie app; a change of None drops the parameter."""
    params: dict[str, str | None] = {
        "response_type": "code",
        "client_id": TALKIE_CLIENT_ID,
        "redirect_uri": TALKIE_REDIRECT_URI,
        "scope": "talkie offline_access",
        "state": "st_" + secrets.token_hex(6),
        "code_challenge": challenge,
        "code_challenge_method": "S256",
    }
    params.update(changes)
    return {k: v for k, v in params.items() if v is not None}


def redirect_query(response: httpx.Response) -> dict[str, str]:
    """The query of a redirect to the app's callback (asserting it goes there)."""
    assert response.status_code in (302, 303), response.text
    location = response.headers["location"]
    assert location.startswith(TALKIE_REDIRECT_URI + "?"), location
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(location).query))


async def get_code(mock: Mock, **changes: str | None) -> tuple[str, str, dict[str, str]]:
    """Run an auto-approved authorization; returns (code, verifier, redirect query)."""
    verifier, challenge = pkce_pair()
    response = await mock.http.get(AUTHORIZE, params=authorize_params(challenge, **changes))
    query = redirect_query(response)
    return query["code"], verifier, query


def code_form(code: str, verifier: str | None, **changes: str) -> dict[str, str]:
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": TALKIE_REDIRECT_URI,
        "client_id": TALKIE_CLIENT_ID,
    }
    if verifier is not None:
        form["code_verifier"] = verifier
    form.update(changes)
    return form


def refresh_form(refresh_token: str) -> dict[str, str]:
    return {"grant_type": "refresh_token", "refresh_token": refresh_token, "client_id": TALKIE_CLIENT_ID}


async def sign_in(mock: Mock) -> dict[str, Any]:
    """A complete auto-approved sign-in with offline access; returns the token response."""
    code, verifier, _ = await get_code(mock)
    response = await mock.http.post(TOKEN, data=code_form(code, verifier))
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def oauth_error(response: httpx.Response, error: str, status: int = 400) -> str:
    """Assert an RFC 6749 §5.2 error answer; returns its description."""
    assert response.status_code == status, response.text
    assert response.headers["cache-control"] == "no-store"
    body = response.json()
    assert body["error"] == error, body
    description: str = body["error_description"]
    return description
