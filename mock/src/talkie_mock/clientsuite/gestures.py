"""Scenarios of the person's gestures (§5, §6, §8): stopping a run, deciding an action, opening a card's
files and links, and coming back for a second conversation. Each names its gestures in `person`; a client
that cannot make one says so and the scenario is not exercised."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

from talkie_models import Action, DecisionResponse

from talkie_mock.clientsuite.base import Asked, Check, Outcome, Scenario
from talkie_mock.clientsuite.observe import Record, Seen
from talkie_mock.clientsuite.situations import (
    ACTION_ID,
    Answer,
    Origins,
    RunRequest,
    action,
    card,
    error,
    json_answer,
    pending_action,
    stream,
    text_events,
)


def _run_ids(record: Record) -> list[str]:
    return [str((s.body or {}).get("runId")) for s in record.seen("scenario", "run")]


def cancelled(record: Record) -> Outcome:
    if not record.seen("scenario", "run"):
        return Outcome("skip", "the client made no run request, so there was nothing to stop")
    if record.seen("scenario", "cancelRun"):
        return Outcome("pass", "the person's stop reached the server as cancelRun")
    return Outcome(
        "fail", "the person pressed stop and no cancelRun followed: closing the stream is no cancel"
    )


def cancelled_same_run(record: Record) -> Outcome:
    cancels = record.seen("scenario", "cancelRun")
    if not cancels:
        return Outcome("skip", "the client sent no cancelRun")
    sent = set(_run_ids(record))
    named = [unquote(s.rest.split("/")[-2]) for s in cancels if s.rest.count("/") >= 2]
    if named and all(run_id in sent for run_id in named):
        return Outcome("pass", "cancelRun named the runId the run request carried")
    return Outcome("fail", "cancelRun named another runId than the run it was to stop")


def fresh_run_ids(record: Record) -> Outcome:
    ids = _run_ids(record)
    if len(ids) < 2:
        return Outcome("skip", "the client made fewer than two runs")
    if len(set(ids)) == len(ids):
        return Outcome("pass", f"{len(ids)} runs, each with a runId of its own")
    return Outcome("fail", f"{len(ids)} runs under {len(set(ids))} runId(s): a runId was used again")


def manifest_kept(record: Record) -> Outcome:
    if len(record.seen("scenario", "run")) < 2:
        return Outcome("skip", "the client never started its second conversation")
    fetched = len(record.seen("scenario", "manifest"))
    if fetched == 1:
        return Outcome("pass", "the manifest was fetched once and kept, as its Cache-Control allows")
    return Outcome("fail", f"the manifest was fetched {fetched} times within its max-age of an hour")


class Stop(Scenario):
    name = "stop"
    summary = "The person presses stop as the first words show: the client cancels the run by its runId."
    person = ("stop",)
    checks = (
        Check("RUN-032", "stops the run with cancelRun, not only by closing the stream", cancelled),
        Check("RUN-009", "cancels with the runId the run was started with", cancelled_same_run),
    )

    def answer(self, asked: Asked, record: Record, origins: Origins) -> Answer:
        if asked.endpoint == "run" and asked.method == "POST" and asked.authorized:
            frames = text_events(RunRequest.of(asked.body))
            # the first words, then the stream waits for the stop; its end closes the text (notes N-04)
            return stream(
                frames[:3], until=lambda: bool(record.seen("scenario", "cancelRun")), tail=frames[-2:]
            )
        return super().answer(asked, record, origins)


class Again(Scenario):
    name = "again"
    summary = "The person starts a second conversation: the manifest is kept an hour, each run has its runId."
    person = ("again",)
    checks = (
        Check("MAN-022", "keeps the manifest as its Cache-Control says", manifest_kept),
        Check("RUN-009", "makes a fresh runId for each run", fresh_run_ids),
    )

    def answer(self, asked: Asked, record: Record, origins: Origins) -> Answer:
        answer = super().answer(asked, record, origins)
        if asked.endpoint == "manifest":
            return Answer(answer.status, (*answer.headers, ("cache-control", "max-age=3600")), answer.body)
        return answer


EVENT_HASH = "sha256:" + "1" * 64
"""The paramsHash of the action's copy in the run's event (version 1)."""
CURRENT_HASH = "sha256:" + "2" * 64
"""The paramsHash of the action as GET action has it (version 2): the parameters changed since."""
HASHES = {1: EVENT_HASH, 2: CURRENT_HASH}


def _decisions(record: Record) -> list[Seen]:
    return [s for s in record.seen("scenario", "decision") if s.method == "POST"]


def _shown_version(record: Record) -> int | None:
    """The version of the action the adapter last said it showed, if it said."""
    versions = [
        s.data["version"]
        for s in record.shown_of("decision")
        if s.data.get("action") == ACTION_ID and isinstance(s.data.get("version"), int)
    ]
    return versions[-1] if versions else None


def trusted_get(record: Record) -> Outcome:
    """ACT-005: after GET action, the version the client holds is the current one, not the event's copy."""
    loads = [i for i, s in enumerate(record.requests) if s.where == "scenario" and s.endpoint == "action"]
    if not loads:
        return Outcome("skip", "the client never loaded the action, so it never held two copies of it")
    shown = _shown_version(record)
    if shown is not None:
        if shown == 2:
            return Outcome("pass", "the client showed the action as GET action has it (version 2)")
        return Outcome("fail", f"the client loaded the action and showed the event's copy (version {shown})")
    later = [s for s in record.requests[loads[0] :] if s.where == "scenario" and s.endpoint == "decision"]
    if not later:
        return Outcome("skip", "the client said nothing of the version it showed and sent no decision")
    if all((s.body or {}).get("paramsHash") == CURRENT_HASH for s in later):
        return Outcome("pass", "after GET action the client decided on the current version")
    return Outcome("fail", "after GET action the client decided on the event's copy of the action")


