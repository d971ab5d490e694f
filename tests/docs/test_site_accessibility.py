"""axe-core on the built site: every kind of page, light and dark scheme, at desktop and phone width (390 px),
in Chromium; and the checklists read on a phone.

A page passes when axe reports no serious or critical violation (WCAG AA contrast, link and dialog names);
the page loads nothing from another host.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "tools" / "node" / "node_modules" / "axe-core" / "axe.min.js"
PAGE_KINDS = (
    "",
    "spec/runs/",
    "spec/notes/",
    "guides/build-a-client/",
    "guides/typescript-client/",
    "guides/server-checklist/",
    "guides/client-checklist/",
    "guides/sequences/",
    "reference/rules/",
    "reference/schemas/action/",
    "reference/openapi/",
    "reference/downloads/",
    "versioning/",
    "changelog/",
    "protocol-changelog/",
    # the standalone Redoc renderings (opened by their link, outside the site's pages)
    "reference/openapi/redoc.html",
    "reference/openapi/redoc-dark.html",
    "reference/control-api/redoc.html",
)
REDOC_STANDALONE = (
    "reference/openapi/redoc.html",
    "reference/openapi/redoc-dark.html",
    "reference/control-api/redoc.html",
    "reference/control-api/redoc-dark.html",
)
TITLE_MAX_PX = 28
"""The largest title a 390 px screen shows beside Redoc's copy button without a line per word."""
SERIOUS = (
    "axe.run(document, {resultTypes: ['violations']}).then(r => r.violations"
    ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
    ".map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')))"
)
WIDTHS = (1400, 390)  # a desktop, and a phone held upright
CHECKLISTS = ("guides/server-checklist/", "guides/client-checklist/")
MIN_TEXT_PX = 12
# Each checklist row on the page: where its cells sit, whether they show, and their smallest text.
CHECKLIST_ROWS_JS = """
() => Array.from(document.querySelectorAll('.talkie-checklist tbody tr')).map((row) => {
  const cells = Array.from(row.children).map((cell) => {
    const box = cell.getBoundingClientRect();
    const texts = [cell, ...cell.querySelectorAll('*')].filter((el) => el.textContent.trim());
    return {left: box.left, right: box.right, width: box.width, height: box.height,
            shown: cell.getClientRects().length > 0 && getComputedStyle(cell).visibility !== 'hidden',
            smallest: Math.min(...texts.map((el) => parseFloat(getComputedStyle(el).fontSize)))};
  });
  const headers = Array.from(row.closest('table').querySelectorAll('thead th')).map((th) => th.textContent);
  return {id: row.textContent.trim().split(/\\s/)[0], headers, cells};
})
"""
pytestmark = pytest.mark.slow


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_axe_violation(browser: Any, site_url: str, scheme: str, width: int) -> None:
    if not AXE.is_file():
        pytest.skip("axe-core is not installed in tools/node (python3 dev.py setup)")
    script = AXE.read_text(encoding="utf-8")
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    found: dict[str, list[str]] = {}
    try:
        for path in PAGE_KINDS:
            page = context.new_page()
            page.goto(site_url + path, wait_until="networkidle")
            page.evaluate(script)
            violations = page.evaluate(SERIOUS)
            if violations:
                found[path or "/"] = violations
            page.close()
    finally:
        context.close()
    assert found == {}
    foreign = [
        url
        for url in requested
        if urlsplit(url).scheme.startswith("http") and urlsplit(url).hostname != "127.0.0.1"
    ]
    assert foreign == []


def test_the_standalone_redoc_pages_fit_a_phone(browser: Any, site_url: str) -> None:
    """At 390 px a Redoc rendering scrolls only downwards, its title fits in a few lines, and the text ends
    above the floating menu button's place."""
    context = browser.new_context(viewport={"width": 390, "height": 900})
    try:
        page = context.new_page()
        for path in REDOC_STANDALONE:
            page.goto(site_url + path, wait_until="networkidle")
            page.locator("h1").first.wait_for(state="visible", timeout=30_000)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, f"{path} scrolls sideways"
            size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('h1')).fontSize)")
            assert size <= TITLE_MAX_PX, f"{path}: a {size} px title"
            room = page.evaluate(
                "parseFloat(getComputedStyle(document.querySelector('.api-content')).paddingBottom)"
            )
            assert room >= 64, f"{path}: the last lines sit under the menu button"
    finally:
        context.close()


def test_checklists_read_on_a_phone(browser: Any, site_url: str) -> None:
    """At 390 px every checklist row shows all its cells, Basis and Tested by included, on screen and at a
    readable size: nothing is cut off or left to a sideways scroll."""
    context = browser.new_context(viewport={"width": 390, "height": 900})
    try:
        page = context.new_page()
        for path in CHECKLISTS:
            page.goto(site_url + path)
            rows = page.evaluate(CHECKLIST_ROWS_JS)
            assert len(rows) > 10, f"{path} lists too few rules"
            viewport = page.evaluate("innerWidth")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= viewport, f"{path} scrolls sideways"
            for row in rows:
                assert "Basis" in row["headers"], f"{path} {row['id']}: no Basis column"
                assert "Tested by" in row["headers"], f"{path} {row['id']}: no Tested by column"
                for name, cell in zip(row["headers"], row["cells"], strict=True):
                    where = f"{path} {row['id']} {name}"
                    assert cell["shown"], f"{where} is hidden"
                    assert cell["width"] > 0, f"{where} is hidden"
                    assert cell["height"] > 0, f"{where} is hidden"
                    assert cell["left"] >= 0, f"{where} starts off screen"
                    assert cell["right"] <= viewport, f"{where} ends off screen"
                    assert cell["smallest"] >= MIN_TEXT_PX, f"{where}: {cell['smallest']} px text"
    finally:
        context.close()
