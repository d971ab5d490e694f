"""CORS: a web app on another origin calls every talkie/1 endpoint; /_mock/ stays closed to it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from starlette.testclient import TestClient
from talkie_mock.testing import AUTH, run_input

APP = "http://localhost:3000"
PREFLIGHT = {
    "Origin": APP,
    "Access-Control-Request-Method": "POST",
    "Access-Control-Request-Headers": "authorization, content-type",
}
PATHS = [
    "/.well-known/talkie.json",
    "/api/talkie/status",
    "/api/talkie/run",
    "/api/talkie/threads/t_1",
    "/api/talkie/actions/a_1/decision",
    "/api/talkie/voice/sessions",
    "/oauth/token",
    "/oauth/revoke",
]


@pytest.mark.parametrize("path", PATHS)
def test_preflight_is_answered_with_methods_headers_and_max_age(
    make_http: Callable[..., TestClient], path: str
) -> None:
    answer = make_http().options(path, headers=PREFLIGHT)
    assert answer.status_code == 204, answer.text
    assert answer.headers["access-control-allow-origin"] == APP
    assert {"GET", "POST", "DELETE"} <= {
        m.strip() for m in answer.headers["access-control-allow-methods"].split(",")
    }
    allowed = {h.strip() for h in answer.headers["access-control-allow-headers"].split(",")}
    assert {"authorization", "content-type"} <= allowed
    assert int(answer.headers["access-control-max-age"]) > 0
    assert "Origin" in answer.headers["vary"]


def test_answers_errors_and_the_run_stream_are_readable_by_the_calling_origin(
    make_http: Callable[..., TestClient],
) -> None:
    http = make_http(max_body_bytes=4096)
    status = http.get("/api/talkie/status", headers={**AUTH, "Origin": APP})
    assert status.status_code == 200
    assert status.headers["access-control-allow-origin"] == APP
    unauthorized = http.get("/api/talkie/status", headers={"Origin": APP})
    assert unauthorized.status_code == 401
    assert unauthorized.headers["access-control-allow-origin"] == APP  # the app can read the §3 error
    run = http.post(
        "/api/talkie/run", json=run_input("talkie-test:echo hi", "r_cors"), headers={**AUTH, "Origin": APP}
    )
    assert run.headers["content-type"].startswith("text/event-stream")
    assert run.headers["access-control-allow-origin"] == APP
    too_big = http.post("/api/talkie/run", content=b"x" * 8192, headers={**AUTH, "Origin": APP})
    assert too_big.status_code == 413  # refused by a middleware (api.limits) before any route
    assert too_big.headers["access-control-allow-origin"] == APP


def test_cors_origin_narrows_the_allowed_pages(make_http: Callable[..., TestClient]) -> None:
    http = make_http(cors_origins=(APP,))
    assert http.options("/api/talkie/status", headers=PREFLIGHT).status_code == 204
    elsewhere = {**PREFLIGHT, "Origin": "http://127.0.0.1:5173"}
    refused = http.options("/api/talkie/status", headers=elsewhere)
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "forbidden"
    assert "access-control-allow-origin" not in refused.headers
    plain = http.get("/api/talkie/status", headers={**AUTH, "Origin": "http://127.0.0.1:5173"})
    assert "access-control-allow-origin" not in plain.headers


@pytest.mark.parametrize("path", ["/_mock/api/traffic", "/oauth/account", "/oauth/authorize"])
def test_developer_surfaces_and_sign_in_pages_get_no_cors(
    make_http: Callable[..., TestClient], path: str
) -> None:
    http = make_http()
    preflight = http.options(path, headers=PREFLIGHT)
    assert "access-control-allow-origin" not in preflight.headers
    assert preflight.status_code != 204
    plain = http.get(path, headers={"Origin": APP})
    assert "access-control-allow-origin" not in plain.headers
