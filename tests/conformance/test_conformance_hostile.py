"""`talkie-conformance run` and `fuzz` against servers that misbehave on purpose end by themselves, bounded.

Each case starts `tests/support/hostile_server.py` in one mode and the CLI as a child process with small
limits (`--timeout 2 --stream-timeout 3` and a short `--time-limit`). The promise of a CI tool is that the
run ends by itself within its stated limit, so the child is killed only at that limit plus a generous
margin, and a kill fails the test; nothing else is timed. Its peak RSS is the child's own high-water mark
(`VmHWM`, read by the child as it exits), and must stay under its figure: `wait4`'s `ru_maxrss` will not do,
since Linux carries the parent's resident size across `exec` into it, so a grown pytest worker would be
blamed on the child. The verdict must name the server's fault and the limit or rule it broke, and the
reports must be valid UTF-8 (and valid XML and JSON) whatever bytes the server sent.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from talkie_conformance.limits import FUZZ_PEAK_MB

HOSTILE = Path(__file__).resolve().parents[1] / "support" / "hostile_server.py"
LIMITS = ["--timeout", "2", "--stream-timeout", "3"]
RUN_LIMIT = 10.0
FUZZ_LIMIT = 12.0
MARGIN = 60.0  # interpreter start-up and shutdown on a loaded machine; the run itself keeps its limit
LONG_LIMIT = 600.0  # a time limit these runs must not need: they stop on their own long before
STOPPED = "not run: the server stopped answering"
MAX_RSS_MB = 500.0  # `run`
ALL_MODES = (
    "endless",
    "pings",
    "drip",
    "drip-event",
    "silence",
    "huge",
    "events",
    "surrogates",
    "invalid-utf8",
    "garbage",
    "big-headers",
)

pytestmark = pytest.mark.slow


@dataclass
class Ended:
    """How a child run ended: its exit code, output, and peak memory."""

    returncode: int
    stdout: str
    peak_rss_mb: float


@contextmanager
def hostile(mode: str) -> Iterator[str]:
    """A hostile server in `mode`; yields its origin and always stops it."""
    process = subprocess.Popen(
        [sys.executable, str(HOSTILE), mode], stdout=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # the server prints its port once it listens
        assert line.startswith("listening "), line
        yield f"http://127.0.0.1:{line.split()[1]}"
    finally:
        process.kill()
        process.wait(30)
        if process.stdout is not None:
            process.stdout.close()


# The CLI as `python -m talkie_conformance.cli`, which writes its own peak resident size as it exits.
MEASURED_CLI = """
import atexit, runpy, sys

def peak(path: str = sys.argv[1]) -> None:
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            open(path, "w").write(line.split()[1])

