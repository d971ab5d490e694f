"""Choose checks, run them in catalogue order against one server, and turn their outcome into findings."""

from __future__ import annotations

import re
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import httpx
import pydantic

from talkie_conformance.checking import (
    REGISTRY,
    AbortCheck,
    CheckContext,
    CheckSpec,
    Options,
    SetupError,
    SkipCheck,
    Violation,
)
from talkie_conformance.checks import SECTION_NUMBERS, SECTIONS
from talkie_conformance.client import (
    EndpointUnavailableError,
    ManifestTooLargeError,
    TalkieClient,
    discover,
)
from talkie_conformance.errors import ConformanceError
from talkie_conformance.findings import Evidence, Finding, Severity, Verdict
from talkie_conformance.limits import Limits, ServerLimitError
from talkie_conformance.oauth import OAuthConfig, OAuthSession, Prompt, SignInError, sign_in_to
from talkie_conformance.rules import RuleCatalogue

_RULE_ID = re.compile(r"^[A-Z]+-\d{3}$")
# Sections whose checks need no token of the suite's own (they still run when the sign-in failed).
TOKENLESS_SECTIONS = frozenset({"manifest", "auth"})
Progress = Callable[[CheckSpec, list[Finding]], None]


class SelectionError(ConformanceError, ValueError):
    """`--only` named something that is neither a section nor a rule of any check."""


def all_checks() -> list[CheckSpec]:
    """Every registered check, in section order, then in the order each module declares them."""
    order = {name: index for index, name in enumerate(SECTIONS)}
    return sorted(REGISTRY, key=lambda spec: order.get(spec.section, len(order)))


def _section_of(token: str) -> str | None:
    token = token.strip().lower().lstrip("§")
    if token in SECTION_NUMBERS:
        return token
    for name, number in SECTION_NUMBERS.items():
        if token == number:
            return name
    return None


def select(only: Sequence[str] = ()) -> tuple[list[CheckSpec], set[str] | None]:
    """Checks picked by `--only` (sections by name or number, or rule IDs) and the rule filter, if any."""
    checks = all_checks()
    tokens = [part.strip() for item in only for part in item.split(",") if part.strip()]
    if not tokens:
        return checks, None
    sections: set[str] = set()
    rules: set[str] = set()
    for token in tokens:
        section = _section_of(token)
        if section is not None:
            sections.add(section)
        elif _RULE_ID.match(token.upper()):
            rules.add(token.upper())
        else:
            raise SelectionError(f"--only {token!r}: not a section ({', '.join(SECTIONS)}) nor a rule ID")
    known_rules = {rule for spec in checks for rule in spec.rules}
    unknown = sorted(rules - known_rules)
    if unknown:
        raise SelectionError(f"--only: no check proves {', '.join(unknown)}")
    chosen = [spec for spec in checks if spec.section in sections or rules & set(spec.rules)]
    rule_filter = None if sections else rules
    return chosen, rule_filter


def _finding(
    spec: CheckSpec,
    rules: RuleCatalogue,
    rule_id: str,
    verdict: Verdict,
    message: str,
    evidence: Evidence | None = None,
    duration: float = 0.0,
    note: str | None = None,
) -> Finding:
    """A finding of `spec` about `rule_id`: basis, section and level from the catalogue in use.

    With `note`, what was found rests on that note and not on the rule's own basis: at most a warning,
    whose basis is the note.
    """
    if rule_id in rules:
        finding = Finding.about(rule_id, message, evidence=evidence, origin=spec.name, catalogue=rules)
    else:  # a catalogue given with --rules that lacks a rule of the bundled checks: judge it as a MUST
        finding = Finding(rule_id, Severity.ERROR, message, evidence or Evidence(), origin=spec.name)
    if note is not None:  # a MUST's advice is a warning; a SHOULD's or a MAY's stays what it was
        severity = Severity.WARNING if finding.severity is Severity.ERROR else finding.severity
        finding = finding.but(basis=note, severity=severity)
    if verdict is Verdict.FAIL and finding.severity is not Severity.ERROR:
        verdict = Verdict.WARN  # a SHOULD, a MAY, or a rule one of our notes adds: never a failure
    if verdict is Verdict.WARN and finding.note is not None and finding.note not in message:
        message = f"{finding.note} (a note, not the specification): {message}"
    return finding.but(verdict=verdict, message=message, section=spec.section, duration=duration)


