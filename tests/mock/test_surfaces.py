"""One policy per path (api.surfaces): the voice signalling URL is talkie/1 for CORS and the guard alike,
and without the developer tools the guard stands in front of the account pages only."""

from __future__ import annotations

from starlette.testclient import TestClient
from talkie_mock import create_app
from talkie_mock.api.surfaces import SIGNALING_PATH, developer, protocol
from talkie_mock.devtools.guard import DevGuard
from talkie_mock.testing import AUTH, make_config

PAGE = "http://localhost:3000"  # an app's web build on another origin


def test_the_signalling_url_is_talkie_1_and_no_developer_surface() -> None:
    assert protocol(SIGNALING_PATH)
    assert not developer(SIGNALING_PATH)
    assert developer("/_mock/api/state")
    assert developer("/_mock/voice/other")  # only the signalling URL itself is the app's
    assert not protocol("/_mock/api/state")


def test_the_signalling_url_answers_cors_like_every_talkie_1_endpoint() -> None:
    app = create_app(make_config(open_devtools=False))
    with TestClient(app) as http:
        session = http.post("/api/talkie/voice/sessions", json={}, headers={**AUTH, "Origin": PAGE})
        assert session.status_code == 200, session.text
        assert session.headers["access-control-allow-origin"] == PAGE
        url = session.json()["signaling"]["url"]
        assert url.endswith(SIGNALING_PATH)
        preflight = http.options(
            SIGNALING_PATH,
            headers={
                "Origin": PAGE,
                "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "authorization, content-type",
            },
        )
        assert preflight.status_code == 204
        assert preflight.headers["access-control-allow-origin"] == PAGE
        assert "authorization" in preflight.headers["access-control-allow-headers"]
        secret = session.json()["clientSecret"]
        offer = http.post(
            SIGNALING_PATH,
            content=b"v=0\r\n",
            headers={"Authorization": f"Bearer {secret}", "Content-Type": "application/sdp", "Origin": PAGE},
        )
        assert offer.status_code == 400  # not an offer: refused, and the page can read why
        assert offer.headers["access-control-allow-origin"] == PAGE
        assert offer.json()["error"]["code"] == "invalid_request"


def test_developer_surfaces_stay_closed_to_other_origins() -> None:
    app = create_app(make_config(open_devtools=False))
    with TestClient(app) as http:
        preflight = http.options(
            "/_mock/api/state", headers={"Origin": PAGE, "Access-Control-Request-Method": "GET"}
        )
        assert "access-control-allow-origin" not in preflight.headers
        assert http.get("/_mock/api/state").status_code == 401


def test_without_devtools_the_guard_wraps_the_account_pages_alone() -> None:
    app = create_app(make_config(open_devtools=False), devtools=False)
    kinds: list[object] = [middleware.cls for middleware in app.user_middleware]
    assert DevGuard not in kinds
    with TestClient(app) as http:
        assert http.get("/api/talkie/status", headers=AUTH).status_code == 200
        refused = http.get("/oauth/account")
        assert refused.status_code == 401
        assert refused.json()["error"]["code"] == "unauthorized"
        assert "developer secret" in refused.json()["error"]["message"]
