"""The checks' judges: each reads a scenario's `Record` and answers pass, fail or skip (not exercised)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import unquote

from talkie_mock.clientsuite.base import Judge, Outcome
from talkie_mock.clientsuite.observe import Record
from talkie_mock.clientsuite.situations import FALLBACK_TEXT, REPLY_TEXT, TOOL_OUTPUT_MARK


def _loaded(record: Record) -> bool:
    return bool(record.seen("scenario", "manifest"))


def went_no_further(record: Record) -> Outcome:
    """No request after the manifest: nothing but manifest loads on either origin."""
    if not _loaded(record):
        return Outcome("skip", "the client never loaded the scenario's manifest")
    further = [s for s in record.requests if not (s.where == "scenario" and s.endpoint == "manifest")]
    if further:
        first = further[0]
        return Outcome(
            "fail",
            f"after the manifest the client sent {first.method} {first.path} to the {first.where} origin",
        )
    return Outcome("pass", "no request after the manifest")


def carried_on(record: Record) -> Outcome:
    """The client went on to a run after loading the manifest."""
    if not _loaded(record):
        return Outcome("skip", "the client never loaded the scenario's manifest")
    if record.seen("scenario", "run"):
        return Outcome("pass", "the client loaded the manifest and started a run")
    return Outcome("fail", "the client loaded the manifest and made no run request: it refused the manifest")


def decoy_untouched(record: Record) -> Outcome:
    if not _loaded(record):
        return Outcome("skip", "the client never loaded the scenario's manifest")
    reached = record.seen("decoy")
    if reached:
        return Outcome("fail", f"the client reached another origin: {reached[0].method} {reached[0].path}")
    return Outcome("pass", "nothing reached the other origin")


def token_stayed_home(record: Record) -> Outcome:
    if not record.seen("scenario", "run"):
        return Outcome("skip", "the client made no run request, so no redirect was answered")
    leaked = [s for s in record.seen("decoy") if s.carries_token]
    if leaked:
        return Outcome(
            "fail", f"the bearer token reached the other origin ({leaked[0].method} {leaked[0].path})"
        )
    return Outcome("pass", "the token never reached the other origin")


def showed_reply(record: Record) -> Outcome:
    """The adapter reports the run's whole text."""
    if not record.shown:
        return Outcome("skip", "the client's adapter reported nothing it showed")
    texts = " ".join(str(s.data.get("text", "")) for s in record.shown_of("text"))
    if REPLY_TEXT in texts:
        return Outcome("pass", "the client showed the run's whole text")
    return Outcome("fail", f"the client showed {texts[:200]!r}, not the run's text {REPLY_TEXT!r}")


def loaded_thread(record: Record) -> Outcome:
    if not record.seen("scenario", "run"):
        return Outcome("skip", "the client made no run request")
    if record.seen("scenario", "thread"):
        return Outcome("pass", "the client loaded the thread after the drop")
    return Outcome("fail", "the stream dropped and the client never loaded the thread")


def did_not_cancel(record: Record) -> Outcome:
    if not record.seen("scenario", "run"):
        return Outcome("skip", "the client made no run request")
    if record.seen("scenario", "cancelRun"):
        return Outcome("fail", "the client answered the drop with cancelRun")
    return Outcome("pass", "the client did not cancel the dropped run")


def refreshed_at_most_once(record: Record) -> Outcome:
    runs = record.seen("scenario", "run")
    if not runs:
        return Outcome("skip", "the client made no run request")
    if len(runs) > 2:
        return Outcome(
            "fail", f"{len(runs)} run requests after 401 answers: at most one retry after one refresh"
        )
    return Outcome("pass", f"{len(runs)} run request(s) and then the client stopped")


def on_every_run(test: Callable[[dict[str, str], dict[str, Any]], str | None]) -> Judge:
    def judge(record: Record) -> Outcome:
        runs = record.seen("scenario", "run")
        if not runs:
            return Outcome("skip", "the client made no run request")
        for seen in runs:
            wrong = test(dict(seen.headers), seen.body or {})
            if wrong is not None:
                return Outcome("fail", wrong)
        return Outcome("pass", f"{len(runs)} run request(s) checked")

    return judge


def accepts_stream(headers: dict[str, str], body: dict[str, Any]) -> str | None:
    accept = headers.get("accept", "")
    return None if "text/event-stream" in accept else f"the run request's Accept is {accept!r}"