def hash_of_shown(record: Record) -> Outcome:
    """ACT-007: a decision carries the paramsHash of the version shown (or, unsaid, one the server issued)."""
    decisions = _decisions(record)
    if not decisions:
        return Outcome("skip", "the client sent no decision")
    shown = _shown_version(record)
    expected = {HASHES[shown]} if shown in HASHES else set(HASHES.values())
    sent = [(s.body or {}).get("paramsHash") for s in decisions]
    if all(value in expected for value in sent):
        return Outcome("pass", "the decision carried the paramsHash of the version the person saw")
    which = f"version {shown}" if shown is not None else "any version the server issued"
    return Outcome("fail", f"the decision carried paramsHash {str(sent[0])[:80]!r}, not that of {which}")


def _decided(thread_id: str, version: int) -> dict[str, Any]:
    done = {**action(thread_id, version, HASHES[version]), "status": "done"}
    dumped: dict[str, Any] = DecisionResponse.model_validate(
        {"action": Action.model_validate(done).model_dump(mode="json", by_alias=True), "events": []}
    ).model_dump(mode="json", by_alias=True)
    return dumped


class ActionChanged(Scenario):
    name = "action-changed"
    summary = (
        "The run's copy of an action is version 1; GET action has version 2 with another paramsHash: "
        "the person approves what the client shows."
    )
    person = ("approve",)
    checks = (
        Check("ACT-005", "trusts GET action over the event's copy", trusted_get),
        Check("ACT-007", "decides with the paramsHash of the version shown", hash_of_shown),
    )

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        copy = action(run.thread_id, 1, EVENT_HASH)
        return stream(text_events(run, {3: pending_action(run.thread_id, copy)}))

    def answer(self, asked: Asked, record: Record, origins: Origins) -> Answer:
        runs = record.seen("scenario", "run")
        thread = RunRequest.of(runs[-1].body).thread_id if runs else "thr_scenario"
        if asked.authorized and asked.endpoint == "action" and asked.method == "GET":
            summary = "Send a reminder to the scenario's customer and their deputy"
            return json_answer(action(thread, 2, CURRENT_HASH, summary))
        if asked.authorized and asked.endpoint == "decision" and asked.method == "POST":
            if (asked.body or {}).get("paramsHash") == CURRENT_HASH:
                return json_answer(_decided(thread, 2))
            return error(409, "stale", "The action changed since: load it again.")
        return super().answer(asked, record, origins)


LISTED = ("button",)
"""The decision methods the `action-methods` scenario's action lists."""


def listed_only(record: Record) -> Outcome:
    shown = [s for s in record.shown_of("decision") if s.data.get("action") == ACTION_ID]
    decisions = _decisions(record)
    if not shown and not decisions:
        return Outcome("skip", "the client neither showed the action nor sent a decision")
    for line in shown:
        offered = line.data.get("offered")
        extra = [m for m in offered if m not in LISTED] if isinstance(offered, list) else []
        if extra:
            return Outcome("fail", f"the client offered {extra!r}, which confirm.methods does not list")
    for seen in decisions:
        method = (seen.body or {}).get("method")
        if method not in LISTED:
            return Outcome(
                "fail", f"a decision by method {str(method)[:40]!r}, which confirm.methods does not list"
            )
    return Outcome("pass", "only the methods confirm.methods lists were offered and used")


