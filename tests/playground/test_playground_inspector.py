"""The inspector's playground link, in Chromium, on a mock that guards its developer surfaces with a key.

The link on `/_mock/` carries the instance's key in its fragment (never in a URL a server sees); the tab it
opens reads the key, gets its config and works: signed in with a pasted token, a run streams. Opened
without the key, the same page says its config was refused.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Iterator
from typing import Any

import pytest
import served
from playground_page import WAIT, idle, send, sign_in, turn

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def keyed() -> Iterator[served.Served]:
    """A mock without `--open-devtools`: its developer surfaces need the key of its banner's links."""
    with served.serving_keyed() as running:
        yield running


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    opened = browser.new_context(viewport={"width": 1280, "height": 900})
    opened.set_default_timeout(WAIT)
    yield opened
    opened.close()


def test_the_inspectors_link_opens_a_working_playground_with_the_key(
    context: Any, keyed: served.Served
) -> None:
    key = keyed.dev_key
    assert key is not None
    urls: list[str] = []
    keyed_headers: list[str] = []

    def seen(request: Any) -> None:
        urls.append(request.url)
        if request.url.endswith("/_mock/playground/config"):
            keyed_headers.append(request.all_headers().get("x-talkie-mock-key", ""))

    context.on("request", seen)
    inspector = context.new_page()
    inspector.goto(f"{keyed.origin}/_mock/#key={key}")
    inspector.locator("#fault-switches button").first.wait_for()
    link = inspector.locator("#playground-link")
    assert (
        link.get_attribute("href")
        == f"{keyed.origin}/_mock/playground/#key={urllib.parse.quote(key, safe='')}"
    )
    assert link.get_attribute("target") == "_blank"
    with context.expect_page() as opened:
        link.click()
    page = opened.value
    page.set_default_timeout(WAIT)
    page.wait_for_selector("body[data-connected=true]")
    assert page.url == f"{keyed.origin}/_mock/playground/", "the key leaves the address bar once read"
    assert f"target {keyed.origin}" in turn(page, "playground config").inner_text()
    assert keyed_headers == [key], "the config is asked for with the key in its header"
    sign_in(page, keyed.token)
    bubble = send(page, "talkie-test:echo Dobrý den, Vendulo")
    idle(page)
    assert bubble.locator(".body").inner_text().strip() == "Dobrý den, Vendulo"
    assert (
        "no problem"
        in turn(page, "run: talkie-test:echo Dobrý den, Vendulo").locator(".verdict").inner_text()
    )
    assert [url for url in urls if key in url or urllib.parse.quote(key, safe="") in url] == [], (
        "the key is never in a URL a server sees"
    )


def test_without_the_key_the_playground_says_its_config_was_refused(
    context: Any, keyed: served.Served
) -> None:
    page = context.new_page()
    page.goto(f"{keyed.origin}/_mock/playground/")
    page.wait_for_selector("body[data-connected=true]")
    assert turn(page, "playground config").count() == 0, "without a key the page asks for no config"
    guessed = context.new_page()
    guessed.goto(f"{keyed.origin}/_mock/playground/#key=dk_not-this-instances")
    config = turn(guessed, "playground config")
    config.wait_for()
    assert "the config answered 401: open the link the playground printed" in config.inner_text()
