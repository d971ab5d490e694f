"""What a scenario is: a situation under its own manifest URL that answers the client's requests as a plain
talkie/1 server would but for the one thing it changes, and the checks that judge the client's reaction.

A scenario's checks judge the `Record` of what the client did: requests made or not made (on the scenario
origin and on the decoy origin), what they carried, and what the client's adapter said it showed. A check
answers pass, fail or skip (not exercised: the client never reached the situation, or says nothing about
what it showed); whether a fail is a failure or a warning is the rule's own (`Rule.may_fail`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from talkie_mock.clientsuite.observe import Record
from talkie_mock.clientsuite.situations import (
    ENDPOINTS,
    MANIFEST_PATH,
    VOICE_ENDPOINTS,
    Answer,
    Origins,
    RunRequest,
    error,
    json_answer,
    manifest,
    stream,
    text_events,
    thread_detail,
)

Status = Literal["pass", "fail", "warn", "skip"]
"""`warn`: the client falls short of a reading of ours (a note), never of the text itself."""

GESTURES: Mapping[str, str] = {
    "stop": "press stop as soon as the first words of the reply show",
    "approve": "tap approve on each action that waits for a decision",
    "reject": "tap reject on each action that waits for a decision",
    "open": "tap every link and file the reply shows (a card's url, links and files, talkie.open)",
    "sign-in": "sign in through the manifest's OAuth authorization server ({token} is then empty)",
    "sign-out": "sign out once the run is done",
    "voice": "start a voice session and stay in it until the provider ends it",
    "again": "once done, start a second conversation with the same server",
    "production": "behave as a production build: no development switch",
}
"""What a person does in a scenario besides sending one message: the words a command gets as `{person}` and
`TALKIE_PERSON`, and an app's tester reads in the scenario's banner. An adapter that cannot make a gesture
says so (`{"kind": "unable", "gesture": ...}`), and the scenario is then not exercised."""


@dataclass(frozen=True)
class Outcome:
    status: Status
    detail: str


Judge = Callable[[Record], Outcome]


@dataclass(frozen=True)
class Check:
    """One judgement of a scenario, about one client rule."""

    rule: str
    title: str
    judge: Judge


@dataclass(frozen=True)
class Asked:
    """A request to a scenario, as the scenario needs it: the endpoint (a manifest member's name, "manifest"
    or "other"), the method, whether it carried the suite's token as its bearer token, and its JSON body."""

    endpoint: str
    method: str
    authorized: bool
    body: dict[str, Any] | None
    rest: str = ""
    """The raw path below the scenario's base."""
    root: bool = False
    """The path lies outside the scenarios' prefix (routed to the scenario under way)."""
    params: tuple[tuple[str, str], ...] = ()
    """The query's parameters and a form body's."""
    raw: bytes = b""
    """The body as sent (an SDP offer is no JSON)."""
    bearer: str | None = None
    """The bearer credential the request carried, if any."""
    local: str = ""
    """The address the client reached the origin at, and its own (a WebRTC peer answers on that path)."""
    remote: str = ""

    def param(self, name: str) -> str | None:
        return next((value for key, value in self.params if key == name), None)


_TEMPLATES = tuple(
    (name, re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$"))
    for name, path in {**ENDPOINTS, **VOICE_ENDPOINTS}.items()
)


def endpoint_of(rest: str) -> str:
    """The endpoint a path below a scenario's base names."""
    if rest == MANIFEST_PATH:
        return "manifest"
    return next((name for name, pattern in _TEMPLATES if pattern.match(rest)), "other")


class Scenario:
    """A situation with the default answers of a plain talkie/1 server; subclasses change one thing."""

    name: ClassVar[str]
    summary: ClassVar[str]
    deadline: ClassVar[float] = 15.0
    """Seconds the client is given; the command is stopped past it, and the checks judge what happened."""
    checks: ClassVar[tuple[Check, ...]]
    person: ClassVar[tuple[str, ...]] = ()
    """The person's gestures in this scenario, in order (`GESTURES`), besides sending one message."""

    def address(self, origins: Origins) -> str:
        """What the client is given as `{url}`: the scenario's manifest URL."""
        return origins.manifest_url(self.name)

    def manifest(self, origins: Origins) -> dict[str, Any]:
        return manifest(origins, self.name)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        return stream(text_events(run))

    async def reply(self, asked: Asked, record: Record, origins: Origins) -> Answer:
        """The answer, for a scenario that must wait for something first (a WebRTC peer); `answer` else."""
        return self.answer(asked, record, origins)

    def answer(self, asked: Asked, record: Record, origins: Origins) -> Answer:
        if asked.endpoint == "manifest" and asked.method == "GET":
            return json_answer(self.manifest(origins))
        if asked.endpoint == "other":
            return error(404, "not_found", "This scenario has no such path.")
        if not asked.authorized:
            return error(401, "unauthorized", "Send the development token as a bearer token.")
        if asked.endpoint == "run" and asked.method == "POST":
            return self.run(RunRequest.of(asked.body), origins)
        if asked.endpoint == "cancelRun" and asked.method == "POST":
            return json_answer({"ok": True})
        if asked.endpoint == "thread" and asked.method == "GET":
            runs = record.seen("scenario", "run")
            if runs:
                return json_answer(thread_detail(RunRequest.of(runs[-1].body)))
        return error(404, "not_found", "Nothing of that kind is stored in this scenario.")
