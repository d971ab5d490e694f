"""`talkie-conformance`: run the rule checks or the fuzzer. Exit 0 pass, 1 findings, 2 could not run.

Exit 2 also covers a run that proves nothing: a check crashed (the suite's fault, never a FAIL of the
server) or every check skipped ("nothing was tested").

The commands only parse options, call the library and map the outcome to an exit code.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click
from rich.console import Console
from rich.markup import escape
from talkie_models.protocol import TALKIE_CLIENT_ID, TALKIE_REDIRECT_SCHEME, TALKIE_REDIRECT_URI

from talkie_conformance.baseline import BaselineError, apply_baseline, load_baseline
from talkie_conformance.checking import Options
from talkie_conformance.errors import ConformanceError
from talkie_conformance.limits import (
    DEFAULT_MAX_BODY,
    DEFAULT_MAX_EVENTS,
    DEFAULT_MAX_STREAM,
    DEFAULT_RUN_TIME_LIMIT,
    DEFAULT_STREAM_TIMEOUT,
    DEFAULT_TIMEOUT,
    FUZZ_MAX_BODY,
    FUZZ_MAX_STREAM,
    Limits,
)
from talkie_conformance.oauth import OAuthConfig
from talkie_conformance.rules import load_rules
from talkie_conformance.runner import crash_text

EXIT_PASS = 0
EXIT_FINDINGS = 1
EXIT_CANNOT_RUN = 2


def _fatal(console: Console, message: str) -> None:
    console.print(f"[bold red]cannot run:[/] {message}", highlight=False, markup=True)
    sys.exit(EXIT_CANNOT_RUN)


F = TypeVar("F", bound=Callable[..., Any])
TOKEN_HELP = "Bearer token for the server (or $TALKIE_TOKEN); use --oauth instead to sign in."


def oauth_options(command: F) -> F:
    """The sign-in options `run` and `fuzz` share."""
    options = [
        click.option(
            "--oauth",
            "use_oauth",
            is_flag=True,
            help="Sign in through the manifest's auth.oauth issuer (authorization code + PKCE S256) as the "
            "Talkie app does, instead of --token. Unattended: the server must approve at once "
            "(talkie-mock serve --auto-approve). With run, the AUTH checks of a sign-in run too.",
        ),
        click.option(
            "--oauth-interactive",
            is_flag=True,
            help="Sign in through a person (implies --oauth): open the printed URL in a browser, sign in, "
            "then paste the address the browser could not open. AUTH checks that need more sign-ins skip.",
        ),
        click.option(
            "--oauth-client-id",
            default=TALKIE_CLIENT_ID,
            show_default=True,
            help="client_id to sign in as (a fork of the app: its Client ID Metadata Document URL).",
        ),
        click.option(
            "--oauth-redirect-uri",
            default=TALKIE_REDIRECT_URI,
            show_default=True,
            help="Redirect URI registered for that client.",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


REPORT_SUFFIXES = frozenset({".md", ".markdown", ".html", ".htm", ".json"})


def report_options(command: F) -> F:
    """`--junit` and `--report`, which `run` and `fuzz` share (the same writers, `report.write_all`)."""
    options = [
        click.option("--junit", "junit_path", type=click.Path(dir_okay=False), help="Write JUnit XML here."),
        click.option(
            "--report",
            "report_paths",
            multiple=True,
            type=click.Path(dir_okay=False),
            help="Write a report; the format follows the suffix: .md, .html or .json.",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def check_report_paths(console: Console, report_paths: tuple[str, ...]) -> None:
    """Refuse, before anything runs, a report name whose format is unknown."""
    for path in report_paths:
        if Path(path).suffix.lower() not in REPORT_SUFFIXES:
            _fatal(console, f"--report {path}: use a .md, .html or .json file name")


def cannot_run(
    console: Console, url: str, reason: str, junit_path: str | None, report_paths: tuple[str, ...]
) -> None:
    """A run that could not start: the reason in the asked-for files too (CI reads them), then exit 2."""
    from talkie_conformance.report import write_all
    from talkie_conformance.runner import RunResult

    write_all(RunResult.cannot_run(url, reason), junit_path, report_paths)
    _fatal(console, reason)


def limit_options(
    *, max_body: int = DEFAULT_MAX_BODY, max_stream: int = DEFAULT_MAX_STREAM
) -> Callable[[F], F]:
    """The deadlines and caps `run` and `fuzz` share (see `limits`); `--time-limit` is each command's own,
    and each has its own default byte caps (`fuzz` keeps whole answers in memory: `limits.FUZZ_PEAK_MB`)."""
    options = [
        click.option(
            "--timeout",
            default=DEFAULT_TIMEOUT,
            show_default=True,
            type=click.FloatRange(min=0.1),
            help="Seconds one whole answer may take (a wall-clock deadline, not a pause between bytes).",
        ),
        click.option(
            "--stream-timeout",
            default=DEFAULT_STREAM_TIMEOUT,
            show_default=True,
            type=click.FloatRange(min=0.1),
            help="Seconds one run stream may stay open before the suite hangs up and fails the check.",
        ),
        click.option(
            "--max-body",
            default=max_body,
            show_default=True,
            type=click.IntRange(min=1024),
            help="Bytes of one answer the suite reads; a larger one fails the check (the manifest: 64 kB).",
        ),
        click.option(
            "--max-stream",
            default=max_stream,
            show_default=True,
            type=click.IntRange(min=1024),
            help="Bytes of one run stream the suite reads before it hangs up and fails the check.",
        ),
        click.option(
            "--max-events",
            default=DEFAULT_MAX_EVENTS,
            show_default=True,
            type=click.IntRange(min=10),
            help="Events of one run stream the suite keeps before it hangs up and fails the check.",
        ),
    ]

    def apply(command: F) -> F:
        for option in reversed(options):
            command = option(command)
        return command

    return apply


def limits_of(
    *,
    timeout: float,
    stream_timeout: float,
    max_body: int,
    max_stream: int,
    max_events: int,
    time_limit: float,
) -> Limits:
    """The limits the options ask for; the time limit starts now."""
    return Limits(
        timeout=timeout,
        stream_timeout=stream_timeout,
        max_body=max_body,
        max_stream=max_stream,
        max_events=max_events,
        time_limit=time_limit,
    )


def oauth_config(
    console: Console,
    *,
    token: str | None,
    use_oauth: bool,
    interactive: bool,
    client_id: str,
    redirect_uri: str,
) -> OAuthConfig | None:
    """The sign-in asked for, if any; a token given on the command line beside --oauth is an error."""
    if not (use_oauth or interactive):
        return None
    context = click.get_current_context()
    source = context.get_parameter_source("tokens" if "tokens" in context.params else "token")
    if token is not None and source is click.core.ParameterSource.COMMANDLINE:
        _fatal(console, "use either --token or --oauth, not both")
    return OAuthConfig(client_id=client_id, redirect_uri=redirect_uri, interactive=interactive)


def paste_redirect(authorization_url: str) -> str:
    """Interactive sign-in: show the URL, take back the redirect URL the browser could not open."""
    click.echo("Open this address in a browser and sign in:\n")
    click.echo(f"  {authorization_url}\n")
    click.echo(
        "The browser then tries to open the app's address "
        f"(for the Talkie app {TALKIE_REDIRECT_SCHEME}:/...) and fails. Copy that address from the "
        "address bar (or the browser's error message) and paste it here."
    )
    answer: str = click.prompt("Redirect URL", default="", show_default=False)
    return answer


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="talkie-conformance")
def main() -> None:
    """Test and fuzz a talkie/1 server, rule by rule."""
    # A server's text may hold lone surrogates; the terminal shows them escaped instead of failing.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


@main.command("run")
@click.argument("url")
@click.option(
    "--token",
    "tokens",
    multiple=True,
    envvar="TALKIE_TOKEN",
    help=TOKEN_HELP + " Give it twice (--token A --token B, two users) for the checks that one user cannot "
    "reach what another owns.",
)
@oauth_options
@click.option(
    "--only", multiple=True, help="Section (runs, 5, §5) or rule ID (RUN-004); repeat or comma-separate."
)
@report_options
@click.option(
    "--baseline",
    "baseline_path",
    type=click.Path(exists=True, dir_okay=False),
    help="JSON/YAML list of accepted failures; stale entries fail the run.",
)
@click.option(
    "--rules",
    "rules_path",
    type=click.Path(exists=True, dir_okay=False),
    help="Rule catalogue to use instead of the bundled spec/rules.yaml.",
)
@click.option(
    "--clock-url", help='Test hook: POST {"seconds": n} here moves the server\'s clock (expiry checks).'
)
@limit_options()
@click.option(
    "--time-limit",
    default=DEFAULT_RUN_TIME_LIMIT,
    show_default=True,
    type=click.FloatRange(min=1),
    help="Seconds the whole run may take: then the check in flight fails naming it, the rest are skipped.",
)
@click.option("-v", "--verbose", is_flag=True, help="Print every finding, not just problems.")
def run_command(
    url: str,
    tokens: tuple[str, ...],
    use_oauth: bool,
    oauth_interactive: bool,
    oauth_client_id: str,
    oauth_redirect_uri: str,
    only: tuple[str, ...],
    junit_path: str | None,
    report_paths: tuple[str, ...],
    baseline_path: str | None,
    rules_path: str | None,
    clock_url: str | None,
    timeout: float,
    stream_timeout: float,
    max_body: int,
    max_stream: int,
    max_events: int,
    time_limit: float,
    verbose: bool,
) -> None:
    """Run the conformance checks against the server at URL (a host, an origin or a manifest URL).

    Sign in with --token T (a development token) or --oauth (the app's OAuth sign-in, which also runs the
    AUTH checks of a real sign-in).
    """
    limits = limits_of(
        timeout=timeout,
        stream_timeout=stream_timeout,
        max_body=max_body,
        max_stream=max_stream,
        max_events=max_events,
        time_limit=time_limit,
    )
    from talkie_conformance.report import TerminalReporter, write_all
    from talkie_conformance.runner import SelectionError, run_suite, select

    console = Console(highlight=False, soft_wrap=True)  # long URLs stay whole
    if len(tokens) > 2:
        _fatal(console, f"--token: give one, or two for two users ({len(tokens)} given)")
    token, other_token = (*tokens, None, None)[:2]
    oauth = oauth_config(
        console,
        token=token,
        use_oauth=use_oauth,
        interactive=oauth_interactive,
        client_id=oauth_client_id,
        redirect_uri=oauth_redirect_uri,
    )
    try:
        rules = load_rules(rules_path)
        checks, rule_filter = select(only)
        baseline = load_baseline(baseline_path) if baseline_path else []
    except (ConformanceError, SelectionError, BaselineError) as exc:
        _fatal(console, str(exc))
        return
    check_report_paths(console, report_paths)
    reporter = TerminalReporter(console, verbose=verbose)
    try:
        result = run_suite(
            url,
            token=token,
            rules=rules,
            checks=checks,
            rule_filter=rule_filter,
            options=Options(clock_url=clock_url, other_token=other_token),
            progress=reporter.progress,
            oauth=oauth,
            limits=limits,
            prompt=paste_redirect,
        )
    except ConformanceError as exc:
        cannot_run(console, url, str(exc), junit_path, report_paths)
        return
    result.findings = apply_baseline(result.findings, baseline, rules)
    reporter.summary(result)
    write_all(result, junit_path, report_paths)
    if result.stopped is not None:
        console.print(f"[bold red]stopped early:[/] {escape(result.stopped)}", markup=True)
    if result.errored:
        console.print(
            "[bold red]suite error:[/] a check crashed or a test hook failed (see the `error` lines above); "
            "no verdict on the server"
        )
        sys.exit(EXIT_CANNOT_RUN)
    if result.nothing_tested:
        _fatal(console, "nothing was tested: every check skipped (see the reasons above)")
    sys.exit(EXIT_FINDINGS if result.failed else EXIT_PASS)


@main.command("fuzz")
@click.argument("url")
@click.option("--token", envvar="TALKIE_TOKEN", help=TOKEN_HELP)
@oauth_options
@click.option(
    "--max-examples", default=25, show_default=True, help="Examples per operation and for the state machine."
)
@click.option(
    "--seed", default=0, show_default=True, help="Hypothesis seed (the same seed replays the same cases)."
)
@click.option(
    "--time-limit",
    default=120.0,
    show_default=True,
    type=click.FloatRange(min=1),
    help="Seconds the whole fuzz run may take, requests in flight included.",
)
@limit_options(max_body=FUZZ_MAX_BODY, max_stream=FUZZ_MAX_STREAM)
@click.option(
    "--phases",
    default="examples,coverage,fuzzing,stateful",
    show_default=True,
    help="Schemathesis phases to run.",
)
@click.option("--no-state-machine", is_flag=True, help="Skip the Hypothesis state machine.")
@report_options
@click.option(
    "--openapi",
    "openapi_path",
    type=click.Path(exists=True, dir_okay=False),
    help="OpenAPI 3.1 document to use instead of the bundled one.",
)
def fuzz_command(
    url: str,
    token: str | None,
    use_oauth: bool,
    oauth_interactive: bool,
    oauth_client_id: str,
    oauth_redirect_uri: str,
    max_examples: int,
    seed: int,
    time_limit: float,
    phases: str,
    no_state_machine: bool,
    junit_path: str | None,
    report_paths: tuple[str, ...],
    openapi_path: str | None,
    timeout: float,
    stream_timeout: float,
    max_body: int,
    max_stream: int,
    max_events: int,
) -> None:
    """Fuzz the server at URL: Schemathesis with Talkie checks, then a stateful model of the spec."""
    limits = limits_of(
        timeout=timeout,
        stream_timeout=stream_timeout,
        max_body=max_body,
        max_stream=max_stream,
        max_events=max_events,
        time_limit=time_limit,
    )  # the time limit starts before the fuzzer's (slow) imports
    from talkie_conformance.fuzz import FuzzConfig, fuzz
    from talkie_conformance.report import write_all

    console = Console(highlight=False, soft_wrap=True)  # long URLs stay whole
    check_report_paths(console, report_paths)
    oauth = oauth_config(
        console,
        token=token,
        use_oauth=use_oauth,
        interactive=oauth_interactive,
        client_id=oauth_client_id,
        redirect_uri=oauth_redirect_uri,
    )
    config = FuzzConfig(
        target=url,
        token=None if oauth else token,
        oauth=oauth,
        max_examples=max_examples,
        seed=seed,
        time_limit=time_limit,
        phases=tuple(p.strip() for p in phases.split(",") if p.strip()),
        state_machine=not no_state_machine,
        openapi_path=openapi_path,
        limits=limits,
    )
    try:
        report = fuzz(config, console=console, prompt=paste_redirect)
    except ConformanceError as exc:
        cannot_run(console, url, str(exc), junit_path, report_paths)
        return
    except Exception as exc:  # a crash of the suite, said in one line: a CI log gets no traceback
        console.print(f"[bold magenta]suite error:[/] {escape(crash_text(exc))}", markup=True)
        sys.exit(EXIT_CANNOT_RUN)
    write_all(report.result(url), junit_path, report_paths)
    if report.errored:
        sys.exit(EXIT_CANNOT_RUN)
    if not report.cases and not report.failures:
        _fatal(console, "nothing was tested: no case ran within --time-limit (raise it)")
    sys.exit(EXIT_FINDINGS if report.failures else EXIT_PASS)


@main.command("coverage")
@click.option("--rules", "rules_path", type=click.Path(exists=True, dir_okay=False), help="Rule catalogue.")
def coverage_command(rules_path: str | None) -> None:
    """List every rule with the checks that prove it, or why none does."""
    from rich.table import Table

    from talkie_conformance.coverage import coverage

    console = Console(highlight=False)
    try:
        rules = load_rules(rules_path)
    except ConformanceError as exc:
        _fatal(console, str(exc))
        return
    table = Table(title=f"{rules.name} and their checks")
    for column in ("rule", "level", "status", "checks / reason"):
        table.add_column(column)
    entries = coverage(rules)
    for entry in entries:
        table.add_row(entry.rule_id, entry.level, entry.status, ", ".join(entry.checks) or entry.reason)
    console.print(table)
    missing = [entry.rule_id for entry in entries if entry.status == "missing"]
    sys.exit(EXIT_FINDINGS if missing else EXIT_PASS)


if __name__ == "__main__":  # pragma: no cover
    main()
