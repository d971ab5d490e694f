# ruff: noqa: RUF001, RUF002 - typographic dashes and the multiplication sign are meant: this is prose
"""Numbers, money, dates and counted nouns as a person writes them in each locale (cs, en).

Counted nouns and their plural rule are `talkie_mock.grammar`'s (the error messages below the engine count
with them too); this module re-exports them for the engine's texts. Dates avoid declined month names
(22. 10. 2026), so no preposition ever has to agree with them.
"""

from __future__ import annotations

from datetime import date, datetime

from talkie_mock.grammar import NOUNS, Case, Forms, counted, grouped, plural

__all__ = ["NOUNS", "Case", "Forms", "counted", "grouped", "plural"]  # kept here for the engine's texts

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
