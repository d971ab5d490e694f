"""The sign-in page, the device list (page and JSON) and escaping of everything they show."""

from __future__ import annotations

import re
import urllib.parse

import pytest
from oauth_helpers import (
    AUTHORIZE,
    ISSUER,
    STATUS,
    TOKEN,
    authorize_params,
    bearer,
    code_form,
    make_mock,
    pkce_pair,
    redirect_query,
    sign_in,
)
from talkie_mock.oauth import OAuthSettings

pytestmark = pytest.mark.anyio
EVIL = "<script>alert(1)</script>"
EVIL_USER = ("u_evil", EVIL, "evil@example.org")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def hidden_fields(html: str) -> dict[str, str]:
    import html as html_lib

    pairs = re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', html)
    return {html_lib.unescape(k): html_lib.unescape(v) for k, v in pairs}


async def test_sign_in_page_lists_users_and_escapes_them() -> None:
    mock = make_mock(OAuthSettings(extra_users=(EVIL_USER,)))
    _, challenge = pkce_pair()
    params = authorize_params(challenge, state='"><b>x</b>')
    page = await mock.http.get(AUTHORIZE, params=params)
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
    assert EVIL not in page.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text
    assert "<b>x</b>" not in page.text
    assert "<script" not in page.text.lower()
    for user in mock.server.users.all:
        assert f'value="{user.id}"' in page.text
    assert 'value="approve"' in page.text
    assert 'value="deny"' in page.text
    # The form carries the request back unchanged, including the hostile state.
    assert hidden_fields(page.text)["state"] == params["state"]


async def test_approve_as_chosen_user() -> None:
    mock = make_mock()
    verifier, challenge = pkce_pair()
    page = await mock.http.get(AUTHORIZE, params=authorize_params(challenge))
    chosen = mock.server.users.all[1]
    form = {**hidden_fields(page.text), "user": chosen.id, "decision": "approve"}
    answer = await mock.http.post(AUTHORIZE, data=form)
    assert answer.status_code == 303
    query = redirect_query(answer)
    assert query["iss"] == ISSUER
    tokens = (await mock.http.post(TOKEN, data=code_form(query["code"], verifier))).json()
    status = (await mock.http.get(STATUS, headers=bearer(tokens["access_token"]))).json()
    assert status["user"]["id"] == chosen.id


async def test_deny_redirects_access_denied_with_state_and_iss() -> None:
    mock = make_mock()
    _, challenge = pkce_pair()
    params = authorize_params(challenge)
    page = await mock.http.get(AUTHORIZE, params=params)
    answer = await mock.http.post(AUTHORIZE, data={**hidden_fields(page.text), "decision": "deny"})
    query = redirect_query(answer)
    assert query == {
        "error": "access_denied",
        "error_description": query["error_description"],
        "state": params["state"],
        "iss": ISSUER,
    }


async def test_tampered_post_is_validated_again() -> None:
    mock = make_mock()
    _, challenge = pkce_pair()
    page = await mock.http.get(AUTHORIZE, params=authorize_params(challenge))
    form = {**hidden_fields(page.text), "user": "u_1", "decision": "approve"}
    form["redirect_uri"] = "https://attacker.example.net/cb"
    answer = await mock.http.post(AUTHORIZE, data=form)
    assert answer.status_code == 400
    assert "location" not in answer.headers


async def test_device_list_json_and_revoke() -> None:
    mock = make_mock(OAuthSettings(auto_approve=True))
    phone = await sign_in(mock)
    tablet = await sign_in(mock)
    listing = await mock.http.get("/oauth/devices", headers=bearer(phone["access_token"]))
    assert listing.status_code == 200
    body = listing.json()
    assert len(body["devices"]) == 2
    assert {d["clientName"] for d in body["devices"]} == {"Talkie"}
    assert all(d["createdAt"].endswith("Z") and d["lastUsedAt"] for d in body["devices"])
    other = next(d["id"] for d in body["devices"] if d["id"] != body["current"])
    gone = await mock.http.delete(f"/oauth/devices/{other}", headers=bearer(phone["access_token"]))
    assert gone.json() == {"ok": True}
    assert (await mock.http.get(STATUS, headers=bearer(tablet["access_token"]))).status_code == 401
    assert (await mock.http.get(STATUS, headers=bearer(phone["access_token"]))).status_code == 200
    again = await mock.http.delete(f"/oauth/devices/{other}", headers=bearer(phone["access_token"]))
    assert again.status_code == 404
    assert (await mock.http.get("/oauth/devices")).status_code == 401


async def test_an_unknown_device_is_404_in_the_users_language() -> None:
    """§3: the message is in the user's language (the mock's locale)."""
    mock = make_mock(OAuthSettings(auto_approve=True), locale="cs")
    phone = await sign_in(mock)
    answer = await mock.http.delete("/oauth/devices/d_none", headers=bearer(phone["access_token"]))
    assert answer.status_code == 404
    assert answer.json()["error"] == {
        "code": "not_found",
        "message": "Takové přihlášené zařízení neexistuje.",
        "retryable": False,
    }


async def test_device_page_escapes_and_revokes() -> None:
    mock = make_mock(OAuthSettings(auto_approve=True, extra_users=(EVIL_USER,)))
    tokens = await sign_in(mock)
    user = mock.server.users.default
    page = await mock.http.get("/oauth/account", params={"user": user.id})
    assert page.status_code == 200
    action = re.search(r'<form method="post" action="([^"]+)">', page.text)
    assert action is not None
    evil_page = await mock.http.get("/oauth/account", params={"user": "u_evil"})
    assert EVIL not in evil_page.text
    assert "&lt;script&gt;" in evil_page.text
    target = urllib.parse.unquote(action.group(1))
    # the form's CSRF token is required: without it (a forged form) nothing is revoked
    forged = await mock.http.post(target, data={"user": user.id})
    assert forged.status_code == 400
    answer = await mock.http.post(target, data=hidden_fields(page.text))
    assert answer.status_code == 303
    assert (await mock.http.get(STATUS, headers=bearer(tokens["access_token"]))).status_code == 401
    assert 'action="' not in (await mock.http.get("/oauth/account", params={"user": user.id})).text
