"""What the mock's "model" does in a voice conversation: deterministic, no model behind it.

A user sentence is matched against a few intents (cs and en) and answered with a function call of one of the
session's locked tools, or with a short spoken reply; a tool's output is read back verbatim, which is how the
proposal of a pending action gets "read out" (§10.4 step 1). Scripts and the control API can bypass the brain
and make the assistant say or call exactly what a test needs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from talkie_models.consent import fold

from talkie_mock.engine.formats import counted, plural

TOOLS: tuple[dict[str, object], ...] = (
    {
        "type": "function",
        "name": "search_records",
        "description": "Search the CRM for companies and contacts.",
        "parameters": {
            "type": "object",
            "properties": {"query": {"type": "string", "description": "What to look for."}},
            "required": ["query"],
        },
    },
    {
        "type": "function",
        "name": "list_meetings",
        "description": "List today's meetings from the calendar.",
        "parameters": {"type": "object", "properties": {}},
    },
    {
        "type": "function",
        "name": "send_email",
        "description": "Propose an e-mail; it is sent only after the user confirms the action.",
        "parameters": {
            "type": "object",
            "properties": {"to": {"type": "string"}, "subject": {"type": "string"}},
            "required": ["subject"],
        },
    },
    {
        "type": "function",
        "name": "delete_record",
        "description": "Propose deleting a CRM record; the user confirms it with the button.",
        "parameters": {
            "type": "object",
            "properties": {"name": {"type": "string"}},
            "required": ["name"],
        },
    },
)
"""The voice session's tools as the server locks them into the provider session (one per voiceTool name)."""
TOOL_NAMES = tuple(str(tool["name"]) for tool in TOOLS)

INSTRUCTIONS = {
    "cs": "Jsi hlasový asistent CRM. Mluv česky, stručně. Rizikové kroky jen navrhuj nástroji.",
    "en": "You are the CRM's voice assistant. Speak English, briefly. Propose risky steps through tools.",
}
PHRASES = {
    "cs": {
        "heard": "Rozumím: {text}.",
        "ack": "Dobře.",
        "warn": "Hovor brzy skončí, {left}.",
        "subject": "Nabídka",
    },
    "en": {
        "heard": "I heard: {text}.",
        "ack": "All right.",
        "warn": "The call ends soon, {left}.",
        "subject": "Offer",
    },
}
# Word stems (accent-folded) that pick a tool; checked in this order.
INTENTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("send_email", ("posl", "odesl", "send", "mail", "nabidk")),
    ("delete_record", ("smaz", "delete", "remove", "odstran")),
    ("list_meetings", ("schuz", "kalendar", "meeting", "calendar")),
    ("search_records", ("najdi", "hledej", "vyhledej", "find", "search", "look up")),
)


@dataclass(frozen=True)
class Speak:
    text: str


@dataclass(frozen=True)
class Call:
    name: str
    arguments: str


Turn = Speak | Call


LEFT = {"cs": ("zbývá {n}", "zbývají {n}", "zbývá {n}"), "en": ("{n} left", "{n} left", "{n} left")}
"""The verb agrees with the count in Czech: zbývá 1 sekunda, zbývají 3 sekundy, zbývá 60 sekund."""


def phrase(locale: str, key: str, **values: object) -> str:
    return PHRASES.get(locale, PHRASES["en"])[key].format(**values)


def time_left(locale: str, seconds: int) -> str:
    """The warning that the call ends soon, its number and words in agreement."""
    forms = LEFT.get(locale, LEFT["en"])
    left = plural(locale, seconds, forms).format(n=counted(locale, seconds, "second"))
    return phrase(locale, "warn", left=left)


def reply(text: str, locale: str) -> Turn:
    """The assistant's answer to one user sentence."""
    folded = fold(text)
    for tool, stems in INTENTS:
        if any(stem in folded for stem in stems):
            return Call(tool, json.dumps(_arguments(tool, text, locale), ensure_ascii=False))
    return Speak(phrase(locale, "heard", text=text.strip().rstrip(".!?")))


def _arguments(tool: str, text: str, locale: str) -> dict[str, str]:
    if tool == "send_email":
        return {"subject": phrase(locale, "subject")}
    if tool == "delete_record":
        return {"name": text.strip().split()[-1].strip(".!?")}
    if tool == "search_records":
        return {"query": text.strip().split()[-1].strip(".!?")}
    return {}
