"""The layers of talkie-mock: the bare protocol without devtools, and one §3 renderer seen by the hooks."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.testclient import TestClient
from talkie_mock import create_app
from talkie_mock.testing import AUTH, make_config
from talkie_models.protocol import WELL_KNOWN_PATH


class Recorder:
    """An observer that keeps the type and status of every JSON body the mock says it sends."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, int, str]] = []

    async def before_request(self, request: Request) -> Response | None:
        return None

    def on_response(self, request: Request | None, status: int, type_name: str, body: dict[str, Any]) -> None:
        path = request.url.path if request is not None else ""
        self.seen.append((path, status, type_name))

    def on_event(self, event: dict[str, Any]) -> None:
        return None


def test_without_devtools_the_app_serves_the_bare_protocol() -> None:
    app = create_app(make_config(), devtools=False)
    with TestClient(app) as http:
        assert http.get(WELL_KNOWN_PATH).status_code == 200
        assert http.get("/api/talkie/status", headers=AUTH).status_code == 200
        missing = http.get("/_mock/api/state")
        assert missing.status_code == 404
        assert missing.json()["error"]["code"] == "not_found"
        assert not hasattr(app.state, "devtools")


def test_fault_and_oauth_errors_pass_through_the_hooks() -> None:
    fault = {"kind": "error", "code": "rate_limited", "count": 1, "endpoint": "status"}
    app = create_app(make_config(faults=(fault,)))
    recorder = Recorder()
    app.state.mock.hooks.add(recorder)
    with TestClient(app) as http:
        limited = http.get("/api/talkie/status", headers=AUTH)
        assert limited.status_code == 429
        assert limited.json()["error"]["code"] == "rate_limited"
        refused = http.get("/oauth/devices")
        assert refused.status_code == 401
        assert refused.json()["error"]["code"] == "unauthorized"
        unknown = http.get("/api/talkie/nowhere", headers=AUTH)
        assert unknown.status_code == 404
    assert ("/api/talkie/status", 429, "ErrorResponse") in recorder.seen
    assert ("/oauth/devices", 401, "ErrorResponse") in recorder.seen
    assert ("/api/talkie/nowhere", 404, "ErrorResponse") in recorder.seen
    assert app.state.mock.hooks.observers[0].problems == []  # --self-check found every body valid
