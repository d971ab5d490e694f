"""Rules of the authorization and token endpoints, each shown by the exact answer a client gets."""

from __future__ import annotations

import pytest
from oauth_helpers import (
    AUTHORIZE,
    ISSUER,
    REVOKE,
    STATUS,
    TOKEN,
    authorize_params,
    bearer,
    code_form,
    get_code,
    make_mock,
    oauth_error,
    pkce_pair,
    redirect_query,
    refresh_form,
    sign_in,
)
from talkie_mock.oauth import OAuthSettings

pytestmark = pytest.mark.anyio
AUTO = OAuthSettings(auto_approve=True)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


# -- authorization endpoint: errors that go back to the app --------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "error", "fragment"),
    [
        ({"code_challenge": None, "code_challenge_method": None}, "invalid_request", "PKCE is required"),
        ({"code_challenge_method": "plain"}, "invalid_request", "S256"),
        ({"code_challenge_method": None}, "invalid_request", "S256"),
        ({"state": None}, "invalid_request", "state"),
        ({"response_type": "token"}, "unsupported_response_type", "response_type=code"),
        ({"scope": "talkie admin"}, "invalid_scope", "admin"),
        ({"code_challenge": "too-short"}, "invalid_request", "base64url"),
    ],
)
async def test_rejected_requests_redirect_with_the_rfc_error(
    changes: dict[str, str | None], error: str, fragment: str
) -> None:
    mock = make_mock(AUTO)
    _, challenge = pkce_pair()
    params = authorize_params(challenge, **changes)
    query = redirect_query(await mock.http.get(AUTHORIZE, params=params))
    assert "code" not in query
    assert query["error"] == error
    assert fragment in query["error_description"]
    assert query["iss"] == ISSUER
    assert query.get("state") == params.get("state")


async def test_repeated_parameter_is_rejected() -> None:
    mock = make_mock(AUTO)
    _, challenge = pkce_pair()
    params: list[tuple[str, str | int | float | bool | None]] = [
        *authorize_params(challenge).items(),
        ("scope", "talkie"),
    ]
    query = redirect_query(await mock.http.get(AUTHORIZE, params=params))
    assert query["error"] == "invalid_request"
    assert "scope" in query["error_description"]


# -- authorization endpoint: errors shown to the person, never redirected ------------------------------------


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"client_id": "https://apps.example.org/unknown/client.json"}, "invalid_client"),
        ({"client_id": None}, "invalid_request"),
        ({"redirect_uri": "cz.firemnicrm.talkie:/oauth/other"}, "invalid_request"),
        ({"redirect_uri": "https://attacker.example.net/cb"}, "invalid_request"),
        ({"redirect_uri": "cz.firemnicrm.talkie:/oauth/callback/"}, "invalid_request"),
    ],
)
async def test_untrusted_client_or_redirect_gets_an_html_page(
    changes: dict[str, str | None], error: str
) -> None:
    mock = make_mock(AUTO)
    _, challenge = pkce_pair()
    response = await mock.http.get(AUTHORIZE, params=authorize_params(challenge, **changes))
    assert response.status_code == 400
    assert "location" not in response.headers
    assert response.headers["content-type"].startswith("text/html")
    assert f"<code>{error}</code>" in response.text
    assert "<script" not in response.text


async def test_omitted_redirect_uri_uses_the_single_registered_one() -> None:
    mock = make_mock(AUTO)
    code, verifier, _ = await get_code(mock, redirect_uri=None)
    # The token request must then omit it too (RFC 6749 §4.1.3).
    with_uri = await mock.http.post(TOKEN, data=code_form(code, verifier))
    oauth_error(with_uri, "invalid_grant")
    code, verifier, _ = await get_code(mock, redirect_uri=None)
    form = code_form(code, verifier)
    del form["redirect_uri"]
    assert (await mock.http.post(TOKEN, data=form)).status_code == 200


# -- token endpoint ------------------------------------------------------------------------------------------


async def test_token_response_shape_and_headers() -> None:
    mock = make_mock(AUTO)
    code, verifier, _ = await get_code(mock)
    response = await mock.http.post(TOKEN, data=code_form(code, verifier))
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-store"
    body = response.json()
    assert body["token_type"] == "Bearer"
    assert body["access_token"].startswith("tka_")
    assert body["refresh_token"].startswith("tkr_")
    assert body["expires_in"] == 3600


async def test_no_refresh_token_without_offline_access() -> None:
    mock = make_mock(AUTO)
    code, verifier, _ = await get_code(mock, scope="talkie")
    body = (await mock.http.post(TOKEN, data=code_form(code, verifier))).json()
    assert body["scope"] == "talkie"
    assert "refresh_token" not in body
    assert (await mock.http.get(STATUS, headers=bearer(body["access_token"]))).status_code == 200


async def test_missing_verifier_is_invalid_request() -> None:
    mock = make_mock(AUTO)
    code, _, _ = await get_code(mock)
    description = oauth_error(await mock.http.post(TOKEN, data=code_form(code, None)), "invalid_request")
    assert "code_verifier" in description


