"""`talkie-mock playground URL` with the mock as its target: OAuth and a file download through the forwarder.

The mock's authorization server is on the target's own origin, so the page reaches its metadata, token
and revocation endpoints through the forwarder, while the browser itself goes to the authorization page and
comes back to the playground's loopback callback (Authorization Code + PKCE). A same-origin file of a card
goes through the forwarder with the bearer token; the mock's traffic log says it arrived with it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import served
from playground_page import WAIT, idle, send, turn
from talkie_mock.engine import files

pytestmark = pytest.mark.slow

PDF = "f_9e8d7c6b5a41-smlouva-2031-17.pdf"
FILES = {
    "name": "playground-forwarded-file",
    "match": "^playground: file$",
    "steps": [
        {"text": "Smlouva je v příloze."},
        {
            "card": {
                "title": "Smlouva 2031-17",
                "subtitle": "Horizont Logistika s.r.o.",
                "url": "/?record=smlouva-2031-17",
                "blocks": [
                    {"type": "file", "name": "Smlouva 2031-17.pdf", "url": f"/api/talkie/files/{PDF}"}
                ],
                "fallbackText": "Smlouva 2031-17 pro Horizont Logistika s.r.o. (PDF)",
                "a11yLabel": "Karta smlouvy 2031-17",
            }
        },
    ],
}


@pytest.fixture(scope="module")
def mock() -> Iterator[served.Served]:
    with served.serving_keyed() as running:
        answer = httpx.post(f"{running.origin}/_mock/api/stubs", json=FILES, headers=running.dev, timeout=30)
        assert answer.status_code == 201, answer.text
        yield running


@pytest.fixture(scope="module")
def playground(mock: served.Served) -> Iterator[served.Playground]:
    with served.serving_playground(mock.origin) as running:
        yield running


@pytest.fixture(scope="module")
def requests() -> list[Any]:
    """Every request of the tab's browser context, in order (Playwright's log)."""
    return []


@pytest.fixture(scope="module")
def page(browser: Any, playground: served.Playground, requests: list[Any]) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    context.on("request", lambda request: requests.append(request))
    tab = context.new_page()
    tab.set_default_timeout(WAIT)
    tab.goto(playground.link)
    tab.wait_for_selector("body[data-connected=true]")
    yield tab
    context.close()


def test_oauth_sign_in_goes_through_the_forwarder(
    page: Any, mock: served.Served, playground: served.Playground, requests: list[Any]
) -> None:
    """The page calls the authorization server through the forwarder only; the browser goes to it itself
    for the sign-in page alone, and is sent back to the playground's callback."""
    page.click("#oauth-sign-in")
    page.wait_for_url(f"{mock.origin}/oauth/**")
    page.locator("button[value=approve]").click()
    page.wait_for_selector("#signed-in:has-text('Signed in as')")
    assert page.url == f"{playground.origin}/_mock/playground/", "back on the playground, the code gone"
    assert "(OAuth)" in page.locator("#signed-in").inner_text()
    direct = [
        (r.method, r.url.split("?")[0], r.resource_type) for r in requests if r.url.startswith(mock.origin)
    ]
    assert {(method, kind) for method, _, kind in direct} <= {("GET", "document"), ("POST", "document")}
    assert {url for _, url, _ in direct} == {f"{mock.origin}/oauth/authorize"}
    forwarded = {r.url.split("?")[0] for r in requests if r.resource_type == "fetch"}
    through = f"{playground.origin}/_mock/playground/forward"
    assert f"{through}/.well-known/oauth-authorization-server/oauth" in forwarded, "RFC 8414 metadata"
    assert f"{through}/oauth/token" in forwarded
    callback = turn(page, "OAuth callback")
    entries = callback.locator(".entries").inner_text()
    assert "PKCE S256" in entries
    assert "/token (forwarded)" in entries
    assert "no problem" in callback.locator(".verdict").inner_text()


def test_a_run_with_the_oauth_token_streams_through(page: Any) -> None:
    bubble = send(page, "talkie-test:echo Dobrý den, Vendulo")
    idle(page)
    assert bubble.locator(".body").inner_text().strip() == "Dobrý den, Vendulo"
    assert (
        "no problem"
        in turn(page, "run: talkie-test:echo Dobrý den, Vendulo").locator(".verdict").inner_text()
    )


def test_a_same_origin_file_goes_through_the_forwarder_with_the_token(
    page: Any, mock: served.Served, playground: served.Playground
) -> None:
    bubble = send(page, "playground: file")
    idle(page)
    button = bubble.locator("section.card .file button")
    assert button.inner_text() == "Download Smlouva 2031-17.pdf"
    cursor = httpx.get(f"{mock.origin}/_mock/api/traffic", headers=mock.dev, timeout=30).json()["cursor"]
    with page.expect_request(lambda r: PDF in r.url) as sent, page.expect_download() as download:
        button.click()
    assert sent.value.url == f"{playground.origin}/_mock/playground/forward/api/talkie/files/{PDF}"
    headers = sent.value.all_headers()
    assert headers["authorization"].startswith("Bearer ")
    assert headers["x-talkie-mock-key"] == playground.key
    rendered = files.render(PDF)
    assert rendered is not None
    assert download.value.suggested_filename == "Smlouva 2031-17.pdf"
    with download.value.path().open("rb") as got:
        assert got.read() == rendered[0]
    entries = httpx.get(
        f"{mock.origin}/_mock/api/traffic?since={cursor}", headers=mock.dev, timeout=30
    ).json()
    logged = [e for e in entries["entries"] if PDF in e["path"]]
    assert [e["response"]["status"] for e in logged] == [200]
    assert logged[0]["request"]["headers"]["authorization"].startswith("Bearer ")
    assert "x-talkie-mock-key" not in logged[0]["request"]["headers"], "the key stays at the playground"


def test_sign_out_revokes_through_the_forwarder(page: Any) -> None:
    page.click("#sign-out")
    page.wait_for_selector("#signed-in:text-is('Not signed in.')")
    out = turn(page, "sign out").locator(".entries").inner_text()
    assert "the token was revoked (RFC 7009)" in out
    assert "(forwarded)" in out
