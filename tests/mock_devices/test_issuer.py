"""One mock for every device: the Host a client used is the issuer of everything in that answer."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import pytest
from starlette.testclient import TestClient
from talkie_mock.testing import AUTH

HOSTS = ["127.0.0.1:8765", "localhost:8765", "10.0.2.2:8765", "192.168.1.20:8765", "[::1]:8765"]


@pytest.mark.parametrize("host", HOSTS)
def test_the_origin_a_client_used_is_issuer_oauth_issuer_and_signalling_origin(
    make_http: Callable[..., TestClient], host: str
) -> None:
    http = make_http()
    origin = f"http://{host}"
    manifest = http.get("/.well-known/talkie.json", headers={"Host": host}).json()
    assert manifest["issuer"] == origin
    assert manifest["serverId"] == "127.0.0.1:8765"  # the deployment's, whoever asks (line 67)
    oauth_issuer = manifest["auth"]["oauth"]["issuer"]
    assert oauth_issuer == origin + "/oauth"
    meta = http.get("/.well-known/oauth-authorization-server/oauth", headers={"Host": host}).json()
    assert meta["issuer"] == oauth_issuer
    for key in ("authorization_endpoint", "token_endpoint", "revocation_endpoint"):
        assert meta[key].startswith(origin + "/oauth/"), (key, meta[key])
    session = http.post("/api/talkie/voice/sessions", json={}, headers={**AUTH, "Host": host}).json()
    signalling = urlsplit(session["signaling"]["url"])
    assert f"{signalling.scheme}://{signalling.netloc}" == origin
    hosts = [h.strip("[]") for h in manifest["capabilities"]["voice"]["signalingHosts"]]
    assert signalling.hostname in hosts


def test_the_authorization_response_names_the_issuer_the_device_used(
    make_http: Callable[..., TestClient],
) -> None:
    from talkie_mock.config import OAuthSettings
    from talkie_models.protocol import TALKIE_CLIENT_ID, TALKIE_REDIRECT_URI

    http = make_http(oauth=OAuthSettings(auto_approve=True))
    query = {
        "response_type": "code",
        "client_id": TALKIE_CLIENT_ID,
        "redirect_uri": TALKIE_REDIRECT_URI,
        "state": "s1",
        "code_challenge": "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        "code_challenge_method": "S256",
        "scope": "talkie",
    }
    answer = http.get(
        "/oauth/authorize", params=query, headers={"Host": "10.0.2.2:8765"}, follow_redirects=False
    )
    assert answer.status_code in (302, 303), answer.text
    iss = parse_qs(urlsplit(answer.headers["location"]).query)["iss"]
    assert iss == ["http://10.0.2.2:8765/oauth"]


def test_public_url_and_test_host_names_mean_the_configured_origin(
    make_http: Callable[..., TestClient],
) -> None:
    http = make_http(public_url="https://mock.example.test")
    tunnel = http.get("/.well-known/talkie.json", headers={"Host": "mock.example.test"}).json()
    assert tunnel["issuer"] == "https://mock.example.test"
    assert http.get("/.well-known/talkie.json").json()["issuer"] == "https://mock.example.test"  # testserver
    laptop = http.get("/.well-known/talkie.json", headers={"Host": "127.0.0.1:8765"}).json()
    assert laptop["issuer"] == "http://127.0.0.1:8765"
    assert tunnel["serverId"] == laptop["serverId"] == "mock.example.test"


def test_a_foreign_host_is_still_refused(make_http: Callable[..., TestClient]) -> None:
    answer = make_http().get("/.well-known/talkie.json", headers={"Host": "evil.example:8765"})
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "invalid_request"


@pytest.mark.parametrize("host", ["app.localhost:8765", "127.0.0.2:8765", "203.0.113.9:8765"])
def test_a_name_not_allowed_over_http_gets_the_configured_issuer(
    make_http: Callable[..., TestClient], host: str
) -> None:
    answer = make_http().get("/.well-known/talkie.json", headers={"Host": host})
    assert answer.status_code == 200
    assert answer.json()["issuer"] == "http://127.0.0.1:8765"
