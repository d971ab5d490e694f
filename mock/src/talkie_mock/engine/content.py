# ruff: noqa: RUF001, RUF002 - typographic dashes and the multiplication sign are meant: this is prose
"""Seeded, localized cards and texts about the invented CRM (engine.crm): companies, meetings, offers, links.

Content is drawn from one Faker instance per locale, re-seeded for every request from the server seed and
the message, so the same seed and the same message always give the same content; the day's agenda is seeded
by the seed and the mock's date instead, so every question about today's meetings sees the same meetings.
Dates come from the mock's clock. URLs and e-mail addresses use reserved example domains so nothing
generated ever points at a real site or mailbox.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date, timedelta

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

from talkie_mock.engine import crm, files
from talkie_mock.engine.crm import Company, Meeting, Offer, faker_for
from talkie_mock.engine.formats import counted, day, millions, money, span, weekday

WORDS: dict[str, dict[str, str]] = {
    "cs": {
        "client": "Klient",
        "active": "Aktivní",
        "reg": "IČO",
        "industry": "Obor",
        "revenue": "Roční obrat",
        "contact": "Kontakt",
        "email": "E-mail",
        "phone": "Telefon",
        "address": "Sídlo",
        "web": "Web",
        "meetings_title": "Dnešní schůzky",
        "meetings_heading": "Schůzky – {day}",
        "next_meeting": "Nejbližší: {subject}",
        "subject": "Předmět",
        "when": "Kdy",
        "where": "Kde",
        "video": "Videohovor ({tool})",
        "join": "Připojit se ({tool})",
        "attendees": "Účastníci",
        "offer": "Nabídka",
        "preview": "Náhled",
        "customer": "Zákazník",
        "valid_until": "Platnost do",
        "subtotal": "Celkem bez DPH",
        "vat": f"DPH {crm.VAT_CS} %",
        "total": "Celkem s DPH",
        "line": "{quantity} × {price} = {total}",
        "offer_subtitle": "{company} · platnost do {valid}",
        "offer_fallback": (
            "Nabídka {number} pro {company}: {items}, celkem {total} bez DPH, platná do {valid}"
        ),
        "card_of": "Karta klienta {name}",
        "list_of": "Seznam {count}",
        "offer_of": "Nabídka {number} pro {company}",
        "note": "Poslední poznámka: {text}",
        "open": "Otevřít {name}",
        "result_done": "Hotovo",
        "result_running": "Probíhá - lze vrátit",
        "result_cancelled": "Zrušeno",
        "calendar": "Kalendář · {day}",
        "result_of": "Výsledek akce: {summary} - {label}",
    },
    "en": {
        "client": "Client",
        "active": "Active",
        "reg": "Company no.",
        "industry": "Industry",
        "revenue": "Annual revenue",
        "contact": "Contact",
        "email": "E-mail",
        "phone": "Phone",
        "address": "Address",
        "web": "Website",
        "meetings_title": "Meetings today",
        "meetings_heading": "Meetings – {day}",
        "next_meeting": "Next: {subject}",
        "subject": "Subject",
        "when": "When",
        "where": "Where",
        "video": "Video call ({tool})",
        "join": "Join ({tool})",
        "attendees": "Attendees",
        "offer": "Offer",
        "preview": "Preview",
        "customer": "Customer",
        "valid_until": "Valid until",
        "subtotal": "Total (excl. tax)",
        "vat": "",
        "total": "",
        "line": "{quantity} × {price} = {total}",
        "offer_subtitle": "{company} · valid until {valid}",
        "offer_fallback": (
            "Offer {number} for {company}: {items}, {total} in total excl. tax, valid until {valid}"
        ),
        "card_of": "Client card of {name}",
        "list_of": "A list of {count}",
        "offer_of": "Offer {number} for {company}",
        "note": "Latest note: {text}",
        "open": "Open {name}",
        "result_done": "Done",
        "result_running": "In progress - can be undone",
        "result_cancelled": "Cancelled",
        "calendar": "Calendar · {day}",
        "result_of": "Result of the action: {summary} - {label}",
    },
}

NOTES: dict[str, tuple[str, ...]] = {
    # {name}: the contact person, {day}: a date a few days after today
    "cs": (
        "Telefonát ({name}): zájem o rozšíření servisní smlouvy, nabídku poslat do {day}.",
        "Objednávka licencí potvrzena ({name}), fakturu vystavit do {day}.",
        "Reklamace dodávky vyřešena, shrnutí změn poslat do {day} (kontakt: {name}).",
        "Schůzka přesunuta na {day}, připravit srovnání cen (kontakt: {name}).",
        "Rozpočet zákazníka čeká na schválení, ozvat se znovu {day} (kontakt: {name}).",
    ),
    "en": (
        "Call with {name}: interested in extending the support plan, send the offer by {day}.",
        "{name} confirmed the license order, invoice due by {day}.",
        "Delivery complaint resolved; {name} wants a summary of the changes by {day}.",
        "Meeting with {name} moved to {day}, prepare a price comparison.",
        "{name} is waiting for budget approval, follow up on {day}.",
    ),
}
SUBJECTS: dict[str, tuple[str, ...]] = {
    # e-mail subjects; {number}: an offer number, {day}: a date soon
    "cs": (
        "Nabídka {number}",
        "Potvrzení schůzky {day}",
        "Podklady k objednávce {number}",
        "Děkujeme za schůzku",
        "Harmonogram implementace",
    ),
    "en": (
        "Offer {number}",
        "Meeting confirmation for {day}",
        "Documents for order {number}",
        "Thank you for the meeting",
        "Implementation schedule",
    ),
}
BODIES: dict[str, str] = {
    "cs": (
        "Dobrý den,\n\nv návaznosti na naši domluvu posílám podklady k tématu „{subject}“. Pokud budete mít "
        "jakékoli dotazy, stačí odpovědět na tento e-mail.\n\nS pozdravem"
    ),
    "en": (
        "Hello,\n\nas agreed, here are the details on “{subject}”. If you have any questions, just reply to "
        "this e-mail.\n\nBest regards"
    ),
}


@dataclass
class Content:
    """Content generator for one plan: locale words, a seeded Faker and the mock's date."""

    fake: Faker
    locale: str
    ids: IdSource
    today: date
    """The mock's date (its clock, UTC): meetings are on it, offers are issued on it."""
    seed: int = 0
    """The server seed: with the date it seeds the day's agenda."""

    @property
    def words(self) -> dict[str, str]:
        return WORDS.get(self.locale, WORDS["en"])

    def company(self) -> Company:
        return crm.company(self.fake, self.locale)

    def company_name(self) -> str:
        return self.company().name

    def email(self) -> str:
        return self.company().contact.email

    def email_subject(self) -> str:
        """A subject line a salesperson writes."""
        template = self.fake.random_element(SUBJECTS.get(self.locale, SUBJECTS["en"]))
        number = f"N-{self.today.year}-{self.fake.random_int(1, 999):03d}"
        soon = day(self.locale, self.today + timedelta(days=self.fake.random_int(1, 7)))
        return str(template).format(number=number, day=soon)

    def email_body(self, subject: str) -> str:
        return BODIES.get(self.locale, BODIES["en"]).format(subject=subject)

    def note(self, name: str) -> str:
        template = self.fake.random_element(NOTES.get(self.locale, NOTES["en"]))
        soon = day(self.locale, self.today + timedelta(days=self.fake.random_int(2, 14)))
        return str(template).format(name=name, day=soon)

    def company_card(self, name: str | None = None) -> Card:
        w = self.words
        found = crm.renamed(self.company(), name) if name else self.company()
        name = found.name
        record = self.ids.next("rec")
        person_ = found.contact
        blocks: list[CardBlock] = [
            BadgeBlock(type="badge", text=w["active"], tone="positive"),
            FieldsBlock(
                type="fields",
                fields=[
                    CardField(label=w["reg"], value=found.registration),
                    CardField(label=w["industry"], value=found.industry),
                    CardField(
                        label=w["revenue"],
                        value=millions(self.locale, found.revenue_millions, found.currency),
                    ),
                    CardField(label=w["contact"], value=f"{person_.name}, {person_.role}"),
                    CardField(label=w["email"], value=person_.email),
                    CardField(label=w["phone"], value=found.phone),
                    CardField(label=w["address"], value=found.address),
                ],
            ),
            TextBlock(type="text", text=w["note"].format(text=f"*{self.note(person_.name)}*")),
            LinkBlock(type="link", label=w["web"], url=found.website),
        ]
        return Card(
            id=self.ids.next("c"),
            version=1,
            title=name,
            subtitle=f"{w['client']} · {found.industry} · {found.city}",
            url=f"/?record={record}",
            blocks=blocks,
            fallback_text=f"{name} - {w['client'].lower()}, {found.industry}, {found.city}, {person_.name}",
            a11y_label=w["card_of"].format(name=name),
        )

    def meetings(self) -> list[Meeting]:
        """Today's agenda: the same for every question on the same day with the same seed."""
        seed_text = f"{self.seed}:agenda:{self.today.isoformat()}"
        fake = faker_for(self.locale, seed_text, slot="agenda")
        return crm.meetings(fake, self.locale, self.today, fake.random_int(3, 6), seed_text)

    def where(self, meeting: Meeting) -> str:
        if meeting.video is not None:
            return self.words["video"].format(tool=meeting.video[0])
        return meeting.place or ""

    def meetings_card(self, agenda: list[Meeting] | None = None) -> Card:
        w = self.words
        agenda = agenda if agenda is not None else self.meetings()
        items = [
            ListItem(
                title=f"{span(self.locale, m.start, m.end)} {m.subject}",
                subtitle=f"{m.company.name} · {self.where(m)}",
                url=m.video[1] if m.video else f"/?record={m.record}",
            )
            for m in agenda
        ]
        shown = items[:4]
        more = len(items) - len(shown)
        today = weekday(self.locale, self.today)
        first = agenda[0]
        blocks: list[CardBlock] = [
            HeadingBlock(type="heading", text=w["meetings_heading"].format(day=today)),
            ListBlock(type="list", items=shown, more=more) if more else ListBlock(type="list", items=shown),
            HeadingBlock(type="heading", text=w["next_meeting"].format(subject=first.subject)),
            FieldsBlock(
                type="fields",
                fields=[
                    CardField(label=w["subject"], value=f"{first.subject} ({first.company.name})"),
                    CardField(label=w["when"], value=f"{today}, {span(self.locale, first.start, first.end)}"),
                    CardField(label=w["where"], value=self.where(first)),
                    CardField(
                        label=w["attendees"],
                        value=", ".join(f"{p.name} ({p.role})" for p in first.attendees),
                    ),
                ],
            ),
        ]
        if first.video is not None:
            blocks.append(
                LinkBlock(type="link", label=w["join"].format(tool=first.video[0]), url=first.video[1])
            )
        summary = "; ".join(
            f"{span(self.locale, m.start, m.end)} {m.subject}, {m.company.name}, {self.where(m)}, "
            + ", ".join(p.name for p in m.attendees)
            for m in agenda
        )
        return Card(
            id=self.ids.next("c"),
            version=1,
            title=w["meetings_title"],
            subtitle=w["calendar"].format(day=today),
            url="/?view=calendar",
            blocks=blocks,
            fallback_text=f"{w['meetings_heading'].format(day=today)}: {summary}",
            a11y_label=w["list_of"].format(count=counted(self.locale, len(agenda), "meeting", "gen")),
        )

    def offer(self) -> Offer:
        return crm.offer(self.fake, self.locale, self.today)

    def offer_card(self, found: Offer | None = None) -> Card:
        """An offer: its line items (quantity × unit price), totals in its currency, validity, the PDF."""
        w, locale = self.words, self.locale
        found = found or self.offer()
        cur = found.currency
        number, name = found.number, found.company.name
        valid = day(locale, found.valid_until)
        pdf_id = files.file_id(f"{self.ids.base}:{number}", "pdf", number)
        png_id = files.file_id(f"{self.ids.base}:{number}:png", "png")
        lines = [
            ListItem(
                title=item.name,
                subtitle=w["line"].format(
                    quantity=counted(locale, item.quantity, item.unit),
                    price=money(locale, item.unit_price, cur),
                    total=money(locale, item.total, cur),
                ),
            )
            for item in found.items
        ]
        totals = [
            CardField(label=w["customer"], value=name),
            CardField(label=w["valid_until"], value=valid),
            CardField(label=w["subtotal"], value=money(locale, found.subtotal, cur)),
        ]
        if locale == "cs":
            vat = round(found.subtotal * crm.VAT_CS / 100, 2)
            totals.append(CardField(label=w["vat"], value=money(locale, vat, cur)))
            totals.append(CardField(label=w["total"], value=money(locale, found.subtotal + vat, cur)))
        blocks: list[CardBlock] = [
            HeadingBlock(type="heading", text=name),
            ListBlock(type="list", items=lines),
            FieldsBlock(type="fields", fields=totals),
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
            title=f"{w['offer']} {number}",
            subtitle=w["offer_subtitle"].format(company=name, valid=valid),
            url=f"/?record={self.ids.next('rec')}",
            blocks=blocks,
            fallback_text=w["offer_fallback"].format(
                number=number,
                company=name,
                items=counted(locale, len(found.items), "item"),
                total=money(locale, found.subtotal, cur),
                valid=valid,
            ),
            a11y_label=w["offer_of"].format(number=number, company=name),
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
        found = self.company()
        return OpenLink(url=url or found.website, label=self.words["open"].format(name=found.name))


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
