"""The forward-compatibility corpus (`tests/compat/corpus/`, notes N-88): well-formed, accepted by the
consumer view, and decoded exactly by datamodel-code-generator's models of the consumer schema folder.

Each case says what a receiver must make of one input: `known` or `unknown`, the tag it sees, and the
values that must survive decoding exactly. The producer view rejects the cases that carry what only a
receiver must tolerate, so the corpus also shows why the two views differ.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pytest
from compat_support import CONSUMER_SCHEMAS, ROOT, Run, Tool, corpus_cases, judge, pointer_get
from pydantic import BaseModel, TypeAdapter
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

GENERATED = ROOT / "spec" / "generated"
CONSUMER_BUNDLE = GENERATED / "consumer" / "schemas.consumer.bundled.json"
PRODUCER_BUNDLE = GENERATED / "schemas.bundled.json"


def _validator(bundle: Any, title: str) -> jsonschema.Draft202012Validator:
    registry: Registry[Any] = Registry().with_resource(
        bundle["$id"], Resource.from_contents(bundle, default_specification=DRAFT202012)
    )
    return jsonschema.Draft202012Validator({"$ref": f"{bundle['$id']}#/$defs/{title}"}, registry=registry)


def test_corpus_is_well_formed_and_covers_the_forward_cases() -> None:
    found = corpus_cases()
    consumer = json.loads(CONSUMER_BUNDLE.read_text(encoding="utf-8"))
    for name, case in found.items():
        assert set(case) == {"description", "schema", "input", "expect"}, name
        assert case["schema"] in consumer["$defs"], name
        assert set(case["expect"]) <= {"kind", "type", "values"}, name
        assert case["expect"]["kind"] in ("known", "unknown"), name
        wire = case["input"].get("type") if isinstance(case["input"], dict) else None
        assert case["expect"].get("type") == (wire if isinstance(wire, str) else None), name
        for pointer, value in case["expect"]["values"].items():
            assert pointer_get(case["input"], pointer) == value, (name, pointer)
    unknown = {n for n, c in found.items() if c["expect"]["kind"] == "unknown"}
    assert {"forward-unknown-event-type", "forward-unknown-custom-name"} <= unknown
    assert found["forward-future-block"]["expect"]["values"]["/blocks/1/type"] == "chart"
    assert "/fallbackText" in found["forward-future-block"]["expect"]["values"]
    assert found["forward-unknown-outcome"]["expect"]["values"]["/outcome/type"] == "paused"
    assert found["forward-timestamp-past-2-31"]["expect"]["values"]["/timestamp"] == 1924992000000
    assert len([n for n in found if n.startswith("member-")]) > 50
    assert len([n for n in found if n.startswith("stream-")]) > 30


def test_consumer_view_accepts_every_case_and_producer_view_rejects_the_tolerated_ones() -> None:
    consumer = json.loads(CONSUMER_BUNDLE.read_text(encoding="utf-8"))
    producer = json.loads(PRODUCER_BUNDLE.read_text(encoding="utf-8"))
    rejected_by_producer = set()
    for name, case in corpus_cases().items():
        assert _validator(consumer, case["schema"]).is_valid(case["input"]), name
        if not _validator(producer, case["schema"]).is_valid(case["input"]):
            rejected_by_producer.add(name)
    for name in ("forward-future-block", "forward-unknown-outcome", "forward-unknown-tone", "member-card"):
        assert name in rejected_by_producer, name
    assert not [n for n in rejected_by_producer if n.startswith(("example-", "stream-"))]


# ---------------------------------------------------------------------- datamodel-code-generator (Python)
@pytest.fixture(scope="module")
def datamodel_package(python_tool: Tool, run: Run, tmp_path_factory: pytest.TempPathFactory) -> str:
    """datamodel-codegen on the consumer schema folder, default options, as an importable package."""
    tool = python_tool("datamodel-codegen")
    out = tmp_path_factory.mktemp("datamodel")
    package = out / "talkie_consumer"
    result = run([tool, "--input", CONSUMER_SCHEMAS, "--input-file-type", "jsonschema", "--output", package])
    assert result.returncode == 0, result.stderr[-3000:]
    sys.path.insert(0, str(out))
    return "talkie_consumer"


def _types(package: str) -> dict[str, Any]:
    """Every public name of the generated modules (classes and type aliases) by name."""
    root = importlib.import_module(package)
    found: dict[str, Any] = {}
    for path in sorted(Path(root.__file__ or "").parent.glob("*.py")):
        module: ModuleType = importlib.import_module(f"{package}.{path.stem}")
        for name, value in vars(module).items():
            if not name.startswith("_") and getattr(value, "__module__", module.__name__) == module.__name__:
                found.setdefault(name, value)
    return found


def _leaf(model: Any) -> Any:
    """The innermost model of root-model wrappers (a union's chosen member)."""
    while isinstance(getattr(model, "root", None), BaseModel):
        model = model.root
    return model


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_datamodel_codegen_models_decode_the_whole_corpus(datamodel_package: str) -> None:
    types = _types(datamodel_package)
    failures: list[str] = []
    decoded = 0
    for name, case in corpus_cases().items():
        adapter: TypeAdapter[Any] = TypeAdapter(types[case["schema"]])
        model = adapter.validate_python(case["input"])
        dumped = adapter.dump_python(model, mode="json", by_alias=True, exclude_unset=True, warnings=False)
        failures += judge(name, case, type(_leaf(model)).__name__, dumped)
        decoded += 1
    assert failures == []
    assert decoded == len(corpus_cases())
