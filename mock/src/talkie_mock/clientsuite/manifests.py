"""Scenarios of the manifest's use (§1, §3): the address a person types, where endpoints resolve, endpoints
that are missing or moved, an error code the client does not know, and a production build's transport."""

from __future__ import annotations

from typing import Any

from talkie_mock.clientsuite.base import Asked, Check, Outcome, Scenario
from talkie_mock.clientsuite.judges import refreshed_at_most_once
from talkie_mock.clientsuite.observe import Record
from talkie_mock.clientsuite.situations import (
    ACTION_ID,
    ENDPOINTS,
    MANIFEST_PATH,
    PREFIX,
    Answer,
    Origins,
    RunRequest,
    error,
    json_answer,
    manifest,
    pending_action,
    stream,
    text_events,
)


def root_manifest(record: Record) -> Outcome:
    """MAN-001: the bare host led to its root /.well-known/talkie.json. A request below the scenarios' prefix
    comes from a client given the full manifest URL instead (an app's tester may enter either)."""
    rooted = [s for s in record.seen("scenario") if not s.path.startswith(PREFIX + "/")]
    if not rooted:
        return Outcome(
            "skip", "no request for the bare host reached the plain-http origin (https was maybe tried)"
        )
    if any(s.path == "/" + MANIFEST_PATH for s in rooted):
        return Outcome("pass", "the bare host led to the host's /.well-known/talkie.json")
    return Outcome("fail", f"the bare host led to {rooted[0].method} {rooted[0].path}, not /{MANIFEST_PATH}")


class BareHost(Scenario):
    name = "bare-host"
    summary = (
        "The person types a bare host (host:port): the client fetches that host's /.well-known/talkie.json."
    )
    checks = (Check("MAN-001", "accepts a bare host name", root_manifest),)

    def address(self, origins: Origins) -> str:
        return origins.issuer.split("://", 1)[1]


def issuer_resolved(record: Record) -> Outcome:
    further = [s for s in record.seen("scenario") if s.endpoint != "manifest"]
    wrong = [s for s in further if s.path.startswith(PREFIX + "/")]
    if wrong:
        return Outcome(
            "fail", f"an endpoint resolved against the manifest's URL: {wrong[0].method} {wrong[0].path}"
        )
    if not further:
        return Outcome("skip", "the client made no request after the manifest")
    return Outcome("pass", "the endpoints were resolved against the issuer origin")


class IssuerPaths(Scenario):
    name = "issuer-paths"
    summary = (
        "The manifest lives below /_scenarios/ and names endpoints at the origin's root: they resolve "
        "against the issuer origin, not beside the manifest."
    )
    checks = (Check("MAN-009", "resolves endpoint templates against the issuer origin", issuer_resolved),)

    def manifest(self, origins: Origins) -> dict[str, Any]:
        body = manifest(origins, self.name)
        body["endpoints"] = {key: "/" + path for key, path in ENDPOINTS.items()}
        return body

    def answer(self, asked: Asked, record: Record, origins: Origins) -> Answer:
        if asked.endpoint != "manifest" and not asked.root:
            return error(
                404, "not_found", "This scenario's endpoints are at the root paths its manifest names."
            )
        return super().answer(asked, record, origins)


def not_offered(record: Record) -> Outcome:
    if not record.seen("scenario", "run"):
        return Outcome("skip", "the client made no run request")
    used = [s for s in record.seen("scenario") if s.endpoint in ("action", "decision")]
    if used:
        return Outcome("fail", f"the client called an endpoint the manifest does not name: {used[0].path}")
    shown = [s for s in record.shown_of("decision") if s.data.get("action") == ACTION_ID]
    if not shown:
        return Outcome("skip", "the client said nothing of the action it was shown")
    offered = [m for s in shown for m in (s.data.get("offered") or [])]
    if offered:
        return Outcome("fail", f"the client offered to decide ({offered!r}) with no decision endpoint")
    return Outcome("pass", "no decision was offered: the manifest names no decision endpoint")


class MissingEndpoints(Scenario):
    name = "missing-endpoints"
    summary = (
        "The manifest names no action or decision endpoint and the run proposes an action: deciding is not "
        "offered, and nothing is called in their place."
    )
    person = ("approve",)
    checks = (Check("MAN-020", "offers no feature whose endpoint is missing", not_offered),)

    def manifest(self, origins: Origins) -> dict[str, Any]:
        body = manifest(origins, self.name)
        del body["endpoints"]["action"], body["endpoints"]["decision"]
        return body

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        return stream(text_events(run, {3: pending_action(run.thread_id)}))


MOVED = "api/v0/run"
"""Where the first manifest of `endpoint-moved` puts the run endpoint; it answers 404."""


def refetched(record: Record) -> Outcome:
    at = next((i for i, s in enumerate(record.requests) if s.rest == MOVED and s.where == "scenario"), None)
    if at is None:
        return Outcome("skip", "the client never called the moved run endpoint")
    if any(s.endpoint == "manifest" for s in record.requests[at:]):
        return Outcome("pass", "the 404 was followed by a fresh fetch of the manifest")
    return Outcome(
        "fail", "the endpoint answered 404 and the client gave up without fetching the manifest again"
    )


class EndpointMoved(Scenario):
    name = "endpoint-moved"
    summary = (
        "The first manifest names a run endpoint that answers 404; fetched again, it names the new one: a "
        "client refreshes the manifest before it gives up."
    )
    checks = (Check("MAN-023", "fetches the manifest again after a 404", refetched),)

    def answer(self, asked: Asked, record: Record, origins: Origins) -> Answer:
        if asked.endpoint == "manifest" and asked.method == "GET":
            body = manifest(origins, self.name)
            if len(record.seen("scenario", "manifest")) <= 1:
                body["endpoints"]["run"] = origins.base(self.name) + MOVED
            return json_answer(body)
        return super().answer(asked, record, origins)


def no_plain_http(record: Record) -> Outcome:
    reached = record.requests
    if reached:
        return Outcome(
            "fail", f"a production build sent {reached[0].method} {reached[0].path} over plain http"
        )
    if record.shown_of("error"):
        return Outcome("pass", "the production build refused the plain-http server")
    return Outcome("skip", "the client neither reached the server nor said it refused it")


class Production(Scenario):
    name = "production"
    summary = "A production build is given the suite's plain-http manifest URL: it refuses it, local or not."
    person = ("production",)
    checks = (
        Check("MAN-025", "uses no plain http outside a development build", no_plain_http),
        Check("MAN-026", "a production build refuses a plain-http server", no_plain_http),
    )


UNKNOWN_CODE = "session_superseded"
"""An error code §3 does not list, answered with 401: the client acts on the status."""


class UnknownCode(Scenario):
    name = "unknown-code"
    summary = "The run answers 401 with an error code talkie/1 does not list: the client acts on the 401."
    checks = (Check("ERR-004", "acts on the HTTP status of an unknown error code", refreshed_at_most_once),)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        return error(401, UNKNOWN_CODE, "This session was replaced by a newer one.")
