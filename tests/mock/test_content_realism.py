"""The mock's invented content reads like a real CRM in both locales, for every seed.

Sampled over many seeds in cs and en: nothing the mock sends for the everyday scenarios (chat intents, voice
tools, decisions, thread history) carries Faker lorem; every number in Czech text agrees with its noun (and
the verb with the number); meetings have a subject, a time on the mock's date, a place or video link and
attendees; offers have line items with quantities and prices, a currency of the locale and a validity date.
"""

from __future__ import annotations

import ast
import itertools
import json
import re
import unicodedata
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from faker.providers.address.cs_CZ import Provider as CzechAddress
from faker.providers.lorem.cs_CZ import Provider as CzechLorem
from faker.providers.lorem.en_US import Provider as EnglishLorem
from faker.providers.lorem.la import Provider as LatinLorem
from faker.providers.person.cs_CZ import Provider as CzechNames
from faker.providers.person.en_US import Provider as EnglishNames
from talkie_mock.engine import crm, files
from talkie_mock.engine.content import Content, IdSource
from talkie_mock.engine.crm import faker_for
from talkie_mock.engine.formats import NOUNS, counted, plural, span
from talkie_mock.engine.realtime import brain
from talkie_mock.testing import AUTH, Client
from talkie_models import FileBlock

SEEDS = range(1, 13)
LOCALES = ("cs", "en")
MESSAGES = {
    "cs": (
        "Jaké mám dnes schůzky?",
        "Najdi firmu",
        "Ukaž poslední nabídku",
        "Napiš e-mail zákazníkovi",
        "Smaž ten záznam",
        "Otevři odkaz na web",
        "Ahoj, co je nového?",
    ),
    "en": (
        "What meetings do I have today?",
        "Find the company",
        "Show the latest offer",
        "Send an e-mail to the customer",
        "Delete that record",
        "Open the website link",
        "Hi, what's new?",
    ),
}
VOICE_TOOLS = ("search_records", "list_meetings", "send_email", "delete_record")
LATIN = frozenset(w for w in LatinLorem.word_list if len(w) >= 4)
"""Lorem ipsum words; the short ones (a, ad, at, in, id, est…) are also English, Czech or abbreviations."""
LOREM = {"cs": frozenset(CzechLorem.word_list), "en": frozenset(w.lower() for w in EnglishLorem.word_list)}
WORD = re.compile(r"[^\W\d_]+")
MACHINE = re.compile(
    r"\b[a-z]{1,8}_[0-9a-f]{6,}\b|sha256:[0-9a-f]+|\b[A-Z]+(?:_[A-Z]+)+\b|https://meet\.example\.com/[a-z-]+"
    r"|\bek_mock_\S+|\bf_[0-9a-f]+(?:-[a-z0-9-]+)?\.\w+"
)
"""What is no text: ids, hashes, event type names, the random code of a video link, minted secrets."""
FAKER_FILLER = frozenset(
    {"sentence", "sentences", "paragraph", "paragraphs", "text", "texts", "words", "catch_phrase", "bs"}
)
MOCK_SRC = Path(__file__).resolve().parents[2] / "mock" / "src" / "talkie_mock"


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value (keys excluded)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def fold(word: str) -> str:
    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode()


def vocabulary() -> frozenset[str]:
    """The words the mock may say: its own string constants (not docstrings), the messages it is sent, and
    the names of people and streets Faker draws; each also without diacritics (e-mail addresses, URLs)."""
    texts: list[str] = [m for messages in MESSAGES.values() for m in messages]
    for path in MOCK_SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        }
        texts += [
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
        ]
    names = [
        *CzechNames.first_names_male,
        *CzechNames.first_names_female,
        *CzechNames.last_names_male,
        *CzechNames.last_names_female,
        *EnglishNames.first_names_male,
        *EnglishNames.first_names_female,
        *EnglishNames.last_names,
        *CzechAddress.streets,
    ]
    words = {w.lower() for text in [*texts, *names] for w in WORD.findall(text)}
    return frozenset(words | {fold(w) for w in words})


