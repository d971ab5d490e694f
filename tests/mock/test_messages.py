"""The mock's §3 messages read as a person writes them: counted nouns agree, and no placeholder shows."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from talkie_mock.errors import MESSAGES, ApiError
from talkie_mock.testing import AUTH, Client, run_input
from talkie_models import errors as codes

COUNTED = [
    ("cs", 1, "Zpráva je delší než 1 znak."),
    ("cs", 3, "Zpráva je delší než 3 znaky."),
    ("cs", 5, "Zpráva je delší než 5 znaků."),
    ("cs", 4000, "Zpráva je delší než 4\u00a0000 znaků."),
    ("en", 1, "The message is longer than 1 character."),
    ("en", 4000, "The message is longer than 4,000 characters."),
]


@pytest.mark.parametrize(("locale", "limit", "expected"), COUNTED)
def test_a_limit_is_written_with_its_noun_in_the_form_the_count_takes(
    locale: str, limit: int, expected: str
) -> None:
    assert ApiError("too_large", "message_too_long", limit=limit).message(locale) == expected


def test_the_other_limits_agree_with_their_counts_too() -> None:
    assert ApiError("invalid_request", "nested_too_deep", limit=2).message("cs").endswith("než 2 úrovně.")
    assert ApiError("too_large", "body_too_large", limit=1).message("cs").endswith("než 1 bajt.")
    assert ApiError("too_large", "body_too_large", limit=1).message("en").endswith("than 1 byte.")


@pytest.mark.parametrize("locale", sorted(MESSAGES))
def test_no_code_alone_leaves_a_placeholder_in_its_message(locale: str) -> None:
    """Faults and run errors name only a code (no parameters): their message must still be a sentence."""
    for code in codes.CATALOGUE:
        message = ApiError(code).message(locale)
        assert "{" not in message, (locale, code, message)


def test_a_message_over_the_limit_names_the_limit(make_client: Callable[..., Client]) -> None:
    client = make_client(max_message_chars=3, locale="cs")
    answer = client.http.post("/api/talkie/run", json=run_input("Ahoj!", "r_long"), headers=AUTH)
    assert answer.status_code == 413
    assert answer.json()["error"]["message"] == "Zpráva je delší než 3 znaky."


def test_a_reason_missing_its_fields_falls_back_to_its_codes_sentence() -> None:
    assert ApiError("too_large", "message_too_long").message("cs") == "Zpráva je příliš dlouhá."
    assert ApiError("invalid_request", "invalid_field").message("en") == MESSAGES["en"]["invalid_request"]
    assert ApiError("too_large", "message_too_long", limit="many").message("en") == "The message is too long."
