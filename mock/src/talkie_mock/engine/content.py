"""Seeded, localized fake business data: companies, meetings, documents, links, e-mails.

Everything is drawn from one Faker instance per locale, re-seeded for every request from the server seed and
the message, so the same seed and the same message always give the same content. URLs and e-mail addresses use
reserved example domains so nothing generated ever points at a real site or mailbox.
"""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass

from faker import Faker
from talkie_models import (
    BadgeBlock,
    Card,
    CardBlock,
    CardField,
    FieldsBlock,
    FileBlock,
    HeadingBlock,
    LinkBlock,
    ListBlock,
    ListItem,
    OpenLink,
    TextBlock,
)

from talkie_mock.engine import files

FAKER_LOCALE = {"cs": "cs_CZ", "en": "en_US"}

WORDS: dict[str, dict[str, str]] = {
    "cs": {
        "client": "Klient",
        "active": "Aktivní",
        "reg": "IČO",
        "revenue": "Obrat",
        "contact": "Kontakt",
        "email": "E-mail",
        "phone": "Telefon",
        "web": "Web",
        "meetings": "Schůzky na dnešek",
        "meetings_title": "Dnešní schůzky",
        "meeting_at": "Schůzka {time}",
        "documents": "Dokumenty",
        "offer": "Nabídka",
        "preview": "Náhled",
        "million": "mil. Kč",
        "card_of": "Karta klienta {name}",
        "list_of": "Seznam {count} schůzek",
        "docs_of": "Dokumenty k {name}",
        "note": "Poslední poznámka: {text}",
        "open": "Otevřít {name}",
        "result_done": "Hotovo",
        "result_running": "Probíhá - lze vrátit",
        "result_cancelled": "Zrušeno",
        "calendar": "Kalendář · dnes",
        "result_of": "Výsledek akce: {summary} - {label}",
    },
    "en": {
        "client": "Client",
        "active": "Active",
        "reg": "Company no.",
        "revenue": "Revenue",
        "contact": "Contact",
        "email": "E-mail",
        "phone": "Phone",
        "web": "Website",
        "meetings": "Today's meetings",
        "meetings_title": "Meetings today",
        "meeting_at": "Meeting {time}",
        "documents": "Documents",
        "offer": "Offer",
        "preview": "Preview",
        "million": "M USD",
        "card_of": "Client card of {name}",
        "list_of": "A list of {count} meetings",
        "docs_of": "Documents of {name}",
        "note": "Latest note: {text}",
        "open": "Open {name}",
        "result_done": "Done",
        "result_running": "In progress - can be undone",
        "result_cancelled": "Cancelled",
        "calendar": "Calendar · today",
        "result_of": "Result of the action: {summary} - {label}",
    },
}

_FAKERS: dict[str, Faker] = {}


def faker_for(locale: str, seed_text: str) -> Faker:
    """The locale's Faker, re-seeded from `seed_text` (cheap: instances are cached, seeding is not)."""
    fake = _FAKERS.get(locale)
    if fake is None:
        fake = _FAKERS[locale] = Faker(FAKER_LOCALE.get(locale, "en_US"))
    fake.seed_instance(int.from_bytes(hashlib.sha256(seed_text.encode()).digest()[:8], "big"))
    return fake


def person(fake: Faker) -> tuple[str, str]:
    """A first name and a surname of one gender: Czech surnames agree with the person (Novák, Nováková)."""
    if fake.random_int(0, 1):
        return str(fake.first_name_female()), str(fake.last_name_female())
    return str(fake.first_name_male()), str(fake.last_name_male())


COUNTED: dict[str, dict[str, tuple[str, str, str]]] = {
    # the accusative after "máte": 1 schůzku, 2-4 schůzky, 0 and 5+ schůzek
    "cs": {"meeting": ("schůzku", "schůzky", "schůzek")},
    "en": {"meeting": ("meeting", "meetings", "meetings")},
}


def counted(locale: str, count: int, noun: str) -> str:
    """`count` and the noun in the form its number takes (Czech has three: one, two to four, five+)."""
    one, few, many = COUNTED.get(locale, COUNTED["en"])[noun]
    if count == 1:
        return f"{count} {one}"
    if locale == "cs" and 2 <= count <= 4:  # with numerals, 5 and up (also 22) take the genitive plural
        return f"{count} {few}"
    return f"{count} {many if locale == 'cs' else few}"


