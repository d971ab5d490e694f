"""The built site in a real browser: headless Chromium (Debian's package) driven by Playwright.

The site is served from 127.0.0.1 by a thread running `http.server`; every request the browser makes is
recorded, and the test fails if any reaches another host (the site must work with no network). Screenshots
land in `test-artifacts/docs/`.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ARTIFACTS = (
    Path(__file__).resolve().parents[2] / "test-artifacts" / "docs"
)  # emptied by the `artifacts` fixture
pytestmark = pytest.mark.slow


def recording_page(browser: Any, requested: list[str], **context: Any) -> Any:
    """A page in a new context that appends every URL it fetches (or tries to) to `requested`."""
    page = browser.new_context(**{"viewport": {"width": 1400, "height": 900}, **context}).new_page()
    # What reached the network: every answered request, and every failed one except those the page's
    # Content-Security-Policy stopped inside the browser (Redoc's CDN logo on the OpenAPI page).
    page.on("response", lambda response: requested.append(response.url))
    page.on(
        "requestfailed",
        lambda request: None if request.failure == "csp" else requested.append(request.url),
    )
    return page


@pytest.fixture(scope="module")
def browser_page(site_url: str, browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """A Chromium page and the list of every URL it fetched (or tried to fetch over the network)."""
    requested: list[str] = []
    page = recording_page(browser, requested)
    yield page, requested
    page.context.close()


def _heading(page: Any) -> str:
    """The page's first heading without Material's permalink sign."""
    return str(page.locator("article h1").first.inner_text()).rstrip("¶").strip()


def _foreign(requested: list[str]) -> list[str]:
    return [
        url
        for url in requested
        if urlsplit(url).scheme in ("http", "https", "ws", "wss") and urlsplit(url).hostname != "127.0.0.1"
    ]


def test_home_page_and_search(browser_page: tuple[Any, list[str]], site_url: str) -> None:
    page, requested = browser_page
    page.goto(site_url)
    assert _heading(page) == "talkie/1"
    page.screenshot(path=str(ARTIFACTS / "home.png"), full_page=True)

    search = page.locator("input.md-search__input")
    search.click()
    search.press_sequentially("paramsHash", delay=30)  # typed key by key, as a person would
    results = page.locator(".md-search-result__item")
    results.first.wait_for(state="visible", timeout=20_000)
    assert results.count() > 0
    assert "paramsHash" in page.locator(".md-search-result").inner_text()
    page.screenshot(path=str(ARTIFACTS / "search.png"))
    assert _foreign(requested) == []


def test_schema_page_shows_fields_and_examples(browser_page: tuple[Any, list[str]], site_url: str) -> None:
    page, requested = browser_page
    page.goto(site_url + "reference/schemas/action/")
    assert _heading(page) == "Action"
    table = page.locator("article table").first
    assert table.is_visible()
    assert "paramsHash" in table.inner_text()
    assert page.locator("#ActionConfirm").is_visible()
    page.screenshot(path=str(ARTIFACTS / "schema-action.png"), full_page=True)
    assert _foreign(requested) == []


def test_rule_anchor_is_reachable(browser_page: tuple[Any, list[str]], site_url: str) -> None:
    page, _ = browser_page
    page.goto(site_url + "spec/runs/#RUN-004")
    rule = page.locator("#RUN-004")
    assert rule.is_visible()
    assert rule.inner_text().startswith("RUN-004")
    page.screenshot(path=str(ARTIFACTS / "rule-run-004.png"))


def test_diagrams_show_without_network(browser_page: tuple[Any, list[str]], site_url: str) -> None:
    page, requested = browser_page
    page.goto(site_url + "guides/sequences/")
    shown = page.locator(".talkie-diagram__canvas--light svg")
    assert shown.count() == 3
    assert page.locator(".talkie-diagram__canvas--dark svg").first.is_hidden()
    box = shown.first.bounding_box()
    assert box is not None
    assert box["height"] > 100  # a drawn diagram, not an error line
    page.screenshot(path=str(ARTIFACTS / "sequences.png"), full_page=True)
    assert _foreign(requested) == []


def test_openapi_reference_renders_operations(browser_page: tuple[Any, list[str]], site_url: str) -> None:
    page, requested = browser_page
    page.goto(site_url + "reference/openapi/")
    assert _heading(page) == "OpenAPI"
    assert "startRun" in page.locator("article table").last.inner_text()
    page.screenshot(path=str(ARTIFACTS / "openapi-page.png"))

    page.goto(site_url + "reference/openapi/redoc.html")
    assert page.locator("h1").first.inner_text().startswith("Talkie Protocol 1 (talkie/1)")
    page.get_by_text("Chat runs", exact=True).first.click()
    operation = page.get_by_text("Run the agent on new user input").first
    operation.wait_for(state="visible", timeout=30_000)
    operation.click()
    page.wait_for_url("**#/runs/startrun", timeout=30_000)
    # The 3.2 stream's itemSchema is rendered: the SSE item fields with their descriptions.
    page.get_by_text("One AG-UI event, JSON-encoded on a single line.").first.wait_for(timeout=30_000)
    page.screenshot(path=str(ARTIFACTS / "openapi-redoc.png"))
    assert _foreign(requested) == []


def test_control_api_reference_renders(browser_page: tuple[Any, list[str]], site_url: str) -> None:
    page, requested = browser_page
    page.goto(site_url + "reference/control-api/")
    assert _heading(page) == "Mock control API"
    assert "advanceClock" in page.locator("article table").last.inner_text()

    page.goto(site_url + "reference/control-api/redoc.html")
    assert page.locator("h1").first.inner_text().startswith("talkie-mock control API")
    operation = page.get_by_text("Move the virtual clock forward", exact=False).first
    operation.wait_for(state="visible", timeout=30_000)
    operation.click()
    page.wait_for_url("**#/other/advanceclock", timeout=30_000)
    # The operation's request body is drawn from the document: its one member, with its bounds.
    page.get_by_text("seconds", exact=True).first.wait_for(timeout=30_000)
    page.screenshot(path=str(ARTIFACTS / "control-api-redoc.png"))
    assert _foreign(requested) == []


# A member name (`toolCallId`) set in two or more line boxes: broken inside the word.
BROKEN_NAMES_JS = """
() => Array.from(document.querySelectorAll('article td code'))
  .filter((code) => /^[A-Za-z][A-Za-z0-9]*$/.test(code.textContent) && code.getClientRects().length > 1)
  .map((code) => code.textContent)
