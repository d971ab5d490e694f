"""`talkie-conformance fuzz`: Schemathesis over the OpenAPI document, then the stateful model of the spec.

The OpenAPI document describes the reference layout (`/api/talkie/...`); before fuzzing, every operation is
moved to the path the server's manifest gives for its `x-talkie-endpoint`, and operations the server does not
offer are dropped, so any talkie/1 server can be fuzzed whatever its paths.
"""

from __future__ import annotations

import copy
import os
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

import hypothesis
import schemathesis
import yaml
from hypothesis import HealthCheck, Phase, settings
from hypothesis.errors import FailedHealthCheck
from hypothesis.stateful import run_state_machine_as_test
from rich.console import Console
from rich.markup import escape
from talkie_models.protocol import EVENT_STREAM

from talkie_conformance.client import Discovery, ManifestTooLargeError, TalkieClient, discover, origin_of
from talkie_conformance.errors import ConformanceError
from talkie_conformance.findings import Evidence, Finding, Severity, Verdict, finding_lines
from talkie_conformance.fuzz_checks import (
    BUILTIN_BASIS,
    BUILTIN_RULES,
    FUZZ_CHECKS,
    SUITE_ERROR,
    TALKIE_CHECKS,
)
from talkie_conformance.limits import FUZZ_MAX_BODY, FUZZ_MAX_STREAM, Limits, ServerLimitError
from talkie_conformance.oauth import OAuthConfig, OAuthSession, Prompt, sign_in_to
from talkie_conformance.relay import TOKEN_VARIABLE, Relay
from talkie_conformance.report.text import writable
from talkie_conformance.runner import RunResult
from talkie_conformance.statemachine import Driver, machine_for, server_fault

# The OpenAPI bundle over the text view of the contract (notes N-101): answers are judged by what the
# specification's text requires, not by the members only its examples show. Under spec/generated/ in a
# checkout; the package ships it flat in its data folder.
OPENAPI_NAMES = ("text/openapi-3.1.text.bundled.yaml",)
BUILTIN_CHECKS = tuple(BUILTIN_RULES)
SCHEMATHESIS_SHARE = 0.7  # of the time limit; the state machine gets the rest
HTTP_METHODS = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}
ID_MEMBERS = ("threadId", "runId", "parentRunId")
"""The ids a client makes up in a run's body (with each message's `id`), kept apart per fuzz run."""


@dataclass
class RunSpace:
    """The suffix of the fuzz run in progress: every id a client makes up gets it, so two runs of one
    `--seed` on one server never meet each other's threads, runs or messages (`--seed` picks the cases)."""

    suffix: str | None = None


SPACE = RunSpace()


def keep_apart(case: Any, suffix: str) -> None:
    """Append `suffix` to the client-made ids of `case` (a run's body ids, a cancel's `runId`), once each.

    An id already carrying it (taken from an earlier answer) stays as it is; an empty or non-string one (a
    negative case) is left alone, so no case changes from valid to invalid or back.
    """
    body = case.body
    if isinstance(body, dict):
        for key in ID_MEMBERS:
            if key in body:
                body[key] = _spaced(body[key], suffix)
        messages = body.get("messages")
        for message in messages if isinstance(messages, list) else ():
            if isinstance(message, dict) and "id" in message:
                message["id"] = _spaced(message["id"], suffix)
    parameters = case.path_parameters
    if isinstance(parameters, dict) and "runId" in parameters:
        parameters["runId"] = _spaced(parameters["runId"], suffix)


def _spaced(value: Any, suffix: str) -> Any:
    if isinstance(value, str) and value and not value.endswith(suffix):
        return value + suffix
    return value


@schemathesis.hook("before_call")
def _keep_runs_apart(context: Any, case: Any, kwargs: Any) -> None:
    if SPACE.suffix is not None:
        keep_apart(case, SPACE.suffix)


@dataclass
class FuzzConfig:
    """What to fuzz and how long."""

    target: str
    token: str | None
    max_examples: int = 25
    seed: int = 0
    time_limit: float = 120.0
    phases: tuple[str, ...] = ("examples", "coverage", "fuzzing", "stateful")
    state_machine: bool = True
    openapi_path: str | None = None
    oauth: OAuthConfig | None = None  # sign in through OAuth instead of using `token`
    limits: Limits | None = None  # deadlines and caps; the time limit is `time_limit` when None

    def bounds(self) -> Limits:
        """The limits of this run (built from `time_limit` when none were given)."""
        if self.limits is None:
            self.limits = Limits(
                time_limit=self.time_limit, max_body=FUZZ_MAX_BODY, max_stream=FUZZ_MAX_STREAM
            )
        return self.limits