def slug(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return "-".join("".join(c if c.isalnum() else " " for c in plain).split())[:40] or "record"


@dataclass
class Content:
    """Content generator for one plan: locale words plus a seeded Faker."""

    fake: Faker
    locale: str
    ids: IdSource

    @property
    def words(self) -> dict[str, str]:
        return WORDS.get(self.locale, WORDS["en"])

    def company_name(self) -> str:
        return str(self.fake.company())

    def email(self) -> str:
        user = slug(str(self.fake.last_name())).replace("-", ".")
        return f"{user}@example.org"

    def website(self, name: str) -> str:
        return f"https://{slug(name)}.example.com/"

    def company_card(self, name: str | None = None) -> Card:
        w = self.words
        name = name or self.company_name()
        city = str(self.fake.city())
        record = self.ids.next("rec")
        amount = f"{self.fake.random_int(2, 480) / 10:.1f}"
        revenue = f"{amount.replace('.', ',') if self.locale == 'cs' else amount} {w['million']}"
        contact = str(self.fake.name())
        blocks: list[CardBlock] = [
            BadgeBlock(type="badge", text=w["active"], tone="positive"),
            FieldsBlock(
                type="fields",
                fields=[
                    CardField(label=w["reg"], value=str(self.fake.random_number(digits=8, fix_len=True))),
                    CardField(label=w["revenue"], value=revenue),
                    CardField(label=w["contact"], value=contact),
                    CardField(label=w["email"], value=self.email()),
                    CardField(label=w["phone"], value=str(self.fake.phone_number())),
                ],
            ),
            TextBlock(type="text", text=w["note"].format(text=f"*{self.fake.sentence(nb_words=6)}*")),
            LinkBlock(type="link", label=w["web"], url=self.website(name)),
        ]
        return Card(
            id=self.ids.next("c"),
            version=1,
            title=name,
            subtitle=f"{w['client']} · {city}",
            url=f"/?record={record}",
            blocks=blocks,
            fallback_text=f"{name} - {w['client'].lower()}, {city}, {contact}",
            a11y_label=w["card_of"].format(name=name),
        )

    def meetings_card(self) -> Card:
        w = self.words
        count = self.fake.random_int(3, 6)
        items = []
        for index in range(count):
            hour = 8 + index * 2 + self.fake.random_int(0, 1)
            items.append(
                ListItem(
                    title=w["meeting_at"].format(time=f"{hour}:{self.fake.random_element(['00', '30'])}"),
                    subtitle=f"{self.fake.name()} · {self.company_name()}",
                    url=f"/?record={self.ids.next('mtg')}",
                )
            )
        shown = items[:4]
        more = len(items) - len(shown)
        blocks: list[CardBlock] = [HeadingBlock(type="heading", text=w["meetings"])]
        blocks.append(
            ListBlock(type="list", items=shown, more=more) if more else ListBlock(type="list", items=shown)
        )
        summary = "; ".join(i.title for i in items)
        return Card(
            id=self.ids.next("c"),
            version=1,
            title=w["meetings_title"],
            subtitle=w["calendar"],
            url="/?view=calendar",
            blocks=blocks,
            fallback_text=summary,
            a11y_label=w["list_of"].format(count=count),
        )

    def documents_card(self) -> Card:
        w = self.words
        name = self.company_name()
        number = f"N-{self.fake.random_int(2024, 2030)}-{self.fake.random_int(1, 999):03d}"
        pdf_id = files.file_id(f"{self.ids.base}:{number}", "pdf")
        png_id = files.file_id(f"{self.ids.base}:{number}:png", "png")
        blocks: list[CardBlock] = [
            HeadingBlock(type="heading", text=name),
            FileBlock(
                type="file",
                name=f"{w['offer']} {number}.pdf",
                mime="application/pdf",
                size=file_size(pdf_id),
                url=f"/api/talkie/files/{pdf_id}",
            ),
            FileBlock(
                type="file",
                name=f"{w['preview']} {number}.png",
                mime="image/png",
                size=file_size(png_id),
                url=f"/api/talkie/files/{png_id}",
            ),
        ]
        return Card(
            id=self.ids.next("c"),
            version=1,
            title=w["documents"],
            subtitle=name,
            url=f"/?record={self.ids.next('rec')}",
            blocks=blocks,
            fallback_text=f"{w['offer']} {number} ({name})",
            a11y_label=w["docs_of"].format(name=name),
        )

    def result_card(self, summary: str, status: str, action_id: str) -> Card:
        w = self.words
        tone = {"done": "positive", "running": "warning", "cancelled": "neutral"}.get(status, "neutral")
        label = w.get(f"result_{status}", status)
        return Card(
            id=self.ids.next("c"),
            version=1,
            title=summary,
            subtitle=label,
            url=f"/?action={action_id}",
            blocks=[BadgeBlock.model_validate({"type": "badge", "text": label, "tone": tone})],
            fallback_text=f"{summary}: {label}",
            a11y_label=w["result_of"].format(summary=summary, label=label),
        )

    def link(self, url: str | None = None) -> OpenLink:
        name = self.company_name()
        return OpenLink(url=url or self.website(name), label=self.words["open"].format(name=name))


def file_size(identifier: str) -> int:
    rendered = files.render(identifier)
    return len(rendered[0]) if rendered else 0


class IdSource:
    """Deterministic ids for one run: the same seed and run id give the same ids, distinct per call."""

    def __init__(self, base: str) -> None:
        self.base = base
        self._count = 0

    def next(self, prefix: str) -> str:
        self._count += 1
        digest = hashlib.sha256(f"{self.base}:{self._count}".encode()).hexdigest()[:12]
        return f"{prefix}_{digest}"
