"""The invented CRM behind the mock's answers: companies, people, meetings and offers, per locale.

Everything is drawn from a seeded Faker (names, streets) and from our own tables (industries, legal forms,
towns, products), never from Faker's lorem or catch-phrase providers, so that what an app shows reads like a
real CRM: "Strojírny Přerov a.s." with an IČO that passes its checksum and prices in Kč, "Harper Logistics
LLC" in Austin with prices in dollars, "Brennan Construction Ltd" in Cork in euros. People have a first name
and a surname of one gender (Jana Horáková, Petr Horák). URLs and e-mail addresses use reserved example
domains, and US phone numbers the 555-01xx range kept for fiction.
"""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta

from faker import Faker

FAKER_LOCALE = {"cs": "cs_CZ", "en": "en_US"}
VAT_CS = 21
"""The standard Czech VAT rate (per cent), shown on Czech offers."""

_FAKERS: dict[tuple[str, str], Faker] = {}


def faker_for(locale: str, seed_text: str, slot: str = "message") -> Faker:
    """The locale's Faker, re-seeded from `seed_text` (cheap: instances are cached, seeding is not).

    One instance per (locale, slot): content seeded by the day (the agenda) is drawn from its own instance,
    so drawing it never disturbs the sequence of the one seeded by the message.
    """
    fake = _FAKERS.get((locale, slot))
    if fake is None:
        fake = _FAKERS[(locale, slot)] = Faker(FAKER_LOCALE.get(locale, "en_US"))
    fake.seed_instance(int.from_bytes(hashlib.sha256(seed_text.encode()).digest()[:8], "big"))
    return fake


def person(fake: Faker) -> tuple[str, str]:
    """A first name and a surname of one gender: Czech surnames agree with the person (Novák, Nováková)."""
    first, last, _ = gendered_person(fake)
    return first, last


def gendered_person(fake: Faker) -> tuple[str, str, bool]:
    """A first name, a surname and whether the person is female (their job title agrees in Czech)."""
    if fake.random_int(0, 1):
        return str(fake.first_name_female()), str(fake.last_name_female()), True
    return str(fake.first_name_male()), str(fake.last_name_male()), False


def slug(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return "-".join("".join(c if c.isalnum() else " " for c in plain).split())[:40] or "record"


# -- tables --------------------------------------------------------------------------------------------------

INDUSTRIES: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    # (industry, words a company of it is named with)
    "cs": (
        ("Stavebnictví", ("Stavby", "Stavitelství")),
        ("Strojírenství", ("Strojírny", "Kovovýroba")),
        ("Doprava a logistika", ("Autodoprava", "Logistika")),
        ("Potravinářství", ("Pekárny", "Mlékárna")),
        ("Informační technologie", ("Software", "IT služby")),
        ("Elektroinstalace", ("Elektro", "Elektromontáže")),
        ("Výroba nábytku", ("Truhlářství", "Nábytek")),
        ("Vinařství", ("Vinařství", "Vinné sklepy")),
        ("Polygrafie", ("Tiskárna", "Tisk")),
        ("Zemědělství", ("Agro", "Statek")),
        ("Energetika", ("Solar", "Energie")),
        ("Účetní služby", ("Účetnictví", "Daňová kancelář")),
    ),
    "en": (
        ("Construction", ("Construction", "Builders")),
        ("Logistics", ("Logistics", "Freight")),
        ("Software", ("Software", "Digital")),
        ("Food and beverage", ("Foods", "Bakery")),
        ("Manufacturing", ("Manufacturing", "Industries")),
        ("Consulting", ("Consulting", "Advisory")),
        ("Printing", ("Print", "Press")),
        ("Energy", ("Energy", "Solar")),
        ("Furniture", ("Furniture", "Woodworks")),
        ("Healthcare", ("Medical", "Health")),
    ),
}
TOWNS_CS = (
    "Praha",
    "Brno",
    "Ostrava",
    "Plzeň",
    "Olomouc",
    "Liberec",
    "České Budějovice",
    "Hradec Králové",
    "Pardubice",
    "Zlín",
    "Jihlava",
    "Kladno",
    "Opava",
    "Přerov",
    "Tábor",
    "Kolín",
    "Písek",
    "Třebíč",
    "Znojmo",
    "Prostějov",
    "Kroměříž",
    "Chrudim",
)
LEGAL_FORMS_CS = ("s.r.o.", "s.r.o.", "s.r.o.", "a.s.", "a.s.", "v.o.s.")
CITIES_EN = (
    # (city, country, currency, legal forms, phone area code)
    ("Austin, TX", "US", "USD", ("Inc.", "LLC"), "512"),
    ("Denver, CO", "US", "USD", ("Inc.", "LLC"), "303"),
    ("Portland, OR", "US", "USD", ("LLC", "Inc."), "503"),
    ("Chicago, IL", "US", "USD", ("Inc.", "LLC"), "312"),
    ("Boston, MA", "US", "USD", ("Inc.", "LLC"), "617"),
    ("Seattle, WA", "US", "USD", ("LLC", "Inc."), "206"),
    ("Raleigh, NC", "US", "USD", ("LLC", "Inc."), "919"),
    ("Dublin", "IE", "EUR", ("Ltd",), "1"),
    ("Cork", "IE", "EUR", ("Ltd",), "21"),
    ("Galway", "IE", "EUR", ("Ltd",), "91"),
)
LEGAL_FORMS = frozenset(LEGAL_FORMS_CS) | {form for city in CITIES_EN for form in city[3]}
STREETS_EN = {
    "US": (
        "Main Street",
        "Oak Avenue",
        "Market Street",
        "Maple Avenue",
        "Park Road",
        "Cedar Lane",
        "Lake Street",
    ),
    "IE": ("Grafton Street", "Patrick Street", "Shop Street", "Baggot Street", "Dame Street", "South Mall"),
}
PLACES_EN = ("Lakeside", "Summit", "Riverbend", "Northgate", "Bluewater", "Granite", "Pioneer", "Redwood")