def bearer(headers: dict[str, str], body: dict[str, Any]) -> str | None:
    return (
        None
        if headers.get("authorization", "").lower() == "bearer"
        else "a run request without a Bearer token"
    )


def made_thread_id(headers: dict[str, str], body: dict[str, Any]) -> str | None:
    value = body.get("threadId")
    return (
        None
        if isinstance(value, str) and value
        else "a run request without a threadId of the client's making"
    )


def names_channel(headers: dict[str, str], body: dict[str, Any]) -> str | None:
    props = body.get("forwardedProps")
    talkie = props.get("talkie") if isinstance(props, dict) else None
    channel = talkie.get("channel") if isinstance(talkie, dict) else None
    return None if channel in ("chat", "voice") else "a run request without forwardedProps.talkie.channel"


def nothing_opened(record: Record) -> Outcome:
    """Nothing reached the decoy, which every link and image of the scenario points to."""
    if not record.seen("scenario", "run"):
        return Outcome("skip", "the client made no run request")
    reached = record.seen("decoy")
    if reached:
        return Outcome(
            "fail", f"the client reached another origin by itself: {reached[0].method} {reached[0].path}"
        )
    return Outcome("pass", "no link or image of the run was fetched without a tap")


def showed_fallback(record: Record) -> Outcome:
    """The card with a block no client can render is shown as its fallbackText."""
    if not record.shown:
        return Outcome("skip", "the client's adapter reported nothing it showed")
    cards = record.shown_of("card")
    if not cards:
        return Outcome("fail", "the client showed no card at all: the card must show as its fallbackText")
    if any(c.data.get("fallback") is True and c.data.get("text") == FALLBACK_TEXT for c in cards):
        return Outcome("pass", "the client showed the card's fallbackText in its place")
    return Outcome(
        "fail", "the client showed the card without its fallbackText, though a block cannot be rendered"
    )


def asked_once(record: Record) -> Outcome:
    runs = record.seen("scenario", "run")
    if not runs:
        return Outcome("skip", "the client made no run request")
    if len(runs) > 1:
        return Outcome("fail", f"{len(runs)} run requests after an error that is not retryable")
    return Outcome("pass", "the client did not repeat a request whose error is not retryable")


def _thread_loads(record: Record) -> list[str]:
    """The raw thread ids of the client's thread loads (whatever the endpoint the path matched)."""
    prefix = "api/threads/"
    return [
        s.rest[len(prefix) :]
        for s in record.seen("scenario")
        if s.method == "GET" and s.rest.startswith(prefix)
    ]


def adopted(thread_id: str) -> Judge:
    def judge(record: Record) -> Outcome:
        loads = _thread_loads(record)
        if not loads:
            return Outcome("skip", "the client never loaded the thread")
        if any(unquote(raw) == thread_id for raw in loads):
            return Outcome("pass", "the client loaded the thread under the id RUN_STARTED named")
        return Outcome("fail", "the client loaded the thread under another id than the one RUN_STARTED named")

    return judge


def one_segment(thread_id: str) -> Judge:
    def judge(record: Record) -> Outcome:
        loads = [raw for raw in _thread_loads(record) if unquote(raw) == thread_id]
        if not loads:
            return Outcome("skip", "the client never loaded the thread under the server's id")
        if all("/" not in raw for raw in loads):
            return Outcome("pass", "the thread id went into the path as one percent-encoded segment")
        return Outcome("fail", "the thread id's slash went into the path unencoded: it added a segment")

    return judge


def only_user_messages(headers: dict[str, str], body: dict[str, Any]) -> str | None:
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        return "a run request without messages"
    roles = {m.get("role") for m in messages if isinstance(m, dict)}
    return (
        None
        if roles == {"user"}
        else f"a run request of a new thread carries messages of roles {sorted(map(str, roles))}"
    )


def no_decision(record: Record) -> Outcome:
    if not record.seen("scenario", "run"):
        return Outcome("skip", "the client made no run request")
    decided = record.seen("scenario", "decision")
    if decided:
        return Outcome("fail", "the client sent a decision nobody took")
    return Outcome("pass", "the pending action waited for the person")


def hid_tool_output(record: Record) -> Outcome:
    if not record.shown:
        return Outcome("skip", "the client's adapter reported nothing it showed")
    if any(TOOL_OUTPUT_MARK in str(value) for shown in record.shown for value in shown.data.values()):
        return Outcome("fail", "the client showed the tool's raw output")
    return Outcome("pass", "the tool's raw output was not shown")
