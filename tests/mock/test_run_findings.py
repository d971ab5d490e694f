"""What the mock answers without an error still reaches the developer (notes N-93): a mistyped test command,
a reused runId, and every request the front door refuses — each in the inspector's traffic with what to do,
in the terminal's line for it, and (the client's mistakes) in the report's count."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from talkie_mock.app import create_app
from talkie_mock.devtools.log import line
from talkie_mock.engine.agent import TEST_COMMANDS
from talkie_mock.testing import AUTH, Client, make_config


def _entries(client: Client) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = client.http.get("/_mock/api/traffic").json()["entries"]
    return entries


def _violations(client: Client) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = client.http.get("/_mock/api/violations").json()["violations"]
    return found


@pytest.mark.parametrize("text", ["talkie-test:ECHO hi", "talkie-test:card extra", "talkie-test:unknown"])
def test_a_mistyped_test_command_is_ordinary_text_with_a_warning_listing_the_commands(
    client: Client, text: str
) -> None:
    events = client.run(text, "r_typo")
    typed = client.run("just some words", "r_plain", thread_id="t_other")
    # answered as ordinary text: the same kind of answer any other message gets, no §11 behaviour
    assert events[0]["type"] == "RUN_STARTED"
    assert events[-1]["type"] == "RUN_FINISHED"
    assert [e["type"] for e in events] == [e["type"] for e in typed]
    assert "TEXT_MESSAGE_CONTENT" in {e["type"] for e in events}
    run = next(e for e in _entries(client) if e["endpoint"] == "run")
    (warning,) = [f for f in run["findings"] if "no test command" in f["message"]]
    assert warning["level"] == "warning"
    assert all(command in warning["message"] for command in TEST_COMMANDS)
    assert any("no test command" in v["message"] and v["level"] == "warning" for v in _violations(client))


@pytest.mark.parametrize("text", ["talkie-test:echo hi", "talkie-test:card", "talkie-test:slow", "hello"])
def test_a_test_command_as_written_or_plain_text_gets_no_such_warning(client: Client, text: str) -> None:
    client.run(text, "r_fine")
    assert not [f for e in _entries(client) for f in e["findings"] if "no test command" in f["message"]]


def test_every_named_test_command_is_one_the_agent_answers(client: Client) -> None:
    """The list the warning shows is the agent's own: each name gives its §11 answer, not ordinary text."""
    plain = [e["type"] for e in client.run("talkie-test:nothing", "r_0")]
    for index, command in enumerate(TEST_COMMANDS):
        text = command.replace("<text>", "hi")
        if text.endswith(":slow"):
            continue  # five seconds of deltas; its plan is tested in test_runs
        assert [e["type"] for e in client.run(text, f"r_{index + 1}")] != plain, command


def test_a_reused_run_id_with_a_new_message_is_a_counted_warning(client: Client) -> None:
    first = client.run("talkie-test:echo one", "r_1", thread_id="t_first", message_id="m_1")
    again = client.run("talkie-test:echo two", "r_1", thread_id="t_second", message_id="m_2")
    # notes N-05: the earlier run is replayed, its thread named in RUN_STARTED
    assert again == first
    assert again[0]["threadId"] == "t_first"
    run = [e for e in _entries(client) if e["endpoint"] == "run"][-1]
    (warning,) = [f for f in run["findings"] if f["rule"] == "RUN-009"]
    assert warning["level"] == "warning"
    assert "m_2" in warning["message"]
    assert "t_first" in warning["message"]
    assert "t_second" in warning["message"]
    summary = client.http.get("/_mock/api/violations").json()["summary"]
    assert [s["count"] for s in summary if s["rule"] == "RUN-009"] == [1]


def test_a_retry_of_the_same_run_is_no_finding(client: Client) -> None:
    client.run("talkie-test:echo one", "r_1", message_id="m_1")
    client.run("talkie-test:echo one", "r_1", message_id="m_1")  # a retry after a dropped connection
    assert not [f for e in _entries(client) for f in e["findings"] if f["rule"] == "RUN-009"]


@pytest.fixture
def guarded() -> Iterator[Callable[..., tuple[TestClient, str]]]:
    opened: list[TestClient] = []

    def factory(**changes: Any) -> tuple[TestClient, str]:
        app = create_app(make_config(open_devtools=False, **changes))
        http = TestClient(app, raise_server_exceptions=False)
        http.__enter__()
        opened.append(http)
        return http, str(app.state.devtools_key)

    yield factory
    for http in opened:
        http.__exit__(None, None, None)


def _refused(http: TestClient, key: str) -> list[dict[str, Any]]:
    entries = http.get("/_mock/api/traffic", headers={"Authorization": f"Bearer {key}"}).json()["entries"]
    return [e for e in entries if any("Refused before any endpoint" in f["message"] for f in e["findings"])]


def test_an_unknown_host_is_refused_with_a_hint_and_recorded(guarded: Callable[..., Any]) -> None:
    http, key = guarded()
    answer = http.get("/.well-known/talkie.json", headers={"Host": "mylaptop.local:8765"})
    assert answer.status_code == 400
    message = answer.json()["error"]["message"]
    assert "mylaptop.local" in message
    assert "--public-url http://mylaptop.local:8765" in message
    (entry,) = _refused(http, key)
    assert entry["response"]["status"] == 400
    assert entry["path"] == "/.well-known/talkie.json"
    (finding,) = entry["findings"]
    assert finding["level"] == "warning"
    assert finding["rule"] is None
    assert "--public-url" in finding["message"]


