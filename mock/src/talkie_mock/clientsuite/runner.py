"""`clients run`: start the two origins, run the command once per scenario, judge each scenario's checks."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from talkie_mock.clientsuite import command
from talkie_mock.clientsuite.base import Check, Outcome
from talkie_mock.clientsuite.catalogue import selected
from talkie_mock.clientsuite.observe import Record, read_shown
from talkie_mock.clientsuite.scenarios import SCENARIOS
from talkie_mock.clientsuite.servers import Servers
from talkie_mock.clientsuite.verdicts import ScenarioRun, SuiteRun, result

TOKEN_PREFIX = "talkie-dev-"


def judged(check: Check, record: Record, unable: list[str]) -> Outcome:
    """The check's outcome; not exercised when the client said it cannot make a gesture the scenario needs."""
    if unable:
        return Outcome("skip", f"not exercised: the client cannot {', '.join(unable)} (it said so)")
    return check.judge(record)


def run_suite(
    template: str, only: tuple[str, ...] = (), progress: Callable[[ScenarioRun], None] | None = None
) -> SuiteRun:
    """Every selected scenario, one after the other. Raises ValueError for an `--only` that selects
    nothing and `command.CommandError` for a command that cannot be run (both setup errors)."""
    picked = selected(only)
    token = TOKEN_PREFIX + secrets.token_urlsafe(18)
    command.argv_of(template, "", token)  # a command that cannot be split fails before anything starts
    suite_run = SuiteRun(template)
    with Servers(token) as suite:
        for name, scenario in SCENARIOS.items():
            if picked is not None and name not in picked:
                continue
            record = suite.begin(name)
            url = scenario.address(suite.origins)
            given = "" if "sign-in" in scenario.person else token  # signing in gets the token (N-201)
            try:
                ran = command.run(template, url, given, scenario.deadline, ",".join(scenario.person))
            finally:
                record.end()  # a voice session's peer, say: closed whatever the client did
            record.shown = read_shown(ran.stdout)
            suite.current = None
            unable = record.unable(scenario.person)
            results = tuple(
                result(name, check, judged(check, record, unable))
                for check in scenario.checks
                if picked is None or check.rule in picked[name]
            )
            done = ScenarioRun(
                name,
                scenario.summary,
                url,
                scenario.deadline,
                ran.code,
                ran.timed_out,
                ran.seconds,
                results,
                ran.stderr[-2000:].replace(token, "[token]"),
            )
            suite_run.scenarios.append(done)
            if progress is not None:
                progress(done)
    return suite_run
