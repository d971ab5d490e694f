"""The playground against the mock in Chromium: what a developer does with it, and what the page shows.

Signs in with a pasted token and with OAuth (Authorization Code + PKCE on the mock's consent page), runs the
§11 test commands (echo, card, action with a confirm, slow with a cancel, slow with a dropped stream and its
recovery), deletes a thread, exports a turn's trace, and passes axe-core in light and dark at full width and
at 390 px. Markdown stays text: an `<img>` in assistant text is never an element.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import served
from playground_page import idle, open_page, send, serious_axe, sign_in
from playground_page import turn as latest_turn
from playground_shots import screenshot

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def page(browser: Any, mock: served.Served) -> Iterator[Any]:
    """One signed-in tab for the chat tests, in the order a developer would try them."""
    tab = open_page(browser, mock)
    sign_in(tab, mock)
    yield tab
    tab.context.close()


def test_discovery_shows_the_manifest_findings(page: Any, mock: served.Served) -> None:
    findings = page.locator("#findings")
    assert "Issuer" in findings.inner_text()
    assert mock.origin in findings.inner_text()
    assert "on (§11 test commands answer)" in findings.inner_text()
    turn = page.locator("#trace-turns article.turn", has=page.locator("h3", has_text="discovery:")).first
    assert "no problem" in turn.locator(".verdict").inner_text()
    assert "/.well-known/talkie.json" in turn.locator(".entries").inner_text()


def test_echo_streams_markdown_as_text_nodes_only(page: Any) -> None:
    text = (
        "talkie-test:echo Hi **bold** <img src=x onerror=alert(1)> "
        "[site](https://example.com/) [bad](javascript:alert(1))"
    )
    bubble = send(page, text)
    idle(page)
    body = bubble.locator(".body")
    assert body.locator("strong").inner_text() == "bold"
    assert body.locator("img").count() == 0, "HTML in assistant text is shown as text"
    assert "<img src=x onerror=alert(1)>" in body.inner_text()
    link = body.locator("a")
    assert link.count() == 1
    assert link.get_attribute("href") == "https://example.com/"
    assert link.get_attribute("rel") == "noopener noreferrer"
    assert body.locator(".refused-link").inner_text() == "bad (javascript:alert(1))"
    turn = latest_turn(page, f"run: {text}")
    entries = turn.locator(".entries").inner_text()
    assert (
        entries.index("RUN_STARTED") < entries.index("TEXT_MESSAGE_CONTENT") < entries.index("RUN_FINISHED")
    )
    assert "no problem" in turn.locator(".verdict").inner_text()


def test_card_shows_its_blocks_and_the_tool_label(page: Any) -> None:
    bubble = send(page, "talkie-test:card")
    idle(page)
    card = bubble.locator("section.card")
    card.wait_for()
    assert card.locator("dl.fields dt").count() >= 1
    assert card.get_attribute("aria-label")
    assert bubble.locator(".tools li.tool.done").count() == 1
    turn = latest_turn(page, "run: talkie-test:card")
    assert "no problem" in turn.locator(".verdict").inner_text()
    screenshot(page, "card")


def test_action_confirm_sends_params_hash_and_method(page: Any) -> None:
    bubble = send(page, "talkie-test:action")
    idle(page)
    action = bubble.locator("section.action")
    action.wait_for()
    assert action.get_attribute("data-status") == "pending"
    screenshot(page, "action")
    action.locator("button", has_text="Confirm").click()
    page.wait_for_selector("section.action[data-status=done]")
    turn = page.locator(
        "#trace-turns article.turn", has=page.locator("h3", has_text="decision: confirm")
    ).first
    entries = turn.locator(".entries")
    entries.locator("details.data summary").first.click()
    sent = entries.locator("pre").first.inner_text()
    decision = json.loads(sent)["body"]
    assert decision["decision"] == "confirm"
    assert decision["method"] == "button"
    assert decision["paramsHash"].startswith("sha256:")
    assert "no problem" in turn.locator(".verdict").inner_text()


def test_slow_run_is_cancelled_by_the_cancel_button(page: Any) -> None:
    bubble = send(page, "talkie-test:slow")
    page.wait_for_selector("body[data-running=true]")
    bubble.locator(".body p").first.wait_for()
    page.click("#cancel-run")
    idle(page)
    turn = latest_turn(page, "run: talkie-test:slow")
    entries = turn.locator(".entries").inner_text()
    assert "/cancel" in entries
    assert "RUN_FINISHED" in entries or "RUN_ERROR" in entries, "the stream ends with its terminal event"
    assert bubble.locator(".run-end").inner_text() != ""


def test_dropped_stream_is_recovered_from_the_thread(page: Any) -> None:
    bubble = send(page, "talkie-test:slow")
    bubble.locator(".body p").first.wait_for()
    page.click("#drop-stream")
    page.wait_for_selector("#messages > li.assistant .run-end:has-text('Recovered from the stored thread')")
    assert bubble.locator(".body").inner_text().strip() != ""
    turn = page.locator(
        "#trace-turns article.turn", has=page.locator("h3:text-is('run: talkie-test:slow')")
    ).first
    assert "RUN-029" not in turn.locator(".verdicts").inner_text()


def test_turn_exports_as_json(page: Any, tmp_path: Path) -> None:
    turn = page.locator("#trace-turns article.turn").first
    with page.expect_download() as download:
        turn.locator("button", has_text="Export turn").click()
    path = tmp_path / "turn.json"
    download.value.save_as(path)
    exported = json.loads(path.read_text())
    assert exported["entries"], "the export holds the turn's requests and events"
    assert all({"at", "kind", "text"} <= set(entry) for entry in exported["entries"])


def test_thread_delete_removes_it_from_the_list(page: Any) -> None:
    page.click("#reload-threads")
    rows = page.locator("#threads li[data-thread-id]")
    rows.first.wait_for()
    before = rows.count()
    thread = rows.first.get_attribute("data-thread-id")
    rows.first.locator("button", has_text="Delete").click()
    page.wait_for_function(
        "([id, n]) => !document.querySelector(`#threads li[data-thread-id='${id}']`)"
        " && document.querySelectorAll('#threads li[data-thread-id]').length === n - 1",
        arg=[thread, before],
    )
    screenshot(page, "playground")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_finds_nothing_serious_in_either_theme(browser: Any, mock: served.Served, theme: str) -> None:
    tab = open_page(browser, mock, axe=True)
    try:
        sign_in(tab, mock)
        if tab.evaluate("document.documentElement.dataset.theme") != theme:
            tab.click("#theme")
        send(tab, "talkie-test:card")
        idle(tab)
        serious = serious_axe(tab)
        assert serious == [], json.dumps(serious, indent=1)[:4000]
    finally:
        tab.context.close()


def test_readable_at_390_px_without_sideways_scrolling(browser: Any, mock: served.Served) -> None:
    tab = open_page(browser, mock, width=390, axe=True)
    try:
        sign_in(tab, mock)
        send(tab, "talkie-test:action")
        idle(tab)
        width = tab.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width} px wide at a 390 px viewport"
        assert serious_axe(tab) == []
        screenshot(tab, "narrow")
    finally:
        tab.context.close()


def test_oauth_pkce_sign_in_refresh_and_sign_out(browser: Any, mock: served.Served) -> None:
    tab = open_page(browser, mock)
    try:
        tab.click("#oauth-sign-in")
        tab.wait_for_url("**/oauth/**")
        tab.locator("button[value=approve]").click()
        tab.wait_for_selector("#signed-in:has-text('Signed in as')")
        assert "/_mock/playground/" in tab.url
        assert "code=" not in tab.url
        callback = tab.locator("#trace-turns article.turn", has=tab.locator("h3:text-is('OAuth callback')"))
        assert "PKCE S256" in callback.inner_text()
        assert "(OAuth)" in tab.locator("#signed-in").inner_text()
        tab.click("#oauth-refresh")
        refreshed = tab.locator("#trace-turns article.turn h3:text-is('status')")
        refreshed.nth(1).wait_for()
        tab.click("#sign-out")
        tab.wait_for_selector("#signed-in:text-is('Not signed in.')")
        out = tab.locator("#trace-turns article.turn", has=tab.locator("h3:text-is('sign out')"))
        assert "revoked" in out.inner_text()
    finally:
        tab.context.close()
