"""The inspector keeps its layout with a long path (Chromium), and lists no request of its own."""

from __future__ import annotations

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
