"""The release, CI and Action workflows, and the Action's metadata, checked as GitHub would read them.

`actionlint` (a Go program, pinned) checks every workflow: expressions, contexts, permissions, the inputs a
step gives the local Action against `action/action.yml`, and each `run:` script with shellcheck where it is
installed. It is taken from PATH, or the test cache, or built there with `go install` from the Go module
proxy; without Go the test says so and skips. The Action's metadata is also checked against a JSON Schema of
GitHub's metadata syntax (`action-metadata.schema.json`, beside this file).

What must hold besides: one version everywhere (`dev.py version`), a CHANGELOG section for it, every input
of the Action reaching its step, and the workflows running what the README and RELEASING.md say they run.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from artifacts import cache_dir
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
ACTION = ROOT / "action" / "action.yml"
ACTIONLINT = "github.com/rhysd/actionlint/cmd/actionlint@v1.7.7"

pytestmark = pytest.mark.slow  # the first run builds actionlint


def _load(path: Path) -> dict[str, Any]:
    # YAML 1.1 reads the key `on` as True; GitHub reads it as the string
    loaded: dict[Any, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {("on" if key is True else key): value for key, value in loaded.items()}


def _actionlint() -> str:
    found = shutil.which("actionlint")
    if found:
        return found
    binary = cache_dir() / "bin" / "actionlint"
    if binary.is_file():
        return str(binary)
    go = shutil.which("go")
    if go is None:
        pytest.skip(f"actionlint is not installed and Go is not either (go install {ACTIONLINT})")
    env = {**os.environ, "GOBIN": str(binary.parent), "GOPATH": str(cache_dir() / "go")}
    built = subprocess.run([go, "install", ACTIONLINT], env=env, capture_output=True, text=True, timeout=900)
    assert built.returncode == 0, built.stderr[-3000:]
    return str(binary)


def test_actionlint_passes_every_workflow() -> None:
    assert {p.name for p in WORKFLOWS} >= {"ci.yml", "release.yml", "action.yml", "docs.yml"}
    result = subprocess.run(
        [_actionlint(), "-no-color", *map(str, WORKFLOWS)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""


def test_actionlint_checks_the_inputs_given_to_the_action(tmp_path: Path) -> None:
    """The check above would catch a workflow giving the Action an input it does not have."""
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    shutil.copytree(ROOT / "action", tmp_path / "action")
    text = (ROOT / ".github" / "workflows" / "action.yml").read_text(encoding="utf-8")
    wrong = tmp_path / ".github" / "workflows" / "action.yml"
    wrong.write_text(text.replace("fuzz-time-limit:", "fuzz-time-limt:"), encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True, timeout=30)
    result = subprocess.run(
        [_actionlint(), "-no-color", str(wrong)], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 1
    assert 'input "fuzz-time-limt" is not defined in action' in result.stdout


def test_the_action_metadata_follows_the_schema() -> None:
    schema = json.loads((Path(__file__).parent / "action-metadata.schema.json").read_text())
    Draft202012Validator.check_schema(schema)
    errors = [e.message for e in Draft202012Validator(schema).iter_errors(_load(ACTION))]
    assert errors == []
    broken = _load(ACTION)
    broken["runs"]["steps"][1].pop("shell")
    assert list(Draft202012Validator(schema).iter_errors(broken))


def test_every_input_reaches_the_step() -> None:
    """Each input is passed to a step (as an environment variable or a `with:`), and the step script reads
    each TALKIE_ variable the Action sets."""
    action = _load(ACTION)
    text = ACTION.read_text(encoding="utf-8")
    script = (ROOT / "action" / "conformance_step.py").read_text(encoding="utf-8")
    for name in action["inputs"]:
        assert f"${{{{ inputs.{name} }}}}" in text, name
    step = next(s for s in action["runs"]["steps"] if s.get("id") == "suite")
    for variable in step["env"]:
        assert f'"{variable}"' in script, variable


def test_one_version_and_its_changelog_section() -> None:
    shown = subprocess.run(
        [sys.executable, str(ROOT / "dev.py"), "version"], capture_output=True, text=True, timeout=60
    )
    assert shown.returncode == 0, shown.stderr
    version = shown.stdout.strip()
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)
    assert f"## [{version}]" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    notes = subprocess.run(
        [sys.executable, str(ROOT / "dev.py"), "version", "--notes", version],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert notes.returncode == 0
    assert notes.stdout.strip()
    wrong = subprocess.run(
        [sys.executable, str(ROOT / "dev.py"), "version", "--check", "99.0.0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert wrong.returncode == 1
    assert "clients/kotlin/pom.xml: " in wrong.stderr


def test_ci_runs_the_readme_command_and_every_supported_python() -> None:
    ci = _load(ROOT / ".github" / "workflows" / "ci.yml")
    assert set(ci["on"]) >= {"push", "pull_request"}
    runs = [step.get("run", "") for job in ci["jobs"].values() for step in job["steps"]]
    assert any("bash .ci/run" in run for run in runs)
    assert "python3 dev.py test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 dev.py test" in (ROOT / "README.md").read_text(encoding="utf-8")
    pythons = ci["jobs"]["python"]["strategy"]["matrix"]["python"]
    for folder in ("models", "mock", "conformance"):
        with (ROOT / folder / "pyproject.toml").open("rb") as handle:
            assert tomllib.load(handle)["project"]["requires-python"] == f">={pythons[0]}"
    minors = [int(p.split(".")[1]) for p in pythons]
    assert minors == list(range(minors[0], minors[-1] + 1))


def test_release_publishes_every_distribution() -> None:
    release = _load(ROOT / ".github" / "workflows" / "release.yml")
    assert release["on"] == {"push": {"tags": ["v*"]}}
    jobs = release["jobs"]
    uses = {step.get("uses", "").split("@")[0] for job in jobs.values() for step in job["steps"]}
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert "pypa/gh-action-pypi-publish" in uses
    assert jobs["pypi"]["permissions"]["id-token"] == "write"  # trusted publishing
    assert "npm publish --provenance" in text
    assert jobs["npm"]["permissions"]["id-token"] == "write"
    assert "mvn -B -P release deploy" in text
    assert "twine check --strict" in text
    assert "dev.py version --check" in text
    assert {i["extras"] for i in jobs["image"]["strategy"]["matrix"]["include"]} == {"", "[voice]"}
    assert jobs["image"]["permissions"]["packages"] == "write"
    for publisher in ("pypi", "npm", "maven", "image", "site"):
        needs = jobs[publisher]["needs"]
        assert "test" in needs or "python-dists" in needs, publisher