atexit.register(peak)
sys.argv = ["talkie-conformance", *sys.argv[2:]]
runpy.run_module("talkie_conformance.cli", run_name="__main__", alter_sys=True)
"""


def run_cli(arguments: list[str], limit: float, workdir: Path) -> Ended:
    """Run the CLI as a child; kill it (and fail) only if it outlives `limit` + MARGIN."""
    out, peak = workdir / "stdout.txt", workdir / "peak-kb.txt"
    with out.open("w") as sink:
        child = subprocess.Popen(
            [sys.executable, "-c", MEASURED_CLI, str(peak), *arguments],
            stdout=sink,
            stderr=subprocess.STDOUT,
            env={**os.environ, "COLUMNS": "200"},
        )
    kill_at = time.monotonic() + limit + MARGIN
    while True:
        pid, status = os.waitpid(child.pid, os.WNOHANG)
        if pid == child.pid:
            break
        if time.monotonic() > kill_at:
            os.kill(child.pid, signal.SIGKILL)
            os.waitpid(child.pid, 0)
            pytest.fail(
                f"killed: still running {limit + MARGIN:.0f} s after start\n{out.read_text()[-3000:]}"
            )
        time.sleep(0.2)
    child.returncode = os.waitstatus_to_exitcode(status)
    return Ended(child.returncode, out.read_text(encoding="utf-8"), int(peak.read_text()) / 1024)


def run_against(
    mode: str, tmp_path: Path, extra: list[str] | None = None, limit: float = RUN_LIMIT
) -> tuple[Ended, dict[str, Any]]:
    """`run` against a hostile server with every report format; the JSON report, checked valid."""
    reports = {suffix: tmp_path / f"report.{suffix}" for suffix in ("json", "md", "html")}
    junit = tmp_path / "junit.xml"
    with hostile(mode) as origin:
        arguments = ["run", origin, "--token", "t", *LIMITS, *(extra or []), "--time-limit", str(limit)]
        arguments += ["--junit", str(junit)]
        for path in reports.values():
            arguments += ["--report", str(path)]
        ended = run_cli(arguments, limit, tmp_path)
    assert "Traceback" not in ended.stdout, ended.stdout[-3000:]
    assert ended.returncode == 1, ended.stdout[-3000:]  # findings: the server's fault, not the suite's
    assert ended.peak_rss_mb < MAX_RSS_MB
    for path in [junit, *reports.values()]:
        text = path.read_bytes().decode("utf-8")  # strict: every report is valid UTF-8
        assert text.strip(), path
    ET.fromstring(junit.read_bytes())
    document: dict[str, Any] = json.loads(reports["json"].read_text(encoding="utf-8"))
    assert document["suiteError"] is False, [f for f in document["findings"] if f["verdict"] == "error"]
    return ended, document


def failures(document: dict[str, Any]) -> list[str]:
    return [str(f["message"]) for f in document["findings"] if f["verdict"] == "fail"]


@pytest.mark.parametrize(
    ("mode", "extra", "named"),
    [
        # the stream deadline is long here, so that the event cap is what must stop the stream
        ("endless", ["--stream-timeout", "60"], "limit --max-events 10000"),
        ("events", ["--stream-timeout", "60"], "limit --max-events 10000"),
        ("pings", [], "within 3 s (the suite's limit --stream-timeout 3)"),
        ("drip", [], "within 2 s (the suite's limit --timeout 2)"),
        ("drip-event", [], "within 3 s (the suite's limit --stream-timeout 3)"),
        ("silence", [], "no answer within 2 s (the suite's limit --timeout 2)"),
        ("huge", [], "larger than 8388608 bytes (the suite's limit --max-body 8388608)"),
    ],
)
def test_run_ends_by_itself_and_names_the_limit_the_server_broke(
    mode: str, extra: list[str], named: str, tmp_path: Path
) -> None:
    _, document = run_against(mode, tmp_path, extra)
    hits = [message for message in failures(document) if named in message]
    assert hits, failures(document)
    assert all(message.startswith("the server made the check hit a limit") for message in hits)


def test_run_stops_once_the_server_stopped_answering(tmp_path: Path) -> None:
    """A silent server: after a few checks without any answer the run stops, long before its time limit."""
    ended, document = run_against("silence", tmp_path, limit=LONG_LIMIT)
    assert (
        "stopped early: the server stopped answering: 3 checks in a row got no answer to any request"
        in ended.stdout
    )
    by_check: dict[str, list[str]] = {}
    for finding in document["findings"]:
        by_check.setdefault(finding["origin"], []).append(finding["message"])
    not_run = [name for name, messages in by_check.items() if messages[0].startswith(STOPPED)]
    unanswered = [
        name for name, messages in by_check.items() if any("no answer within" in m for m in messages)
    ]
    assert len(unanswered) == 3, unanswered
    after = list(by_check)[list(by_check).index(unanswered[-1]) + 1 :]  # the checks after the third silence
    assert after
    assert not_run == after
    assert "--time-limit" not in " ".join(m for messages in by_check.values() for m in messages)


def test_a_stream_kept_open_after_its_last_event_holds_no_check_up(tmp_path: Path) -> None:
    """Every run stream ends with RUN_FINISHED and stays open: no check waits for it or fails for it."""
    _, document = run_against("linger", tmp_path, ["--stream-timeout", "60"], limit=LONG_LIMIT)
    messages = [str(f["message"]) for f in document["findings"]]
    # (a check that wants an error and gets this stream instead reads it as an answer, within --timeout)
    assert not [m for m in messages if "--stream-timeout" in m or "never ended" in m]
    lifecycle = [f for f in document["findings"] if f["origin"] == "run_stream_lifecycle"]
    assert lifecycle
    assert all(f["verdict"] != "skip" for f in lifecycle), lifecycle


def test_run_against_a_huge_manifest_fails_its_64_kb_rule(tmp_path: Path) -> None:
    _, document = run_against("huge-manifest", tmp_path)
    size = [f for f in document["findings"] if f["rule"] == "MAN-021"]
    assert [f["verdict"] for f in size] == ["fail"], size
    assert "Manifest size ≤ 64 kB" in size[0]["message"]


def test_lone_surrogates_are_findings_escaped_in_every_report(tmp_path: Path) -> None:
    _, document = run_against("surrogates", tmp_path)
    for suffix in ("json", "md", "html"):
        assert "\\ud800" in (tmp_path / f"report.{suffix}").read_text(encoding="utf-8")
    assert "\\ud800" in (tmp_path / "junit.xml").read_text(encoding="utf-8")
    assert failures(document)


def test_invalid_utf8_is_findings_escaped_in_every_report(tmp_path: Path) -> None:
    _, document = run_against("invalid-utf8", tmp_path)
    assert "\\xff\\xfe" in (tmp_path / "report.md").read_text(encoding="utf-8")
    assert failures(document)


def fuzz_against(mode: str, tmp_path: Path, extra: list[str] | None = None) -> tuple[Ended, dict[str, Any]]:
    """`fuzz` against a hostile server with `--junit` and a JSON report; the report, checked valid."""
    junit, report = tmp_path / "junit.xml", tmp_path / "report.json"
    with hostile(mode) as origin:
        arguments = ["fuzz", origin, "--token", "t", *LIMITS, "--time-limit", str(FUZZ_LIMIT)]
        arguments += ["--max-examples", "3", "--junit", str(junit), "--report", str(report), *(extra or [])]
        ended = run_cli(arguments, FUZZ_LIMIT, tmp_path)
    assert "Traceback" not in ended.stdout, ended.stdout[-3000:]
    ET.fromstring(junit.read_bytes())
    document: dict[str, Any] = json.loads(report.read_bytes().decode("utf-8"))
    return ended, document


@pytest.mark.parametrize("mode", ALL_MODES)
def test_fuzz_ends_by_itself_under_its_memory_figure_and_writes_its_reports(
    mode: str, tmp_path: Path
) -> None:
    ended, document = fuzz_against(mode, tmp_path)
    assert "FlakyFailure" not in ended.stdout, ended.stdout[-3000:]
    assert "SUITE ERROR" not in ended.stdout, ended.stdout[-3000:]
    assert ended.returncode in (0, 1), ended.stdout[-3000:]
    assert document["suiteError"] is False, [f for f in document["findings"] if f["verdict"] == "error"]
    assert ended.peak_rss_mb < FUZZ_PEAK_MB


@pytest.mark.parametrize("mode", ["garbage", "big-headers"])
def test_fuzz_against_a_server_that_stops_speaking_http_fails_the_server(mode: str, tmp_path: Path) -> None:
    """Every finding blames the server, so the run ends with exit 1, the server's failures, never a suite
    error; each failure carries a curl line that sends its request to the server again."""
    ended, document = fuzz_against(mode, tmp_path)
    assert ended.returncode == 1, ended.stdout[-3000:]
    failed = failures(document)
    assert any("the server broke the connection" in message for message in failed), failed
    assert "reproduce: curl -X " in ended.stdout, ended.stdout[-3000:]


@pytest.mark.parametrize("command", ["run", "fuzz"])
def test_a_manifest_redirect_loop_is_a_setup_error_written_to_every_file(
    command: str, tmp_path: Path
) -> None:
    junit, report = tmp_path / "junit.xml", tmp_path / "report.json"
    with hostile("redirect-loop") as origin:
        arguments = [command, origin, "--token", "t", *LIMITS, "--time-limit", str(RUN_LIMIT)]
        ended = run_cli([*arguments, "--junit", str(junit), "--report", str(report)], RUN_LIMIT, tmp_path)
    assert ended.returncode == 2, ended.stdout[-3000:]
    assert "redirects" in ended.stdout
    errors = ET.fromstring(junit.read_bytes()).findall(".//error")
    assert [error.get("type") for error in errors] == ["setup error"]
    assert "redirects" in str(errors[0].get("message"))
    document = json.loads(report.read_text(encoding="utf-8"))
    assert document["passed"] is False
    assert "redirects" in document["setupError"]


def test_fuzz_against_a_silent_server_says_it_never_answered(tmp_path: Path) -> None:
    with hostile("silence") as origin:
        arguments = ["fuzz", origin, "--token", "t", *LIMITS, "--time-limit", str(FUZZ_LIMIT)]
        ended = run_cli([*arguments, "--max-examples", "3"], FUZZ_LIMIT, tmp_path)
    assert ended.returncode == 1, ended.stdout[-3000:]
    # the limit named is the request's own deadline, or the run's time limit when that came first
    named = r"the server never answered: .*\(the suite's limit --(timeout 2|stream-timeout 3|time-limit 12)\)"
    assert re.search(named, ended.stdout), ended.stdout[-3000:]


def test_fuzz_against_a_huge_manifest_fails_its_64_kb_rule(tmp_path: Path) -> None:
    with hostile("huge-manifest") as origin:
        arguments = ["fuzz", origin, "--token", "t", *LIMITS, "--time-limit", str(FUZZ_LIMIT)]
        ended = run_cli(arguments, FUZZ_LIMIT, tmp_path)
    assert ended.returncode == 1, ended.stdout[-3000:]
    assert "MAN-021" in ended.stdout
    assert ended.peak_rss_mb < MAX_RSS_MB