async def test_wrong_verifier_is_invalid_grant_and_burns_the_code() -> None:
    mock = make_mock(AUTO)
    code, verifier, _ = await get_code(mock)
    other, _ = pkce_pair()
    oauth_error(await mock.http.post(TOKEN, data=code_form(code, other)), "invalid_grant")
    oauth_error(await mock.http.post(TOKEN, data=code_form(code, verifier)), "invalid_grant")


async def test_wrong_redirect_uri_or_client_at_token_endpoint() -> None:
    mock = make_mock(AUTO)
    code, verifier, _ = await get_code(mock)
    form = code_form(code, verifier, redirect_uri="cz.firemnicrm.talkie:/oauth/elsewhere")
    assert "redirect_uri" in oauth_error(await mock.http.post(TOKEN, data=form), "invalid_grant")
    code, verifier, _ = await get_code(mock)
    form = code_form(code, verifier, client_id="https://apps.example.org/other/client.json")
    oauth_error(await mock.http.post(TOKEN, data=form), "invalid_client")


async def test_reused_code_is_refused_and_revokes_what_it_issued() -> None:
    mock = make_mock(AUTO)
    code, verifier, _ = await get_code(mock)
    first = (await mock.http.post(TOKEN, data=code_form(code, verifier))).json()
    assert (await mock.http.get(STATUS, headers=bearer(first["access_token"]))).status_code == 200
    description = oauth_error(await mock.http.post(TOKEN, data=code_form(code, verifier)), "invalid_grant")
    assert "already used" in description
    assert (await mock.http.get(STATUS, headers=bearer(first["access_token"]))).status_code == 401
    oauth_error(await mock.http.post(TOKEN, data=refresh_form(first["refresh_token"])), "invalid_grant")


async def test_code_expires_after_its_short_life() -> None:
    mock = make_mock(AUTO)
    code, verifier, _ = await get_code(mock)
    mock.advance(61)
    assert "expired" in oauth_error(
        await mock.http.post(TOKEN, data=code_form(code, verifier)), "invalid_grant"
    )


async def test_unknown_code_and_unsupported_grant() -> None:
    mock = make_mock(AUTO)
    _, verifier, _ = await get_code(mock)
    oauth_error(await mock.http.post(TOKEN, data=code_form("tkc_forged", verifier)), "invalid_grant")
    form = {"grant_type": "password", "client_id": "x", "username": "a", "password": "b"}
    oauth_error(await mock.http.post(TOKEN, data=form), "unsupported_grant_type")
    json_body = await mock.http.post(TOKEN, json={"grant_type": "authorization_code"})
    oauth_error(json_body, "invalid_request")


# -- access token lifetime, refresh rotation and families ----------------------------------------------------


async def test_access_token_expires_and_refresh_brings_a_working_one() -> None:
    mock = make_mock(OAuthSettings(auto_approve=True, fast_expiry=True))
    tokens = await sign_in(mock)
    assert tokens["expires_in"] == 30
    mock.advance(31)
    expired = await mock.http.get(STATUS, headers=bearer(tokens["access_token"]))
    assert expired.status_code == 401
    fresh = (await mock.http.post(TOKEN, data=refresh_form(tokens["refresh_token"]))).json()
    assert (await mock.http.get(STATUS, headers=bearer(fresh["access_token"]))).status_code == 200


async def test_refresh_token_expires() -> None:
    mock = make_mock(OAuthSettings(auto_approve=True, fast_expiry=True))
    tokens = await sign_in(mock)
    mock.advance(301)
    assert "expired" in oauth_error(
        await mock.http.post(TOKEN, data=refresh_form(tokens["refresh_token"])), "invalid_grant"
    )


async def test_refresh_cannot_widen_scope() -> None:
    mock = make_mock(AUTO)
    code, verifier, _ = await get_code(mock, scope="offline_access")
    tokens = (await mock.http.post(TOKEN, data=code_form(code, verifier))).json()
    # A token without `talkie` does not open Talkie endpoints.
    assert (await mock.http.get(STATUS, headers=bearer(tokens["access_token"]))).status_code == 401
    form = {**refresh_form(tokens["refresh_token"]), "scope": "talkie offline_access"}
    oauth_error(await mock.http.post(TOKEN, data=form), "invalid_scope")


async def test_revoking_an_access_token_leaves_the_refresh_token() -> None:
    mock = make_mock(AUTO)
    tokens = await sign_in(mock)
    response = await mock.http.post(REVOKE, data={"token": tokens["access_token"]})
    assert response.status_code == 200
    assert (await mock.http.get(STATUS, headers=bearer(tokens["access_token"]))).status_code == 401
    assert (await mock.http.post(TOKEN, data=refresh_form(tokens["refresh_token"]))).status_code == 200


async def test_revocation_of_unknown_token_is_fine_and_missing_token_is_not() -> None:
    mock = make_mock(AUTO)
    assert (await mock.http.post(REVOKE, data={"token": "tkr_never_issued"})).status_code == 200
    oauth_error(await mock.http.post(REVOKE, data={"token_type_hint": "refresh_token"}), "invalid_request")