ROLES: dict[str, tuple[tuple[str, str], ...]] = {
    # (male, female): a Czech job title agrees with the person
    "cs": (
        ("jednatel", "jednatelka"),
        ("obchodní ředitel", "obchodní ředitelka"),
        ("finanční ředitel", "finanční ředitelka"),
        ("vedoucí nákupu", "vedoucí nákupu"),
        ("projektový manažer", "projektová manažerka"),
        ("vedoucí provozu", "vedoucí provozu"),
    ),
    "en": (
        ("Managing Director", "Managing Director"),
        ("Head of Sales", "Head of Sales"),
        ("CFO", "CFO"),
        ("Purchasing Manager", "Purchasing Manager"),
        ("Project Manager", "Project Manager"),
        ("Operations Manager", "Operations Manager"),
    ),
}
SUBJECTS: dict[str, tuple[str, ...]] = {
    "cs": (
        "Úvodní schůzka",
        "Prezentace nabídky",
        "Jednání o prodloužení smlouvy",
        "Kontrola stavu projektu",
        "Předání zakázky",
        "Školení nového systému",
        "Ceny na příští rok",
        "Řešení reklamace",
        "Čtvrtletní obchodní revize",
    ),
    "en": (
        "Kick-off meeting",
        "Offer presentation",
        "Contract renewal",
        "Project status review",
        "Project handover",
        "Onboarding session",
        "Pricing for next year",
        "Complaint follow-up",
        "Quarterly business review",
    ),
}
ROOMS = {"cs": ("zasedačka Vltava, 3. patro", "zasedačka Morava, přízemí"), "en": ("Board room, 3rd floor",)}
VIDEO_TOOLS = ("Microsoft Teams", "Google Meet", "Zoom")

