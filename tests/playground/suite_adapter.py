"""The playground's adapter for `talkie-mock clients run`: the page in Chromium, as a person uses it.

`python suite_adapter.py {url} {token}` serves the playground as `talkie-mock playground URL` does (its
own loopback origin, forwarding the page's requests to the scenario's origin alone), opens it in headless
Chromium, pastes the token, sends "Hello", makes the person's gestures of TALKIE_PERSON the page offers and
prints what the page shows as the suite's adapter lines (docs/guides/client-suite.md); with TALKIE_CDP (a
DevTools endpoint) it takes a context of a Chromium already running instead of launching one. The page has no
production build, and sign-in and voice need a person's browser session: for those it says `unable`.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import uvicorn
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, sync_playwright
from talkie_mock.devtools import forward
from talkie_mock.devtools.guard import DevKey
from talkie_mock.devtools.playground import PREFIX, create_playground_app

GESTURES = frozenset({"stop", "approve", "reject", "open", "again", "sign-out"})
"""What a person can do on the page here; sign-in (OAuth in the browser), voice and a production build not."""
WAIT = 12_000
"""Milliseconds one step may take: the scenario's deadline (15 s) bounds the whole anyway."""
TAP = 3_000
"""Milliseconds a tapped link's tab is given to reach its target."""
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)

SHOWN = """(bubble) => {
  const lines = [];
  const one = (text) => (text ?? "").replace(/\\s+/g, " ").trim();
  const text = one(bubble.querySelector(":scope > .body")?.innerText);
  if (text !== "") lines.push({ kind: "text", text });
  for (const card of bubble.querySelectorAll("section.card")) {
    const fallback = card.classList.contains("fallback");
    const shown = fallback ? card.querySelector(".fallback-text") : card.querySelector(".card-title");
    lines.push({ kind: "card", fallback, text: one(shown?.textContent) });
  }
  for (const a of bubble.querySelectorAll(".open-link a[href], .card-link a[href]")) {
    lines.push({ kind: "link", url: a.getAttribute("href") });
  }
  for (const action of bubble.querySelectorAll("section.action")) {
    const offered = (action.dataset.methods ?? "").split(" ").filter((m) => m !== "");
    const taken = action.dataset.decided ?? null;
    lines.push({ kind: "decision", action: action.dataset.actionId, offered, taken });
    const message = action.querySelector(".action-message[data-failed=true]");
    if (message !== null) lines.push({ kind: "error", message: one(message.textContent) });
  }
  const end = bubble.querySelector(".run-end[data-failed=true]");
  if (end !== null) lines.push({ kind: "error", message: one(end.textContent) });
  return lines;
}"""


STOP = """() => {
  const messages = document.getElementById("messages");
  const cancel = document.getElementById("cancel-run");
  const observer = new MutationObserver(() => {
    const bubbles = messages.querySelectorAll(":scope > li.assistant");
    const body = bubbles[bubbles.length - 1]?.querySelector(":scope > .body");
    if (body && body.textContent !== "" && !cancel.disabled) {
      observer.disconnect();
      cancel.click();
    }
  });
  observer.observe(messages, { childList: true, subtree: true, characterData: true });
  window.talkieStop = observer;
}"""
"""The person's finger on stop: pressed in the same turn of the page's loop as the first words show."""


WARNINGS = """() => [...document.querySelectorAll("#trace-turns li.problem")].map((li) => ({
  kind: "warning",
  rule: li.querySelector("a.rule")?.textContent ?? "",
  message: li.textContent.replace(/\\s+/g, " ").trim(),
}))"""
"""What the page's trace says the server broke (its checks that failed), as warnings."""


def show(kind: str, **members: Any) -> None:
    print(json.dumps({"kind": kind, **members}, ensure_ascii=False), flush=True)


@contextlib.contextmanager
def playground(url: str) -> Iterator[str]:
    """The playground's own server for `url` on a free loopback port: the page's link with its key."""
    key = DevKey()
    app = create_playground_app(forward.parse_target(url), key)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, lifespan="off", access_log=False, log_level="critical"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    until = time.monotonic() + WAIT / 1000
    while not server.started and thread.is_alive() and time.monotonic() < until:
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}{PREFIX}/#key={key.value}"
    finally:
        server.should_exit = True
        thread.join(timeout=5)
        sock.close()