def test_a_bad_origin_a_large_body_and_a_missing_key_are_recorded_too(guarded: Callable[..., Any]) -> None:
    http, key = guarded(cors_origins=("http://localhost:3000",), max_body_bytes=100)
    page = {"Origin": "http://elsewhere.test", "Access-Control-Request-Method": "GET"}
    cors = http.options("/api/talkie/status", headers=page)
    large = http.post("/api/talkie/run", content=b"{" + b" " * 200 + b"}", headers=AUTH)
    keyless = http.get("/_mock/api/state")
    assert (cors.status_code, large.status_code, keyless.status_code) == (403, 413, 401)
    refused = {e["response"]["status"]: e for e in _refused(http, key)}
    assert set(refused) == {403, 413, 401}
    assert "--cors-origin" in refused[403]["findings"][0]["message"]
    assert "--max-body-bytes" in refused[413]["findings"][0]["message"]
    assert "inspector link" in refused[401]["findings"][0]["message"]


def test_a_plain_request_from_a_page_left_out_is_answered_unreadable_with_a_warning(
    guarded: Callable[..., Any],
) -> None:
    http, key = guarded(cors_origins=("http://localhost:3000",))
    for path in ("/.well-known/talkie.json", "/api/talkie/status"):
        answer = http.get(path, headers={"Origin": "http://elsewhere.test", **AUTH})
        assert answer.status_code == 200
        assert "access-control-allow-origin" not in answer.headers
    allowed = http.get("/api/talkie/status", headers={"Origin": "http://localhost:3000", **AUTH})
    assert allowed.headers["access-control-allow-origin"] == "http://localhost:3000"
    entries = http.get("/_mock/api/traffic", headers={"Authorization": f"Bearer {key}"}).json()["entries"]
    warned = [e["path"] for e in entries if any("cannot read" in f["message"] for f in e["findings"])]
    assert sorted(warned) == ["/.well-known/talkie.json", "/api/talkie/status"]


def test_the_terminal_line_of_a_finding_without_a_rule_shows_no_placeholder(client: Client) -> None:
    client.run("talkie-test:Card", "r_typo")
    tools = client.app.state.devtools
    (exchange,) = [e for e in tools.traffic.items if e.endpoint == "run"]
    shown = line(exchange)
    assert "rule?" not in shown
    assert "✗ warning: " in shown


def test_the_same_refusal_again_at_once_is_recorded_once(guarded: Callable[..., Any]) -> None:
    """A stale inspector tab polling with an old secret does not fill the traffic (or the terminal)."""
    http, key = guarded()
    for _ in range(5):
        assert http.get("/_mock/api/traffic", headers={"Authorization": "Bearer dk_old"}).status_code == 401
    http.get("/_mock/api/state", headers={"Authorization": "Bearer dk_old"})  # the tab's other path
    (row,) = _refused(http, key)
    assert row["path"] == "/_mock/api/traffic"
    assert row["repeats"] == 5


def test_a_refused_request_gets_its_terminal_line(guarded: Callable[..., Any]) -> None:
    http, _ = guarded()
    http.get("/api/talkie/status", headers={"Host": "tunnel.example.test"})
    tools = http.app.state.devtools
    (exchange,) = list(tools.traffic.items)
    shown = line(exchange)
    assert " 400 " in shown
    assert "--public-url http://tunnel.example.test" in shown
    assert "rule?" not in shown


def test_a_stale_inspector_tab_costs_one_row_and_one_log_line_per_window(guarded: Callable[..., Any]) -> None:
    """A tab of an earlier run polls two paths with its old key: counted on one row, not a row each."""
    http, key = guarded()
    traffic = http.app.state.devtools.traffic
    now = [1000.0]
    traffic.monotonic = lambda: now[0]
    printed: list[Any] = []
    traffic.listeners.append(printed.append)
    stale = {"X-Talkie-Mock-Key": "dk_of_an_earlier_run_0123456789abcdef", "User-Agent": "Chromium tab"}
    for poll in range(30):
        path = "/_mock/api/traffic" if poll % 2 else "/_mock/api/state"
        assert http.get(path, headers=stale).status_code == 401
        now[0] += 0.3  # 9 s in all: one window
    http.get("/api/talkie/status", headers=AUTH)  # the app's own traffic is still there to see
    (row,) = _refused(http, key)
    assert row["repeats"] == 29
    assert len(printed) == 2  # the refusal's row and the app's request
    now[0] += 5  # the window is over: the next refusal is a row again, saying how many came meanwhile
    http.get("/_mock/api/state", headers=stale)
    rows = sorted(_refused(http, key), key=lambda e: e["id"])
    assert len(rows) == 2
    assert "29 more like it" in rows[1]["findings"][0]["message"]
    assert len(printed) == 3


def test_each_distinct_unknown_host_is_shown_within_the_window(guarded: Callable[..., Any]) -> None:
    http, key = guarded()
    for host in ("mylaptop.local", "devbox.lan", "mylaptop.local", "other.example"):
        assert http.get("/.well-known/talkie.json", headers={"Host": f"{host}:8765"}).status_code == 400
    shown = sorted(e["findings"][0]["message"] for e in _refused(http, key))
    assert len(shown) == 3
    for host in ("mylaptop.local", "devbox.lan", "other.example"):
        assert any(host in message for message in shown)
