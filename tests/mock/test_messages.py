"""The mock's §3 messages read as a person writes them: counted nouns agree, and no placeholder shows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from starlette.testclient import TestClient
from talkie_mock.app import create_app
from talkie_mock.cli import serve
from talkie_mock.config import MockConfig
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
    body = ApiError("too_large", "body_too_large", limit=1)
    assert "než 1 bajt (viz --max-body-bytes)" in body.message("cs")
    assert "than 1 byte (see talkie-mock serve --max-body-bytes)" in body.message("en")


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


def test_english_is_the_default_unless_the_request_or_the_config_asks_for_another() -> None:
    """Notes N-95: without `Accept-Language` every text is English; `cs`, asked or configured, is Czech."""
    assert MockConfig().locale == "en"
    assert next(p.default for p in serve.params if p.name == "locale") == "en"
    config = replace(MockConfig(), extra_hosts=("testserver",), open_devtools=True)
    for locale, asked, expected in (
        ("en", None, "A valid bearer token is required."),
        ("en", "cs", "Je potřeba platný přístupový token."),
        ("cs", None, "Je potřeba platný přístupový token."),
        ("cs", "en-GB,en;q=0.9", "A valid bearer token is required."),
    ):
        headers = {"Accept-Language": asked} if asked else {}
        with TestClient(create_app(replace(config, locale=locale))) as http:
            manifest = http.get("/.well-known/talkie.json").json()
            answer = http.get("/api/talkie/status", headers=headers)
        assert manifest["locale"] == locale
        assert answer.json()["error"]["message"] == expected
