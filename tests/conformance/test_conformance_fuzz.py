"""Fuzz smoke: a healthy server gives zero failures and a rate; broken ones are caught by Talkie checks."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from talkie_conformance.cli import EXIT_FINDINGS, EXIT_PASS
from talkie_conformance.client import discover
from talkie_conformance.fuzz import FuzzConfig, adapt_to_manifest, fuzz, load_openapi

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

ServeFake = Callable[..., AbstractContextManager[str]]
# The fuzzing phase fills its share of the time limit, and the limit is a hard one that also covers loading
# the schema: 40 s leave room for that on a busy machine (with 15 s, a worker at a load of 30 ran no case at
# all). The other runs here end by their counts; their limits are only caps.
SMOKE = {"max_examples": 2, "seed": 7, "time_limit": 40.0, "phases": ("examples", "fuzzing")}


def test_fuzz_healthy_fake_reports_rate_and_no_failures(fake: str, fake_token: str) -> None:
    """As a CI job runs it: `talkie-conformance fuzz` in a process of its own (no state of earlier tests)."""
    command = [
        str(Path(sys.executable).with_name("talkie-conformance")),
        "fuzz",
        fake,
        "--token",
        fake_token,
        "--max-examples",
        str(SMOKE["max_examples"]),
        "--seed",
        str(SMOKE["seed"]),
        "--time-limit",
        str(int(SMOKE["time_limit"])),  # type: ignore[call-overload]
        "--phases",
        ",".join(SMOKE["phases"]),  # type: ignore[arg-type]
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    output = done.stdout + done.stderr
    assert done.returncode == EXIT_PASS, output
    counts = re.search(r"(\d+) cases \((\d+) Schemathesis, (\d+) state machine\)", output)
    assert counts is not None, output
    assert int(counts.group(2)) > 0, output
    assert int(counts.group(3)) > 0, output
    rate = re.search(r"([\d.]+) cases/s", output)
    assert rate is not None, output
    assert float(rate.group(1)) > 0, output


FRESH_FUZZ = """
import json, sys
from rich.console import Console
from talkie_conformance.fuzz import FuzzConfig, fuzz
config = FuzzConfig(**json.loads(sys.argv[1]))
report = fuzz(config, console=Console(quiet=True))
print(json.dumps([[f.origin, f.rule_id, f.basis] for f in report.failures]))
"""


def _failures_in_a_fresh_process(**config: Any) -> list[list[str | None]]:
    """`fuzz()` in a process of its own: in-process, after other tests of the same worker, Schemathesis once
    ran no case at all (an unexplained state left behind)."""
    config["phases"] = list(config["phases"])
    done = subprocess.run(
        [sys.executable, "-c", FRESH_FUZZ, json.dumps(config)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found: list[list[str | None]] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def test_fuzz_catches_a_broken_error_body(serve_fake: ServeFake, fake_token: str) -> None:
    with serve_fake({"ERR-001"}) as origin:
        failures = _failures_in_a_fresh_process(
            target=origin,
            token=fake_token,
            max_examples=1,
            time_limit=60.0,
            phases=("examples",),
            state_machine=False,
        )
    assert ["fuzz:talkie_error_body", "ERR-001"] in [f[:2] for f in failures], failures
    assert all(f[2] in {"specification", "inferred"} for f in failures if f[1] == "ERR-001")


def test_fuzz_state_machine_catches_a_conflict_accepted(serve_fake: ServeFake, fake_token: str) -> None:
    with serve_fake({"ACT-009"}) as origin:
        report = fuzz(
            FuzzConfig(target=origin, token=fake_token, max_examples=15, seed=3, time_limit=60.0, phases=()),
            console=Console(quiet=True),
        )
    conflicts = [f for f in report.failures if f.rule_id == "ACT-009"]
    assert conflicts, report.findings
    assert conflicts[0].origin == "statemachine"
    assert conflicts[0].evidence.endpoint == "decision"
    assert conflicts[0].evidence.status == 200


def test_openapi_paths_follow_the_manifest(fake: str) -> None:
    discovery = discover(fake)
    discovery.manifest["endpoints"] = {**discovery.manifest["endpoints"], "threads": "/v2/chat-threads"}
    del discovery.manifest["endpoints"]["voiceUsage"]
    adapted = adapt_to_manifest(load_openapi(), discovery)
    assert "/v2/chat-threads" in adapted["paths"]
    assert "/api/talkie/threads" not in adapted["paths"]
    assert not any(path.endswith("/usage") for path in adapted["paths"])
    assert adapted["servers"] == [{"url": fake}]


@pytest.mark.parametrize("broken", [False, True])
def test_fuzz_cli_exit_code(broken: bool, serve_fake: ServeFake, fake_token: str) -> None:
    """The exit code a CI job sees: the CLI in a process of its own (as `_failures_in_a_fresh_process`)."""
    with serve_fake({"ERR-001"} if broken else set()) as origin:
        arguments = ["fuzz", origin, "--token", fake_token, "--max-examples", "1", "--seed", "1"]
        arguments += ["--time-limit", "60", "--phases", "examples", "--no-state-machine"]
        executable = str(Path(sys.executable).with_name("talkie-conformance"))
        done = subprocess.run([executable, *arguments], capture_output=True, text=True, timeout=120)
    output = done.stdout + done.stderr
    assert done.returncode == (EXIT_FINDINGS if broken else EXIT_PASS), output
    assert "cases/s" in output


def test_fuzz_smoke_against_the_mock(mock_origin: str, mock_token: str) -> None:
    console = Console(record=True, width=200)
    report = fuzz(
        FuzzConfig(
            target=mock_origin,
            token=mock_token,
            max_examples=2,
            seed=11,
            time_limit=60.0,
            phases=("examples", "fuzzing"),
        ),
        console=console,
    )
    assert report.failures == [], report.findings
    assert report.cases_per_second > 0
    assert "cases/s" in console.export_text()


def test_a_crash_of_a_fuzz_check_is_an_error_of_the_suite() -> None:
    from talkie_conformance.findings import Verdict
    from talkie_conformance.fuzz import FuzzReport, schemathesis_finding
    from talkie_conformance.fuzz_checks import SUITE_ERROR

    crashed = schemathesis_finding(
        "talkie_error_body", "GET /api/talkie/threads", "Failed", f"{SUITE_ERROR}: boom"
    )
    assert crashed.verdict is Verdict.ERROR
    assert crashed.rule_id is None
    keys = {"GET /api/talkie/threads": "threads"}
    judged = schemathesis_finding(
        "talkie_error_body", "GET /api/talkie/threads", "Failed", "ERR-003: x", keys
    )
    assert (judged.rule_id, judged.verdict) == ("ERR-003", Verdict.FAIL)
    assert judged.evidence.request_line() == "GET threads /api/talkie/threads"
    report = FuzzReport(findings=[crashed])
    assert report.errored
    assert report.failures == []


def test_a_fuzz_check_that_raises_makes_the_run_a_suite_error(
    monkeypatch: pytest.MonkeyPatch, fake: str, fake_token: str
) -> None:
    import talkie_conformance.fuzz_checks as fuzz_checks

    def broken(response: object) -> str:
        raise TypeError("a bug in the suite")

    monkeypatch.setattr(fuzz_checks, "_content_type", broken)
    config = FuzzConfig(target=fake, token=fake_token, max_examples=1, time_limit=60.0, phases=("examples",))
    report = fuzz(replace(config, state_machine=False), console=Console(quiet=True))
    assert report.errored
    assert any("TypeError: a bug in the suite" in f.message for f in report.findings)
    assert report.failures == []


def test_an_operation_schemathesis_cannot_test_is_an_error_of_the_run(
    fake: str, fake_token: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Never a silent zero: an operation Schemathesis gives up on is reported, and the run is an error."""
    import schemathesis.engine
    from schemathesis.engine import events

    class GivesUp:
        def __init__(self, schema: object) -> None:
            self.schema = schema

        def execute(self) -> Any:
            yield events.NonFatalError(
                error=ConnectionError("connection refused"),
                phase=None,
                label="GET /api/talkie/threads",
                related_to_operation=True,
            )

    monkeypatch.setattr(schemathesis.engine, "from_schema", GivesUp)
    config = FuzzConfig(target=fake, token=fake_token, max_examples=1, time_limit=60.0, phases=("examples",))
    report = fuzz(replace(config, state_machine=False), console=Console(quiet=True))
    assert report.errored
    errors = [f for f in report.findings if f.origin == "fuzz" and "could not test" in f.message]
    assert errors, report.findings
    assert "GET /api/talkie/threads: ConnectionError: connection refused" in errors[0].message


