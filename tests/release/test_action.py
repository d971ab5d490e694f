"""The GitHub Action for server teams (`action/`): its step run here as the runner would run it.

What must hold: against the mock, the step runs `talkie-conformance run` and `fuzz`, writes a JUnit file for
each with real test cases, the suite's reports, a Markdown job summary into $GITHUB_STEP_SUMMARY and
`status=passed` into $GITHUB_OUTPUT, and exits 0. Against a server that breaks rules it exits 1, names each
failed rule in an `::error` annotation and in the summary, and the server's text cannot issue a workflow
command (the suite's output runs between `::stop-commands::` markers).
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import httpx
import pytest
import served

ROOT = Path(__file__).resolve().parents[2]
STEP = ROOT / "action" / "conformance_step.py"
TOKEN = "tk_action_token"
SECOND = "tk_action_second"

pytestmark = pytest.mark.slow


def _step(tmp_path: Path, url: str, **inputs: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    """The Action's step with its inputs as the runner passes them; returns the result and the reports."""
    summary, output, reports = tmp_path / "summary.md", tmp_path / "output", tmp_path / "reports"
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "TALKIE_URL": url,
        "TALKIE_TOKEN": TOKEN,
        "TALKIE_REPORTS": str(reports),
        "GITHUB_STEP_SUMMARY": str(summary),
        "GITHUB_OUTPUT": str(output),
        **inputs,
    }
    result = subprocess.run(
        [sys.executable, str(STEP)], env=env, capture_output=True, text=True, timeout=600, check=False
    )
    return result, reports


def _cases(junit: Path) -> list[ET.Element]:
    return list(ET.parse(junit).getroot().iter("testcase"))


def test_the_step_passes_the_mock_with_junit_and_a_summary(tmp_path: Path) -> None:
    with served.serving_memory(token=TOKEN, extra=("--token", SECOND)) as origin:
        result, reports = _step(
            tmp_path,
            origin,
            TALKIE_SECOND_TOKEN=SECOND,
            TALKIE_FUZZ_MAX_EXAMPLES="2",
            TALKIE_FUZZ_TIME_LIMIT="60",
        )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    run_cases = _cases(reports / "run.xml")
    assert len(run_cases) > 50
    assert not [case for case in run_cases if case.find("failure") is not None]
    fuzz_cases = _cases(reports / "fuzz.xml")
    assert fuzz_cases
    assert not [case for case in fuzz_cases if case.find("failure") is not None]
    document = json.loads((reports / "run.json").read_text())
    assert document["passed"] is True
    isolation = [f for f in document["findings"] if f.get("rule") == "ERR-014"]
    assert isolation, "the two users' checks ran"
    assert all(f["verdict"] == "pass" for f in isolation), isolation
    summary = (tmp_path / "summary.md").read_text()
    assert summary == (reports / "summary.md").read_text()
    assert f"## talkie/1 conformance: `{origin}`" in summary
    assert "| `talkie-conformance run` | ✅ passed |" in summary
    assert "| `talkie-conformance fuzz` | ✅ passed |" in summary
    assert "### Failures" not in summary
    assert "No second-token" not in summary
    assert (tmp_path / "output").read_text() == "status=passed\n"


class _BrokenManifest(BaseHTTPRequestHandler):
    """A server whose manifest breaks rules, with a workflow command in the broken member."""

    manifest: ClassVar[dict[str, Any]] = {}

    def log_message(self, format: str, *args: Any) -> None:
        """Silent."""

    def do_GET(self) -> None:
        found = self.path.split("?", 1)[0] == "/.well-known/talkie.json"
        body = json.dumps(self.manifest).encode() if found else b'{"error": {"code": "not_found"}}'
        self.send_response(200 if found else 404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextlib.contextmanager
def _broken_server() -> Iterator[str]:
    """The mock's manifest served by a server that implements nothing else, its accent colour a command."""
    with served.serving_memory(token=TOKEN) as mock:
        manifest = httpx.get(f"{mock}/.well-known/talkie.json", timeout=10).json()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _BrokenManifest)
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    manifest.update(issuer=origin, serverId=origin.removeprefix("http://"))
    manifest["brand"]["accent"] = "::set-output name=status::passed"
    _BrokenManifest.manifest = manifest
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield origin
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


def test_failures_fail_the_step_and_are_annotated(tmp_path: Path) -> None:
    with _broken_server() as origin:
        result, reports = _step(tmp_path, origin, TALKIE_FUZZ="false", TALKIE_ONLY="manifest")
    assert result.returncode == 1, result.stdout[-4000:] + result.stderr[-2000:]
    errors = [line for line in result.stdout.splitlines() if line.startswith("::error title=run ")]
    assert any(line.startswith("::error title=run MAN-016::") for line in errors), errors
    # between the markers the suite's own output, workflow commands off; outside them only our annotations
    lines = result.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("::stop-commands::"))
    marker = lines[start].removeprefix("::stop-commands::")
    end = lines.index(f"::{marker}::")
    assert not [
        line for line in lines[end + 1 :] if line.startswith("::") and not line.startswith("::error ")
    ]
    assert [case for case in _cases(reports / "run.xml") if case.find("failure") is not None]
    summary = (tmp_path / "summary.md").read_text()
    assert "| `talkie-conformance run` | ❌ failed |" in summary
    assert "### Failures" in summary
    assert "| run | MAN-016 |" in summary
    assert "fuzz" not in summary.split("### Failures")[0]
    assert (tmp_path / "output").read_text() == "status=failed\n"
