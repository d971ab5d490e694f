"""Metadata at both addresses, and each negative switch giving exactly the promised misbehaviour."""

from __future__ import annotations

import pytest
from oauth_helpers import (
    ISSUER,
    ORIGIN,
    STATUS,
    TOKEN,
    bearer,
    code_form,
    get_code,
    make_mock,
    oauth_error,
    refresh_form,
    sign_in,
)
from talkie_mock.oauth import Fault, OAuthSettings

pytestmark = pytest.mark.anyio
APPENDED = "/oauth/.well-known/oauth-authorization-server"
INSERTED = "/.well-known/oauth-authorization-server/oauth"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def with_faults(*faults: Fault) -> OAuthSettings:
    return OAuthSettings(auto_approve=True, faults=frozenset(faults))


async def test_metadata_at_both_forms() -> None:
    mock = make_mock()
    appended = await mock.http.get(APPENDED)
    inserted = await mock.http.get(INSERTED)
    assert appended.status_code == inserted.status_code == 200
    assert appended.json() == inserted.json()
    meta = appended.json()
    assert meta["issuer"] == ISSUER
    assert meta["authorization_endpoint"] == ORIGIN + "/oauth/authorize"
    assert meta["token_endpoint"] == ORIGIN + "/oauth/token"
    assert meta["revocation_endpoint"] == ORIGIN + "/oauth/revoke"
    assert meta["response_types_supported"] == ["code"]
    assert meta["grant_types_supported"] == ["authorization_code", "refresh_token"]
    assert meta["code_challenge_methods_supported"] == ["S256"]
    assert meta["token_endpoint_auth_methods_supported"] == ["none"]
    assert meta["revocation_endpoint_auth_methods_supported"] == ["none"]
    assert meta["scopes_supported"] == ["talkie", "offline_access"]
    assert meta["authorization_response_iss_parameter_supported"] is True
    assert meta["client_id_metadata_document_supported"] is True
    # The manifest points clients at this issuer (N-01).
    manifest = (await mock.http.get("/.well-known/talkie.json")).json()
    assert manifest["auth"]["oauth"]["issuer"] == ISSUER


async def test_openid_configuration_is_not_served() -> None:
    mock = make_mock()
    assert (await mock.http.get("/oauth/.well-known/openid-configuration")).status_code == 404
    assert (await mock.http.get("/.well-known/openid-configuration/oauth")).status_code == 404


async def test_wrong_iss() -> None:
    mock = make_mock(with_faults(Fault.WRONG_ISS))
    _, _, query = await get_code(mock)
    assert query["iss"] != ISSUER
    assert query["iss"] == ISSUER + "-not-the-issuer"
    assert "code" in query


async def test_missing_iss() -> None:
    mock = make_mock(with_faults(Fault.MISSING_ISS))
    _, _, query = await get_code(mock)
    assert "iss" not in query
    assert "code" in query
    assert "state" in query


async def test_expired_code() -> None:
    mock = make_mock(with_faults(Fault.EXPIRED_CODE))
    code, verifier, _ = await get_code(mock)
    description = oauth_error(await mock.http.post(TOKEN, data=code_form(code, verifier)), "invalid_grant")
    assert "expired" in description


async def test_refresh_denied() -> None:
    mock = make_mock(with_faults(Fault.REFRESH_DENIED))
    tokens = await sign_in(mock)
    assert (await mock.http.get(STATUS, headers=bearer(tokens["access_token"]))).status_code == 200
    for _ in range(2):
        oauth_error(await mock.http.post(TOKEN, data=refresh_form(tokens["refresh_token"])), "invalid_grant")


async def test_metadata_without_s256() -> None:
    mock = make_mock(with_faults(Fault.NO_S256))
    for path in (APPENDED, INSERTED):
        meta = (await mock.http.get(path)).json()
        assert meta["code_challenge_methods_supported"] == ["plain"]
        assert "S256" not in meta["code_challenge_methods_supported"]


async def test_switches_are_independent() -> None:
    mock = make_mock(with_faults(Fault.MISSING_ISS, Fault.NO_S256))
    code, verifier, query = await get_code(mock)
    assert "iss" not in query
    # Codes still work and refresh is still allowed: only the two chosen rules are bent.
    tokens = (await mock.http.post(TOKEN, data=code_form(code, verifier))).json()
    assert (await mock.http.post(TOKEN, data=refresh_form(tokens["refresh_token"]))).status_code == 200
