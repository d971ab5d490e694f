"""An independent OAuth client (Authlib) signs in, uses the token, refreshes, and is caught reusing."""

from __future__ import annotations

import urllib.parse
from typing import Any

import pytest
from authlib.common.security import generate_token  # type: ignore[import-untyped]
from authlib.integrations.httpx_client import AsyncOAuth2Client, OAuthError  # type: ignore[import-untyped]
from authlib.integrations.httpx_client._compat import httpx2  # type: ignore[import-untyped]
from oauth_helpers import ISSUER, ORIGIN, STATUS, Mock, bearer, make_mock
from talkie_mock.oauth import OAuthSettings
from talkie_models.protocol import TALKIE_CLIENT_ID, TALKIE_REDIRECT_URI

pytestmark = [
    pytest.mark.anyio,
    # Authlib 1.9 prefers the httpx2 package and warns when it falls back to httpx.
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
    pytest.mark.filterwarnings("ignore:.*httpx.*"),
]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def authlib_client(mock: Mock) -> Any:
    return AsyncOAuth2Client(
        client_id=TALKIE_CLIENT_ID,
        redirect_uri=TALKIE_REDIRECT_URI,
        scope="talkie offline_access",
        code_challenge_method="S256",
        token_endpoint_auth_method="none",
        # authlib speaks httpx2 when it is installed (and plain httpx otherwise): give it its own transport
        transport=httpx2.ASGITransport(app=mock.app),
        base_url=ORIGIN,
    )


async def test_code_pkce_status_refresh_reuse_and_revocation() -> None:
    mock = make_mock(OAuthSettings(auto_approve=True))
    client = authlib_client(mock)
    meta = (await mock.http.get("/.well-known/oauth-authorization-server/oauth")).json()
    assert meta["issuer"] == ISSUER

    verifier = generate_token(64)
    url, state = client.create_authorization_url(meta["authorization_endpoint"], code_verifier=verifier)
    sent = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query))
    assert sent["code_challenge_method"] == "S256"

    answer = await client.request("GET", url, withhold_token=True)
    assert answer.status_code == 302
    location = answer.headers["location"]
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(location).query))
    assert query["state"] == state
    assert query["iss"] == ISSUER  # RFC 9207: what a client must compare with the issuer it started with

    token = await client.fetch_token(
        meta["token_endpoint"], authorization_response=location, code_verifier=verifier
    )
    assert token["token_type"].lower() == "bearer"
    assert set(token["scope"].split()) == {"talkie", "offline_access"}
    assert token["expires_in"] == 3600
    first_refresh = token["refresh_token"]

    status = await client.get(STATUS)
    assert status.status_code == 200, status.text
    user = mock.server.users.default
    assert status.json()["user"] == {"id": user.id, "name": user.name, "email": user.email}

    rotated = await client.refresh_token(meta["token_endpoint"], refresh_token=first_refresh)
    assert rotated["refresh_token"] != first_refresh
    assert rotated["access_token"] != token["access_token"]
    assert (await client.get(STATUS)).status_code == 200

    # Reuse of the retired refresh token: refused, and the whole family goes with it.
    with pytest.raises(OAuthError) as refused:
        await client.refresh_token(meta["token_endpoint"], refresh_token=first_refresh)
    assert refused.value.error == "invalid_grant"
    with pytest.raises(OAuthError) as dead:
        await client.refresh_token(meta["token_endpoint"], refresh_token=rotated["refresh_token"])
    assert dead.value.error == "invalid_grant"
    after = await mock.http.get(STATUS, headers=bearer(rotated["access_token"]))
    assert after.status_code == 401
    assert "invalid_token" in after.headers["www-authenticate"]


async def test_revocation_signs_the_device_out() -> None:
    mock = make_mock(OAuthSettings(auto_approve=True))
    client = authlib_client(mock)
    verifier = generate_token(64)
    url, _ = client.create_authorization_url(ORIGIN + "/oauth/authorize", code_verifier=verifier)
    location = (await client.request("GET", url, withhold_token=True)).headers["location"]
    token = await client.fetch_token(
        ORIGIN + "/oauth/token", authorization_response=location, code_verifier=verifier
    )
    assert (await client.get(STATUS)).status_code == 200

    revoked = await client.revoke_token(
        ORIGIN + "/oauth/revoke", token=token["refresh_token"], token_type_hint="refresh_token"
    )
    assert revoked.status_code == 200
    assert revoked.headers["cache-control"] == "no-store"
    assert (await mock.http.get(STATUS, headers=bearer(token["access_token"]))).status_code == 401
    with pytest.raises(OAuthError) as refused:
        await client.refresh_token(ORIGIN + "/oauth/token", refresh_token=token["refresh_token"])
    assert refused.value.error == "invalid_grant"
