"""The inspector in a real headless Chromium: traffic with verdicts, a fault switch, escaped content."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from talkie_mock.testing import AUTH, LiveServer, make_config, run_input

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

ARTEFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "mock"
SCRIPT = "<script>window.__pwned = 1</script>Marek Dvořák"
STREAM = {**AUTH, "Accept": "text/event-stream"}


def test_inspector_in_chromium(chromium: Any) -> None:
    from playwright.sync_api import expect, sync_playwright

    with LiveServer(make_config()) as server, sync_playwright() as pw:
        browser = chromium.launch(pw.chromium)
        try:
            page = browser.new_page()
            page.goto(server.url + "/_mock/")
            expect(page.locator("#fault-switches button").first).to_be_visible()

            # a bad request from "the app" appears with its verdict and rule ID
            body = {"threadId": "t_browser", "runId": 42, "messages": []}
            httpx.post(server.url + "/api/talkie/run", json=body, headers=STREAM)
            row = page.locator("#traffic tbody tr", has_text="/api/talkie/run")
            expect(row).to_have_count(1, timeout=10_000)
            expect(row.locator(".badge.error", has_text="RUN-001")).to_be_visible()

            # a fault switch: the next request fails exactly as promised
            page.get_by_role("button", name="503 upstream_unavailable (next request)").click()
            expect(page.locator("#active-faults li")).to_have_count(1, timeout=10_000)
            failed = httpx.get(server.url + "/api/talkie/status", headers=AUTH)
            assert failed.status_code == 503
            assert failed.json()["error"] == {
                "code": "upstream_unavailable",
                "message": failed.json()["error"]["message"],
                "retryable": True,
            }
            status_row = page.locator("#traffic tbody tr", has_text="/api/talkie/status")
            expect(status_row.locator(".badge.fault")).to_contain_text("upstream_unavailable", timeout=10_000)
            expect(page.locator("#active-faults li")).to_have_count(0, timeout=10_000)

            # markup in data stays text
            run = run_input(f"talkie-test:echo {SCRIPT}", "r_xss", thread_id="t_xss")
            httpx.post(server.url + "/api/talkie/run", json=run, headers=STREAM)
            expect(page.locator("#threads li", has_text="<script>window.__pwned")).to_have_count(
                1, timeout=10_000
            )
            page.locator("#traffic tbody tr", has_text="/api/talkie/run").first.click()
            expect(page.locator("#detail-request")).to_contain_text(SCRIPT)
            assert page.evaluate("window.__pwned") is None
            assert page.locator("#threads script").count() == 0

            ARTEFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTEFACTS / "inspector.png"), full_page=True)
        finally:
            browser.close()
    assert (ARTEFACTS / "inspector.png").stat().st_size > 10_000


def test_the_key_rides_in_the_fragment_and_a_header_never_a_cookie(chromium: Any) -> None:
    """Opened with the banner's link the inspector works, drops the key from the address bar and stores no
    cookie; opened without it, the page says how to open it."""
    from playwright.sync_api import expect, sync_playwright

    key = "dk_browser_test_key_0123456789abcdef"
    config = make_config(open_devtools=False, devtools_key=key)
    with LiveServer(config) as server, sync_playwright() as pw:
        browser = chromium.launch(pw.chromium)
        try:
            context = browser.new_context()
            page = context.new_page()
            sent: list[str] = []
            page.on("request", lambda request: sent.append(request.headers.get("x-talkie-mock-key", "")))
            page.goto(server.url + f"/_mock/#key={key}")
            expect(page.locator("#clock")).to_contain_text("2026-", timeout=10_000)
            assert key not in page.url
            expect(page.locator("#how-to-open")).to_be_hidden()
            assert context.cookies() == []
            assert key in sent
            page.reload()  # the tab keeps the key
            expect(page.locator("#clock")).to_contain_text("2026-", timeout=10_000)

            stranger = browser.new_context().new_page()
            stranger.goto(server.url + "/_mock/")
            expect(stranger.locator("#how-to-open")).to_be_visible(timeout=10_000)
            expect(stranger.locator("#how-to-open")).to_contain_text("/_mock/#key=")
        finally:
            browser.close()


def test_a_selected_row_shows_its_detail_on_screen(chromium: Any) -> None:
    """The detail panel sits below a long table: selecting a row brings it into view."""
    from playwright.sync_api import expect, sync_playwright

    with LiveServer(make_config()) as server, sync_playwright() as pw:
        browser = chromium.launch(pw.chromium)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.goto(server.url + "/_mock/")
            with httpx.Client(base_url=server.url, headers=AUTH) as http:
                for number in range(60):
                    http.get(f"/api/talkie/threads/t_row_{number}")
            rows = page.locator("#traffic tbody tr")
            expect(rows).to_have_count(60, timeout=10_000)
            rows.nth(2).click()
            expect(page.locator("#detail-title")).to_contain_text("/api/talkie/threads/t_row_57")
            expect(page.locator("#detail-title")).to_be_in_viewport()
        finally:
            browser.close()


def test_a_tab_with_the_key_of_an_earlier_run_stops_asking_and_says_which_link(chromium: Any) -> None:
    """Each start makes a new key: a tab left open from before is refused, stops polling, and says to open
    the latest link (rather than filling the traffic and the terminal every second)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect, sync_playwright

    config = make_config(open_devtools=False, devtools_key="dk_this_run_0123456789abcdef0123")
    with LiveServer(config) as server, sync_playwright() as pw:
        browser = chromium.launch(pw.chromium)
        try:
            page = browser.new_page()
            asked: list[str] = []
            page.on("request", lambda request: asked.append(request.url))
            page.goto(server.url + "/_mock/#key=dk_earlier_run_0123456789abcdef01")
            expect(page.locator("#how-to-open")).to_be_visible(timeout=10_000)
            expect(page.locator("#connection")).to_contain_text("latest inspector link", timeout=10_000)
            calls = [url for url in asked if "/_mock/api/" in url]
            assert 1 <= len(calls) <= 2, calls  # the first traffic and state calls, refused
            with pytest.raises(PlaywrightTimeout):  # and no call after them
                page.wait_for_event("request", lambda r: "/_mock/api/" in r.url, timeout=3000)
        finally:
            browser.close()