@dataclass
class FuzzReport:
    """Cases run, time spent and what broke (failures and warnings, as findings)."""

    schemathesis_cases: int = 0
    state_machine_steps: int = 0
    seconds: float = 0.0
    findings: list[Finding] = field(default_factory=list)

    @property
    def failures(self) -> list[Finding]:
        """The findings that fail the server (MUST of the specification)."""
        return [finding for finding in self.findings if finding.counts_as_failure]

    @property
    def errored(self) -> bool:
        """Whether a check of the suite crashed (the run then says nothing certain about the server)."""
        return any(finding.outcome is Verdict.ERROR for finding in self.findings)

    def add(self, finding: Finding) -> None:
        """Keep a finding unless the same rule and message was already kept."""
        key = (finding.rule_id, finding.origin, finding.message)
        if all((f.rule_id, f.origin, f.message) != key for f in self.findings):
            self.findings.append(finding)

    def result(self, target: str) -> RunResult:
        """The run as the report writers take it (`run`'s writers: one per format), with a line of totals."""
        totals = (
            f"{self.cases} cases ({self.schemathesis_cases} Schemathesis, {self.state_machine_steps} state "
            f"machine) in {self.seconds:.1f} s"
        )
        verdict = Verdict.PASS if self.cases else Verdict.SKIP
        summary = Finding(None, Severity.INFO, totals, origin="fuzz", verdict=verdict)
        return RunResult(target=target, findings=[*self.findings, summary], duration=self.seconds)

    @property
    def cases(self) -> int:
        """All requests the fuzzer judged."""
        return self.schemathesis_cases + self.state_machine_steps

    @property
    def cases_per_second(self) -> float:
        """Throughput of the whole fuzz run."""
        return self.cases / self.seconds if self.seconds > 0 else 0.0


def load_openapi(path: str | Path | None = None) -> dict[str, Any]:
    """The single-file OpenAPI 3.1 document: explicit path, $TALKIE_OPENAPI, the repository, or our copy."""
    explicit = path or os.environ.get("TALKIE_OPENAPI")
    candidates: list[Path] = [Path(explicit)] if explicit else []
    for parent in Path(__file__).resolve().parents:
        candidates += [parent / "spec" / "generated" / name for name in OPENAPI_NAMES]
    for candidate in candidates:
        if candidate.is_file():
            loaded: dict[str, Any] = yaml.safe_load(candidate.read_text(encoding="utf-8"))
            return loaded
    packaged = resources.files("talkie_conformance") / "data"
    for name in OPENAPI_NAMES:
        file = packaged / Path(name).name
        if file.is_file():
            data: dict[str, Any] = yaml.safe_load(file.read_text(encoding="utf-8"))
            return data
    raise ConformanceError("no OpenAPI 3.1 document found (pass --openapi or set TALKIE_OPENAPI)")


def adapt_to_manifest(document: dict[str, Any], discovery: Discovery) -> dict[str, Any]:
    """Move each operation to the server's own endpoint path; drop the ones it does not offer."""
    adapted = copy.deepcopy(document)
    endpoints = discovery.endpoints
    paths: dict[str, Any] = {}
    for path, item in document.get("paths", {}).items():
        for method, operation in item.items():
            if method not in HTTP_METHODS:
                continue
            name = operation.get("x-talkie-endpoint")
            if name is None:
                new_path = path
            else:
                template = endpoints.get(name)
                if template is None or not template.startswith("/") or template.startswith("//"):
                    continue
                new_path = template
            target = paths.setdefault(new_path, {})
            if "parameters" in item:
                target["parameters"] = copy.deepcopy(item["parameters"])
            target[method] = copy.deepcopy(operation)
    adapted["paths"] = paths
    adapted["servers"] = [{"url": origin_of(discovery.issuer)}]
    _stream_items_as_schema(adapted)
    return adapted


