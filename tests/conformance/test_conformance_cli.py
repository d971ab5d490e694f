"""The CLI: exit codes, JUnit XML, report files, baseline handling."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

import pytest
from click.testing import CliRunner
from talkie_conformance.cli import EXIT_CANNOT_RUN, EXIT_FINDINGS, EXIT_PASS, main

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

ServeFake = Callable[..., AbstractContextManager[str]]
QUICK = ("--only", "manifest,errors,status")


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["run", *args], catch_exceptions=False)
    return result.exit_code, result.output


def test_healthy_server_exits_zero_and_writes_every_report(
    fake: str, tmp_path: Path, fake_token: str
) -> None:
    junit, md, html, js = (tmp_path / name for name in ("r.xml", "r.md", "r.html", "r.json"))
    code, output = _run(
        fake,
        "--token",
        fake_token,
        *QUICK,
        "--junit",
        str(junit),
        "--report",
        str(md),
        "--report",
        str(html),
        "--report",
        str(js),
    )
    assert code == EXIT_PASS, output
    assert "PASSED" in output
    report = json.loads(js.read_text(encoding="utf-8"))
    assert report["passed"] is True
    assert {s["section"] for s in report["sections"]} == {"manifest", "errors", "status"}
    cases = ET.parse(junit).getroot().findall(".//testcase")
    assert len(cases) == len(report["findings"]) > 10
    assert {case.get("name") for case in cases} == {f"{f['rule']} {f['origin']}" for f in report["findings"]}
    assert not ET.parse(junit).getroot().findall(".//failure")
    assert "| §1 manifest |" in md.read_text(encoding="utf-8")
    assert html.read_text(encoding="utf-8").startswith("<!doctype html>")


def test_broken_server_exits_one_and_junit_names_the_rule(
    tmp_path: Path, serve_fake: ServeFake, fake_token: str
) -> None:
    junit, js = tmp_path / "r.xml", tmp_path / "r.json"
    with serve_fake({"ERR-001"}) as origin:
        code, output = _run(
            origin, "--token", fake_token, "--only", "errors", "--junit", str(junit), "--report", str(js)
        )
    assert code == EXIT_FINDINGS, output
    failures = ET.parse(junit).getroot().findall(".//testcase[failure]")
    assert failures
    assert {case.get("name", "").split()[0] for case in failures} == {"ERR-001"}
    report = json.loads(js.read_text(encoding="utf-8"))
    failing = [f for f in report["findings"] if f["verdict"] == "fail"]
    assert failing
    assert all(f["evidence"]["request"] and f["evidence"]["response"] for f in failing)


def test_unreachable_server_exits_two() -> None:
    code, output = _run("http://127.0.0.1:9", "--token", "x", "--timeout", "2")
    assert code == EXIT_CANNOT_RUN
    assert "cannot run" in output


def test_unknown_selection_exits_two(fake: str) -> None:
    code, output = _run(fake, "--only", "no-such-section")
    assert code == EXIT_CANNOT_RUN
    assert "no-such-section" in output


def test_bad_report_suffix_exits_two(fake: str, tmp_path: Path) -> None:
    code, _ = _run(fake, *QUICK, "--report", str(tmp_path / "report.txt"))
    assert code == EXIT_CANNOT_RUN


@pytest.mark.parametrize(
    ("breaks", "entries", "expected"),
    [
        ({"ERR-001"}, [{"rule": "ERR-001", "reason": "error bodies are being migrated"}], EXIT_PASS),
        (set(), [{"rule": "ERR-001", "reason": "fixed long ago"}], EXIT_FINDINGS),
        (set(), [{"rule": "ERR-999"}], EXIT_FINDINGS),
        ({"ERR-001"}, [{"rule": "ERR-006"}], EXIT_FINDINGS),
    ],
    ids=["accepted-failure", "stale-now-passing", "stale-unknown-rule", "other-rule-still-fails"],
)
def test_baseline(
    tmp_path: Path,
    breaks: set[str],
    entries: list[dict[str, str]],
    expected: int,
    serve_fake: ServeFake,
    fake_token: str,
) -> None:
    baseline = tmp_path / "baseline.json"
    baseline.write_text(json.dumps({"accepted": entries}), encoding="utf-8")
    report = tmp_path / "r.json"
    with serve_fake(breaks) as origin:
        code, output = _run(
            origin,
            "--token",
            fake_token,
            "--only",
            "errors",
            "--baseline",
            str(baseline),
            "--report",
            str(report),
        )
    assert code == expected, output
    findings = json.loads(report.read_text(encoding="utf-8"))["findings"]
    if expected == EXIT_PASS:
        accepted = [f for f in findings if f.get("accepted")]
        assert accepted
        assert {f["rule"] for f in accepted} == {"ERR-001"}
    if "stale" in str(entries) or not breaks:
        stale = [f for f in findings if f["section"] == "baseline"]
        assert [f["rule"] for f in stale] == [entries[0]["rule"]]


def test_console_script_against_the_mock(mock_origin: str, mock_token: str, tmp_path: Path) -> None:
    """The installed `talkie-conformance` command, as a CI step would run it."""
    junit = tmp_path / "junit.xml"
    completed = subprocess.run(
        [
            str(Path(sys.executable).parent / "talkie-conformance"),
            "run",
            mock_origin,
            "--token",
            mock_token,
            "--only",
            "manifest,status",
            "--junit",
            str(junit),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert completed.returncode == EXIT_PASS, completed.stdout + completed.stderr
    assert ET.parse(junit).getroot().findall(".//testcase")
