"""The scenarios: each sets up one situation under its own manifest URL, answers the client's requests, and
names the client rules its checks judge. `SCENARIOS` is the registry `clients list` and `clients run` read.

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
    REPLY_TEXT,
    Answer,
    Origins,
    RunRequest,
    error,
    json_answer,
    manifest,
    redirect,
    stream,
    text_events,
    thread_detail,
)

Status = Literal["pass", "fail", "skip"]


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


_TEMPLATES = tuple(
    (name, re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$"))
    for name, path in ENDPOINTS.items()
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

    def manifest(self, origins: Origins) -> dict[str, Any]:
        return manifest(origins, self.name)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        return stream(text_events(run))

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


# ------------------------------------------------------------------------------------------ judges


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
        return Outcome("fail", f"the client sent {reached[0].method} {reached[0].path} to the other origin")
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


def _on_every_run(test: Callable[[dict[str, str], dict[str, Any]], str | None]) -> Judge:
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


def _accepts_stream(headers: dict[str, str], body: dict[str, Any]) -> str | None:
    accept = headers.get("accept", "")
    return None if "text/event-stream" in accept else f"the run request's Accept is {accept!r}"


def _bearer(headers: dict[str, str], body: dict[str, Any]) -> str | None:
    return (
        None
        if headers.get("authorization", "").lower() == "bearer"
        else "a run request without a Bearer token"
    )


def _thread_id(headers: dict[str, str], body: dict[str, Any]) -> str | None:
    value = body.get("threadId")
    return (
        None
        if isinstance(value, str) and value
        else "a run request without a threadId of the client's making"
    )


def _channel(headers: dict[str, str], body: dict[str, Any]) -> str | None:
    props = body.get("forwardedProps")
    talkie = props.get("talkie") if isinstance(props, dict) else None
    channel = talkie.get("channel") if isinstance(talkie, dict) else None
    return None if channel in ("chat", "voice") else "a run request without forwardedProps.talkie.channel"


# --------------------------------------------------------------------------------------- scenarios


class PlainRun(Scenario):
    name = "plain-run"
    summary = "A plain server and one text run: how the client asks for and reads a run."
    checks = (
        Check("RUN-002", "asks for the run stream as text/event-stream", _on_every_run(_accepts_stream)),
        Check("AUTH-016", "sends the token as a Bearer header", _on_every_run(_bearer)),
        Check("RUN-005", "makes up the threadId of a new thread", _on_every_run(_thread_id)),
        Check("RUN-033", "names the channel of the run", _on_every_run(_channel)),
    )


class OtherMajorVersion(Scenario):
    name = "version-2"
    summary = "The manifest speaks talkie/2: the client must refuse it and make no further request."
    checks = (Check("MAN-004", "refuses a talkie/2 manifest", went_no_further),)

    def manifest(self, origins: Origins) -> dict[str, Any]:
        return manifest(origins, self.name, spec="talkie/2")


class MinorVersion(Scenario):
    name = "minor-version"
    summary = "The manifest speaks talkie/1.2: the client must accept it as talkie/1."
    checks = (Check("MAN-004", "accepts a talkie/1.2 manifest", carried_on),)

    def manifest(self, origins: Origins) -> dict[str, Any]:
        return manifest(origins, self.name, spec="talkie/1.2")


class UnknownMembers(Scenario):
    name = "unknown-members"
    summary = "The manifest carries members talkie/1 does not define: the client must ignore them."
    checks = (Check("MAN-005", "ignores unknown manifest members", carried_on),)

    def manifest(self, origins: Origins) -> dict[str, Any]:
        body = manifest(origins, self.name, futureMember={"nested": [1, 2, 3]}, futureFlag=True)
        body["endpoints"]["futureEndpoint"] = f"{origins.base(self.name)}api/future"
        body["capabilities"]["futureCapability"] = {"level": 2}
        body["auth"]["futureAuth"] = {"kind": "unknown"}
        return body


class ManifestRedirect(Scenario):
    name = "manifest-redirect"
    summary = "The manifest URL redirects to another origin: the client must stop, not follow."
    checks = (Check("MAN-008", "does not follow a manifest redirect to another origin", decoy_untouched),)

    def answer(self, asked: Asked, record: Record, origins: Origins) -> Answer:
        if asked.endpoint == "manifest":
            return redirect(f"{origins.decoy}{origins.base(self.name)}{MANIFEST_PATH}", 302)
        return super().answer(asked, record, origins)


class IssuerMismatch(Scenario):
    name = "issuer-mismatch"
    summary = "The manifest names another origin as its issuer: the client must refuse it."
    checks = (
        Check("MAN-027", "refuses a manifest whose issuer is not the origin it came from", went_no_further),
    )

    def manifest(self, origins: Origins) -> dict[str, Any]:
        return manifest(origins, self.name, issuer=origins.decoy)


class ForeignEndpoint(Scenario):
    name = "foreign-endpoint"
    summary = (
        "The run endpoint is an absolute URL on another origin, not approved: the client must not call it."
    )
    checks = (Check("MAN-011", "calls no endpoint on a foreign origin unapproved", decoy_untouched),)

    def manifest(self, origins: Origins) -> dict[str, Any]:
        body = manifest(origins, self.name)
        body["endpoints"]["run"] = f"{origins.decoy}{origins.base(self.name)}api/run"
        return body


class TokenRedirect(Scenario):
    name = "token-redirect"
    summary = "The run endpoint answers a redirect to another origin: the bearer token must not follow it."
    checks = (Check("AUTH-019", "the bearer token never reaches another origin", token_stayed_home),)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        return redirect(f"{origins.decoy}{origins.base(self.name)}api/run")


class UnknownEvent(Scenario):
    name = "unknown-event"
    summary = "The run stream carries an event type AG-UI does not define: the client must pass over it."
    checks = (Check("RUN-026", "reads on past an unknown event type", showed_reply),)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        future = {"type": "FUTURE_EVENT", "threadId": run.thread_id, "payload": {"shape": "unknown"}}
        return stream(text_events(run, {1: (future,)}))


class UnknownCustom(Scenario):
    name = "unknown-custom"
    summary = "The run stream carries a CUSTOM event of an unknown name: the client must pass over it."
    checks = (Check("RUN-027", "passes over an unknown CUSTOM name", showed_reply),)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        future = {"type": "CUSTOM", "name": "talkie.future", "value": {"shape": ["unknown"]}}
        return stream(text_events(run, {2: (future,)}))


class DroppedStream(Scenario):
    name = "dropped-stream"
    summary = (
        "The run stream ends after the first words, the run goes on at the server: recover from the thread."
    )
    checks = (
        Check("RUN-029", "loads the thread after a dropped stream", loaded_thread),
        Check("RUN-029", "does not treat the drop as a cancellation", did_not_cancel),
    )

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        frames = text_events(run)
        return stream(frames[:3])  # RUN_STARTED, TEXT_MESSAGE_START, the first delta: then the end


class Unauthorized(Scenario):
    name = "unauthorized"
    summary = "The run endpoint answers 401 to every request: one refresh at most, then stop."
    checks = (Check("AUTH-018", "stops after one refresh on 401", refreshed_at_most_once),)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        return error(401, "unauthorized", "The token has expired.")


SCENARIOS: Mapping[str, Scenario] = {
    scenario.name: scenario
    for scenario in (
        PlainRun(),
        OtherMajorVersion(),
        MinorVersion(),
        UnknownMembers(),
        ManifestRedirect(),
        IssuerMismatch(),
        ForeignEndpoint(),
        TokenRedirect(),
        UnknownEvent(),
        UnknownCustom(),
        DroppedStream(),
        Unauthorized(),
    )
}
"""Every scenario by name, in the order `clients run` runs them."""