def _stream_items_as_schema(document: dict[str, Any]) -> None:
    """Give Schemathesis the schema of one SSE event where it looks for it.

    OpenAPI 3.1 cannot describe stream items, so our 3.1 copy keeps the item schema beside the body's (under
    `x-talkie-sse-item`); Schemathesis validates each parsed event of a `text/event-stream` response against
    the media type's `schema`, so that is where the item schema goes for fuzzing.
    """
    for item in document.get("paths", {}).values():
        for method, operation in item.items():
            if method not in HTTP_METHODS:
                continue
            for response in operation.get("responses", {}).values():
                media = response.get("content", {}).get(EVENT_STREAM) if isinstance(response, dict) else None
                if isinstance(media, dict) and "x-talkie-sse-item" in media:
                    media["schema"] = media.pop("x-talkie-sse-item")


def _run_schemathesis(
    config: FuzzConfig,
    document: dict[str, Any],
    base_url: str,
    report: FuzzReport,
    budget: float,
    limited: Callable[[str], bool] | None = None,
    *,
    origin: str | None = None,
) -> None:
    """Run Schemathesis against `base_url` (the relay in front of `origin`, the server itself);
    `limited(label)` says whether a limit cut that operation."""
    from schemathesis.config import HealthCheck as SchemathesisHealthCheck
    from schemathesis.config import SchemathesisConfig

    st_config = SchemathesisConfig()
    # `too_slow` measures this machine and the server's pace, not the server's conformance: a seed would not
    # give the same verdicts twice (a slow answer is judged by the suite's own deadlines instead)
    st_config.update(
        seed=config.seed,
        max_failures=None,
        max_time=max(1, int(budget)),
        suppress_health_check=[SchemathesisHealthCheck.too_slow],
    )
    project = st_config.projects.override
    headers = {"Authorization": f"Bearer {config.token}"} if config.token else {}
    limits = config.bounds()
    # the relay enforces the suite's own deadlines; Schemathesis' timeout only backs it up
    request_timeout = max(limits.timeout, limits.stream_timeout) + 5
    project.update(base_url=base_url, headers=headers, request_timeout=request_timeout, workers=1)
    project.phases.update(phases=list(config.phases))
    project.checks.update(included_check_names=[*BUILTIN_CHECKS, *TALKIE_CHECKS])
    project.generation.update(max_examples=config.max_examples, database="none", no_shrink=True)
    schema = schemathesis.openapi.from_dict(document, config=st_config)
    keys = endpoint_keys(document)
    upstream = origin or base_url
    SPACE.suffix = f"-s{config.seed}-{secrets.token_hex(4)}"  # this run's own ids
    try:
        _drive(config, schema, report, keys, upstream, limited)
    finally:
        SPACE.suffix = None


def _drive(
    config: FuzzConfig,
    schema: Any,
    report: FuzzReport,
    keys: dict[str, str],
    upstream: str,
    limited: Callable[[str], bool] | None,
) -> None:
    """Run Schemathesis' engine over `schema` and file what it reports."""
    from schemathesis.engine import events, from_schema
    from schemathesis.engine.errors import ServerUnavailable

    for event in from_schema(schema).execute():
        if config.bounds().out_of_time():
            break  # the time limit covers Schemathesis too: its next case would not be sent anyway
        if isinstance(event, events.ScenarioFinished):
            recorder = event.recorder
            report.schemathesis_cases += len(recorder.cases)
            for case_id, checks in recorder.checks.items():
                for node in checks:
                    if node.failure_info is not None:
                        failure = node.failure_info.failure
                        found = schemathesis_finding(
                            node.name, recorder.label, failure.title, failure.message, keys
                        )
                        case = recorder.cases.get(case_id)
                        curl = reproduce(case.value, upstream, config.token) if case is not None else None
                        report.add(_with_curl(found, curl))
        elif isinstance(event, events.NonFatalError):
            if limited is not None and limited(event.label):
                continue  # the relay cut this answer at a limit, or the server broke it: the server's failure
            if isinstance(event.value, ServerUnavailable):
                # Schemathesis gave up on a server whose connections broke or went unanswered: the relay
                # has each such answer as the server's failure already, with its request
                first = str(event.value).strip().splitlines()[0]
                text = f"the server stopped giving HTTP answers, so the fuzzer gave up: {first}"[:600]
                report.add(Finding(None, Severity.ERROR, text, origin="fuzz", verdict=Verdict.FAIL))
                continue
            if isinstance(event.value, FailedHealthCheck):
                report.add(_health_finding(event.label, event.value))
                continue
            if _server_text_fault(event.value):  # a value of the server's answers, used in a request
                text = (
                    f"{event.label}: the server's answers carry text that is not valid Unicode (a lone "
                    f"surrogate such as \\ud800 in its JSON), which no request can carry: {event.value}"
                )
                report.add(Finding(None, Severity.ERROR, text[:600], origin="fuzz", verdict=Verdict.FAIL))
                continue
            # an operation Schemathesis could not test for a reason of its own (a schema it cannot cover):
            # an error of the run, never a verdict on the server, and never silently zero cases
            detail = f"{event.label}: {type(event.value).__name__}: {event.value}".strip()[:600]
            report.add(
                Finding(
                    None,
                    Severity.ERROR,
                    f"Schemathesis could not test {detail}",
                    origin="fuzz",
                    verdict=Verdict.ERROR,
                )
            )
        elif isinstance(event, events.Interrupted):
            raise ConformanceError("Schemathesis was interrupted before it finished")
        elif isinstance(event, events.FatalError):
            raise ConformanceError(f"Schemathesis could not run: {event.exception}")


