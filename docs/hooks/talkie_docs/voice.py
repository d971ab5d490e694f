"""Voice facts the pages print but do not own: the §10.4 examples and the provider event subset.

`[[voice:consent-examples]]` becomes the normative table of `talkie_models.consent.examples()` (the same rows
the tests run); `[[voice:server-events]]` and `[[voice:client-events]]` become the lists of
`openai-realtime/1` events the mock's provider sends and acts on (`talkie_mock.engine.realtime.events`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from talkie_mock.engine.realtime.events import CLIENT_EVENTS, SERVER_EVENTS
from talkie_models.consent import examples

from .markdown import cell, code, table

MARKER_RE = re.compile(r"\[\[voice:([a-z-]+)\]\]")


def consent_table() -> str:
    rows = [
        [
            row["locale"],
            code(row["text"]),
            code(row["keyword"]) if row.get("keyword") else "",
            cell(", ".join(f"{k}: {', '.join(v)}" for k, v in (row.get("consent") or {}).items())),
            f"**{row['expect']}**",
            cell(row["why"]),
        ]
        for row in examples()
    ]
    return table(["locale", "final transcript", "keyword", "session consent", "means", "why"], rows)


def event_list(names: tuple[str, ...]) -> str:
    return "\n".join(f"- {code(name)}" for name in names)


def server_events() -> str:
    return event_list(SERVER_EVENTS)


def client_events() -> str:
    return event_list(CLIENT_EVENTS)


RENDERERS: dict[str, Callable[[], str]] = {
    "consent-examples": consent_table,
    "server-events": server_events,
    "client-events": client_events,
}


def expand(markdown: str) -> tuple[str, list[str]]:
    """Replace voice markers by what they name; also return the unknown marker names."""
    unknown: list[str] = []

    def replace(match: re.Match[str]) -> str:
        render = RENDERERS.get(match.group(1))
        if render is None:
            unknown.append(match.group(1))
            return match.group(0)
        return render()

    return MARKER_RE.sub(replace, markdown), unknown
