"""The check framework: the `@check` decorator, the registry, and the context a check works with.

A check is a plain function `def name(ctx: CheckContext) -> None` decorated with the rule IDs it proves. It
records violations through the context (`ctx.expect`, `ctx.require`, `ctx.validate`) and may only name its own
rules, so every verdict traces back to a declared rule. After it returns, each of its rules gets a verdict:
violated → fail (MUST) or warn (SHOULD); only advised against by a note (a violation carrying `note`) → warn,
naming the note; not reached because the check stopped early → skip; otherwise pass.

`ctx.validate` judges a shape twice (notes N-101): against the text view of the contract (what the
specification's text requires: a mismatch breaks the rule) and then against the producer view (what its
examples show, N-26, and the objects N-18 closes: a mismatch there is advice naming that note).
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NoReturn

from talkie_models import SchemaValidationError
from talkie_models import rules as contract_rules
from talkie_models.validation import validate

from talkie_conformance import bodies, shapes
from talkie_conformance.client import Exchange, RunRecording, TalkieClient
from talkie_conformance.errors import ConformanceError
from talkie_conformance.findings import Evidence, excerpt
from talkie_conformance.oauth import OAuthSession

CheckFunction = Callable[["CheckContext"], None]


@dataclass(frozen=True)
class CheckSpec:
    """A registered check: what it is called, which section it belongs to, which rules it proves."""

    name: str
    section: str
    rules: tuple[str, ...]
    function: CheckFunction
    needs_test_mode: bool = False
    needs_voice: bool = False
    needs_oauth: bool = False

    @property
    def title(self) -> str:
        """First line of the check's docstring (what it verifies, in a sentence)."""
        doc = (self.function.__doc__ or self.name).strip()
        return doc.splitlines()[0]


REGISTRY: list[CheckSpec] = []


def check(
    *rules: str,
    test_mode: bool = False,
    voice: bool = False,
    oauth: bool = False,
    section: str | None = None,
) -> Callable[[CheckFunction], CheckFunction]:
    """Register a check proving `rules`; `test_mode`/`voice`/`oauth` make it skip when those are missing.

    The section defaults to the module's name; a second module of one section passes `section`.
    """
    if not rules:
        raise ValueError("a check must prove at least one rule")
    for rule_id in rules:
        contract_rules.rule(rule_id)  # a KeyError names an ID the catalogue does not have

    def register(function: CheckFunction) -> CheckFunction:
        REGISTRY.append(
            CheckSpec(
                name=function.__name__,
                section=section or function.__module__.rsplit(".", 1)[-1],
                rules=tuple(rules),
                function=function,
                needs_test_mode=test_mode,
                needs_voice=voice,
                needs_oauth=oauth,
            )
        )
        return function

    return register


class SkipCheck(ConformanceError):  # noqa: N818 - control flow of a check, not an error
    """The check cannot run against this server (reason given); all its rules are skipped."""


class AbortCheck(ConformanceError):  # noqa: N818 - control flow of a check, not an error
    """A required expectation failed; the rest of the check cannot run meaningfully."""


class SetupError(ConformanceError):
    """Something the person running the suite set up failed (a test hook such as --clock-url): no verdict
    on the server; the run ends with exit 2 like a crash of the suite."""


@dataclass
class Violation:
    """One broken expectation, attributed to one rule; with `note`, advice resting on that note only."""

    rule_id: str
    message: str
    evidence: Evidence
    note: str | None = None


@dataclass
class Options:
    """Knobs that change how checks behave, shared by the CLI and the pytest plugin."""

    clock_url: str | None = None  # optional test hook: POST {"seconds": n} moves the server's clock
    slow_wait: float = 8.0  # how long to wait for a disconnected slow run to finish
    concurrency: int = 6
    oauth: OAuthSession | None = None  # the suite's OAuth sign-in (--oauth), which the AUTH checks judge
    other_token: str | None = None  # a second identity (a second --token or sign-in): isolation checks