def test_only_text_of_the_server_that_no_request_can_carry_is_its_fault() -> None:
    """A lone surrogate (a Python error, or folded into jsonschema-rs' message) is the server's; a bug not."""
    import jsonschema_rs
    from talkie_conformance.fuzz import _server_text_fault

    with pytest.raises(ValueError, match="UTF-8") as folded:
        jsonschema_rs.validator_for({"const": "t\ud800"})
    assert _server_text_fault(folded.value)

    def build() -> None:
        try:
            "t\ud800".encode()
        except UnicodeEncodeError as exc:
            raise RuntimeError("could not build the request") from exc

    with pytest.raises(RuntimeError) as chained:
        build()
    assert _server_text_fault(chained.value)
    assert not _server_text_fault(ValueError("invalid literal for int() with base 10: 'x'"))
    assert not _server_text_fault(ConnectionError("connection refused"))


def _fuzz_cli_with_reports(origin: str, token: str, folder: Path) -> tuple[int, dict[str, Any], ET.Element]:
    """`fuzz` as a CI job runs it, with `--junit` and `--report`: the exit code and both files, read."""
    folder.mkdir()
    junit, report = folder / "junit.xml", folder / "report.json"
    arguments = ["fuzz", origin, "--token", token, "--max-examples", "2", "--seed", "5", "--time-limit", "90"]
    arguments += ["--phases", "examples,fuzzing", "--junit", str(junit), "--report", str(report)]
    arguments += ["--report", str(folder / "report.md")]
    executable = str(Path(sys.executable).with_name("talkie-conformance"))
    done = subprocess.run([executable, *arguments], capture_output=True, text=True, timeout=240)
    assert "Traceback" not in done.stdout + done.stderr, done.stdout[-3000:]
    document: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    assert (folder / "report.md").read_text(encoding="utf-8").startswith("# talkie/1 conformance")
    return done.returncode, document, ET.fromstring(junit.read_bytes())


