"""The package as shipped: no drift from the contract, typed for users, documented example, wheel alone."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest
from models_support import EXAMPLES, ROOT, SCHEMAS, example_files, schema_examples

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

PACKAGE = ROOT / "models" / "src" / "talkie_models"
PY = sys.executable


def _run(*args: str | Path, cwd: Path = ROOT, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False
    )


def test_generated_files_are_not_stale() -> None:
    done = _run(PY, "-m", "codegen", "--check")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_generated_files_carry_the_header() -> None:
    for path in sorted((PACKAGE / "_generated").glob("*.py")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == "# Generated — do not edit; regenerate with `python3 dev.py codegen`.", path.name


def test_bundled_schemas_equal_the_contract() -> None:
    data = PACKAGE / "data" / "schemas"
    assert sorted(p.name for p in data.glob("*.json")) == sorted(p.name for p in SCHEMAS.glob("*.json"))
    for path in SCHEMAS.glob("*.json"):
        assert (data / path.name).read_bytes() == path.read_bytes(), path.name
    assert sorted(p.name for p in (data / "examples").glob("*.json")) == sorted(
        p.name for p in EXAMPLES.glob("*.json")
    )
    for path in EXAMPLES.glob("*.json"):
        assert (data / "examples" / path.name).read_bytes() == path.read_bytes(), path.name
    for rel in ("openapi.yaml", "generated/openapi.bundled.yaml"):
        source = ROOT / "spec" / rel
        if source.exists():
            assert (PACKAGE / "data" / "spec" / rel).read_bytes() == source.read_bytes(), rel


def test_import_needs_pydantic_only() -> None:
    code = "import json, sys, talkie_models.sse, talkie_models.errors; print(json.dumps(list(sys.modules)))"
    done = _run(PY, "-c", code)
    assert done.returncode == 0, done.stderr
    modules = set(json.loads(done.stdout))
    assert "pydantic" in modules
    assert not {"jsonschema", "jsonschema_rs", "referencing"} & modules


def test_user_code_sample_passes_mypy_strict() -> None:
    done = _run(PY, "-m", "mypy", "--strict", "tests/models/samples/user_code.py")
    assert done.returncode == 0, done.stdout


def test_mypy_sees_the_real_types(tmp_path: Path) -> None:
    sample = tmp_path / "wrong.py"
    sample.write_text(
        "from talkie_models import Card, RunStartedEvent\n"
        'Card(id=1, version=1, title="t", blocks=[], fallback_text="t")\n'
        'count: int = RunStartedEvent(thread_id="t", run_id="r").thread_id\n',
        encoding="utf-8",
    )
    done = _run(PY, "-m", "mypy", "--strict", "--config-file", ROOT / "pyproject.toml", sample)
    assert done.returncode == 1
    assert 'Argument "id" to "Card" has incompatible type "int"' in done.stdout
    assert 'expression has type "str", variable has type "int"' in done.stdout


def test_quickstart_runs_and_prints_what_it_promises() -> None:
    done = _run(PY, ROOT / "models" / "examples" / "quickstart.py")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "event: RUN_STARTED",
        "text: Dobrý den, Marku",
        "ignored: STEP_STARTED",
        'b\'data: {"type":"RUN_STARTED","threadId":"thr_8","runId":"run_8"}\\n\\n\'',
        "valid card: Horizont Logistika s.r.o.",
    ]


def test_readme_shows_the_quickstart_verbatim() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Use the models", 1)[1].split("\n## ", 1)[0]
    (snippet,) = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    assert snippet == (ROOT / "models" / "examples" / "quickstart.py").read_text(encoding="utf-8")


def test_bench_runs_with_a_tiny_count() -> None:
    done = _run(PY, ROOT / "bench" / "parse_event.py", "--events", "200", "--repeat", "1")
    assert done.returncode == 0, done.stderr
    rates = re.findall(r"^(json\.loads|parse_event|ratio)\s+([\d,.]+)", done.stdout, flags=re.MULTILINE)
    assert [name for name, _ in rates] == ["json.loads", "parse_event", "ratio"]
    assert all(float(value.replace(",", "")) > 0 for _, value in rates)


PARSE_EVERY_EXAMPLE = """
import json, sys
from pathlib import Path
from pydantic import TypeAdapter
import talkie_models
cases = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
for title, example in cases["schemas"]:
    adapter = TypeAdapter(getattr(talkie_models, title))
    assert adapter.dump_python(adapter.validate_python(example), mode="json") == example, title
