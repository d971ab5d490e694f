"""Schemathesis over the OpenAPI document against a real `talkie-mock serve`: no failure of any kind.

The run uses the Schemathesis CLI (exactly what a developer would type) on the 3.2 bundle, whose run stream
has an `itemSchema`, so Schemathesis itself validates each SSE event's JSON through `contentSchema`. All four
phases run (examples, coverage, fuzzing, stateful over the document's links) with every built-in check.

This module is also the Schemathesis hooks file of that run (`SCHEMATHESIS_HOOKS`). Loaded there, it imports
talkie-conformance's Schemathesis checks (§3 error body on every non-2xx answer; each run-stream event a valid
StreamEvent in a well-formed lifecycle; card URLs) and adds one of its own, `talkie_fuzz_tally`: every run
stream must be read to its end, LF-framed, with the runId the request sent, and every judged response is
tallied in the file named by `TALKIE_FUZZ_TALLY`, so the test can prove the checks saw error bodies and
streams (a check that never runs cannot fail).
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import schemathesis
import served
from talkie_models.sse import SSEDecoder

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec" / "generated" / "openapi.bundled.yaml"
TOKEN = "tk_fuzz_token"
TALLY_ENV = "TALKIE_FUZZ_TALLY"

# Bounds: the whole module stays well under a minute on two shared cores, and a fixed seed with
# derandomized generation makes every CI run send the same requests.
CONFIG = """
# one worker: Hypothesis parses lambda sources with `ast`, which is not thread-safe on Python 3.11
workers = 1
max-stream-events = 10000
request-timeout = 20

[generation]
max-examples = {max_examples}
# derandomized: the same requests on every run, so CI is stable (the seed is then unused)
deterministic = true
database = "none"

[phases.stateful]
max-steps = {max_steps}

