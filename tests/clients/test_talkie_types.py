"""talkie-types, the TypeScript package in clients/typescript/: its own test suite, and a small client on it.

What must hold: the package type-checks under `tsc --strict` and its node:test suite passes on the schema
examples and recorded streams (`npm test`); installed as a package (its `exports` and `types`), it lets a
40-line client read a real run from `talkie-mock serve` and switch exhaustively over the event union — and
leaving out one case of that switch is a compile error.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import client_suite
import pytest
import served

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "clients" / "typescript"
NODE_BIN = ROOT / "tools" / "node" / "node_modules" / ".bin"
CLIENT = Path(__file__).resolve().parent / "ts" / "read_run.ts"
TOKEN = "talkie-types-token"

pytestmark = [pytest.mark.node, pytest.mark.slow]


def _env() -> dict[str, str]:
    if not (NODE_BIN / "tsc").exists() or shutil.which("node") is None:
        pytest.skip("the node tools are not installed (run `python3 dev.py setup`)")
    return {**os.environ, "PATH": f"{NODE_BIN}{os.pathsep}{os.environ.get('PATH', '')}"}


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, env=_env(), capture_output=True, text=True, timeout=240)


def test_npm_test_passes() -> None:
    """`npm test`: tsc --strict over sources and tests, then node's test runner."""
    result = _run(["npm", "test", "--silent"], PACKAGE)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert re.search(r"^# fail 0$", result.stdout, re.M), result.stdout[-2000:]
    passed = re.search(r"^# pass (\d+)$", result.stdout, re.M)
    assert passed is not None
    assert int(passed.group(1)) >= 10


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A scratch project with talkie-types built and installed under node_modules, as npm would."""
    root = tmp_path_factory.mktemp("ts-client")
    installed = root / "node_modules" / "talkie-types"
    installed.mkdir(parents=True)
    for name in ("package.json", "tsconfig.json"):
        shutil.copy(PACKAGE / name, installed / name)
    shutil.copytree(PACKAGE / "src", installed / "src")
    build = _run([str(NODE_BIN / "tsc"), "-p", "tsconfig.json"], installed)
    assert build.returncode == 0, build.stdout + build.stderr
    (root / "package.json").write_text('{"type": "module", "private": true}\n')
    (root / "tsconfig.json").write_text(
        '{"compilerOptions": {"target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext",'
        ' "strict": true, "lib": ["ES2022", "DOM"], "types": ["node"],'
        f' "typeRoots": ["{(ROOT / "tools" / "node" / "node_modules" / "@types").as_posix()}"]}},'
        ' "files": ["client.ts"]}\n'
    )
    compiled = _compile(root, CLIENT.read_text())
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    return root


def _compile(project: Path, source: str) -> subprocess.CompletedProcess[str]:
    (project / "client.ts").write_text(source)
    return _run([str(NODE_BIN / "tsc"), "-p", "tsconfig.json"], project)


def test_leaving_out_a_case_fails_to_compile(project: Path, tmp_path: Path) -> None:
    shutil.copytree(project, tmp_path / "p", symlinks=True)
    source = CLIENT.read_text()
    for case in ('    case "TOOL_CALL_RESULT": return "tool result";\n', '        case "talkie.open":'):
        line = next(line for line in source.splitlines(keepends=True) if line.startswith(case))
        broken = _compile(tmp_path / "p", source.replace(line, ""))
        assert broken.returncode != 0
        assert "not assignable to parameter of type 'never'" in broken.stdout, broken.stdout


@pytest.fixture(scope="module")
def mock_origin() -> Iterator[str]:
    """`talkie-mock serve` on a free loopback port; always stopped."""
    with served.serving_memory(token=TOKEN) as origin:
        yield origin


def _client(project: Path, origin: str, text: str) -> list[str]:
    result = _run(["node", "client.js", origin, TOKEN, text], project)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_client_reads_an_echo_run_from_the_mock(project: Path, mock_origin: str) -> None:
    lines = _client(project, mock_origin, "talkie-test:echo Dobrý den, Jano")
    assert lines[0] == "started thr_ts_client"
    assert lines[-1] == "finished"
    assert "".join(line.removeprefix("delta ") for line in lines if line.startswith("delta ")) == (
        "Dobrý den, Jano"
    )
    assert "error" not in lines


def test_client_reads_a_card_and_an_error_run(project: Path, mock_origin: str) -> None:
    card = _client(project, mock_origin, "talkie-test:card")
    assert "tool ok=true" in card
    assert any(line.startswith("card ") and len(line) > 5 for line in card)
    failed = _client(project, mock_origin, "talkie-test:error")
    assert failed[-1] == "error upstream_unavailable retryable=true"


SUITE_ADAPTER = Path(__file__).resolve().parent / "ts" / "suite_adapter.ts"
TS_GESTURES = ("stop", "approve", "reject", "open", "again", "production")
"""The gestures the adapter makes (its `MADE`)."""


def test_talkie_client_passes_every_scenario_of_the_client_suite(project: Path, tmp_path: Path) -> None:
    """`talkie-mock clients run` with TalkieClient's adapter: every check of the scenarios whose gestures
    it makes passes; the others (sign-in, sign-out, voice) are not exercised, its adapter said `unable`."""
    shutil.copytree(project, tmp_path / "p", symlinks=True)
    compiled = _compile(tmp_path / "p", SUITE_ADAPTER.read_text())
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    report = tmp_path / "clients.json"
    node = shutil.which("node", path=_env()["PATH"])
    adapter = tmp_path / "p" / "client.js"
    ran = subprocess.run(
        [
            sys.executable,
            "-m",
            "talkie_mock.cli",
            "clients",
            "run",
            "--command",
            f"{node} {adapter} {{url}} {{token}}",
            "--report",
            str(report),
            "--junit",
            str(tmp_path / "clients.xml"),
        ],
        capture_output=True,
        text=True,
        timeout=280,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    found = json.loads(report.read_text())
    assert found["summary"]["fail"] == found["summary"]["warn"] == 0, ran.stdout
    judged = client_suite.read(tmp_path / "clients.xml")
    client_suite.assert_takes_part(judged, TS_GESTURES, ran.stdout)
