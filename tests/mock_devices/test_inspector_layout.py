"""The inspector in Chromium: its layout with a long path, no request of its own, filter, copy as curl, the
JSON and HAR exports (the HAR replayed by Chromium itself), and the UNSAFE badge."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from talkie_mock.testing import AUTH, TOKEN, LiveServer, make_config, run_input
from unsafe_scenario import TRIGGER, unsafe_scenario

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)


@pytest.fixture(scope="module")
def browser(chromium: Any) -> Iterator[Any]:
    """One headless Chromium for the module; each test opens its own pages (and closes its context)."""
    with chromium.running() as launched:
        yield launched


def _wait_for_rows(page: Any, count: int) -> None:
    """Until the traffic table shows `count` rows: a locator assertion, not `wait_for_function`. Polling a
    string predicate evaluates it inside the page, which the inspector's CSP (no 'unsafe-eval') refuses
    whenever the rows are not there yet at the first look, so those waits failed on a busy machine."""
    from playwright.sync_api import expect

    expect(page.locator("#traffic tbody tr")).to_have_count(count, timeout=30_000)


def test_a_long_path_wraps_inside_the_traffic_table(browser: Any) -> None:
    long_path = "/api/talkie/threads/" + "t" * 400
    with LiveServer(make_config()) as server:
        httpx.get(server.url + long_path, headers=AUTH, timeout=10)
        page = browser.new_page(viewport={"width": 1000, "height": 800})
        try:
            page.goto(server.url + "/_mock/")
            page.wait_for_selector("td.request")
            sizes = page.evaluate(
                """() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth,
                  table: document.getElementById('traffic').scrollWidth,
                  section: document.getElementById('traffic-section').clientWidth,
                  rows: document.querySelectorAll('#traffic tbody tr').length })"""
            )
        finally:
            page.close()
    assert sizes["rows"] == 1  # the long request only: not the page, its script or its polling
    assert sizes["page"] <= sizes["view"], sizes
    assert sizes["table"] <= sizes["section"], sizes


def test_filter_copy_as_curl_and_export(browser: Any) -> None:
    with LiveServer(make_config()) as server:
        httpx.get(server.url + "/api/talkie/status", headers=AUTH, timeout=10)
        httpx.get(server.url + "/api/talkie/threads", headers=AUTH, timeout=10)
        context = browser.new_context(accept_downloads=True)
        page = context.new_page()
        try:
            page.goto(server.url + "/_mock/")
            _wait_for_rows(page, 2)
            page.fill("#filter", "threads 200")
            _wait_for_rows(page, 1)
            page.click("#traffic tbody tr")
            page.click("#copy-curl")
            curl = page.inner_text("#detail-curl")
            with page.expect_download() as download:
                page.click("#export-traffic")
            exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
        finally:
            context.close()
    assert curl.startswith(f"curl -X GET '{server.url}/api/talkie/threads'")
    assert '-H "authorization: Bearer $TALKIE_TOKEN"' in curl
    assert "tk_test_token" not in curl
    assert [e["path"] for e in exported["entries"]] == ["/api/talkie/status", "/api/talkie/threads"]


def test_export_har_downloads_an_archive_chromium_replays(browser: Any, tmp_path: Path) -> None:
    with LiveServer(make_config()) as server:
        status = httpx.get(server.url + "/api/talkie/status", headers=AUTH, timeout=10)
        run = json.dumps(
            run_input("talkie-test:echo z archivu", "r_har")
        )  # the replay sends these very bytes
        headers = {**AUTH, "Accept": "text/event-stream", "Content-Type": "application/json"}
        httpx.post(server.url + "/api/talkie/run", content=run, headers=headers)
        context = browser.new_context(accept_downloads=True)
        page = context.new_page()
        try:
            page.goto(server.url + "/_mock/")
            _wait_for_rows(page, 2)
            with page.expect_download() as download:
                page.click("#export-har")
            path = tmp_path / "session.har"
            download.value.save_as(path)
            assert download.value.suggested_filename == "talkie-mock.har"
        finally:
            context.close()
    text = path.read_text(encoding="utf-8")
    har = json.loads(text)
    assert har["log"]["version"] == "1.2"
    assert TOKEN not in text
    assert [e["request"]["url"] for e in har["log"]["entries"]] == [
        server.url + "/api/talkie/status",
        server.url + "/api/talkie/run",
    ]
    # the mock is gone: Chromium answers from the archive alone, as when a HAR is imported to replay it
    replay = browser.new_context()
    try:
        replay.route_from_har(str(path), not_found="abort")
        page = replay.new_page()
        page.goto(server.url + "/api/talkie/status")
        assert json.loads(page.inner_text("body")) == status.json()
        streamed = page.evaluate(
            """async (body) => {
                const answer = await fetch('/api/talkie/run', {method: 'POST', body,
                  headers: {'Content-Type': 'application/json', 'Accept': 'text/event-stream'}});
                return [answer.headers.get('content-type'), await answer.text()];
            }""",
            run,
        )
    finally:
        replay.close()
    assert streamed[0].startswith("text/event-stream")
    events = [json.loads(block.removeprefix("data: ")) for block in streamed[1].split("\n\n") if block]
    assert [e["type"] for e in events][:: len(events) - 1] == ["RUN_STARTED", "RUN_FINISHED"]
    assert [e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT"] == ["z archivu"]


def test_unsafe_runs_have_their_own_red_badge(browser: Any, tmp_path: Path) -> None:
    with LiveServer(make_config(scenario=unsafe_scenario(tmp_path), self_check=False)) as server:
        stream = {**AUTH, "Accept": "text/event-stream"}
        httpx.post(
            server.url + "/api/talkie/run",
            json=run_input(TRIGGER, "r_bad", thread_id="t_bad"),
            headers=stream,
        )
        httpx.get(server.url + "/api/talkie/status", headers=AUTH, timeout=10)
        page = browser.new_page()
        try:
            page.goto(server.url + "/_mock/")
            _wait_for_rows(page, 2)
            unsafe = page.locator("#traffic tbody tr", has_text="/api/talkie/run").locator(".badge.unsafe")
            label, title = unsafe.inner_text(), unsafe.get_attribute("title") or ""
            colour = unsafe.evaluate("node => getComputedStyle(node).backgroundColor")
            others = (
                page.locator("#traffic tbody tr", has_text="/api/talkie/status")
                .locator(".badge.unsafe")
                .count()
            )
            varied = (
                page.locator("#traffic tbody tr", has_text="/api/talkie/run").locator(".badge.vary").count()
            )
            page.click("#traffic tbody tr:has-text('/api/talkie/run')")
            detail = page.locator("#detail-findings .badge.unsafe").count()
        finally:
            page.close()
    assert label == "UNSAFE — content outside the schemas"
    assert "schemas forbid" in title
    assert colour == "rgb(179, 20, 27)"  # red, unlike the green `vary` badge
    assert (others, varied, detail) == (0, 0, 1)
