"""The Python generators app developers reach for, default options, on the 3.1 bundle.

openapi-python-client keeps every component schema as a model and every operation's success response;
datamodel-code-generator names every class after a schema title (no `Status1`, `Role1` for anonymous enums).
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from compat_support import BUNDLE_31, CONSUMER_31, CONSUMER_SCHEMAS, Run, Tool, corpus_cases, judge

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name).lower()


@pytest.fixture(scope="module")
def bundle() -> Any:
    return yaml.safe_load(BUNDLE_31.read_text(encoding="utf-8"))


def test_openapi_python_client_keeps_every_model(
    python_tool: Tool, run: Run, tmp_path: Path, bundle: Any
) -> None:
    tool = python_tool("openapi-python-client")
    result = run([tool, "generate", "--path", BUNDLE_31, "--output-path", tmp_path / "client"])
    assert result.returncode == 0, result.stdout + result.stderr
    output = result.stdout + result.stderr
    assert "Unable to" not in output, output
    assert "Cannot parse" not in output, output
    models = {p.stem for p in tmp_path.glob("client/*/models/*.py")}
    # Every object schema is a model; a refinement (`allOf` of one base plus constraints) is read as its base.
    schemas = bundle["components"]["schemas"]
    objects = {name for name, s in schemas.items() if "properties" in s and "allOf" not in s}
    bases = {s["allOf"][0]["$ref"].rsplit("/", 1)[1] for s in schemas.values() if "allOf" in s}
    assert len(objects) > 60
    assert {_snake(name) for name in objects | bases} - models == set()
    (decide,) = tmp_path.glob("client/*/api/actions/decide_action.py")
    assert "DecisionResponse" in decide.read_text()


def test_datamodel_codegen_reads_the_consumer_schema_folder(
    python_tool: Tool, run: Run, tmp_path: Path
) -> None:
    """`datamodel-codegen --input <folder>` on the consumer view's folder, which holds schemas only."""
    tool = python_tool("datamodel-codegen")
    out = tmp_path / "talkie_consumer"
    result = run([tool, "--input", CONSUMER_SCHEMAS, "--input-file-type", "jsonschema", "--output", out])
    assert result.returncode == 0, result.stderr[-3000:]
    assert len(list(out.glob("*.py"))) == len(list(CONSUMER_SCHEMAS.glob("*.json"))) + 1


def test_datamodel_codegen_names_every_class_by_title(python_tool: Tool, run: Run, tmp_path: Path) -> None:
    tool = python_tool("datamodel-codegen")
    out = tmp_path / "models.py"
    result = run([tool, "--input", BUNDLE_31, "--input-file-type", "openapi", "--output", out])
    assert result.returncode == 0, result.stderr
    classes = re.findall(r"^class (\w+)\(", out.read_text(), re.M)
    assert len(classes) > 80
    assert [name for name in classes if re.search(r"\d$", name)] == []


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_openapi_python_client_models_decode_the_corpus(python_tool: Tool, run: Run, tmp_path: Path) -> None:
    """openapi-python-client on the consumer view, default options: every corpus case of a type it makes a
    model class for goes through `from_dict` and back through `to_dict` with every held value intact."""
    tool = python_tool("openapi-python-client")
    result = run([tool, "generate", "--path", CONSUMER_31, "--output-path", tmp_path / "client"], timeout=900)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    (package,) = [p for p in (tmp_path / "client").iterdir() if (p / "models").is_dir()]
    sys.path.insert(0, str(package.parent))
    models = importlib.import_module(f"{package.name}.models")
    failures: list[str] = []
    decoded = 0
    for name, case in corpus_cases().items():
        model = getattr(models, case["schema"], None)
        if model is None or not isinstance(case["input"], dict):
            continue  # a union alias or a string set: decoded where a model holds it
        try:
            output = model.from_dict(case["input"]).to_dict()
        except Exception as exc:
            failures.append(f"{name}: {type(exc).__name__}: {exc}")
            continue
        failures += judge(name, case, None, output)
        decoded += 1
    assert failures == []
    assert decoded > 150