class ActionMethods(Scenario):
    name = "action-methods"
    summary = (
        "An action lists only the button among its confirm.methods: the person rejects it by the button."
    )
    person = ("reject",)
    checks = (Check("ACT-015", "offers and uses only the methods confirm.methods lists", listed_only),)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        return stream(
            text_events(run, {3: pending_action(run.thread_id, action(run.thread_id, methods=LISTED))})
        )

    def answer(self, asked: Asked, record: Record, origins: Origins) -> Answer:
        if asked.authorized and asked.endpoint in ("action", "decision"):
            runs = record.seen("scenario", "run")
            thread = RunRequest.of(runs[-1].body).thread_id if runs else "thr_scenario"
            value = action(thread, methods=LISTED)
            if asked.endpoint == "action" and asked.method == "GET":
                return json_answer(value)
            if asked.method == "POST":
                body = {"action": {**value, "status": "cancelled"}, "events": []}
                return json_answer(
                    DecisionResponse.model_validate(body).model_dump(mode="json", by_alias=True)
                )
        return super().answer(asked, record, origins)


FILE = "files/report.pdf"
"""The same-origin file of the `open-files` card, below the scenario's base: downloaded with the token."""
PAGES = ("records/1", "pages/help")
"""The card's own url and its link block, same-origin but no files: opened in the browser, no token."""
PDF = b"%PDF-1.4\n% a file of the client suite\n%%EOF\n"


def _opened(record: Record, tail: str) -> list[str]:
    return [
        str(s.data.get("how")) for s in record.shown_of("opened") if str(s.data.get("url", "")).endswith(tail)
    ]


def file_with_token(record: Record) -> Outcome:
    asked = [s for s in record.seen("scenario") if s.rest == FILE]
    browser = [how for how in _opened(record, FILE) if how != "download"]
    if not asked and not browser:
        return Outcome("skip", "the client never opened the card's same-origin file")
    if browser:
        return Outcome(
            "fail", "the same-origin file went to the system browser, not downloaded with the token"
        )
    if all(s.carries_token for s in asked):
        return Outcome("pass", "the same-origin file was downloaded with the bearer token")
    return Outcome("fail", "the same-origin file was downloaded without the bearer token")


def others_without_token(record: Record) -> Outcome:
    leaked = [s for s in record.seen("scenario") if s.rest in PAGES and s.carries_token]
    leaked += [s for s in record.seen("decoy") if s.carries_token]
    if leaked:
        return Outcome("fail", f"the token went with a url that is no same-origin file: {leaked[0].path}")
    reached = [s for s in record.seen("scenario") if s.rest in PAGES] + record.seen("decoy")
    if not reached and not any(_opened(record, tail) for tail in (*PAGES, "elsewhere.pdf")):
        return Outcome("skip", "the client opened none of the card's other urls")
    return Outcome("pass", "every other url of the card was opened without the token")


class OpenFiles(Scenario):
    name = "open-files"
    summary = (
        "A card with a same-origin file, a same-origin page, a same-origin card url and a file on another "
        "https origin; the person taps each: only the same-origin file goes with the token."
    )
    person = ("open",)
    checks = (
        Check("CARD-006", "downloads a same-origin file with the bearer token", file_with_token),
        Check("CARD-007", "opens every other url in the browser, without the token", others_without_token),
    )

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        base = origins.base(self.name)
        blocks = [
            {"type": "file", "name": "report.pdf", "mime": "application/pdf", "url": base + FILE},
            {"type": "link", "label": "Help", "url": base + PAGES[1]},
            {
                "type": "file",
                "name": "elsewhere.pdf",
                "mime": "application/pdf",
                "url": f"{origins.links}{base}files/elsewhere.pdf",
            },
        ]
        return stream(text_events(run, {3: (card("card_files", blocks, base + PAGES[0]),)}))

    def answer(self, asked: Asked, record: Record, origins: Origins) -> Answer:
        if asked.rest == FILE and asked.method == "GET" and not asked.root:
            if not asked.authorized:
                return error(401, "unauthorized", "Send the development token as a bearer token.")
            return Answer(200, (("content-type", "application/pdf"),), PDF)
        if asked.rest in PAGES and asked.method == "GET" and not asked.root:
            return Answer(
                200, (("content-type", "text/plain; charset=utf-8"),), b"A page of the client suite.\n"
            )
        return super().answer(asked, record, origins)