def sent(client: Client, locale: str) -> list[Any]:
    """What the mock sends in the everyday scenarios: runs, voice tools, a decision, the thread afterwards."""
    bodies: list[Any] = []
    for index, message in enumerate(MESSAGES[locale]):
        events = client.run(message, f"r_{index:06x}", thread_id="t_5e7a9c01")
        bodies.extend(events)
    action = next(
        e["value"] for e in bodies if e.get("name") == "talkie.action" and e["value"]["riskLevel"] == "medium"
    )
    decided = client.http.post(
        f"/api/talkie/actions/{action['id']}/decision",
        json={"decision": "confirm", "paramsHash": action["paramsHash"], "method": "button"},
        headers=AUTH,
    )
    bodies.append(decided.json())
    voice = client.http.post("/api/talkie/voice/sessions", json={"locale": locale}, headers=AUTH).json()
    for index, tool in enumerate(VOICE_TOOLS):
        answer = client.http.post(
            f"/api/talkie/voice/sessions/{voice['voiceSessionId']}/tools/{tool}",
            json={"callId": f"call_{index}", "arguments": "{}"},
            headers=AUTH,
        )
        assert answer.status_code == 200, answer.text
        bodies.append(answer.json())
    bodies.append(client.http.get("/api/talkie/threads/t_5e7a9c01", headers=AUTH).json())
    bodies.append(client.http.get("/api/talkie/threads", headers=AUTH).json())
    return bodies


@pytest.fixture(scope="module")
def tours() -> dict[tuple[str, int], list[str]]:
    """(locale, seed) → every string the mock sent in the tour; the self-check saw every answer valid."""
    from starlette.testclient import TestClient
    from talkie_mock import create_app
    from talkie_mock.testing import make_config

    found: dict[tuple[str, int], list[str]] = {}
    for locale in LOCALES:
        for seed in SEEDS:
            app = create_app(make_config(locale=locale, seed=seed))
            with TestClient(app, raise_server_exceptions=False) as http:
                client = Client(app, http)
                found[(locale, seed)] = [text for body in sent(client, locale) for text in strings(body)]
                assert client.problems() == [], "the self-check found invalid responses or events"
    return found


@pytest.mark.slow
def test_no_lorem_ipsum_word_in_anything_the_mock_sends(tours: dict[tuple[str, int], list[str]]) -> None:
    for (locale, seed), texts in tours.items():
        latin = {w for text in texts for w in WORD.findall(text.lower()) if w in LATIN}
        assert not latin, (locale, seed, sorted(latin))


def test_every_word_the_mock_sends_comes_from_its_own_phrases_and_names(
    tours: dict[tuple[str, int], list[str]],
) -> None:
    """Faker's filler strings random words of its locale list together (971 English, 5,017 Czech words); the
    mock's own text is built from its phrase tables, people's names and street names only. A word from
    nowhere in that vocabulary is filler (or a phrase nobody wrote down)."""
    known = vocabulary()
    for (locale, seed), texts in tours.items():
        strays = {w for text in texts for w in WORD.findall(MACHINE.sub(" ", text).lower()) if w not in known}
        filler = strays & LOREM[locale]
        assert not filler, (locale, seed, sorted(filler))
        assert not strays, (locale, seed, sorted(strays))


def test_the_mock_never_calls_a_faker_filler_provider() -> None:
    for path in MOCK_SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                assert node.func.attr not in FAKER_FILLER, f"{path}:{node.lineno} calls .{node.func.attr}()"


def test_the_same_seed_sends_the_same_content(make_client: Callable[..., Client]) -> None:
    first, again, other = (make_client(locale="cs", seed=s) for s in (7, 7, 8))
    # ids of voice sessions and threads are random by design (and order threads updated at the same instant
    # in the list, the last body); the content is not
    texts = [
        [MACHINE.sub("#", t) for body in sent(c, "cs")[:-1] for t in strings(body)]
        for c in (first, again, other)
    ]
    assert texts[0] == texts[1]
    assert texts[0] != texts[2]