def test_one_hypothesis_seed_gives_the_same_verdicts_on_fresh_servers_with_reports(
    serve_fake: ServeFake, fake_token: str, tmp_path: Path
) -> None:
    """Two `fuzz` runs of one seed, each against a fresh (broken) server: the same verdicts, each written to
    JUnit and a JSON report, every failure with a curl line that sends its request to the server itself."""
    runs = []
    for name in ("first", "second"):
        with serve_fake({"ERR-001"}) as origin:
            runs.append((origin, *_fuzz_cli_with_reports(origin, fake_token, tmp_path / name)))
    verdicts = [
        sorted({(f.get("origin"), f["rule"], f["verdict"]) for f in document["findings"]})
        for _, _, document, _ in runs
    ]
    assert verdicts[0] == verdicts[1]
    for origin, code, document, junit in runs:
        assert code == EXIT_FINDINGS
        failed = [f for f in document["findings"] if f["verdict"] == "fail"]
        assert any(f["rule"] == "ERR-001" for f in failed), failed
        assert int(junit.get("failures", "0")) == len(failed)
        for finding in failed:
            curl = finding["evidence"]["request"]
            assert curl.startswith("curl -X "), finding
            assert origin in curl, curl
            assert fake_token not in curl, curl
            assert "$TALKIE_TOKEN" in curl, curl


def test_a_curl_line_names_the_token_and_never_shows_it() -> None:
    import shlex

    from talkie_conformance.relay import curl_line

    headers = {"Authorization": "Bearer s3cret-token", "Content-Type": "application/json", "X-Other": "x"}
    line = curl_line("POST", "http://127.0.0.1:9/api/talkie/run", headers, b'{"text": "it\'s"}')
    assert "s3cret-token" not in line
    words = shlex.split(line)
    assert words[:4] == ["curl", "-X", "POST", "http://127.0.0.1:9/api/talkie/run"]
    assert "Authorization: Bearer $TALKIE_TOKEN" in words
    assert words[words.index("-d") + 1] == '{"text": "it\'s"}'
    assert "X-Other: x" not in words


def test_a_health_check_is_the_setups_warning_never_a_suite_error() -> None:
    from hypothesis.errors import FailedHealthCheck
    from talkie_conformance.findings import Verdict
    from talkie_conformance.fuzz import FuzzReport, _health_finding

    stopped = FailedHealthCheck("filter_too_much: 50 inputs filtered")
    finding = _health_finding("POST /api/talkie/run", stopped)
    assert finding.outcome is Verdict.WARN
    assert "setup" in finding.message
    assert "filter_too_much" in finding.message
    report = FuzzReport(findings=[finding])
    assert not report.errored
    assert report.failures == []


def test_each_fuzz_run_keeps_the_ids_it_makes_up_apart() -> None:
    from types import SimpleNamespace

    from talkie_conformance.fuzz import keep_apart

    body = {"threadId": "t_1", "runId": "r_1", "messages": [{"id": "m_1"}, {"id": ""}, {"id": 7}]}
    case = SimpleNamespace(body=body, path_parameters={"runId": "r_1-s5-ab", "threadId": "t_9"})
    keep_apart(case, "-s5-ab")
    keep_apart(case, "-s5-ab")  # once only: an id taken from an earlier answer keeps its suffix
    assert body == {
        "threadId": "t_1-s5-ab",
        "runId": "r_1-s5-ab",
        "messages": [{"id": "m_1-s5-ab"}, {"id": ""}, {"id": 7}],  # a negative case stays negative
    }
    assert case.path_parameters == {"runId": "r_1-s5-ab", "threadId": "t_9"}  # a server's thread id as is
