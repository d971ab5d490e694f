# ruff: noqa: RUF001, RUF002 - typographic dashes and the multiplication sign are meant: this is prose
"""Numbers, money, dates and counted nouns as a person writes them in each locale (cs, en).

Czech has three number forms (1 schůzka, 2–4 schůzky, 0 and 5+ schůzek) and the case depends on the sentence
(máte 1 schůzku, seznam 1 schůzky), so every counted noun is listed with its forms per case; a verb or an
adjective that agrees with the count takes its form by the same rule (:func:`plural`). Dates avoid declined
month names (22. 10. 2026), so no preposition ever has to agree with them.
"""

from __future__ import annotations

from datetime import date, datetime
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


CURRENCY_SIGN = {"CZK": "Kč", "EUR": "€", "USD": "$"}


def money(locale: str, amount: float, currency: str) -> str:
    """An amount as written on an invoice: 12 500,00 Kč (cs), $12,500.00 or €12,500.00 (en)."""
    text = f"{amount:,.2f}"
    sign = CURRENCY_SIGN.get(currency, currency)
    if locale == "cs":
        text = text.replace(",", "\u00a0").replace(".", ",")
        return f"{text}\u00a0{sign}"
    return f"{sign}{text}"


def millions(locale: str, amount: float, currency: str) -> str:
    """A yearly revenue in millions: 1,2 mil. Kč (cs), $32.4M (en)."""
    if locale == "cs":
        return f"{amount:.1f}".replace(".", ",") + f"\u00a0mil.\u00a0{CURRENCY_SIGN.get(currency, currency)}"
    return f"{CURRENCY_SIGN.get(currency, currency)}{amount:.1f}M"


WEEKDAYS = {
    "cs": ("pondělí", "úterý", "středa", "čtvrtek", "pátek", "sobota", "neděle"),
    "en": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
}
MONTHS_EN = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def day(locale: str, when: date) -> str:
    """A date with no weekday: 22. 10. 2026 (cs), October 22, 2026 (en)."""
    if locale == "cs":
        return f"{when.day}. {when.month}. {when.year}"
    return f"{MONTHS_EN[when.month - 1]} {when.day}, {when.year}"


def weekday(locale: str, when: date) -> str:
    """A date with its weekday: čtvrtek 22. 10. 2026 (cs), Thursday, October 22, 2026 (en)."""
    name = WEEKDAYS.get(locale, WEEKDAYS["en"])[when.weekday()]
    return f"{name} {day(locale, when)}" if locale == "cs" else f"{name}, {day(locale, when)}"


def clock_time(locale: str, when: datetime) -> str:
    """A time of day: 9:30 (cs, 24-hour), 9:30 AM (en)."""
    if locale == "cs":
        return f"{when.hour}:{when.minute:02d}"
    hour = when.hour % 12 or 12
    return f"{hour}:{when.minute:02d}\u00a0{'AM' if when.hour < 12 else 'PM'}"


def span(locale: str, start: datetime, end: datetime) -> str:
    """A time range: 9:30–10:15 (cs), 9:30 AM–10:15 AM (en)."""
    return f"{clock_time(locale, start)}–{clock_time(locale, end)}"