def execute(spec: CheckSpec, client: TalkieClient, rules: RuleCatalogue, options: Options) -> list[Finding]:
    """Run one check and give each of its rules a verdict (see `checking` for how).

    A check that raises anything but its own control flow (skip, abort, an endpoint the server lacks) has
    crashed: every rule of it gets the verdict `error`, which is the suite's failure, never the server's.
    Three things are the server's doing, not a crash: a limit of the suite it made the check hit
    (`ServerLimitError`), text that is not valid Unicode (a lone surrogate escaped in its JSON, which no
    encoder accepts), and an answer the protocol models refuse to parse; each fails the check's first rule.
    """
    ctx = CheckContext(spec=spec, client=client, options=options)
    started = time.perf_counter()
    stopped: str | None = None
    skipped: str | None = None
    crashed: str | None = None
    blocked = _blocked(spec, options)
    if blocked is not None:
        skipped = blocked
    elif spec.needs_test_mode and not ctx.test_mode:
        skipped = "the manifest does not declare testMode: true (§11); this check needs test-mode messages"
    elif spec.needs_voice and not _advertises_voice(client):
        skipped = "the manifest does not advertise voice (§10 is optional)"
    else:
        try:
            spec.function(ctx)
        except SkipCheck as exc:
            skipped = str(exc)
        except EndpointUnavailableError as exc:
            skipped = str(exc)
        except AbortCheck as exc:
            stopped = str(exc)
        except SetupError as exc:
            crashed = f"setup error, no verdict on the server: {exc}"
        except ServerLimitError as exc:
            if exc.unsent:
                stopped = f"the run reached --time-limit {exc.limit.split()[-1]} s"
            else:
                stopped = f"the server made the check hit a limit: {exc}"
                ctx.violations.append(Violation(spec.rules[0], stopped, exc.evidence()))
        except httpx.HTTPError as exc:
            stopped = f"the server could not be reached: {type(exc).__name__}: {exc}"
            if not ctx.violations:
                ctx.violations.append(_crash_violation(spec, ctx, stopped))
        except (UnicodeError, pydantic.ValidationError) as exc:
            stopped = _server_text(exc)
            ctx.violations.append(_crash_violation(spec, ctx, stopped))
        except Exception as exc:
            crashed = _crash_text(exc)
    elapsed = time.perf_counter() - started
    findings: list[Finding] = []
    for rule_id in spec.rules:
        found = [v for v in ctx.violations if v.rule_id == rule_id]
        violations = [v for v in found if v.note is None]
        advice = [v for v in found if v.note is not None]
        if crashed is not None:
            finding = _finding(spec, rules, rule_id, Verdict.ERROR, crashed, ctx.evidence(), elapsed)
        elif violations:
            message = "; ".join(dict.fromkeys(v.message for v in violations))
            finding = _finding(spec, rules, rule_id, Verdict.FAIL, message, violations[0].evidence, elapsed)
        elif advice:
            message = "; ".join(dict.fromkeys(v.message for v in advice))
            finding = _finding(
                spec, rules, rule_id, Verdict.WARN, message, advice[0].evidence, elapsed, note=advice[0].note
            )
        elif skipped is not None:
            finding = _finding(spec, rules, rule_id, Verdict.SKIP, skipped, None, elapsed)
        elif stopped is not None:
            message = f"not reached: the check stopped early ({stopped})"
            finding = _finding(spec, rules, rule_id, Verdict.SKIP, message, None, elapsed)
        else:
            finding = _finding(spec, rules, rule_id, Verdict.PASS, spec.title, None, elapsed)
        findings.append(finding)
    return findings


