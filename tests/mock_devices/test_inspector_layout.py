"""The inspector keeps its layout with a long path (Chromium), and lists no request of its own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
from talkie_mock.testing import AUTH, LiveServer, make_config


def test_a_long_path_wraps_inside_the_traffic_table(chromium: Any) -> None:
    from playwright.sync_api import sync_playwright

    long_path = "/api/talkie/threads/" + "t" * 400
    with LiveServer(make_config()) as server, sync_playwright() as playwright:
        httpx.get(server.url + long_path, headers=AUTH, timeout=10)
        browser = chromium.launch(playwright.chromium)
        try:
            page = browser.new_page(viewport={"width": 1000, "height": 800})
            page.goto(server.url + "/_mock/")
            page.wait_for_selector("td.request")
            sizes = page.evaluate(
                """() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth,
                  table: document.getElementById('traffic').scrollWidth,
                  section: document.getElementById('traffic-section').clientWidth,
                  rows: document.querySelectorAll('#traffic tbody tr').length })"""
            )
        finally:
            browser.close()
    assert sizes["rows"] == 1  # the long request only: not the page, its script or its polling
    assert sizes["page"] <= sizes["view"], sizes
    assert sizes["table"] <= sizes["section"], sizes


def test_filter_copy_as_curl_and_export(chromium: Any) -> None:
    from playwright.sync_api import sync_playwright

    with LiveServer(make_config()) as server, sync_playwright() as playwright:
        httpx.get(server.url + "/api/talkie/status", headers=AUTH, timeout=10)
        httpx.get(server.url + "/api/talkie/threads", headers=AUTH, timeout=10)
        browser = chromium.launch(playwright.chromium)
        try:
            page = browser.new_page()
            page.goto(server.url + "/_mock/")
            page.wait_for_function("document.querySelectorAll('#traffic tbody tr').length === 2")
            page.fill("#filter", "threads 200")
            page.wait_for_function("document.querySelectorAll('#traffic tbody tr').length === 1")
            page.click("#traffic tbody tr")
            page.click("#copy-curl")
            curl = page.inner_text("#detail-curl")
            with page.expect_download() as download:
                page.click("#export-traffic")
            exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
        finally:
            browser.close()
    assert curl.startswith(f"curl -X GET '{server.url}/api/talkie/threads'")
    assert '-H "authorization: Bearer $TALKIE_TOKEN"' in curl
    assert "tk_test_token" not in curl
    assert [e["path"] for e in exported["entries"]] == ["/api/talkie/status", "/api/talkie/threads"]
