"""The playground's runs and decisions where the server says no, against the mock driven by its control API.

A failed run (RUN_ERROR) retried sends a new message id and a new run id (notes N-81); an outbound action
confirmed is shown `running` with its undo window and can be undone; a decision on an expired action (410)
and one the server finds stale (409, by a fault) are shown with the server's own message, and the action
is read again from the server.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
import served
from playground_page import idle, open_page, send, sign_in, turn_starting

pytestmark = pytest.mark.slow

OUTBOUND = {
    "name": "playground-outbound",
    "match": "^playground: outbound$",
    "steps": [
        {"text": "E-mail odešlu, až to potvrdíte; pak ho ještě chvíli půjde zrušit."},
        {
            "action": {
                "summary": "Poslat nabídku N-2031-007 na marek.dvorak@example.com",
                "riskLevel": "medium",
                "methods": ["button"],
                "outbound": True,
                "params": {"to": "marek.dvorak@example.com", "offer": "N-2031-007"},
            }
        },
    ],
}


def _control(mock: served.Served, method: str, path: str, body: Any = None) -> Any:
    answer = httpx.request(method, f"{mock.origin}/_mock/api{path}", json=body, headers=mock.dev, timeout=30)
    assert answer.is_success, answer.text
    return answer.json()


@pytest.fixture(scope="module")
def sent() -> list[dict[str, Any]]:
    """The bodies of the run requests the page sent, in order (the browser's own log)."""
    return []


def _keep_run(sent: list[dict[str, Any]], request: Any) -> None:
    if request.method == "POST" and request.url.endswith("/api/talkie/run"):
        sent.append(request.post_data_json)


@pytest.fixture(scope="module")
def page(browser: Any, mock: served.Served, sent: list[dict[str, Any]]) -> Iterator[Any]:
    tab = open_page(browser, mock)
    tab.on("request", lambda request: _keep_run(sent, request))
    sign_in(tab, mock.token)
    yield tab
    tab.context.close()


def _run_note(page: Any, index: int) -> str:
    """The `thread …, run …, message …` note of the `index`-th turn titled as the error run (oldest first)."""
    turns = page.locator(
        "#trace-turns article.turn", has=page.locator("h3:text-is('run: talkie-test:error')")
    )
    count = turns.count()
    return str(turns.nth(count - 1 - index).locator(".entries li.note").first.inner_text())


def test_a_retry_after_run_error_sends_a_new_message_id_and_run_id(
    page: Any, sent: list[dict[str, Any]]
) -> None:
    start = len(sent)
    bubble = send(page, "talkie-test:error")
    idle(page)
    end = bubble.locator(".run-end")
    assert end.inner_text().startswith("The run failed (upstream_unavailable): ")
    end.locator("button", has_text="Retry").click()
    retried = page.locator("#messages > li.assistant").last
    page.wait_for_function("() => document.querySelectorAll('#messages > li.assistant').length >= 2")
    idle(page)
    retried.locator(".run-end button", has_text="Retry").wait_for()
    assert len(sent) == start + 2
    first, second = sent[start], sent[start + 1]
    assert first["runId"] != second["runId"]
    assert first["messages"][0]["id"] != second["messages"][0]["id"]
    assert first["messages"][0]["content"] == second["messages"][0]["content"] == "talkie-test:error"
    assert first["runId"] in _run_note(page, 0)
    assert second["runId"] in _run_note(page, 1)


@pytest.fixture
def outbound(mock: served.Served) -> Iterator[None]:
    """The outbound action's stub, and the mock's clock frozen an hour ahead, so its undo window stays open
    however slow the machine is (the page compares `undoUntil` with its own clock); both undone after."""
    _control(mock, "POST", "/stubs", OUTBOUND)
    _control(mock, "POST", "/clock/freeze")
    ahead = (datetime.now(UTC) + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    _control(mock, "POST", "/clock/set", {"now": ahead})
    try:
        yield
    finally:
        _control(mock, "POST", "/clock/reset")
        _control(mock, "DELETE", f"/stubs/{OUTBOUND['name']}")


@pytest.mark.usefixtures("outbound")
def test_a_confirmed_outbound_action_is_running_with_its_undo_window(page: Any, mock: served.Served) -> None:
    bubble = send(page, "playground: outbound")
    idle(page)
    action = bubble.locator("section.action")
    action.wait_for()
    assert action.locator(".buttons button").all_inner_texts() == ["Confirm", "Cancel", "Reload action"]
    action.locator("button", has_text="Confirm").click()
    page.wait_for_selector("section.action[data-status=running]")
    action_id = action.get_attribute("data-action-id")
    held = httpx.get(f"{mock.origin}/api/talkie/actions/{action_id}", headers=mock.auth, timeout=30).json()
    assert held["status"] == "running"
    until = page.evaluate("(at) => new Date(at).toLocaleTimeString()", held["undoUntil"])
    status = action.locator(".action-status").inner_text()
    assert status.startswith("Status: running")
    assert f"cancel possible until {until}" in status
    assert action.locator(".buttons button").all_inner_texts() == ["Undo (cancel)", "Reload action"]
    turn = page.locator(
        "#trace-turns article.turn", has=page.locator("h3", has_text="decision: confirm")
    ).first
    assert "no problem" in turn.locator(".verdict").inner_text()
    action.locator("button", has_text="Undo (cancel)").click()
    page.wait_for_selector(f"section.action[data-action-id='{action_id}'][data-status=cancelled]")
    assert action.locator(".action-message").inner_text() == "The server says: cancelled"
    assert action.locator(".buttons button").count() == 0


def _pending(page: Any) -> Any:
    bubble = send(page, "talkie-test:action")
    idle(page)
    action = bubble.locator("section.action")
    action.wait_for()
    assert action.get_attribute("data-status") == "pending"
    return action


def _refused_confirm(page: Any, action: Any) -> str:
    """Press Confirm; the §3 message of the server's refusal, as it sent it."""
    with page.expect_response(lambda r: r.url.endswith("/decision")) as answer:
        action.locator("button", has_text="Confirm").click()
    body: dict[str, Any] = answer.value.json()
    return str(body["error"]["message"])


def test_a_decision_on_an_expired_action_shows_the_servers_410(page: Any, mock: served.Served) -> None:
    action = _pending(page)
    action_id = action.get_attribute("data-action-id")
    assert _control(mock, "POST", f"/actions/{action_id}/expire")["status"] == "expired"
    assert action.get_attribute("data-status") == "pending", "the page learns it only from the server"
    message = _refused_confirm(page, action)
    page.wait_for_selector(f"section.action[data-action-id='{action_id}'][data-status=expired]")
    assert action.locator(".action-message").inner_text() == f"The server says (410 expired): {message}"
    assert action.locator(".buttons button").count() == 0, "an expired action offers no decision"
    turn = turn_starting(page, f"decision: confirm {action_id}")
    entries = turn.locator(".entries").inner_text()
    assert "410 expired: the server refuses as ACT-011 says; reloading the action" in entries
    assert f"GET {mock.origin}/api/talkie/actions/{action_id}" in entries


def test_a_stale_decision_shows_the_servers_409_and_the_action_read_again(
    page: Any, mock: served.Served
) -> None:
    action = _pending(page)
    action_id = action.get_attribute("data-action-id")
    _control(mock, "POST", "/faults", {"kind": "error", "code": "stale", "endpoint": "decision", "count": 1})
    message = _refused_confirm(page, action)
    page.wait_for_selector(
        f"section.action[data-action-id='{action_id}'] .action-message:text-matches('409')"
    )
    assert action.locator(".action-message").inner_text() == f"The server says (409 stale): {message}"
    turn = turn_starting(page, f"decision: confirm {action_id}")
    turn.locator(".entries li", has_text=f"GET {mock.origin}/api/talkie/actions/{action_id}").first.wait_for()
    assert "409 stale: the server refuses as ACT-010 says; reloading the action" in turn.inner_text()
    assert action.get_attribute("data-status") == "pending"
    action.locator("button", has_text="Confirm").click()
    page.wait_for_selector(f"section.action[data-action-id='{action_id}'][data-status=done]")