"""
MATRIX_JS = """
() => {
  const table = document.querySelector('.talkie-matrix table');
  const headers = Array.from(table.querySelectorAll('thead th')).map((th) => th.textContent.trim());
  const column = headers.indexOf('Statement');
  const cells = Array.from(table.querySelectorAll('tbody tr')).map((row) => row.children[column]);
  const wrap = table.closest('.md-typeset__scrollwrap') || table.parentElement;
  return {
    column,
    right: Math.max(...cells.map((cell) => cell.getBoundingClientRect().right)),
    narrowest: Math.min(...cells.map((cell) => cell.getBoundingClientRect().width)),
    shown: wrap.getBoundingClientRect().right,
    sideways: wrap.scrollWidth - wrap.clientWidth,
  };
}
"""


@pytest.mark.parametrize("width", [1400, 390])
def test_member_names_never_break_inside_a_word(browser: Any, site_url: str, width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        for path in ("reference/schemas/action/", "reference/schemas/tool-call-start-event/"):
            page.goto(site_url + path)
            assert page.evaluate(BROKEN_NAMES_JS) == [], f"{path} at {width} px"
    finally:
        context.close()


def test_the_rule_matrix_shows_its_statements_on_a_laptop_screen(browser: Any, site_url: str) -> None:
    """At 1280 px the Statement column is on screen, wide enough to read, without a sideways scroll."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(site_url + "reference/rules/")
        matrix = page.evaluate(MATRIX_JS)
        assert matrix["column"] >= 0
        assert matrix["sideways"] <= 0, matrix
        assert matrix["right"] <= matrix["shown"] + 1, matrix
        assert matrix["narrowest"] >= 200, matrix
    finally:
        context.close()