def reproduce(case: Any, origin: str, token: str | None) -> str:
    """The curl line that sends `case` again to the server itself (not to the relay), token as a variable."""
    command = str(case.as_curl_command(base_url=origin))
    command = command.split("\n\n⚠️", 1)[0]  # without the warnings Schemathesis appends
    if not token:
        return command
    named = f'"Authorization: Bearer ${TOKEN_VARIABLE}"'  # the token the fuzzer sent, named, never shown
    if "'Authorization: [Filtered]'" in command:  # Schemathesis hides it, so the line would not reproduce
        return command.replace("'Authorization: [Filtered]'", named)
    own = {str(name).lower() for name in (case.headers or {})}
    return command if "authorization" in own else f"{command} -H {named}"


def _health_finding(label: str, exc: BaseException) -> Finding:
    """A Hypothesis health check that stopped one operation: the setup's problem (the OpenAPI document the
    fuzzer generates from), never the server's failure nor a crash of the suite."""
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    text = (
        f"{label}: the fuzzer could not generate enough cases from the OpenAPI document (a health check "
        f"of Hypothesis, the setup's problem, not the server's; check --openapi): {first}"
    )[:600]
    return Finding(None, Severity.WARNING, text, origin="fuzz:setup", verdict=Verdict.WARN)


def endpoint_keys(document: dict[str, Any]) -> dict[str, str]:
    """`METHOD /path` (a Schemathesis label) → the manifest's endpoint key of that operation."""
    keys: dict[str, str] = {}
    for path, item in document.get("paths", {}).items():
        for method, operation in item.items():
            if method in HTTP_METHODS and isinstance(operation.get("x-talkie-endpoint"), str):
                keys[f"{method.upper()} {path}"] = operation["x-talkie-endpoint"]
    return keys


def schemathesis_finding(
    check: str, label: str, title: str, message: str, endpoints: dict[str, str] | None = None
) -> Finding:
    """A Schemathesis failure as a finding: a Talkie check names its rule, a built-in one stands for one."""
    text = f"{label}: {title}: {message}".strip()[:600]
    method, _, path = label.partition(" ")
    endpoint = (endpoints or {}).get(label)
    evidence = Evidence(method=method or None, endpoint=endpoint, url=path or None)
    origin = f"fuzz:{check}"
    talkie = FUZZ_CHECKS.get(check)
    prefix = message.split(":", 1)[0].strip()
    if talkie is not None and prefix == SUITE_ERROR:
        return Finding(None, Severity.ERROR, text, evidence, origin=origin, verdict=Verdict.ERROR)
    if talkie is not None:
        rule_id = prefix if prefix in talkie.rules else talkie.rules[0]
        finding = Finding.about(rule_id, text, evidence=evidence, origin=origin)
    elif BUILTIN_RULES.get(check) is not None:
        finding = Finding.about(BUILTIN_RULES[check], text, evidence=evidence, origin=origin)
    else:  # the OpenAPI document's promise, not a catalogued rule: a note-based one only warns
        basis = BUILTIN_BASIS.get(check)
        severity = Severity.WARNING if basis is not None else Severity.ERROR
        finding = Finding(None, severity, text, evidence, basis=basis, origin=origin)
    return finding.but(verdict=Verdict.FAIL if finding.severity is Severity.ERROR else Verdict.WARN)


