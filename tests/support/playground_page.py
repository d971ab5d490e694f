"""Driving the playground page in Chromium: open it on a mock, sign in, send a message, wait for the run.

What a developer does on the page, as the playground's browser tests do it; every wait is for something the
page shows (its `data-connected` and `data-running` marks, a new bubble), with a generous deadline.
"""

from __future__ import annotations

from typing import Any

import served
from playground_shots import ROOT

AXE = ROOT / "tools" / "node" / "node_modules" / "axe-core" / "axe.min.js"
WAIT = 60_000
"""Milliseconds any one wait may take: generous, the machine is shared."""


def open_page(browser: Any, mock: served.Served, width: int = 1280, axe: bool = False) -> Any:
    """A tab on the mock's playground, once it connected to the mock; `axe`: the page's CSP is bypassed so
    axe-core can be injected."""
    context = browser.new_context(
        viewport={"width": width, "height": 900}, accept_downloads=True, bypass_csp=axe
    )
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"{mock.origin}/_mock/playground/")
    page.wait_for_selector("body[data-connected=true]")
    return page


def sign_in(page: Any, who: served.Served | str) -> None:
    """Paste a token (`who`, or the served mock's own); wait until the status call says who is signed in."""
    page.fill("#token", who if isinstance(who, str) else who.token)
    page.click("#token-form button[type=submit]")
    page.wait_for_selector("#signed-in:has-text('Signed in as')")


def send(page: Any, text: str) -> Any:
    """Send a message; the new assistant bubble once it is on the page."""
    before = page.locator("#messages > li.assistant").count()
    page.fill("#message", text)
    page.click("#send")
    bubble = page.locator("#messages > li.assistant").nth(before)
    bubble.wait_for()
    return bubble


def idle(page: Any) -> None:
    """Until no run is going on."""
    page.wait_for_selector("body[data-running=false]")


def turn(page: Any, title: str) -> Any:
    """The newest trace turn with exactly this title."""
    return page.locator("#trace-turns article.turn", has=page.locator(f"h3:text-is('{title}')")).first


def turn_starting(page: Any, title: str) -> Any:
    """The newest trace turn whose title holds `title`."""
    return page.locator("#trace-turns article.turn", has=page.locator("h3", has_text=title)).first


def serious_axe(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical findings on the page as it stands."""
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result: dict[str, Any] = page.evaluate("async () => await axe.run(document)")
    return [v for v in result["violations"] if v["impact"] in ("serious", "critical")]