def crash_text(exc: BaseException) -> str:
    """An exception in one line: its type, its message and the line of the suite that raised it."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return f"{type(exc).__name__}: {exc}{where}"


def _crash_text(exc: BaseException) -> str:
    """What a crashed check says: the exception and the line of the suite that raised it."""
    return f"the suite failed inside this check (no verdict on the server): {crash_text(exc)}"


def _server_text(exc: UnicodeError | pydantic.ValidationError) -> str:
    """What a check stopped by the server's own bytes says (no line of the suite: it is not a crash)."""
    if isinstance(exc, UnicodeError):
        return (
            "the server sent text that is not valid Unicode (a lone surrogate such as \\ud800 in its JSON, "
            f"or bytes that are not UTF-8): {type(exc).__name__}: {exc}"
        )
    problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:3])
    return f"the server's answer does not parse as talkie/1: {problems}"


def _blocked(spec: CheckSpec, options: Options) -> str | None:
    """Why a check cannot run for want of a sign-in, if so."""
    session = options.oauth
    if spec.needs_oauth:
        if session is None:
            return "needs an OAuth sign-in: run with --oauth (a --token run cannot see the sign-in)"
        return None
    if session is not None and session.error is not None and spec.section not in TOKENLESS_SECTIONS:
        return f"blocked: the OAuth sign-in failed, so the suite has no token ({session.error}); see §2"
    return None


def _crash_violation(spec: CheckSpec, ctx: CheckContext, message: str) -> Violation:
    return Violation(spec.rules[0], message, ctx.evidence())


def _advertises_voice(client: TalkieClient) -> bool:
    capabilities = client.discovery.manifest.get("capabilities")
    return isinstance(capabilities, dict) and isinstance(capabilities.get("voice"), dict)


@dataclass
class RunResult:
    """Everything one suite run produced."""

    target: str
    findings: list[Finding] = field(default_factory=list)
    duration: float = 0.0
    rules_source: str = ""  # the catalogue's name and version (`RuleCatalogue.name`), never its path
    stopped: str | None = None  # why the run stopped before its last check (the server stopped answering)
    setup_error: str | None = None  # why the run could not start (exit 2); its one finding says the same

    @classmethod
    def cannot_run(cls, target: str, reason: str, rules_source: str = "") -> RunResult:
        """The result of a run that could not start (a setup error, never a verdict on the server)."""
        finding = Finding(
            None, Severity.ERROR, f"cannot run: {reason}", origin="setup", verdict=Verdict.ERROR
        )
        return cls(target=target, findings=[finding], rules_source=rules_source, setup_error=reason)

    @property
    def failed(self) -> bool:
        """Whether any finding counts as a failure (MUST violated and not accepted by the baseline)."""
        return any(finding.counts_as_failure for finding in self.findings)

    @property
    def errored(self) -> bool:
        """Whether a check crashed: the suite itself failed, so the run says nothing certain."""
        return any(finding.outcome is Verdict.ERROR for finding in self.findings)

    @property
    def nothing_tested(self) -> bool:
        """Whether no rule got a verdict at all (every check skipped): such a run proves nothing."""
        return not any(f.outcome in {Verdict.PASS, Verdict.FAIL, Verdict.WARN} for f in self.findings)

    def counts(self) -> dict[Verdict, int]:
        """How many findings have each verdict."""
        totals = dict.fromkeys(Verdict, 0)
        for finding in self.findings:
            totals[finding.outcome] += 1
        return totals


