"""Go: oapi-codegen's types of the consumer view, built with `go build` and run on the corpus and a live mock.

The generator runs with the options of the site's recipe (docs/samples/generators.sh, "oapi-codegen"), nothing
patched; the Go module in `tests/compat/go/` pins oapi-codegen and its runtime (go.mod, go.sum) and holds the
program that decodes every case with the generated types (unions resolved through their discriminators, the
known branch before the unknown one) and encodes the value again. This module judges that against each
case's `expect` (tests/compat/corpus/README.md).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from compat_support import CONSUMER, CONSUMER_31, HERE, Run, corpus_cases, judge, recipe
from served import Served

from codegen import corpus

MODULE = HERE / "go"
pytestmark = [pytest.mark.slow, pytest.mark.timeout(2400)]


@pytest.fixture(scope="module")
def decoder(run: Run, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The corpus program built against oapi-codegen's output, in a copy of the pinned module."""
    go = shutil.which("go")
    if go is None:
        pytest.skip("Go is not installed")
    work = tmp_path_factory.mktemp("go-oapi-codegen")
    for name in ("go.mod", "go.sum", "main.go", "live.go"):
        shutil.copy(MODULE / name, work / name)
    package = work / "talkie"
    package.mkdir()
    documented = recipe("oapi-codegen")
    out = package / "talkie.gen.go"
    command = [go, "tool", "oapi-codegen", *documented.options, "-o", out, CONSUMER_31]
    made = run(command, cwd=work, timeout=1800)
    assert made.returncode == 0, made.stdout[-3000:] + made.stderr[-3000:]
    source = out.read_text(encoding="utf-8")
    types = set(re.findall(r"^type (\w+) ", source, re.M))
    titles = sorted({case["schema"] for case in corpus_cases().values()} & types)
    entries = "".join(f'\t"{t}": func() any {{ return new({t}) }},\n' for t in titles)
    (package / "corpus_types.go").write_text(
        f"package talkie\n\n// CorpusTypes: a new value of every generated type a corpus case names.\n"
        f"var CorpusTypes = map[string]func() any{{\n{entries}}}\n",
        encoding="utf-8",
    )
    built = run(["nice", go, "build", "-mod=readonly", "-o", work / "corpus", "."], cwd=work, timeout=1800)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    return work / "corpus"


def test_the_recipe_runs_the_pinned_oapi_codegen() -> None:
    """The site's `go run …@version` and the module the test builds with name one version."""
    (module, version) = recipe("oapi-codegen").program[2].split("@")
    assert module == "github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen"
    pinned = re.findall(r"github.com/oapi-codegen/oapi-codegen/v2 (v\S+)", (MODULE / "go.mod").read_text())
    assert pinned == [version]


def _decode(run: Run, program: Path, cases: dict[str, Any], folder: Path, *live: str) -> dict[str, Any]:
    (folder / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    ran = run([program, folder / "cases.json", folder / "results.json", *live], timeout=600)
    assert ran.returncode == 0, ran.stderr[-3000:]
    results: dict[str, Any] = json.loads((folder / "results.json").read_text(encoding="utf-8"))
    return results


def _failures(cases: dict[str, Any], results: dict[str, Any]) -> tuple[list[str], list[str]]:
    failures: list[str] = []
    untyped: list[str] = []
    for name, case in cases.items():
        got = results[name]
        if "error" in got:
            if str(got["error"]).startswith("no generated type"):
                untyped.append(name)
                continue
            failures.append(f"{name}: {got['error']}")
            continue
        failures += judge(name, case, str(got["class"]), got["output"])
    return failures, untyped


def test_go_decodes_the_whole_corpus(decoder: Path, run: Run, tmp_path: Path) -> None:
    cases = corpus_cases()
    results = _decode(run, decoder, cases, tmp_path)
    assert set(results) == set(cases)
    failures, untyped = _failures(cases, results)
    assert failures == []
    # A type no endpoint reaches (the client metadata document, the known error codes) has no component.
    components = set(yaml.safe_load(CONSUMER_31.read_text(encoding="utf-8"))["components"]["schemas"])
    assert {cases[name]["schema"] for name in untyped}.isdisjoint(components)
    assert len(cases) - len(untyped) > 250
    assert results["forward-timestamp-past-2-31"]["output"]["timestamp"] == 1924992000000
    assert results["forward-unknown-event-type"]["class"].startswith("Unknown")


def test_the_generated_client_reads_a_live_mock(
    decoder: Path, run: Run, served: Served, tmp_path: Path
) -> None:
    """The generated client (`-generate client`) against a live mock: manifest, runs of every test message, a
    decision, status, the thread list and the thread. What it decoded must hold every value of the raw body,
    judged as a corpus case made of that body."""
    results = _decode(run, decoder, {}, tmp_path, served.origin, served.token)
    consumer = corpus.consumer_of(json.loads((CONSUMER / "schemas.consumer.bundled.json").read_text()))
    cases = {name: corpus.case(consumer, got["schema"], got["input"], name) for name, got in results.items()}
    failures, untyped = _failures(cases, results)
    assert failures == []
    assert untyped == []
    classes = {results[name]["class"] for name in cases}
    assert {"CardEvent", "ActionEvent", "RunErrorEvent", "ThreadDetail", "DecisionResponse"} <= classes
    assert all(got["input"]["timestamp"] > 2**31 for got in results.values() if "timestamp" in got["input"])
