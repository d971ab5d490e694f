"""Content reads like a real CRM in Czech: plurals that agree with the number, surnames with the person."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from faker.providers.person.cs_CZ import Provider as CzechNames
from starlette.testclient import TestClient
from talkie_mock.engine.formats import counted
from talkie_mock.oauth.users import seeded_users
from talkie_mock.testing import AUTH, parse_sse, run_input


@pytest.mark.parametrize(
    ("count", "text"),
    [
        (1, "1 schůzku"),
        (2, "2 schůzky"),
        (4, "4 schůzky"),
        (5, "5 schůzek"),
        (12, "12 schůzek"),
        (22, "22 schůzek"),
    ],
)
def test_czech_counts_take_the_form_of_their_number(count: int, text: str) -> None:
    assert counted("cs", count, "meeting", "acc") == text


def test_english_counts() -> None:
    assert [counted("en", n, "meeting") for n in (1, 3)] == ["1 meeting", "3 meetings"]


def test_the_meetings_answer_agrees_with_its_count(make_http: Callable[..., TestClient]) -> None:
    http = make_http(locale="cs")
    forms = {"schůzku": range(1, 2), "schůzky": range(2, 5), "schůzek": range(5, 1000)}
    for seed in range(6):
        events = parse_sse(
            http.post(
                "/api/talkie/run",
                json=run_input("Jaké mám dnes schůzky?", f"r_m{seed}", thread_id=f"t_m{seed}"),
                headers={**AUTH, "Accept": "text/event-stream"},
            ).content
        )
        text = "".join(e.get("delta", "") for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")
        found = re.search(r"\*\*(\d+) (\w+)\*\*", text)
        assert found, text
        assert int(found.group(1)) in forms[found.group(2)], text


def test_people_have_a_surname_of_their_gender() -> None:
    female, male = set(CzechNames.first_names_female), set(CzechNames.first_names_male)
    female_surnames, male_surnames = set(CzechNames.last_names_female), set(CzechNames.last_names_male)
    people = [user.name.split(" ", 1) for seed in range(20) for user in seeded_users(seed, "cs", 5)]
    for first, last in people:
        if first in female - male:
            assert last in female_surnames, (first, last)
        elif first in male - female:
            assert last in male_surnames, (first, last)