def _run_state_machine(config: FuzzConfig, client: TalkieClient, report: FuzzReport, budget: float) -> None:
    driver = Driver(client=client, deadline=time.monotonic() + budget)
    machine = machine_for(driver)
    machine_settings = settings(
        max_examples=max(1, config.max_examples),
        stateful_step_count=8,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
        phases=[Phase.generate],
    )
    previous = hypothesis.core.global_force_seed
    hypothesis.core.global_force_seed = config.seed  # type: ignore[assignment]
    try:
        run_state_machine_as_test(machine, settings=machine_settings)
    except Exception as exc:
        # A live server is external state: replaying a failing example is not exact, so Hypothesis may
        # complain about flakiness. The findings the driver recorded in the first run are what counts;
        # without one, what stopped the machine is reported as the suite's error (never a traceback).
        fault = server_fault(exc)
        if fault is not None and driver.stopped is None:
            driver.findings.append(
                Finding(None, Severity.ERROR, fault, origin="statemachine", verdict=Verdict.FAIL)
            )
        elif not driver.findings and driver.stopped is None:
            report.add(
                Finding(
                    None,
                    Severity.ERROR,
                    f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}",
                    origin="statemachine",
                    verdict=Verdict.ERROR,
                )
            )
    finally:
        hypothesis.core.global_force_seed = previous
        report.state_machine_steps += driver.steps
    for finding in driver.findings:
        report.add(finding)


def _sign_in(
    config: FuzzConfig, discovery: Discovery, prompt: Prompt | None, limits: Limits
) -> OAuthSession | None:
    """With `config.oauth`: the signed-in session (the fuzzer cannot do without a working token)."""
    if config.oauth is None:
        return None
    session = sign_in_to(discovery.manifest, config.oauth, prompt=prompt, limits=limits)
    if session.access_token is None:
        session.close()
        raise ConformanceError(
            f"OAuth sign-in failed: {session.error} (`talkie-conformance run --oauth --only auth` says why)"
        )
    return session


def _fuzz(
    config: FuzzConfig,
    discovery: Discovery,
    console: Console,
    started: float,
    session: OAuthSession | None,
) -> FuzzReport:
    document = adapt_to_manifest(load_openapi(config.openapi_path), discovery)
    report = FuzzReport()
    base_url = origin_of(discovery.issuer)
    if origin_of(discovery.issuer) != discovery.served_origin:
        raise ConformanceError("the manifest's issuer is another origin than the one serving it; not fuzzing")
    limits = config.bounds()
    if config.phases:
        share = SCHEMATHESIS_SHARE if config.state_machine else 1.0
        console.print(f"Schemathesis: {len(document['paths'])} paths, phases {', '.join(config.phases)}")
        run_path = discovery.endpoints.get("run")
        streams = frozenset({run_path}) if run_path else frozenset()
        with Relay(base_url, limits, stream_paths=streams) as relay:

            def limited(label: str) -> bool:
                cut = [hit for hit, _ in list(relay.hits)] + [hit for hit, _ in list(relay.drops)]
                return any(_matches(label, hit) for hit in cut)

            budget = max(1.0, config.time_limit * share - (time.monotonic() - started))
            _run_schemathesis(config, document, relay.base_url, report, budget, limited, origin=base_url)
            for label, exc in relay.hits:
                if not exc.unsent:
                    report.add(_with_curl(_limit_finding(f"fuzz:{label}", exc), relay.curls.get(label)))
            for label, dropped in relay.drops:
                report.add(_with_curl(_dropped_finding(f"fuzz:{label}", dropped), relay.curls.get(label)))
    if config.state_machine and not limits.out_of_time():
        remaining = max(1.0, config.time_limit - (time.monotonic() - started))
        console.print("State machine: runs, decisions, cancels and deletes against the spec's model")
        refresher = session.refresh if session is not None else None
        with TalkieClient(discovery, config.token, refresher=refresher, limits=limits) as client:
            _run_state_machine(config, client, report, remaining)
    return report


def _matches(label: str, hit: str) -> bool:
    """Whether a request `METHOD /path` (`hit`) went to the path of the operation `METHOD /template`.

    Only the path counts: Schemathesis files what it sends to an operation's path with other methods (the
    coverage phase's TRACE, say) under that operation's label.
    """
    template = label.partition(" ")[2]
    path = hit.partition(" ")[2]
    parts = re.split(r"(\{[^}]*\})", template)
    pattern = "".join("[^/]+" if part.startswith("{") else re.escape(part) for part in parts)
    return re.fullmatch(pattern, path) is not None


