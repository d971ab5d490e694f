"""OAuth pages speak one language: the page's (the manifest's locale, or Accept-Language)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from starlette.testclient import TestClient
from talkie_mock.oauth import pages

OAUTH = Path(pages.__file__).parent
DESCRIPTION = re.compile(r'PageError\(\s*"[a-z_]+",\s*f?"([^"]+)"', re.S)


def test_every_error_page_description_has_a_czech_wording() -> None:
    written = [m.group(1) for path in OAUTH.glob("*.py") for m in DESCRIPTION.finditer(path.read_text())]
    assert len(written) >= 10
    for english in written:
        sample = re.sub(r"\{[^}]*\}", "x_1", english)
        assert pages.localized(sample, "cs") != sample, english
        assert pages.localized(sample, "en") == sample


def test_a_czech_error_page_has_no_english_sentence(make_http: Callable[..., TestClient]) -> None:
    http = make_http(locale="cs")
    page = http.get("/oauth/authorize", params={"client_id": "https://unknown.example/client.json"})
    assert page.status_code == 400
    assert '<html lang="cs">' in page.text
    assert "není tomuto serveru známý" in page.text
    assert "is not known" not in page.text
    english = http.get("/oauth/authorize", headers={"Accept-Language": "en"})
    assert "client_id is missing" in english.text
