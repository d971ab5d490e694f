"""Small fixes, each pinned by a test that fails if it comes back."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient
from talkie_mock.cli import main
from talkie_mock.testing import AUTH, run_input


@pytest.mark.parametrize("path", ["/api/talkie/status/", "/api/talkie/threads/", "/.well-known/talkie.json/"])
def test_a_trailing_slash_is_a_404_not_a_redirect(make_http: Callable[..., TestClient], path: str) -> None:
    answer = make_http().get(path, headers=AUTH, follow_redirects=False)
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "not_found"


@pytest.mark.parametrize("value", ["0", "-1", "0.0"])
def test_a_ping_interval_of_zero_is_refused(value: str) -> None:
    result = CliRunner().invoke(
        main, ["serve", "--port", "0", "--state", ":memory:", "--ping-interval", value]
    )
    assert result.exit_code == 2
    assert "--ping-interval" in result.output


def test_two_one_shot_stream_faults_take_one_run_each(make_http: Callable[..., TestClient]) -> None:
    http = make_http()
    http.post("/_mock/api/faults", json={"kind": "dropStream", "afterEvents": 1, "count": 1})
    http.post("/_mock/api/faults", json={"kind": "runError", "afterEvents": 1, "count": 1})
    stream = {**AUTH, "Accept": "text/event-stream"}
    applied = []
    for n in range(3):
        http.post("/api/talkie/run", json=run_input("talkie-test:echo a b c", f"r_f{n}"), headers=stream)
        entry = [
            e for e in http.get("/_mock/api/traffic").json()["entries"] if e["path"] == "/api/talkie/run"
        ]
        applied.append(entry[-1]["faults"])
        if n == 0:
            assert len(http.get("/_mock/api/faults").json()["faults"]) == 1  # the second one waits
    assert [len(a) for a in applied] == [1, 1, 0]
    assert "drop" in applied[0][0].lower()
    assert "error" in applied[1][0].lower()


def test_a_reused_run_id_with_a_new_message_is_said_in_the_inspector(
    make_http: Callable[..., TestClient],
) -> None:
    http = make_http()
    stream = {**AUTH, "Accept": "text/event-stream"}

    def last_run_findings() -> list[dict[str, str]]:
        entries = http.get("/_mock/api/traffic").json()["entries"]
        findings: list[dict[str, str]] = [e for e in entries if e["path"] == "/api/talkie/run"][-1][
            "findings"
        ]
        return findings

    http.post(
        "/api/talkie/run", json=run_input("talkie-test:echo one", "r_same", message_id="m_1"), headers=stream
    )
    assert last_run_findings() == []
    http.post(
        "/api/talkie/run", json=run_input("talkie-test:echo one", "r_same", message_id="m_1"), headers=stream
    )
    assert last_run_findings() == []  # an honest retry: the same message
    http.post(
        "/api/talkie/run", json=run_input("talkie-test:echo two", "r_same", message_id="m_2"), headers=stream
    )
    (finding,) = last_run_findings()
    assert (finding["rule"], finding["level"]) == ("RUN-009", "warning")  # counted by the report (N-93)
    assert "N-05" in finding["message"]
    assert "m_2" in finding["message"]