# -- Czech numbers -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "meeting", "item", "waits"),
    [
        (1, "1 schůzka", "1 položka", "čeká"),
        (2, "2 schůzky", "2 položky", "čekají"),
        (4, "4 schůzky", "4 položky", "čekají"),
        (5, "5 schůzek", "5 položek", "čeká"),
        (21, "21 schůzek", "21 položek", "čeká"),
        (22, "22 schůzek", "22 položek", "čeká"),
        (25, "25 schůzek", "25 položek", "čeká"),
    ],
)
def test_czech_forms_follow_the_number(count: int, meeting: str, item: str, waits: str) -> None:
    assert counted("cs", count, "meeting") == meeting
    assert counted("cs", count, "item") == item
    assert plural("cs", count, ("čeká", "čekají", "čeká")) == waits


@pytest.mark.parametrize(
    ("count", "accusative", "genitive"),
    [(1, "1 schůzku", "1 schůzky"), (2, "2 schůzky", "2 schůzek"), (5, "5 schůzek", "5 schůzek")],
)
def test_czech_cases(count: int, accusative: str, genitive: str) -> None:
    assert counted("cs", count, "meeting", "acc") == accusative
    assert counted("cs", count, "meeting", "gen") == genitive


@pytest.mark.parametrize(
    ("seconds", "said"),
    [
        (1, "zbývá 1 sekunda"),
        (2, "zbývají 2 sekundy"),
        (4, "zbývají 4 sekundy"),
        (5, "zbývá 5 sekund"),
        (21, "zbývá 21 sekund"),
        (22, "zbývá 22 sekund"),
        (25, "zbývá 25 sekund"),
    ],
)
def test_the_voice_warning_agrees_with_its_seconds(seconds: int, said: str) -> None:
    assert brain.time_left("cs", seconds) == f"Hovor brzy skončí, {said}."


def test_english_forms() -> None:
    assert [counted("en", n, "meeting") for n in (1, 2, 21)] == ["1 meeting", "2 meetings", "21 meetings"]
    assert brain.time_left("en", 1) == "The call ends soon, 1 second left."
    assert counted("en", 12500, "licence") == "12,500 licenses"


COUNTED_FORMS = {
    form: list(cases.values()) for cases in NOUNS["cs"].values() for forms in cases.values() for form in forms
}
NUMBER_NOUN = re.compile(r"(?<![\d,.])(\d[\d\u00a0]*) ([^\W\d_]+)")


@pytest.mark.slow
def test_every_counted_noun_the_mock_sends_in_czech_agrees(tours: dict[tuple[str, int], list[str]]) -> None:
    checked = 0
    for (locale, _), texts in tours.items():
        if locale != "cs":
            continue
        for text in texts:
            for number, word in NUMBER_NOUN.findall(text):
                if word not in COUNTED_FORMS:
                    continue
                count = int(number.replace("\u00a0", ""))
                assert any(plural("cs", count, forms) == word for forms in COUNTED_FORMS[word]), (
                    f"{number} {word}",
                    text,
                )
                checked += 1
            for number, verb in re.findall(r"(\d+) nabíd\w+ (čeká|čekají)", text):
                assert plural("cs", int(number), ("čeká", "čekají", "čeká")) == verb, text
    assert checked > 100  # the tours do count things: meetings, line items, licences, hours, months


# -- meetings, offers, companies -----------------------------------------------------------------------------

TODAY = date(2026, 10, 22)
FEMALE = {"first": set(CzechNames.first_names_female), "last": set(CzechNames.last_names_female)}
MALE = {"first": set(CzechNames.first_names_male), "last": set(CzechNames.last_names_male)}


def content(locale: str, seed: int) -> Content:
    fake = faker_for(locale, f"{seed}:sample")
    return Content(fake=fake, locale=locale, ids=IdSource(f"{seed}"), today=TODAY, seed=seed)


def card_text(card: Any) -> str:
    return " ".join(strings(card.model_dump(mode="json", by_alias=True)))


