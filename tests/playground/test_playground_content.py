"""What the playground shows of a run's content, against the mock scripted by runtime stubs (control API).

Every §6 block type of a card rendered in order, and a card with a block no version of §6 defines shown by
its `fallbackText` alone; a same-origin file downloaded with the bearer token and a file on another origin
opened without it (the browser's request log and the mock's traffic log say what each request carried);
`talkie.open` links opened only on a click, without the token; `talkie.usage` shown as the server counts it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import served
from playground_page import idle, open_page, send, sign_in, turn
from talkie_mock.engine import files

pytestmark = pytest.mark.slow

PDF = "f_0a1b2c3d4e5f-n-2031-007.pdf"
"""A file id the mock renders (engine.files): a PDF whose bytes are a function of the id."""


def _rendered(identifier: str) -> bytes:
    rendered = files.render(identifier)
    assert rendered is not None, identifier
    return rendered[0]


PDF_BYTES = _rendered(PDF)
ELSEWHERE = "https://files.example.com/nabidky/n-2031-007.pdf"
CRM = "https://crm.example.com/zakazky/2031-007"
CARD = {
    "title": "Horizont Logistika s.r.o.",
    "subtitle": "Odběratel · Olomouc",
    "url": "/?record=horizont",
    "blocks": [
        {"type": "heading", "text": "Nabídka N-2031-007"},
        {"type": "text", "text": "Platí do pátku, **sleva 5 %**; [historie](/?record=horizont-historie)."},
        {
            "type": "fields",
            "fields": [{"label": "IČO", "value": "27182818"}, {"label": "Obrat", "value": "3,4 mil. Kč"}],
        },
        {
            "type": "list",
            "items": [
                {"title": "Schůzka 10:00", "subtitle": "Marek Dvořák", "url": "/?record=schuzka-17"},
                {"title": "Hovor 14:30"},
            ],
            "more": 3,
        },
        {"type": "link", "label": "Web firmy", "url": "https://horizont-logistika.example.com/"},
        {
            "type": "file",
            "name": "Nabídka N-2031-007.pdf",
            "mime": "application/pdf",
            "size": len(PDF_BYTES),
            "url": f"/api/talkie/files/{PDF}",
        },
        {"type": "file", "name": "Příloha N-2031-007.pdf", "url": ELSEWHERE},
        {"type": "badge", "text": "Aktivní", "tone": "positive"},
    ],
    "fallbackText": "Horizont Logistika s.r.o., nabídka N-2031-007, platí do pátku",
    "a11yLabel": "Karta nabídky N-2031-007 pro Horizont Logistika s.r.o.",
}
UNKNOWN_CARD = {
    "id": "c_playground_chart",
    "version": 1,
    "title": "Obrat 2031",
    "subtitle": "Horizont Logistika s.r.o.",
    "url": "/?record=horizont-obrat",
    "blocks": [
        {"type": "fields", "fields": [{"label": "Leden", "value": "0,3 mil. Kč"}]},
        {"type": "chart", "series": [0.3, 0.25, 0.4]},
    ],
    "fallbackText": "Obrat 2031: leden 0,3 mil. Kč, únor 0,25 mil. Kč, březen 0,4 mil. Kč",
    "a11yLabel": "Graf obratu 2031",
}
STUBS = [
    {
        "name": "playground-blocks",
        "match": "^playground: every block$",
        "steps": [{"text": "Karta:"}, {"card": CARD}],
    },
    {
        "name": "playground-unknown-block",
        "match": "^playground: unknown block$",
        "steps": [
            {"unsafe": {"type": "CUSTOM", "name": "talkie.card", "value": UNKNOWN_CARD}},
            {"text": "Graf:"},
        ],
    },
    {
        "name": "playground-open",
        "match": "^playground: open$",
        "steps": [
            {"text": "Dva odkazy k otevření:"},
            {"open": {"url": CRM, "label": "Zakázka v CRM"}},
            {"open": {"url": "/?record=horizont", "label": "Karta firmy"}},
        ],
    },
    {
        "name": "playground-usage",
        "match": "^playground: usage$",
        "steps": [{"text": "Spočítáno."}, {"usage": 1234}],
    },
]


def _control(mock: served.Served, method: str, path: str, body: Any = None) -> Any:
    answer = httpx.request(method, f"{mock.origin}/_mock/api{path}", json=body, headers=mock.dev, timeout=30)
    assert answer.is_success, answer.text
    return answer.json()


@pytest.fixture(scope="module")
def stubs(mock: served.Served) -> Iterator[None]:
    for stub in STUBS:
        _control(mock, "POST", "/stubs", stub)
    yield
    for stub in STUBS:
        _control(mock, "DELETE", f"/stubs/{stub['name']}")


@pytest.fixture(scope="module")
def requests() -> list[Any]:
    """Every request the tab's browser context sent, in order (Playwright's log: URL and headers)."""
    return []


@pytest.fixture(scope="module")
def outside() -> list[Any]:
    """The requests for the two addresses on other origins, answered by the test (nothing leaves loopback)."""
    return []


@pytest.fixture(scope="module")
def page(
    browser: Any, mock: served.Served, stubs: None, requests: list[Any], outside: list[Any]
) -> Iterator[Any]:
    tab = open_page(browser, mock)
    tab.context.on("request", lambda request: requests.append(request))

    def answer(route: Any) -> None:
        outside.append(route.request)
        route.fulfill(status=200, content_type="text/plain", body="elsewhere")

    tab.context.route("https://*.example.com/**", answer)
    sign_in(tab, mock.token)
    yield tab
    tab.context.close()


def _card(page: Any, message: str) -> Any:
    bubble = send(page, message)
    idle(page)
    card = bubble.locator("section.card")
    card.wait_for()
    return card


def test_every_block_type_is_rendered_in_order(page: Any, mock: served.Served) -> None:
    card = _card(page, "playground: every block")
    assert card.get_attribute("aria-label") == CARD["a11yLabel"]
    parts = card.evaluate("(c) => [...c.children].map((e) => e.className)")
    assert parts == [
        "card-head",
        "card-heading",
        "card-text",
        "fields",
        "card-list",
        "card-link",
        "file",
        "file",
        "badge tone-positive",
    ]
    title = card.locator(".card-head .card-title a")
    assert title.inner_text() == CARD["title"]
    assert title.get_attribute("href") == f"{mock.origin}/?record=horizont"
    assert card.locator(".card-subtitle").inner_text() == CARD["subtitle"]
    assert card.locator(".card-heading").inner_text() == "Nabídka N-2031-007"
    assert card.locator(".card-text strong").inner_text() == "sleva 5 %"
    assert card.locator(".card-text a").get_attribute("href") == f"{mock.origin}/?record=horizont-historie"
    assert card.locator("dl.fields dt").all_inner_texts() == ["IČO", "Obrat"]
    assert card.locator("dl.fields dd").all_inner_texts() == ["27182818", "3,4 mil. Kč"]
    items = card.locator("ul.card-list > li")
    assert items.all_inner_texts() == ["Schůzka 10:00 Marek Dvořák", "Hovor 14:30", "and 3 more"]
    assert items.nth(0).locator("a").get_attribute("href") == f"{mock.origin}/?record=schuzka-17"
    assert items.nth(1).locator("a").count() == 0
    link = card.locator(".card-link a")
    assert (link.inner_text(), link.get_attribute("href")) == (
        "Web firmy",
        "https://horizont-logistika.example.com/",
    )
    assert (link.get_attribute("target"), link.get_attribute("rel")) == ("_blank", "noopener noreferrer")
    downloads = card.locator(".file")
    assert downloads.nth(0).locator("button").inner_text() == "Download Nabídka N-2031-007.pdf"
    assert downloads.nth(0).locator(".muted").inner_text().startswith(" application/pdf, ")
    assert downloads.nth(1).locator("a").get_attribute("href") == ELSEWHERE
    assert card.locator(".badge").inner_text() == "Aktivní"
    assert "no problem" in turn(page, "run: playground: every block").locator(".verdict").inner_text()


def test_a_block_of_an_unknown_type_shows_the_cards_fallback_text(page: Any) -> None:
    card = _card(page, "playground: unknown block")
    assert card.get_attribute("class") == "card fallback"
    assert card.locator("p.fallback-text").inner_text() == UNKNOWN_CARD["fallbackText"]
    assert card.locator("dl.fields").count() == 0, "the fallbackText stands in for the whole card"
    problems = turn(page, "run: playground: unknown block").locator(".verdicts li.problem")
    assert problems.count() == 1
    assert problems.first.locator("a.rule").inner_text() == "CARD-002"
    assert "block type chart" in problems.first.inner_text()


def _authorization(request: Any) -> str | None:
    value: str | None = request.all_headers().get("authorization")
    return value


def test_a_same_origin_file_is_downloaded_with_the_token(
    page: Any, mock: served.Served, requests: list[Any], tmp_path: Path
) -> None:
    card = page.locator("section.card", has=page.locator(".card-heading", has_text="Nabídka N-2031-007")).last
    cursor = _control(mock, "GET", "/traffic?since=0")["cursor"]
    with page.expect_download() as download:
        card.locator(".file button").click()
    saved = tmp_path / "offer.pdf"
    download.value.save_as(saved)
    assert download.value.suggested_filename == "Nabídka N-2031-007.pdf"
    assert saved.read_bytes() == PDF_BYTES
    fetched = [r for r in requests if r.url == f"{mock.origin}/api/talkie/files/{PDF}"]
    assert len(fetched) == 1
    assert _authorization(fetched[0]) == f"Bearer {mock.token}"
    logged = [e for e in _control(mock, "GET", f"/traffic?since={cursor}")["entries"] if PDF in e["path"]]
    assert len(logged) == 1
    assert logged[0]["response"]["status"] == 200
    assert logged[0]["request"]["headers"]["authorization"].startswith("Bearer ")
    note = turn(page, "download Nabídka N-2031-007.pdf").locator(".entries").inner_text()
    assert f"downloaded Nabídka N-2031-007.pdf: {len(PDF_BYTES)} bytes" in note


def test_a_file_on_another_origin_opens_without_the_token(page: Any, outside: list[Any]) -> None:
    card = page.locator("section.card", has=page.locator(".card-heading", has_text="Nabídka N-2031-007")).last
    assert [r.url for r in outside] == [], "nothing on another origin is fetched before a click"
    with page.context.expect_page() as opened:
        card.locator(".file a", has_text="Open Příloha N-2031-007.pdf").click()
    opened.value.wait_for_load_state()
    assert [r.url for r in outside] == [ELSEWHERE]
    assert _authorization(outside[0]) is None
    assert "referer" not in outside[0].all_headers()
    opened.value.close()


def test_open_links_are_shown_and_opened_on_a_click_only(
    page: Any, mock: served.Served, outside: list[Any]
) -> None:
    bubble = send(page, "playground: open")
    idle(page)
    links = bubble.locator("p.open-link")
    assert links.all_inner_texts() == ["Suggested link: Zakázka v CRM", "Suggested link: Karta firmy"]
    assert links.nth(0).locator("a").get_attribute("href") == CRM
    assert links.nth(1).locator("a").get_attribute("href") == f"{mock.origin}/?record=horizont"
    assert [r.url for r in outside if r.url == CRM] == []
    with page.context.expect_page() as opened:
        links.nth(0).locator("a").click()
    opened.value.wait_for_load_state()
    crm = [r for r in outside if r.url == CRM]
    assert len(crm) == 1
    assert _authorization(crm[0]) is None
    opened.value.close()
    entries = turn(page, "run: playground: open").locator(".entries").inner_text()
    assert entries.count("CUSTOM talkie.open") == 2


def test_usage_is_shown_as_the_server_counts_it(page: Any, mock: served.Served) -> None:
    before = httpx.get(f"{mock.origin}/api/talkie/status", headers=mock.auth, timeout=30).json()["usage"]
    send(page, "playground: usage")
    idle(page)
    after = httpx.get(f"{mock.origin}/api/talkie/status", headers=mock.auth, timeout=30).json()["usage"]
    assert after[0]["used"] >= before[0]["used"] + 1234
    shown = [f"{u['label']}: {u['used']} of {u['limit']} {u['unit']}" for u in after]
    assert page.locator("#usage li").all_inner_texts() == shown
    assert "CUSTOM talkie.usage" in turn(page, "run: playground: usage").locator(".entries").inner_text()
