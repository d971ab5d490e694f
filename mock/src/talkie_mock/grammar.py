# ruff: noqa: RUF002 - typographic dashes are meant: this is prose
"""Counted nouns as a person writes them in each locale (cs, en): the one plural rule of the mock's texts.

Czech has three number forms (1 schůzka, 2–4 schůzky, 0 and 5+ schůzek) and the case depends on the sentence
(máte 1 schůzku, seznam 1 schůzky), so every counted noun is listed with its forms per case; a verb or an
adjective that agrees with the count takes its form by the same rule (:func:`plural`). It sits below the
engine because the §3 messages of `talkie_mock.errors` count limits with it ("4 000 znaků").
"""

from __future__ import annotations

from typing import Literal

Case = Literal["nom", "acc", "gen"]
Forms = tuple[str, str, str]
"""The forms for one, for two to four, and for five and more (English: singular, plural, plural)."""

NOUNS: dict[str, dict[str, dict[Case, Forms]]] = {
    "cs": {
        "meeting": {
            "nom": ("schůzka", "schůzky", "schůzek"),
            "acc": ("schůzku", "schůzky", "schůzek"),
            "gen": ("schůzky", "schůzek", "schůzek"),
        },
        "item": {
            "nom": ("položka", "položky", "položek"),
            "acc": ("položku", "položky", "položek"),
            "gen": ("položky", "položek", "položek"),
        },
        "offer": {
            "nom": ("nabídka", "nabídky", "nabídek"),
            "acc": ("nabídku", "nabídky", "nabídek"),
            "gen": ("nabídky", "nabídek", "nabídek"),
        },
        "licence": {"nom": ("licence", "licence", "licencí")},
        "hour": {"nom": ("hodina", "hodiny", "hodin")},
        "day": {"nom": ("den", "dny", "dní")},
        "month": {"nom": ("měsíc", "měsíce", "měsíců")},
        "piece": {"nom": ("kus", "kusy", "kusů")},
        "package": {"nom": ("balíček", "balíčky", "balíčků")},
        "attendee": {"nom": ("účastník", "účastníci", "účastníků")},
        "second": {"nom": ("sekunda", "sekundy", "sekund")},
        "character": {"nom": ("znak", "znaky", "znaků")},
        "level": {"nom": ("úroveň", "úrovně", "úrovní")},
        "byte": {"nom": ("bajt", "bajty", "bajtů")},
        "request": {"nom": ("požadavek", "požadavky", "požadavků")},
    },
    "en": {
        "meeting": {"nom": ("meeting", "meetings", "meetings")},
        "item": {"nom": ("item", "items", "items")},
        "offer": {"nom": ("offer", "offers", "offers")},
        "licence": {"nom": ("license", "licenses", "licenses")},
        "hour": {"nom": ("hour", "hours", "hours")},
        "day": {"nom": ("day", "days", "days")},
        "month": {"nom": ("month", "months", "months")},
        "piece": {"nom": ("unit", "units", "units")},
        "package": {"nom": ("package", "packages", "packages")},
        "attendee": {"nom": ("attendee", "attendees", "attendees")},
        "second": {"nom": ("second", "seconds", "seconds")},
        "character": {"nom": ("character", "characters", "characters")},
        "level": {"nom": ("level", "levels", "levels")},
        "byte": {"nom": ("byte", "bytes", "bytes")},
        "request": {"nom": ("request", "requests", "requests")},
    },
}


def plural(locale: str, count: int, forms: Forms) -> str:
    """The form of a word that agrees with `count`.

    Czech: exactly 1 takes the first form, 2 to 4 the second, everything else (0, 5 and up, 11–14, and with
    digits also 21, 22, …) the third. English: 1 the first form, everything else the second.
    """
    one, few, many = forms
    if count == 1:
        return one
    if locale == "cs":
        return few if 2 <= count <= 4 else many
    return few


def counted(locale: str, count: int, noun: str, case: Case = "nom") -> str:
    """`count` followed by the noun in the form its number and the sentence's case take ("5 schůzek")."""
    table = NOUNS.get(locale, NOUNS["en"])[noun]
    forms = table.get(case) or table["nom"]
    return f"{grouped(locale, count)} {plural(locale, count, forms)}"


def grouped(locale: str, number: int) -> str:
    """An integer with thousands grouped: 12 500 (cs), 12,500 (en)."""
    text = f"{number:,}"
    return text.replace(",", "\u00a0") if locale == "cs" else text
