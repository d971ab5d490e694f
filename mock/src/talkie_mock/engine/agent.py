"""The mock's "agent": turns one user message into a plan (a list of steps), without any model.

Order of precedence: the §11 test messages (answered exactly), then the scenario file's patterns, then simple
intents on the words of the message (cs and en), then a general answer. Text ids depend on the seed and the
run id, content on the seed and the message (the day's agenda on the seed and the mock's date): the same
seed and the same request always give the same stream.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Callable
from datetime import UTC, datetime

from talkie_models import OpenEvent, TextMessageEndEvent, TextMessageStartEvent

from talkie_mock.config import MockConfig
from talkie_mock.engine.content import Content, IdSource
from talkie_mock.engine.crm import faker_for
from talkie_mock.engine.formats import Forms, clock_time, counted, day, money, plural
from talkie_mock.engine.plans import (
    ActionSpec,
    Emit,
    Fail,
    Paced,
    Propose,
    Request,
    Step,
    Usage,
    card_step,
    text_message,
    tool_call,
)
from talkie_mock.engine.scenarios import Scenario

ECHO = "talkie-test:echo"
TEST_PREFIX = "talkie-test:"
TEST_NAMES = ("card", "action", "error", "slow")
"""The §11 commands besides `echo` that :meth:`Agent.plan` answers, each exactly as written (lower case)."""
TEST_COMMANDS = (f"{ECHO} <text>", *(TEST_PREFIX + name for name in TEST_NAMES))
"""Every test command as the inspector lists it for a mistyped one (notes N-93)."""


def is_test_command(text: str) -> bool:
    """Whether :meth:`Agent.plan` answers `text` as a §11 test command (anything else is ordinary text)."""
    if text == ECHO or text.startswith(ECHO + " "):
        return True
    command = text.strip()
    return command.startswith(TEST_PREFIX) and command[len(TEST_PREFIX) :] in TEST_NAMES


PHRASES: dict[str, dict[str, str]] = {
    "cs": {
        "card_text": "Tady je karta s údaji.",
        "action_text": "Navrhuji testovací akci; potvrďte ji, prosím.",
        "action_summary": "Testovací akce konformity",
        "slow": "Tato odpověď přichází pomalu, slovo po slovu, aby šlo vyzkoušet zrušení i odpojení.",
        "search": "Hledám v CRM…",
        "calendar": "Prohlížím kalendář…",
        "documents": "Hledám dokumenty…",
        "meetings_text": "Dnes máte **{count}**. První začíná v {first}: {subject} ({company}).",
        "company_text": "Našel jsem firmu **{name}**:\n\n- kontakt: {contact}\n- stav: *aktivní*",
        "docs_text": (
            "Nabídka **{number}** pro {company} má {items} za {total} bez DPH a platí do {valid}. "
            "PDF otevřete klepnutím."
        ),
        "send_summary": "Odeslat e-mail „{subject}“ na {email}",
        "send_text": "Připravil jsem e-mail pro {email}. Odešle se až po vašem potvrzení.",
        "send_keyword": "odeslat",
        "delete_summary": "Smazat záznam {name}",
        "delete_text": "Smazání záznamu **{name}** je nevratné, potvrďte ho prosím tlačítkem.",
        "link_text": "Tady je odkaz, který můžete otevřít: [{label}]({url})",
        "general": (
            "Dobrý den! Dnes máte v kalendáři {meetings} a {offers} {waiting} na odpověď zákazníka.\n\n"
            "1. **Schůzky**: přehled dnešního dne\n2. *Nabídky*: položky, ceny a platnost\n\n"
            "Mohu pomoci ještě s něčím? Zkuste třeba `schůzky` nebo `firma`."
        ),
        "waiting": "čeká|čekají|čeká",
    },
    "en": {
        "card_text": "Here is a card with the details.",
        "action_text": "I propose a test action; please confirm it.",
        "action_summary": "Conformance test action",
        "slow": (
            "This answer arrives slowly, word by word, so that cancelling and disconnecting can be tried."
        ),
        "search": "Searching the CRM…",
        "calendar": "Checking the calendar…",
        "documents": "Looking for documents…",
        "meetings_text": (
            "You have **{count}** today. The first one starts at {first}: {subject} ({company})."
        ),
        "company_text": "I found **{name}**:\n\n- contact: {contact}\n- status: *active*",
        "docs_text": (
            "Offer **{number}** for {company} has {items} for {total} excl. tax and is valid until {valid}. "
            "Tap the PDF to open it."
        ),
        "send_summary": "Send the e-mail “{subject}” to {email}",
        "send_text": "I drafted an e-mail to {email}. It goes out only after you confirm.",
        "send_keyword": "send",
        "delete_summary": "Delete the record {name}",
        "delete_text": "Deleting **{name}** cannot be undone; please confirm it with the button.",
        "link_text": "Here is a link you can open: [{label}]({url})",
        "general": (
            "Hello! You have {meetings} in your calendar today, and {offers} {waiting} for a customer's "
            "answer.\n\n1. **Meetings**: today at a glance\n2. *Offers*: items, prices and validity\n\n"
            "Anything else? Try `meetings` or `company`."
        ),
        "waiting": "is waiting|are waiting|are waiting",
    },
}

INTENTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("send", re.compile(r"^\s*(send|e-?mail|pošli|posli|odešli|odesli|napiš|napis)\b", re.IGNORECASE)),
    ("delete", re.compile(r"^\s*(delete|remove|smaž|smaz|odstraň|odstran)\b", re.IGNORECASE)),
    ("link", re.compile(r"https?://|\blink\b|website|odkaz|stránk|strank", re.IGNORECASE)),
    (
        "documents",
        re.compile(r"offer|document|file|pdf|invoice|nabíd|nabid|dokument|soubor|faktur", re.IGNORECASE),
    ),
    ("meetings", re.compile(r"meeting|calendar|agenda|schůz|schuz|kalend", re.IGNORECASE)),
    (
        "company",
        re.compile(r"compan|client|customer|firm|klient|zákazn|zakazn|s\.r\.o|a\.s\.", re.IGNORECASE),
    ),
)


class Agent:
    """Plans runs and voice tool calls."""

    def __init__(
        self,
        config: MockConfig,
        scenario: Scenario | None = None,
        now: Callable[[], datetime] | None = None,
    ) -> None:
        self.config = config
        self.scenario = scenario
        self.stubs = Scenario([])
        self.now = now or (lambda: datetime.now(UTC))
        """The mock's clock: meetings are on its date, offers issued on it."""

    def phrases(self, locale: str) -> dict[str, str]:
        return PHRASES.get(locale, PHRASES["en"])

    def content(self, request: Request) -> Content:
        seed = self.config.seed
        fake = faker_for(request.locale, f"{seed}:{request.text}")
        today = self.now().astimezone(UTC).date()
        return Content(fake=fake, locale=request.locale, ids=self.ids(request), today=today, seed=seed)

    def ids(self, request: Request) -> IdSource:
        """The ids a run hands out (messages, actions). Seeded by thread and run: runIds are the client's
        and only unique per user, while a thread id belongs to one user."""
        if request.call_id is not None:  # a JSON list: no chat seed (`<seed>:…`) starts with `[`
            return IdSource(
                json.dumps(["voice", self.config.seed, request.thread_id, request.run_id, request.call_id])
            )
        return IdSource(f"{self.config.seed}:{request.thread_id}:{request.run_id}")

    # -- plans ----------------------------------------------------------------------------------------------

    def plan(self, request: Request) -> list[Step]:
        text = request.text
        if text == ECHO or text.startswith(ECHO + " "):
            # the echo needs message ids only: no Faker to seed (the ids are those `content` would give)
            return self._message(self.ids(request), text[len(ECHO) + 1 :])
        content = self.content(request)
        command = text.strip()
        if command.startswith(TEST_PREFIX):
            test = self._test(command[len(TEST_PREFIX) :], request, content)
            if test is not None:
                return test
        stubbed = self.stubs.plan(text, content, request)  # rules added through the control API
        if stubbed is not None:
            return stubbed
        if self.scenario is not None:
            self.scenario = self.scenario.fresh()  # edited while the mock runs: the new rules apply
            scripted = self.scenario.plan(text, content, request)
            if scripted is not None:
                return scripted
        return self._intent(text, request, content)

    def _test(self, name: str, request: Request, content: Content) -> list[Step] | None:
        p = self.phrases(request.locale)
        if name == "card":
            card = content.company_card()
            return [
                *self._tool(
                    content,
                    "search_records",
                    p["search"],
                    [card_step(card)],
                ),
                *self._text(content, p["card_text"]),
            ]
        if name == "action":
            spec = ActionSpec(
                action_id=content.ids.next("a"),
                tool_call_id=content.ids.next("call"),
                summary=p["action_summary"],
                risk_level="low",
                methods=("button", "voice"),
                params={"test": "action", "runId": request.run_id},
                ttl_seconds=self.config.test_action_ttl_seconds,
            )
            return [Propose(spec), *self._text(content, p["action_text"])]
        if name == "error":
            return [Fail("upstream_unavailable")]
        if name == "slow":
            return self._slow(content, p["slow"])
        return None

    def _intent(self, text: str, request: Request, content: Content) -> list[Step]:
        p = self.phrases(request.locale)
        intent = next((name for name, pattern in INTENTS if pattern.search(text)), "general")
        steps: list[Step] = []
        if intent == "meetings":
            agenda = content.meetings()
            card = content.meetings_card(agenda)
            steps += self._tool(
                content,
                "list_meetings",
                p["calendar"],
                [card_step(card)],
            )
            first = agenda[0]
            steps += self._text(
                content,
                p["meetings_text"].format(
                    count=counted(content.locale, len(agenda), "meeting", "acc"),
                    first=clock_time(content.locale, first.start),
                    subject=first.subject,
                    company=first.company.name,
                ),
            )
        elif intent == "company":
            card = content.company_card()
            steps += self._tool(
                content,
                "search_records",
                p["search"],
                [card_step(card)],
            )
            contact = next(f.value for f in card.blocks[1].fields if f.label == content.words["contact"])  # type: ignore[union-attr]
            steps += self._text(content, p["company_text"].format(name=card.title, contact=contact))
        elif intent == "documents":
            offer = content.offer()
            steps += self._tool(
                content,
                "search_documents",
                p["documents"],
                [card_step(content.offer_card(offer))],
            )
            text = p["docs_text"].format(
                number=offer.number,
                company=offer.company.name,
                items=counted(content.locale, len(offer.items), "item", "acc"),
                total=money(content.locale, offer.subtotal, offer.currency),
                valid=day(content.locale, offer.valid_until),
            )
            steps += self._text(content, text)
        elif intent == "send":
            steps += self._send(content, request, text)
        elif intent == "delete":
            steps += self._delete(content, request)
        elif intent == "link":
            found = re.search(r"https://[^\s<>\"]+", text)
            link = content.link(found.group(0) if found else None)
            steps += self._text(content, p["link_text"].format(label=link.label, url=link.url))
            steps.append(Emit(OpenEvent(type="CUSTOM", name="talkie.open", value=link)))
        else:
            offers = content.fake.random_int(1, 6)
            waiting: Forms = tuple(p["waiting"].split("|"))  # type: ignore[assignment]
            steps += self._text(
                content,
                p["general"].format(
                    meetings=counted(content.locale, len(content.meetings()), "meeting", "acc"),
                    offers=counted(content.locale, offers, "offer"),
                    waiting=plural(content.locale, offers, waiting),
                ),
            )
        steps.append(Usage(tokens=self.tokens(text)))
        return steps

    def _send(self, content: Content, request: Request, text: str) -> list[Step]:
        p = self.phrases(request.locale)
        found = re.search(r"[\w.+-]+@[\w-]+(\.[\w-]+)+", text)
        email = found.group(0) if found else content.email()
        subject = content.email_subject()
        spec = ActionSpec(
            action_id=content.ids.next("a"),
            tool_call_id=content.ids.next("call"),
            summary=p["send_summary"].format(subject=subject, email=email),
            risk_level="medium",
            methods=("button", "voice"),
            params={
                "tool": "send_email",
                "to": email,
                "subject": subject,
                "body": content.email_body(subject),
            },
            ttl_seconds=self.config.action_ttl_seconds,
            keyword=p["send_keyword"],
            outbound=True,
        )
        return [Propose(spec), *self._text(content, p["send_text"].format(email=email))]

    def _delete(self, content: Content, request: Request) -> list[Step]:
        p = self.phrases(request.locale)
        name = content.company_name()
        spec = ActionSpec(
            action_id=content.ids.next("a"),
            tool_call_id=content.ids.next("call"),
            summary=p["delete_summary"].format(name=name),
            risk_level="high",
            methods=("button",),
            params={"tool": "delete_record", "record": content.ids.next("rec"), "name": name},
            ttl_seconds=self.config.action_ttl_seconds,
        )
        return [Propose(spec), *self._text(content, p["delete_text"].format(name=name))]

    # -- building blocks ------------------------------------------------------------------------------------

    @staticmethod
    def tokens(text: str) -> int:
        """A plausible, deterministic token count for the usage meter."""
        return 180 + len(text) * 3 + int(hashlib.sha256(text.encode()).hexdigest()[:2], 16)

    @staticmethod
    def _text(content: Content, text: str) -> list[Step]:
        return text_message(content.ids, text)

    @staticmethod
    def _message(ids: IdSource, text: str) -> list[Step]:
        return text_message(ids, text)

    def _slow(self, content: Content, text: str) -> list[Step]:
        message_id = content.ids.next("msg")
        deltas = _slow_deltas(text, self.config.slow_chunks)
        pause = self.config.slow_seconds / len(deltas)
        return [
            Emit(TextMessageStartEvent(type="TEXT_MESSAGE_START", message_id=message_id, role="assistant")),
            Paced(message_id, deltas, pause),
            Emit(TextMessageEndEvent(type="TEXT_MESSAGE_END", message_id=message_id)),
        ]

    @staticmethod
    def _tool(content: Content, name: str, label: str, inner: list[Step]) -> list[Step]:
        """A tool call (start, end with `ok`), then what it produced (§11 order: the card after the call)."""
        return [*tool_call(content.ids, name, label), *inner]


@functools.lru_cache(maxsize=32)
def _slow_deltas(text: str, slow_chunks: int) -> tuple[str, ...]:
    """The slow answer cut into about `slow_chunks` deltas of whole words; one tuple shared by every slow run
    of the same text (thousands of concurrent ones would otherwise each hold their own copy)."""
    words = text.split(" ")
    chunks = max(1, min(slow_chunks, len(words)))
    size = -(-len(words) // chunks)
    pieces = [" ".join(words[i : i + size]) for i in range(0, len(words), size)]
    return tuple(piece if index == 0 else " " + piece for index, piece in enumerate(pieces))
