"""The playground's routes on the mock: the page without the key but same site only, the config with the key,
and the OAuth client document the mock itself accepts for sign-in (notes N-78)."""

from __future__ import annotations

import base64
import hashlib
import urllib.parse
from collections.abc import Iterator

import pytest
from jsonschema import Draft202012Validator
from starlette.testclient import TestClient
from talkie_mock import create_app
from talkie_mock.config import OAuthSettings
from talkie_mock.devtools import playground
from talkie_mock.oauth.clients import client_from_document
from talkie_mock.testing import make_config
from talkie_models.validation import schema

ORIGIN = "http://127.0.0.1:8765"  # the mock's configured origin: what the page opens
PAGE_FILES = ["/_mock/playground/", "/_mock/playground/callback?code=c&state=s&iss=x"]
CROSS_SITE = [
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},
    {"Origin": "http://evil.example"},
    {"Origin": "null"},
]


@pytest.fixture
def http() -> Iterator[TestClient]:
    """The mock with its developer secret required (as `talkie-mock serve` runs), on its loopback origin."""
    app = create_app(make_config(open_devtools=False, oauth=OAuthSettings(auto_approve=True)))
    with TestClient(app, base_url=ORIGIN) as client:
        yield client


def key_of(http: TestClient) -> dict[str, str]:
    return {"X-Talkie-Mock-Key": http.app.state.devtools_key}  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", PAGE_FILES)
def test_the_page_is_served_without_the_key_with_the_inspectors_page_headers(
    http: TestClient, path: str
) -> None:
    answer = http.get(path)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "text/html; charset=utf-8"
    assert "<title>" in answer.text
    inspector = http.get("/_mock/")
    for name in ("content-security-policy", "cache-control", "x-content-type-options"):
        assert answer.headers[name] == inspector.headers[name]


@pytest.mark.parametrize("path", ["/_mock/playground/playground.js", "/_mock/playground/playground.css"])
def test_the_pages_files_need_no_key(http: TestClient, path: str) -> None:
    answer = http.get(path)
    assert answer.status_code != 401  # served, or a §3 404 in a checkout whose bundle was not built yet
    if answer.status_code == 404:
        assert answer.json()["error"]["code"] == "not_found"
    else:
        assert answer.status_code == 200
        assert answer.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("headers", CROSS_SITE)
@pytest.mark.parametrize("path", [*PAGE_FILES, "/_mock/playground/client.json", "/_mock/playground/config"])
def test_every_playground_route_refuses_another_site(
    http: TestClient, path: str, headers: dict[str, str]
) -> None:
    answer = http.get(path, headers={**headers, **key_of(http)})
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "forbidden"


def test_the_config_needs_the_key_and_names_the_mock_itself(http: TestClient) -> None:
    refused = http.get("/_mock/playground/config")
    assert refused.status_code == 401
    assert refused.json()["error"]["code"] == "unauthorized"
    assert http.get("/_mock/playground/config", headers={"X-Talkie-Mock-Key": "dk_guess"}).status_code == 401
    answer = http.get("/_mock/playground/config", headers=key_of(http))
    assert answer.status_code == 200
    assert answer.json() == {"target": ORIGIN, "forward": None, "origin": ORIGIN}


def test_the_config_follows_the_origin_the_page_used() -> None:
    app = create_app(make_config(open_devtools=False))
    with TestClient(app, base_url="http://localhost:8765") as http:
        answer = http.get("/_mock/playground/config", headers=key_of(http)).json()
    assert answer["target"] == answer["origin"] == "http://localhost:8765"


def test_the_client_document_is_a_valid_client_id_metadata_document_on_its_own_url(http: TestClient) -> None:
    answer = http.get("/_mock/playground/client.json")
    assert answer.status_code == 200
    document = answer.json()
    url = ORIGIN + "/_mock/playground/client.json"
    assert document == {
        "client_id": url,
        "client_name": "Talkie playground",
        "redirect_uris": [ORIGIN + "/_mock/playground/callback"],
        "grant_types": ["authorization_code", "refresh_token"],
        "response_types": ["code"],
        "token_endpoint_auth_method": "none",
        "scope": "talkie offline_access",
    }
    # the contract's schema holds but for the https pattern of `client_id`, which a loopback document
    # cannot meet (the development exception of §1, as the mock's client loader applies it)
    errors = list(Draft202012Validator(schema("ClientMetadata")).iter_errors(document))
    assert [list(e.path) for e in errors] == [["client_id"]]
    assert Draft202012Validator(schema("ClientMetadata")).is_valid({**document, "client_id": "https://x/c"})
    client = client_from_document(document, source="test", expected_id=url)
    assert client.redirect_allowed(ORIGIN + "/_mock/playground/callback")


def pkce() -> tuple[str, str]:
    verifier = base64.urlsafe_b64encode(b"playground-verifier-of-at-least-43-characters").decode().rstrip("=")
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode().rstrip("=")
    return verifier, challenge


@pytest.mark.parametrize("origin", [ORIGIN, "http://127.0.0.1:8766", "http://[::1]:9000"])
def test_the_mock_signs_the_playground_in_by_its_loopback_client_id(http: TestClient, origin: str) -> None:
    """Its own playground, and the one `talkie-mock playground URL` serves on another loopback port."""
    client_id = origin + playground.CLIENT_PATH
    redirect = origin + playground.CALLBACK_PATH
    verifier, challenge = pkce()
    params = {
        "response_type": "code",
        "client_id": client_id,
        "redirect_uri": redirect,
        "state": "st_1",
        "scope": "talkie offline_access",
        "code_challenge": challenge,
        "code_challenge_method": "S256",
    }
    answer = http.get("/oauth/authorize", params=params, follow_redirects=False)
    assert answer.status_code == 302, answer.text
    location = urllib.parse.urlsplit(answer.headers["location"])
    assert f"{location.scheme}://{location.netloc}{location.path}" == redirect
    code = urllib.parse.parse_qs(location.query)["code"][0]
    tokens = http.post(
        "/oauth/token",
        data={
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": redirect,
            "client_id": client_id,
            "code_verifier": verifier,
        },
    )
    assert tokens.status_code == 200, tokens.text
    status = http.get(
        "/api/talkie/status", headers={"Authorization": f"Bearer {tokens.json()['access_token']}"}
    )
    assert status.status_code == 200


@pytest.mark.parametrize(
    "client_id",
    [
        "http://evil.example/_mock/playground/client.json",
        "https://127.0.0.1/_mock/playground/client.json",
        "http://127.0.0.1:8765/_mock/playground/other.json",
        "http://127.0.0.1:8765/_mock/playground/client.json?x=1",
        "http://user@127.0.0.1:8765/_mock/playground/client.json",
    ],
)
def test_no_other_client_id_passes_for_the_playground(client_id: str) -> None:
    assert playground.client_for(client_id) is None


def test_the_inspector_links_the_playground_with_its_key(http: TestClient) -> None:
    page = http.get("/_mock/").text
    assert 'id="playground-link" href="/_mock/playground/"' in page
    script = http.get("/_mock/inspector.js").text
    assert 'getElementById("playground-link").hash = "key=" + encodeURIComponent(KEY)' in script
