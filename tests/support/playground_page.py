"""A playground tab against a served mock, shared by the playground's browser tests."""

from __future__ import annotations

from typing import Any

import served
from playground_shots import ROOT

AXE = ROOT / "tools" / "node" / "node_modules" / "axe-core" / "axe.min.js"
WAIT = 60_000  # ms: generous, the machine is shared


def open_page(browser: Any, mock: served.Served, width: int = 1280, axe: bool = False) -> Any:
    """A tab on the playground; `axe`: the page's CSP is bypassed so axe-core can be injected."""
    context = browser.new_context(
        viewport={"width": width, "height": 900}, accept_downloads=True, bypass_csp=axe
    )
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"{mock.origin}/_mock/playground/")
    page.wait_for_selector("body[data-connected=true]")
    return page


def sign_in(page: Any, mock: served.Served) -> None:
    page.fill("#token", mock.token)
    page.click("#token-form button[type=submit]")
    page.wait_for_selector("#signed-in:has-text('Signed in as')")


def serious_axe(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical findings on the page as it stands."""
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result: dict[str, Any] = page.evaluate("async () => await axe.run(document)")
    return [v for v in result["violations"] if v["impact"] in ("serious", "critical")]