QUANTITIES = {
    "licence": (5, 10, 15, 20, 25, 30, 40),
    "hour": (8, 12, 16, 24, 40),
    "day": (1, 2, 3),
    "month": (12, 24),
    "package": (1,),
    "piece": (2, 3, 4, 5, 6, 8, 10),
}
"""How many of each unit an offer line takes (formats.NOUNS keys)."""
PRODUCTS: dict[str, tuple[tuple[str, str, int, int], ...]] = {
    # (name, unit noun, least and most unit price in the locale's main currency)
    "cs": (
        ("Roční licence CRM Profi", "licence", 4900, 12900),
        ("Implementace a nastavení", "hour", 1200, 1800),
        ("Školení uživatelů", "day", 9500, 14000),
        ("Servisní podpora", "month", 2500, 8000),
        ("Migrace dat ze stávajícího systému", "package", 18000, 45000),
        ("Tablet pro obchodníky", "piece", 8990, 15990),
    ),
    "en": (
        ("CRM Pro annual license", "licence", 190, 520),
        ("Implementation and setup", "hour", 60, 95),
        ("User training", "day", 480, 720),
        ("Support plan", "month", 120, 350),
        ("Data migration from the current system", "package", 900, 2200),
        ("Sales tablet", "piece", 380, 690),
    ),
}


# -- the records ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Person:
    first: str
    last: str
    female: bool
    role: str
    email: str

    @property
    def name(self) -> str:
        return f"{self.first} {self.last}"


@dataclass(frozen=True)
class Company:
    name: str
    legal_form: str
    industry: str
    city: str
    address: str
    registration: str
    phone: str
    currency: str
    revenue_millions: float
    contact: Person

    @property
    def domain(self) -> str:
        """The company's web domain (a subdomain of a reserved example domain)."""
        core = self.name.removesuffix(self.legal_form).strip() if self.legal_form else self.name
        return f"{slug(core)}.example.com"

    @property
    def website(self) -> str:
        return f"https://{self.domain}/"


@dataclass(frozen=True)
class Meeting:
    record: str
    subject: str
    start: datetime
    end: datetime
    company: Company
    attendees: tuple[Person, ...]
    place: str | None
    """The address or room of a meeting in person (None: a video call)."""
    video: tuple[str, str] | None
    """(tool, https link) of a video call."""


@dataclass(frozen=True)
class LineItem:
    name: str
    unit: str
    """The noun counted in its quantity (formats.NOUNS key)."""
    quantity: int
    unit_price: float

    @property
    def total(self) -> float:
        return self.quantity * self.unit_price


@dataclass(frozen=True)
class Offer:
    number: str
    company: Company
    items: tuple[LineItem, ...]
    currency: str
    issued: date
    valid_until: date

    @property
    def subtotal(self) -> float:
        return sum(item.total for item in self.items)


# -- generators ----------------------------------------------------------------------------------------------


def czech_registration(fake: Faker) -> str:
    """An IČO: seven digits and the check digit of the Czech register (weights 8..2, mod 11)."""
    digits = [fake.random_int(0, 9) for _ in range(7)]
    rest = sum(d * w for d, w in zip(digits, range(8, 1, -1), strict=True)) % 11
    check = (11 - rest) % 10
    return "".join(map(str, digits)) + str(check)


def contact(fake: Faker, locale: str, domain: str) -> Person:
    first, last, female = gendered_person(fake)
    male_role, female_role = fake.random_element(ROLES.get(locale, ROLES["en"]))
    user = f"{slug(first)}.{slug(last)}".replace("-", ".")
    return Person(first, last, female, female_role if female else male_role, f"{user}@{domain}")


def renamed(found: Company, name: str) -> Company:
    """The company under the name a user asked for: its web domain and contact's e-mail follow the name."""
    named = replace(found, name=name, legal_form=next((f for f in LEGAL_FORMS if name.endswith(" " + f)), ""))
    user = found.contact.email.split("@", 1)[0]
    return replace(named, contact=replace(found.contact, email=f"{user}@{named.domain}"))


def company(fake: Faker, locale: str) -> Company:
    if locale == "cs":
        return _company_cs(fake)
    return _company_en(fake)


def _company_cs(fake: Faker) -> Company:
    industry, words = fake.random_element(INDUSTRIES["cs"])
    word = fake.random_element(words)
    town = str(fake.random_element(TOWNS_CS))
    family = str(fake.last_name_male())
    core = str(fake.random_element((f"{word} {family}", f"{word} {town}", f"{family} a syn")))
    form = str(fake.random_element(LEGAL_FORMS_CS))
    domain = f"{slug(core)}.example.com"
    street = f"{fake.street_name()} {fake.random_int(1, 180)}"
    return Company(
        name=f"{core} {form}",
        legal_form=form,
        industry=industry,
        city=town,
        address=f"{street}, {town}",
        registration=czech_registration(fake),
        phone=str(fake.phone_number()),
        currency="CZK",
        revenue_millions=fake.random_int(8, 950) / 10,
        contact=contact(fake, "cs", domain),
    )