[checks.positive_data_acceptance]
# 410 `expired`: a schema-valid call on a voice session that an earlier generated `final: true` closed.
expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "410", "429", "5xx"]
"""


# -- the extra check of this run -------------------------------------------------------------------------


def header(headers: Mapping[str, Any], name: str) -> str:
    """One header value from a Schemathesis (lists) or plain mapping; '' when absent."""
    value = headers.get(name.lower(), headers.get(name, ""))
    if isinstance(value, list):
        return str(value[0]) if value else ""
    return str(value)


def stream_problems(body: bytes, run_id: str | None) -> tuple[list[str], int]:
    """What the conformance checks leave out: LF framing, a complete last frame, the echoed runId."""
    if b"\r" in body:
        return ["the stream uses CR line ends; AG-UI clients split frames on LF only"], 0
    if body and not body.endswith(b"\n\n"):
        return [f"the stream does not end with a complete frame: ...{body[-80:]!r}"], 0
    events = [json.loads(m.data) for m in SSEDecoder().feed(body)]
    first: dict[str, Any] = events[0] if events and isinstance(events[0], dict) else {}
    if run_id is not None and first.get("type") == "RUN_STARTED" and first.get("runId") != run_id:
        return [f"RUN_STARTED carries runId {first.get('runId')!r}, the request sent {run_id!r}"], len(events)
    return [], len(events)


def talkie_fuzz_tally(
    ctx: schemathesis.CheckContext, response: schemathesis.Response, case: schemathesis.Case[Any]
) -> None:
    """Counts what the Talkie checks judged, and requires every run stream to be read to its end."""
    path = os.environ[TALLY_ENV]
    if not 200 <= response.status_code < 300:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(f"error {response.status_code}\n")
        return
    if not header(response.headers, "content-type").startswith("text/event-stream"):
        return
    if response.stream_cut_short:
        raise AssertionError("the run stream did not end within the read limits (every stream must end)")
    body = case.body if isinstance(case.body, dict) else {}
    sent = body.get("runId")
    problems, count = stream_problems(response.content, sent if isinstance(sent, str) else None)
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(f"stream {count}\n")
    if problems:
        raise AssertionError("; ".join(problems))


if os.environ.get(TALLY_ENV):  # loaded by the Schemathesis CLI as its hooks file; pytest itself stays clean
    import talkie_conformance.fuzz_checks  # registers talkie_error_body, talkie_run_stream, talkie_card_urls

    assert talkie_conformance.fuzz_checks.TALKIE_CHECKS
    schemathesis.check(talkie_fuzz_tally)


GOOD_STREAM = (
    b'data: {"type":"RUN_STARTED","threadId":"t_1","runId":"r_1"}\n\n'
    b": ping\n\n"
    b'data: {"type":"RUN_FINISHED","threadId":"t_1","runId":"r_1"}\n\n'
)


def test_stream_problems() -> None:
    assert stream_problems(GOOD_STREAM, "r_1") == ([], 2)
    assert "CR line ends" in stream_problems(GOOD_STREAM.replace(b"\n", b"\r\n"), None)[0][0]
    assert "complete frame" in stream_problems(GOOD_STREAM[:-1], None)[0][0]
    assert "runId" in stream_problems(GOOD_STREAM, "r_2")[0][0]


# -- the fuzzing run itself --------------------------------------------------------------------------------


@contextlib.contextmanager
def serve(log_path: Path, *extra: str) -> Iterator[str]:
    """`talkie-mock serve` in its own process on a free loopback port, state in memory, stopped afterwards."""
    argv = served.command(":memory:", "--slow-seconds", "1", *extra, token=TOKEN, locale="en")
    with log_path.open("w") as log:
        process, banner = served.launch(argv, stderr=log)
    try:
        served.wait_ready(banner.origin, seconds=15)
        yield banner.origin
    finally:
        served.stop(process)


def schemathesis_run(origin: str, workdir: Path, phases: str, max_examples: int) -> tuple[int, str, Path]:
    """The Schemathesis CLI against `origin`: exit code, its report, and the tally file of the checks."""
    config = workdir / "schemathesis.toml"
    config.write_text(CONFIG.format(max_examples=max_examples, max_steps=40))
    tally = workdir / "tally.txt"
    # this module is the hooks file: the CLI imports it, and with it tests/support (where `served` lives)
    support = os.pathsep.join(filter(None, [str(Path(served.__file__).parent), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "SCHEMATHESIS_HOOKS": __file__, TALLY_ENV: str(tally), "NO_COLOR": "1"}
    env["PYTHONPATH"] = support
    command = [
        sys.executable,
        "-m",
        "schemathesis.cli",
        "--config-file",
        str(config),
        "run",
        str(SPEC),
        "--url",
        origin,
        "--header",
        f"Authorization: Bearer {TOKEN}",
        "--phases",
        phases,
        "--checks",
        "all",
        "--warnings",
        "off",
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=240, cwd=workdir, env=env)
    return result.returncode, result.stdout + result.stderr, tally


def test_schemathesis_finds_nothing(tmp_path: Path) -> None:
    log = tmp_path / "mock.log"
    with serve(log, "--self-check") as origin:
        code, report, tally = schemathesis_run(origin, tmp_path, "examples,coverage,fuzzing,stateful", 60)
    errors = [line for line in log.read_text().splitlines() if "Traceback" in line or "self-check" in line]
    assert errors == [], f"the mock logged errors, see {log}"
    assert code == 0, report
    assert "13 selected / 13 total" in report, report
    for phase in ("Examples", "Coverage", "Fuzzing", "Stateful"):
        assert f"✅ {phase}" in report, report
    lines = [line.split() for line in tally.read_text().splitlines()]
    seen = Counter(kind for kind, _ in lines)
    statuses = {int(value) for kind, value in lines if kind == "error"}
    events = sum(int(value) for kind, value in lines if kind == "stream")
    # the checks really ran: many error bodies of several kinds, and streams with their events
    assert seen["error"] > 500, seen
    assert {400, 404, 405} <= statuses, statuses
    assert seen["stream"] > 5, seen
    assert events > 3 * seen["stream"], (seen, events)


@pytest.mark.parametrize(
    ("rule", "check"),
    [("ERR-001", "talkie_error_body"), ("RUN-014", "talkie_run_stream")],
)
def test_the_same_run_fails_on_a_mock_that_breaks_a_rule(tmp_path: Path, rule: str, check: str) -> None:
    """The run can fail: a mock started with `--break` is caught by the Talkie check for that rule."""
    with serve(tmp_path / "mock.log", "--break", rule) as origin:
        code, report, _ = schemathesis_run(origin, tmp_path, "examples,coverage", 5)
    assert code == 1, report
    assert check in report, report