def assert_czech_gender(person: crm.Person) -> None:
    group = FEMALE if person.female else MALE
    assert person.first in group["first"], person
    assert person.last in group["last"], person


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("seed", SEEDS)
def test_meetings_have_subject_time_place_and_attendees(locale: str, seed: int) -> None:
    made = content(locale, seed)
    agenda = made.meetings()
    assert agenda, "an agenda with no meeting"
    text = card_text(made.meetings_card(agenda))
    for before, after in itertools.pairwise(agenda):
        assert before.end <= after.start  # in order, not overlapping
    for meeting in agenda:
        assert meeting.subject in crm.SUBJECTS[locale]
        assert meeting.start.date() == TODAY
        assert meeting.start < meeting.end
        assert (meeting.place is None) != (meeting.video is None)
        assert meeting.video is None or meeting.video[1].startswith("https://meet.example.com/")
        assert meeting.attendees
        assert all(p.name and p.role for p in meeting.attendees)
        if locale == "cs":
            for person in meeting.attendees:
                assert_czech_gender(person)
                assert person.role in {pair[1 if person.female else 0] for pair in crm.ROLES["cs"]}
        # the card shows each part: subject, time, where, who
        assert meeting.subject in text
        assert span(locale, meeting.start, meeting.end) in text
        assert (meeting.place or made.where(meeting)) in text
        assert all(p.name in text for p in meeting.attendees)
    assert made.meetings() == agenda  # the day's agenda, whatever the message


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("seed", SEEDS)
def test_offers_have_items_quantities_prices_currency_and_validity(locale: str, seed: int) -> None:
    made = content(locale, seed)
    offer = made.offer()
    text = card_text(made.offer_card(offer))
    assert offer.currency in ({"CZK"} if locale == "cs" else {"EUR", "USD"})
    assert offer.issued == TODAY < offer.valid_until
    assert 2 <= len(offer.items) <= 4
    sign = {"CZK": "Kč", "EUR": "€", "USD": "$"}[offer.currency]
    for item in offer.items:
        assert item.quantity > 0
        assert item.unit_price > 0
        assert item.name in text
        assert counted(locale, item.quantity, item.unit) in text
    assert sign in text
    assert offer.subtotal == sum(i.quantity * i.unit_price for i in offer.items)
    valid = "21. 11. 2026" if locale == "cs" else "November 21, 2026"
    assert valid in text


@pytest.mark.parametrize("locale", LOCALES)
def test_the_offer_pdf_names_its_offer(locale: str) -> None:
    made = content(locale, SEEDS[0])
    offer = made.offer()
    card = made.offer_card(offer)
    (pdf,) = [b for b in card.blocks if isinstance(b, FileBlock) and b.mime == "application/pdf"]
    identifier = pdf.url.rsplit("/", 1)[1]
    rendered = files.render(identifier)
    assert rendered is not None
    body, mime = rendered
    assert mime == "application/pdf"
    assert f"({offer.number})".encode() in body  # the PDF's title line
    assert pdf.size == len(body)
    assert offer.number in pdf.name


@pytest.mark.parametrize("locale", LOCALES)
def test_companies_have_a_legal_form_industry_and_city_of_their_locale(locale: str) -> None:
    forms = {"cs": {"s.r.o.", "a.s.", "v.o.s."}, "en": {"Inc.", "LLC", "Ltd"}}[locale]
    for seed in SEEDS:
        company = content(locale, seed).company()
        assert company.legal_form in forms
        assert company.name.endswith(" " + company.legal_form)
        assert company.industry in {i[0] for i in crm.INDUSTRIES[locale]}
        assert company.city in company.address
        assert company.contact.email.endswith(".example.com")
        if locale == "cs":
            digits = [int(d) for d in company.registration]
            assert len(digits) == 8
            assert (
                11 - sum(d * w for d, w in zip(digits, range(8, 1, -1), strict=False)) % 11
            ) % 10 == digits[7]
            assert company.city in crm.TOWNS_CS
            assert company.currency == "CZK"
            assert_czech_gender(company.contact)
        else:
            assert company.currency == ("EUR" if company.legal_form == "Ltd" else "USD")


def test_meetings_are_on_the_date_of_the_mocks_clock(make_client: Callable[..., Client]) -> None:
    client = make_client(locale="cs")
    moved = client.http.post("/_mock/api/clock/set", json={"now": "2027-03-05T09:00:00Z"})
    assert moved.status_code == 200
    events = client.run("Jaké mám dnes schůzky?", "r_clock")
    card = next(e["value"] for e in events if e.get("name") == "talkie.card")
    assert card["subtitle"] == "Kalendář · pátek 5. 3. 2027"
    assert datetime(2027, 3, 5, tzinfo=UTC).date() == client.mock.clock.now().date()
    assert "pátek 5. 3. 2027" in json.dumps(card, ensure_ascii=False)