@dataclass
class CheckContext:
    """What a check sees: the client, the manifest, and a recorder for violations."""

    spec: CheckSpec
    client: TalkieClient
    options: Options = field(default_factory=Options)
    violations: list[Violation] = field(default_factory=list)
    last_exchange: Exchange | None = None
    last_recording: RunRecording | None = None

    # -- the server under test -----------------------------------------------------------------------------
    @property
    def manifest(self) -> dict[str, Any]:
        """The manifest as fetched."""
        return self.client.discovery.manifest

    @property
    def test_mode(self) -> bool:
        """Whether the server declared `testMode: true` (destructive tests are safe)."""
        return self.manifest.get("testMode") is True

    # -- recording verdicts ----------------------------------------------------------------------------
    def _evidence(
        self, exchange: Exchange | None, recording: RunRecording | None, events: list[dict[str, Any]] | None
    ) -> Evidence:
        if recording is not None:
            return recording.exchange.evidence(events if events is not None else recording.event_dicts())
        source = exchange or self.last_exchange
        if source is None and self.last_recording is not None:
            return self._evidence(None, self.last_recording, events)
        if source is None:  # a check that judged the manifest itself: the request behind it is its fetch
            discovery = self.client.discovery
            return Evidence(
                method="GET",
                endpoint="manifest",
                url=discovery.final_url,
                status=discovery.status,
                response=excerpt(discovery.raw),
                events=tuple(events or ()),
            )
        return source.evidence(events)

    def evidence(self) -> Evidence:
        """Evidence from the last request or run of this check."""
        return self._evidence(None, None, None)

    def fail(
        self,
        rule_id: str,
        message: str,
        *,
        exchange: Exchange | None = None,
        recording: RunRecording | None = None,
        events: list[dict[str, Any]] | None = None,
        member: str | None = None,
        note: str | None = None,
    ) -> None:
        """Record a violation of `rule_id` and carry on; `member` is the JSON path at fault, if one is.

        With `note` the expectation rests on that note of ours, not on the specification: a warning.
        """
        if rule_id not in self.spec.rules:
            raise ValueError(f"check {self.spec.name} reports {rule_id}, which it does not declare")
        evidence = self._evidence(exchange, recording, events)
        if member is not None:
            evidence = replace(evidence, member=member)
        self.violations.append(Violation(rule_id, message, evidence, note))

    def expect(
        self,
        rule_id: str,
        condition: bool,
        message: str,
        *,
        exchange: Exchange | None = None,
        recording: RunRecording | None = None,
        events: list[dict[str, Any]] | None = None,
    ) -> bool:
        """Record a violation unless `condition` holds; return `condition`."""
        if not condition:
            self.fail(rule_id, message, exchange=exchange, recording=recording, events=events)
        return condition

    def require(
        self,
        rule_id: str,
        condition: bool,
        message: str,
        *,
        exchange: Exchange | None = None,
        recording: RunRecording | None = None,
        events: list[dict[str, Any]] | None = None,
    ) -> None:
        """Like `expect`, but stop the check when the condition fails."""
        if not self.expect(
            rule_id, condition, message, exchange=exchange, recording=recording, events=events
        ):
            raise AbortCheck(message)

    def skip(self, reason: str) -> NoReturn:
        """Stop the check: it cannot run against this server."""
        raise SkipCheck(reason)

    def validate(
        self,
        rule_id: str,
        instance: Any,
        type_name: str,
        what: str,
        *,
        exchange: Exchange | None = None,
        recording: RunRecording | None = None,
    ) -> bool:
        """Judge a shape: against the text view (a mismatch breaks `rule_id`), then against the producer view
        (a mismatch there is advice naming N-26 or N-18). True when the text view accepts the instance."""
        try:
            validate(instance, type_name, view="text")
        except SchemaValidationError as exc:
            self._shape_violation(rule_id, type_name, what, exc.errors, None, exchange, recording)
            return False
        try:
            validate(instance, type_name)
        except SchemaValidationError as exc:
            for note, problems in shapes.by_note(exc.errors).items():
                self._shape_violation(rule_id, type_name, what, problems, note, exchange, recording)
        return True

    def _shape_violation(
        self,
        rule_id: str,
        type_name: str,
        what: str,
        errors: Sequence[str],
        note: str | None,
        exchange: Exchange | None,
        recording: RunRecording | None,
    ) -> None:
        problems = "; ".join(errors[:5]) + (f"; … {len(errors) - 5} more" if len(errors) > 5 else "")
        member = errors[0].split(":", 1)[0] if errors else None
        if note is None:
            message = f"{what} is not a valid {type_name}: {problems}"
        else:
            message = f"{what} differs from the {type_name} of {shapes.WHY[note]}: {problems}"
        self.fail(rule_id, message, exchange=exchange, recording=recording, member=member, note=note)

    # -- talking to the server ------------------------------------------------------------------------------
    def request(self, method: str, endpoint: str, **kwargs: Any) -> Exchange:
        """Send a request through the client and remember it as evidence."""
        exchange = self.client.request(method, endpoint, **kwargs)
        self.last_exchange = exchange
        return exchange

    def run(self, body: Any, **kwargs: Any) -> RunRecording:
        """Start a run and read its stream; remembered as evidence."""
        recording = self.client.run(body, **kwargs)
        self.last_recording = recording
        self.last_exchange = recording.exchange
        return recording

    @staticmethod
    def new_id(prefix: str) -> str:
        """A fresh client-generated id (threads, runs, messages)."""
        return f"{prefix}_{uuid.uuid4().hex[:16]}"

    def run_input(
        self,
        text: str | Sequence[str],
        *,
        thread_id: str | None = None,
        run_id: str | None = None,
        message_ids: Sequence[str] | None = None,
        channel: str = "chat",
    ) -> dict[str, Any]:
        """An AG-UI RunAgentInput carrying new user message(s), as a Talkie client sends it."""
        texts = [text] if isinstance(text, str) else list(text)
        ids = list(message_ids) if message_ids is not None else [self.new_id("m") for _ in texts]
        return bodies.run_input(
            thread_id or self.new_id("t"),
            run_id or self.new_id("r"),
            list(zip(ids, texts, strict=True)),
            channel="voice" if channel == "voice" else "chat",
        )

    def run_text(self, text: str, *, thread_id: str | None = None, **kwargs: Any) -> RunRecording:
        """Run one user message in a (new) thread and read the whole stream."""
        return self.run(self.run_input(text, thread_id=thread_id), **kwargs)

    def require_test_mode(self) -> None:
        """Skip unless the manifest declared `testMode: true`."""
        if not self.test_mode:
            self.skip("the manifest does not declare testMode: true (§11); destructive checks are not safe")

    def wait(self, seconds: float) -> None:
        """Sleep (checks that need the server to make progress on its own)."""
        time.sleep(seconds)