def run_suite(
    target: str,
    *,
    token: str | None,
    rules: RuleCatalogue,
    checks: Iterable[CheckSpec],
    rule_filter: set[str] | None = None,
    options: Options | None = None,
    progress: Progress | None = None,
    transport: httpx.BaseTransport | None = None,
    timeout: float | None = None,
    oauth: OAuthConfig | None = None,
    prompt: Prompt | None = None,
    limits: Limits | None = None,
) -> RunResult:
    """Discover the server, sign in when `oauth` is given, and run `checks` against it.

    Raises ConformanceError (DiscoveryError included) when it cannot start. With `oauth` the access token of
    the sign-in replaces `token`, and a 401 to it is answered by one refresh, as a Talkie client does.
    Every answer is bounded by `limits` (see `limits`); once its time limit passes, the check in flight
    fails naming it and the checks not yet run are skipped, so the run ends by itself. After
    `limits.silent_checks` checks in a row without any answer, the rest are skipped too and
    `result.stopped` says that the server stopped answering. `options.other_token` (or, with `oauth`, a
    second unattended sign-in) is the second identity of the checks of two users.
    """
    limits = limits or Limits(timeout=timeout or 30.0)
    options = replace(options) if options is not None else Options()
    started = time.perf_counter()
    result = RunResult(target=target, rules_source=rules.name)
    checks = list(checks)
    try:
        discovery = discover(target, transport=transport, limits=limits)
    except ManifestTooLargeError as exc:
        result.findings = _unusable_manifest(str(exc), checks, rules, rule_filter)
        result.duration = time.perf_counter() - started
        return result
    refresher = None
    if oauth is not None:
        session = sign_in_to(discovery.manifest, oauth, prompt=prompt, transport=transport, limits=limits)
        options.oauth = session
        token, refresher = session.access_token, session.refresh
        if options.other_token is None:
            options.other_token = second_sign_in(session)
    try:
        with TalkieClient(
            discovery, token, transport=transport, refresher=refresher, limits=limits
        ) as client:
            silent = _Silence(client, limits.silent_checks)
            for spec in checks:
                if result.stopped is not None:
                    findings = _not_run(spec, rules, f"not run: {result.stopped}")
                elif limits.out_of_time():
                    findings = _not_run(
                        spec, rules, f"not run: the run reached --time-limit {limits.time_limit:g} s"
                    )
                else:
                    with silent:
                        findings = execute(spec, client, rules, options)
                    result.stopped = silent.verdict()
                if rule_filter is not None:
                    findings = [finding for finding in findings if finding.rule_id in rule_filter]
                result.findings.extend(findings)
                if progress is not None:
                    progress(spec, findings)
    finally:
        if options.oauth is not None:
            options.oauth.close()
    result.duration = time.perf_counter() - started
    return result


class _Silence:
    """Counts the checks in a row in which the server answered none of the suite's requests."""

    def __init__(self, client: TalkieClient, limit: int) -> None:
        self.client = client
        self.limit = limit
        self.streak = 0
        self._before = (0, 0)

    def __enter__(self) -> None:
        self._before = self.client.answers()

    def __exit__(self, *_: object) -> None:
        answered, unanswered = (
            now - then for now, then in zip(self.client.answers(), self._before, strict=True)
        )
        if answered:
            self.streak = 0
        elif unanswered:
            self.streak += 1

    def verdict(self) -> str | None:
        """Why the run stops here, once `limit` checks in a row got no answer at all."""
        if self.streak < self.limit:
            return None
        return (
            f"the server stopped answering: {self.streak} checks in a row got no answer to any request "
            "within its deadline"
        )


def second_sign_in(session: OAuthSession) -> str | None:
    """A second identity from a second unattended sign-in, when the server gives one (the isolation checks
    skip when it signs in the same user as the first)."""
    if not session.unattended or session.error is not None:
        return None
    try:
        record = session.sign_in()
    except SignInError:
        return None
    return record.tokens.access_token if record.tokens is not None else None


def _not_run(spec: CheckSpec, rules: RuleCatalogue, reason: str) -> list[Finding]:
    return [_finding(spec, rules, rule_id, Verdict.SKIP, reason) for rule_id in spec.rules]


def _unusable_manifest(
    message: str, checks: list[CheckSpec], rules: RuleCatalogue, rule_filter: set[str] | None
) -> list[Finding]:
    """A manifest over the 64 kB of §1: MAN-021 fails, every other check is skipped (no manifest to use)."""
    findings: list[Finding] = []
    size_rule = "MAN-021"
    for spec in checks:
        for rule_id in spec.rules:
            if rule_id == size_rule:
                findings.append(_finding(spec, rules, rule_id, Verdict.FAIL, message))
            else:
                findings.append(
                    _finding(
                        spec, rules, rule_id, Verdict.SKIP, f"not run: the manifest is unusable ({message})"
                    )
                )
    if not any(f.rule_id == size_rule for f in findings):  # --only left the size check out: it still fails
        findings.append(
            Finding.about(size_rule, message, origin="discovery", catalogue=rules).but(
                verdict=Verdict.FAIL, section="manifest"
            )
        )
    if rule_filter is not None:
        findings = [f for f in findings if f.rule_id in rule_filter or f.rule_id == size_rule]
    return findings
