"""Scenarios of discovery and sign-in (§1, §2): the manifest the client is given, and where its token goes."""

from __future__ import annotations

from typing import Any

from talkie_mock.clientsuite.base import Asked, Check, Scenario
from talkie_mock.clientsuite.judges import (
    accepts_stream,
    bearer,
    carried_on,
    decoy_untouched,
    made_thread_id,
    names_channel,
    on_every_run,
    only_user_messages,
    refreshed_at_most_once,
    token_stayed_home,
    went_no_further,
)
from talkie_mock.clientsuite.observe import Record
from talkie_mock.clientsuite.situations import (
    MANIFEST_PATH,
    Answer,
    Origins,
    RunRequest,
    error,
    manifest,
    redirect,
)


class PlainRun(Scenario):
    name = "plain-run"
    summary = "A plain server and one text run: how the client asks for and reads a run."
    checks = (
        Check("RUN-002", "asks for the run stream as text/event-stream", on_every_run(accepts_stream)),
        Check("AUTH-016", "sends the token as a Bearer header", on_every_run(bearer)),
        Check("RUN-005", "makes up the threadId of a new thread", on_every_run(made_thread_id)),
        Check("RUN-033", "names the channel of the run", on_every_run(names_channel)),
        Check("RUN-003", "sends only the new user message", on_every_run(only_user_messages)),
    )


class OtherMajorVersion(Scenario):
    name = "version-2"
    summary = "The manifest speaks talkie/2: the client must refuse it and make no further request."
    checks = (Check("MAN-004", "refuses a talkie/2 manifest", went_no_further),)

    def manifest(self, origins: Origins) -> dict[str, Any]:
        return manifest(origins, self.name, spec="talkie/2")


class MinorVersion(Scenario):
    name = "minor-version"
    summary = "The manifest speaks talkie/1.2: a client should read it as talkie/1 (notes N-27)."
    checks = (Check("MAN-030", "accepts a talkie/1.2 manifest", carried_on),)

    def manifest(self, origins: Origins) -> dict[str, Any]:
        return manifest(origins, self.name, spec="talkie/1.2")


class UnknownMembers(Scenario):
    name = "unknown-members"
    summary = "The manifest carries members talkie/1 does not define: the client must ignore them."
    checks = (
        Check("MAN-005", "ignores unknown manifest members", carried_on),
        Check("MAN-014", "ignores unknown members of brand", carried_on),
    )

    def manifest(self, origins: Origins) -> dict[str, Any]:
        body = manifest(origins, self.name, futureMember={"nested": [1, 2, 3]}, futureFlag=True)
        body["endpoints"]["futureEndpoint"] = f"{origins.base(self.name)}api/future"
        body["capabilities"]["futureCapability"] = {"level": 2}
        body["auth"]["futureAuth"] = {"kind": "unknown"}
        body["brand"]["futureBanner"] = {"url": f"{origins.decoy}/banner.png"}
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
    summary = "The run endpoint is an https URL on another origin, not approved: the client must not call it."
    checks = (Check("MAN-011", "calls no endpoint on a foreign origin unapproved", decoy_untouched),)

    def manifest(self, origins: Origins) -> dict[str, Any]:
        # an absolute endpoint must be https (schemas/manifest.json): the links' tripwire records a connection
        return manifest(origins, self.name, run=f"{origins.links}{origins.base(self.name)}api/run")


class TokenRedirect(Scenario):
    name = "token-redirect"
    summary = "The run endpoint answers a redirect to another origin: the bearer token must not follow it."
    checks = (Check("AUTH-019", "the bearer token never reaches another origin", token_stayed_home),)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        return redirect(f"{origins.decoy}{origins.base(self.name)}api/run")


class Unauthorized(Scenario):
    name = "unauthorized"
    summary = "The run endpoint answers 401 to every request: one refresh at most, then stop."
    checks = (Check("AUTH-018", "stops after one refresh on 401", refreshed_at_most_once),)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        return error(401, "unauthorized", "The token has expired.")
