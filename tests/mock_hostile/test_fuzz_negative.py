"""Schemathesis with negative data, all phases, on the talkie/1 API and on the control API: no 5xx, no hang.

`--mode negative` makes every generated request violate its schema (wrong types, missing members, bad
formats, odd path and query values), which is what a buggy client sends. Both runs go against a real
`talkie-mock serve` (its own server per run) with every built-in check; the control API run authenticates
with the developer secret from the banner, and Schemathesis's `ignored_auth` check proves the secret is
required. Bounded in examples and time so the module stays well under a minute on a quiet machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hostile import TOKEN, serving

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

ROOT = Path(__file__).resolve().parents[2]
TALKIE_SPEC = ROOT / "spec" / "generated" / "openapi.bundled.yaml"
CONTROL_SPEC = ROOT / "mock" / "src" / "talkie_mock" / "devtools" / "control-api.yaml"
CONFIG = """
workers = 1
request-timeout = 20
max-stream-events = 10000

[generation]
max-examples = {max_examples}
deterministic = true
database = "none"

[phases.stateful]
max-steps = 10
"""


def schemathesis(spec: Path, origin: str, token: str, workdir: Path, max_examples: int) -> tuple[int, str]:
    config = workdir / "schemathesis.toml"
    config.write_text(CONFIG.format(max_examples=max_examples))
    command = [
        sys.executable,
        "-m",
        "schemathesis.cli",
        "--config-file",
        str(config),
        "run",
        str(spec),
        "--url",
        origin,
        "--header",
        f"Authorization: Bearer {token}",
        "--mode",
        "negative",
        "--phases",
        "examples,coverage,fuzzing,stateful",
        "--checks",
        "not_a_server_error,negative_data_rejection,response_headers_conformance,ignored_auth",
        "--warnings",
        "off",
    ]
    env = {**os.environ, "NO_COLOR": "1"}
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=workdir, env=env)
    return done.returncode, done.stdout + done.stderr


@pytest.mark.parametrize("api", ["talkie/1", "control"])
def test_negative_data_gets_no_5xx(tmp_path: Path, api: str) -> None:
    with serving(tmp_path, "--read-timeout", "5") as mock:
        if api == "control":
            code, report = schemathesis(CONTROL_SPEC, mock.origin, mock.key, tmp_path, 10)
        else:
            code, report = schemathesis(TALKIE_SPEC, mock.origin, TOKEN, tmp_path, 10)
    assert code == 0, report[-6000:]
    assert "Traceback" not in mock.log(), mock.log()[-4000:]
    assert "internal error" not in mock.log(), mock.log()[-4000:]