def _company_en(fake: Faker) -> Company:
    industry, words = fake.random_element(INDUSTRIES["en"])
    word = fake.random_element(words)
    city, country, currency, forms, area = fake.random_element(CITIES_EN)
    family = str(fake.last_name())
    core = str(
        fake.random_element(
            (f"{family} {word}", f"{fake.random_element(PLACES_EN)} {word}", f"{family} & {fake.last_name()}")
        )
    )
    form = str(fake.random_element(forms))
    domain = f"{slug(core)}.example.com"
    street = f"{fake.random_int(10, 980)} {fake.random_element(STREETS_EN[country])}"
    if country == "US":
        registration = f"EIN {fake.random_int(10, 99)}-{fake.random_int(1_000_000, 9_999_999)}"
        phone = f"+1 {area}-555-01{fake.random_int(0, 99):02d}"
    else:
        registration = f"CRO {fake.random_int(100_000, 799_999)}"
        phone = f"+353 {area} {fake.random_int(200, 999)} {fake.random_int(1000, 9999)}"
    return Company(
        name=f"{core} {form}",
        legal_form=form,
        industry=industry,
        city=city,
        address=f"{street}, {city}",
        registration=registration,
        phone=phone,
        currency=currency,
        revenue_millions=fake.random_int(8, 950) / 10,
        contact=contact(fake, "en", domain),
    )


def meetings(fake: Faker, locale: str, today: date, count: int, record: str) -> list[Meeting]:
    """`count` meetings of one working day, in order and not overlapping, between 8:00 and 18:00 UTC."""
    found: list[Meeting] = []
    start = datetime.combine(today, time(8, 0), UTC) + timedelta(minutes=30 * fake.random_int(0, 3))
    for index in range(count):
        length = timedelta(minutes=int(fake.random_element((30, 45, 60, 90))))
        if (start + length).hour >= 18 and index:
            break
        client = company(fake, locale)
        others = [contact(fake, locale, client.domain) for _ in range(fake.random_int(0, 2))]
        if fake.random_int(0, 2):
            place, video = client.address, None
            if not fake.random_int(0, 3):
                place = fake.random_element(ROOMS.get(locale, ROOMS["en"]))
        else:
            code = "-".join(fake.lexify("???", "abcdefghijkmnpqrstuvwxyz") for _ in range(3))
            place, video = None, (str(fake.random_element(VIDEO_TOOLS)), f"https://meet.example.com/{code}")
        found.append(
            Meeting(
                record=f"mtg_{hashlib.sha256(f'{record}:{index}'.encode()).hexdigest()[:12]}",
                subject=str(fake.random_element(SUBJECTS.get(locale, SUBJECTS["en"]))),
                start=start,
                end=start + length,
                company=client,
                attendees=(client.contact, *others),
                place=place,
                video=video,
            )
        )
        start = start + length + timedelta(minutes=30 * fake.random_int(1, 4))
    return found


def offer(fake: Faker, locale: str, today: date) -> Offer:
    """An offer issued today, valid for 30 days, with two to four line items."""
    client = company(fake, locale)
    products = PRODUCTS.get(locale, PRODUCTS["en"])
    chosen = fake.random_elements(products, length=fake.random_int(2, 4), unique=True)
    items = tuple(
        LineItem(
            name,
            unit,
            int(fake.random_element(QUANTITIES[unit])),
            float(fake.random_int(cheap, dear) // 10 * 10),
        )
        for name, unit, cheap, dear in chosen
    )
    return Offer(
        number=f"N-{today.year}-{fake.random_int(1, 999):03d}",
        company=client,
        items=items,
        currency=client.currency,
        issued=today,
        valid_until=today + timedelta(days=30),
    )