for name, content in cases["files"].items():
    if name.startswith("stream-"):
        assert [talkie_models.parse_event(e).model_dump() for e in content] == content, name
    else:
        model = talkie_models.DecisionResponse.model_validate(content)
        assert model.model_dump() == content, name
print("parsed", len(cases["schemas"]) + len(cases["files"]))
"""


def test_wheel_installs_alone_and_parses_every_example(tmp_path: Path) -> None:
    # Build from a copy so the build leaves no build/ or egg-info in the working tree.
    source = tmp_path / "models"
    shutil.copytree(
        ROOT / "models", source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__")
    )
    dist = tmp_path / "dist"
    built = _run(PY, "-m", "build", "--wheel", "--outdir", dist, source, timeout=180)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    (wheel,) = dist.glob("talkie_models-*.whl")
    env = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env)
    python = env / ("Scripts" if os.name == "nt" else "bin") / "python"
    installed = _run(
        python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", wheel, timeout=300
    )
    assert installed.returncode == 0, installed.stderr[-2000:]
    listed = _run(python, "-m", "pip", "list", "--format", "json", "--disable-pip-version-check")
    names = {p["name"].lower().replace("_", "-") for p in json.loads(listed.stdout)} - {"pip", "setuptools"}
    assert names == {
        "talkie-models",
        "pydantic",
        "pydantic-core",
        "typing-extensions",
        "annotated-types",
        "typing-inspection",
    }
    cases = tmp_path / "cases.json"
    cases.write_text(
        json.dumps({"schemas": [[t, e] for t, _, e in schema_examples()], "files": example_files()}),
        encoding="utf-8",
    )
    done = _run(python, "-c", PARSE_EVERY_EXAMPLE, cases, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == f"parsed {len(schema_examples()) + len(example_files())}"
    bundled = _run(
        python,
        "-c",
        "from talkie_models._resources import schema_documents, example_files; "
        "print(len(schema_documents()), len(example_files()))",
        cwd=tmp_path,
    )
    assert bundled.stdout.split() == [str(len(list(SCHEMAS.glob("*.json")))), str(len(example_files()))]
    # The rule catalogue ships as JSON: readable in a venv without PyYAML.
    catalogue = json.loads((PACKAGE / "data" / "spec" / "rules.json").read_text(encoding="utf-8"))
    shipped = _run(
        python,
        "-c",
        "from talkie_models import rules; print(len(rules.catalogue()), rules.rule('RUN-004').level)",
        cwd=tmp_path,
    )
    assert shipped.returncode == 0, shipped.stderr[-2000:]
    run_004 = next(r for r in catalogue["rules"] if r["id"] == "RUN-004")
    assert shipped.stdout.split() == [str(len(catalogue["rules"])), run_004["level"]]
    # The consent classifier's words and examples ship as data files too.
    consent = _run(
        python,
        "-c",
        "from talkie_models import consent as c; "
        "print(sum(c.classify(r['text'], c.vocabulary(r['locale'], r.get('consent')), r.get('keyword'))"
        " == r['expect'] for r in c.examples()), len(c.examples()))",
        cwd=tmp_path,
    )
    assert consent.returncode == 0, consent.stderr[-2000:]
    right, total = consent.stdout.split()
    assert right == total != "0"


def test_every_model_is_built_at_import() -> None:
    """No model is left for pydantic to build inside its first validation (the first request would wait)."""
    probe = (
        "import importlib, inspect, pkgutil\n"
        "from pydantic import BaseModel\n"
        "import talkie_models._generated as g\n"
        "import talkie_models\n"
        "left = []\n"
        "for info in pkgutil.iter_modules(g.__path__):\n"
        "    module = importlib.import_module(f'talkie_models._generated.{info.name}')\n"
        "    for name, obj in vars(module).items():\n"
        "        if inspect.isclass(obj) and issubclass(obj, BaseModel) and obj is not BaseModel:\n"
        "            left += [] if obj.__pydantic_complete__ else [name]\n"
        "print(sorted(set(left)))\n"
    )
    done = _run(PY, "-c", probe)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"
