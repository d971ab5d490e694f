"""The clock can be set, advanced and reset; `talkie-mock report` blames the app only for its own rules."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner
from starlette.testclient import TestClient
from talkie_mock.cli import main
from talkie_mock.testing import AUTH, START, parse_sse, run_input


def test_set_moves_the_clock_anywhere_and_reset_brings_it_back(make_http: Callable[..., TestClient]) -> None:
    http = make_http()
    assert http.get("/_mock/api/clock").json() == {"now": "2026-10-22T10:00:00Z", "frozen": True}
    earlier = http.post("/_mock/api/clock/set", json={"now": "2026-10-22T08:30:00+02:00"}).json()
    assert earlier["now"] == "2026-10-22T06:30:00Z"
    assert earlier["frozen"] is True
    http.post("/_mock/api/clock/advance", json={"seconds": 60})
    assert http.post("/_mock/api/clock/reset").json()["now"] == "2026-10-22T10:00:00Z"  # the configured start


def test_set_refuses_what_is_not_an_instant(make_http: Callable[..., TestClient]) -> None:
    http = make_http()
    for body in ({"now": "2026-10-22T08:30:00"}, {"now": "yesterday"}, {"now": 5}, {}):
        answer = http.post("/_mock/api/clock/set", json=body)
        assert answer.status_code == 400, body
        assert answer.json()["error"]["code"] == "invalid_request"


def test_the_clock_stays_within_the_instants_a_server_can_show(make_http: Callable[..., TestClient]) -> None:
    """Far ends of the calendar are refused, so no expiry computed later overflows into a 500."""
    http = make_http()
    for now in ("9999-12-31T23:59:59Z", "0001-01-01T00:00:00+01:00", "1969-12-31T23:59:59Z"):
        answer = http.post("/_mock/api/clock/set", json={"now": now})
        assert answer.status_code == 400, now
        assert answer.json()["error"]["code"] == "invalid_request"
    assert http.post("/_mock/api/clock/set", json={"now": "8999-12-31T00:00:00Z"}).status_code == 200
    too_far = http.post("/_mock/api/clock/advance", json={"seconds": 5 * 86400})
    assert too_far.status_code == 400
    for path in ("/_mock/api/clock", "/_mock/api/state"):
        assert http.get(path).status_code == 200, path
    assert http.get("/api/talkie/status", headers=AUTH).status_code == 200
    assert (
        http.get("/_mock/api/clock").json()["now"] == "8999-12-31T00:00:00Z"
    )  # the refused moves changed nothing


def test_the_guides_expiry_exercise_is_no_finding_against_the_app(
    make_http: Callable[..., TestClient], tmp_path: Path
) -> None:
    state = tmp_path / "state.db"
    http = make_http(state=str(state))
    events = parse_sse(
        http.post(
            "/api/talkie/run",
            json=run_input("talkie-test:action", "r_exp"),
            headers={**AUTH, "Accept": "text/event-stream"},
        ).content
    )
    action = next(e["value"] for e in events if e.get("name") == "talkie.action")
    http.post("/_mock/api/clock/advance", json={"seconds": 3600})
    decided = http.post(
        f"/api/talkie/actions/{action['id']}/decision",
        json={"decision": "confirm", "paramsHash": action["paramsHash"], "method": "button"},
        headers=AUTH,
    )
    assert decided.status_code == 410
    entry = [e for e in http.get("/_mock/api/traffic").json()["entries"] if e["path"].endswith("/decision")]
    assert [(f["rule"], f["level"]) for f in entry[-1]["findings"]] == [("ACT-011", "info")]
    http.__exit__(None, None, None)
    result = CliRunner().invoke(main, ["report", "--state", str(state)])
    assert result.exit_code == 0, result.output
    assert "ACT-011" not in result.output


def test_reset_without_a_configured_start_is_the_real_time(make_http: Callable[..., TestClient]) -> None:
    http = make_http(clock_start=None)
    http.post("/_mock/api/clock/set", json={"now": "2030-01-01T00:00:00Z"})
    now = http.post("/_mock/api/clock/reset").json()
    assert now["frozen"] is False
    assert now["now"] > START.strftime("%Y-%m-%dT%H:%M:%SZ")
    assert not now["now"].startswith("2030")