def converse(page: Page, person: list[str]) -> None:
    """One conversation: "Hello", its reply, the person's taps; prints what the page showed."""
    before = page.locator("#messages > li.assistant").count()
    page.fill("#message", "Hello")
    if "stop" in person:  # stop as soon as the first words show (a run that ends first has nothing to stop)
        page.evaluate(STOP)
    page.click("#send")
    bubble = page.locator("#messages > li.assistant").nth(before)
    bubble.wait_for()
    bubble.locator(":scope[data-settled=true]").wait_for()
    if "stop" in person:
        page.evaluate("() => window.talkieStop.disconnect()")
    for decision, label in (("approve", "Confirm"), ("reject", "Cancel")):
        if decision not in person:
            continue
        actions = bubble.locator("section.action")  # by place: a decision changes an action's status
        statuses = [actions.nth(i).get_attribute("data-status") for i in range(actions.count())]
        for action in [actions.nth(i) for i, status in enumerate(statuses) if status == "pending"]:
            action.locator(":scope:not([data-loading])").wait_for()  # the page's GET action came back
            button = action.locator(".buttons button", has_text=re.compile(f"^{label}$"))
            if button.count() == 1:
                button.click()
                action.locator(".action-message:not(:empty)").wait_for()
    lines: list[dict[str, Any]] = bubble.evaluate(SHOWN)
    for line in lines:
        show(**line)
    if "open" in person:
        tap_everything(page, bubble)


def tap_everything(page: Page, bubble: Locator) -> None:
    """Every link opens in a tab of its own, without the token; every same-origin file is downloaded with
    it (the page's Download button)."""
    for button in bubble.locator(".file button").all():
        url = button.get_attribute("data-url") or button.inner_text()
        try:
            with page.expect_download(timeout=TAP):
                button.click()
            show("opened", url=url, how="download")
        except PlaywrightError:
            show("error", message=f"{url}: no download")
    for link in bubble.locator("a[href]").all():
        href = link.get_attribute("href") or ""
        try:
            with page.expect_popup(timeout=TAP) as opened:
                link.click()
            tab = opened.value
            # a target that answers nothing a page is made of was reached all the same
            with contextlib.suppress(PlaywrightError):
                tab.wait_for_load_state("domcontentloaded", timeout=TAP)
            tab.close()
            show("opened", url=href, how="browser")
        except PlaywrightError:
            show("error", message=f"{href}: the link opened no tab")


def main() -> int:
    url = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("TALKIE_URL", "")
    token = sys.argv[2] if len(sys.argv) > 2 else os.environ.get("TALKIE_TOKEN", "")
    person = [g.strip() for g in os.environ.get("TALKIE_PERSON", "").split(",") if g.strip()]
    unable = [g for g in person if g not in GESTURES]
    for gesture in unable:
        show("unable", gesture=gesture)
    if unable:
        return 0
    with playground(url) as link, sync_playwright() as playwright:
        shared = os.environ.get("TALKIE_CDP")  # a Chromium already running: a fresh context of its own
        if shared:
            browser = playwright.chromium.connect_over_cdp(shared)
        else:
            chromium = os.environ.get("TALKIE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
            browser = playwright.chromium.launch(executable_path=chromium, args=list(CHROMIUM_ARGS))
        context = browser.new_context(accept_downloads=True)
        try:
            page = context.new_page()
            page.set_default_timeout(WAIT)
            page.goto(link)
            page.wait_for_selector("body[data-connected]")
            if page.get_attribute("body", "data-connected") != "true":
                show("error", message=page.inner_text("#connect-status"))
                return 1
            page.fill("#token", token)
            page.click("#token-form button[type=submit]")
            page.wait_for_function(
                "() => !['Not signed in.', 'Signed in with a pasted token.']"
                ".includes(document.getElementById('signed-in').textContent)"
            )
            converse(page, person)
            if "again" in person:
                page.click("#new-thread")
                converse(page, person)
            if "sign-out" in person and page.is_enabled("#sign-out"):
                page.click("#sign-out")
                page.wait_for_selector("#signed-in:text-is('Not signed in.')")
            warnings: list[dict[str, Any]] = page.evaluate(WARNINGS)
            for warning in warnings:
                show(**warning)
        finally:
            context.close()
            if not shared:
                browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
