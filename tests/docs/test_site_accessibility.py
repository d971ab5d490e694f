"""axe-core on the built site: every kind of page, light and dark scheme, at desktop width, in Chromium.

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
)
SERIOUS = (
    "axe.run(document, {resultTypes: ['violations']}).then(r => r.violations"
    ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
    ".map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')))"
)
pytestmark = pytest.mark.slow


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_axe_violation(browser: Any, site_url: str, scheme: str) -> None:
    if not AXE.is_file():
        pytest.skip("axe-core is not installed in tools/node (python3 dev.py setup)")
    script = AXE.read_text(encoding="utf-8")
    context = browser.new_context(viewport={"width": 1400, "height": 900}, color_scheme=scheme)
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