def _server_text_fault(exc: BaseException) -> bool:
    """Whether `exc` was caused by text of the server's that no request can carry (a lone surrogate).

    Schemathesis generates only text it can send, so a lone surrogate can only come from the server's JSON
    (a `\\ud800` escape), taken from an answer into the next request. Its cause is a `UnicodeError` in the
    exception's chain, or a `ValueError` of jsonschema-rs, which folds the `UnicodeEncodeError` into its
    message instead of chaining it. Any other `ValueError` stays the suite's error.
    """
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, UnicodeError):
            return True
        text = str(current)
        if isinstance(current, ValueError) and "UnicodeEncodeError" in text and "surrogates" in text:
            return True
        current = current.__cause__ or current.__context__
    return False


def _with_curl(finding: Finding, curl: str | None) -> Finding:
    """`finding` with the curl line that reproduces it as its request evidence (every report shows it)."""
    return finding.but(evidence=replace(finding.evidence, request=curl)) if curl else finding


def _dropped_finding(origin: str, exc: Exception) -> Finding:
    """A connection the server broke (closed, reset, garbled HTTP) before its answer was whole: its fault."""
    detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    text = f"the server broke the connection before its answer was complete: {detail}"[:600]
    return Finding(None, Severity.ERROR, text, origin=origin, verdict=Verdict.FAIL)


def _limit_finding(origin: str, exc: ServerLimitError) -> Finding:
    """A limit the server made the fuzzer hit: a failure of the server, naming the limit."""
    waiting = "no answer" in exc.detail
    text = f"the server never answered: {exc}" if waiting else f"the server made the suite hit a limit: {exc}"
    return Finding(None, Severity.ERROR, text, exc.evidence(), origin=origin, verdict=Verdict.FAIL)


def fuzz(config: FuzzConfig, *, console: Console | None = None, prompt: Prompt | None = None) -> FuzzReport:
    """Fuzz one server; raises ConformanceError when it cannot start. `prompt` serves interactive sign-in."""
    console = console or Console(highlight=False)
    started = time.monotonic()
    limits = config.bounds()
    try:
        discovery = discover(config.target, limits=limits)
    except ManifestTooLargeError as exc:
        report = FuzzReport(
            findings=[Finding.about("MAN-021", str(exc), origin="discovery").but(verdict=Verdict.FAIL)]
        )
        report.seconds = time.monotonic() - started
        _print(report, console)
        return report
    session = _sign_in(config, discovery, prompt, limits)
    try:
        if session is not None:
            config = replace(config, token=session.access_token)
        report = _fuzz(config, discovery, console, started, session)
    finally:
        if session is not None:
            session.close()
    report.seconds = time.monotonic() - started
    _print(report, console)
    return report


def _print(report: FuzzReport, console: Console) -> None:
    for finding in report.findings:
        first, *rest = finding_lines(finding)
        style = {Verdict.FAIL: "bold red", Verdict.ERROR: "bold magenta"}.get(finding.outcome, "yellow")
        console.print(f"[{style}]{finding.outcome.value}[/] {escape(first)}", markup=True)
        for line in rest:
            console.print(f"  [dim]{escape(line)}[/]", markup=True)
        if finding.evidence.request and finding.evidence.request.startswith("curl "):
            shown = writable(finding.evidence.request).replace("\r", "\\r")  # no raw control shown
            console.print(f"  [dim]reproduce: {escape(shown)}[/]", markup=True)
    verdict = "[bold red]FAILED[/]" if report.failures else "[bold green]PASSED[/]"
    if not report.cases and not report.failures:
        verdict = "[bold magenta]NOTHING TESTED[/]"
    if report.errored:
        verdict = "[bold magenta]SUITE ERROR[/]"
    console.print(
        f"{verdict} {report.cases} cases ({report.schemathesis_cases} Schemathesis, "
        f"{report.state_machine_steps} state machine) in {report.seconds:.1f} s: "
        f"{report.cases_per_second:.1f} cases/s, {len(report.failures)} failures, "
        f"{len(report.findings) - len(report.failures)} warnings"
    )
