"""Kotlin on the JVM: openapi-generator's `kotlin` client of the consumer view, compiled by Maven and run.

Two clients, each generated with documented options and nothing patched: the schemas README's recipe
("Kotlin", the default `jvm-okhttp4` library) and the site's `jvm-retrofit2` recipe
(docs/samples/generators.sh, which compiles with the pom's `retrofit2` profile). The pom in
`tests/compat/kotlin/` pins every plugin and artifact. Its one test decodes every case of a folder with the
generated models and writes the class each became and the value encoded again; the folder holds the corpus
and what a live mock sent (runs of every test message, a decision, the thread: tests/support/live_corpus.py).
This module judges that against each case's `expect` (tests/compat/corpus/README.md). Maven runs offline
when `~/.m2` already holds the pinned artifacts, and fetches them from Maven Central otherwise.
"""

from __future__ import annotations

import json
import re
import shutil
from typing import Any

import pytest
import yaml
from compat_support import (
    CONSUMER,
    CONSUMER_31,
    CORPUS,
    HERE,
    SCHEMAS,
    Run,
    Tool,
    corpus_cases,
    judge,
    recipe,
)
from live_corpus import live_cases
from served import Served

from codegen import corpus

POM = HERE / "kotlin" / "pom.xml"
pytestmark = [pytest.mark.slow, pytest.mark.timeout(2400)]


def documented_kotlin_options() -> list[str]:
    """The schemas README's Kotlin recipe: its options after `-o` (on the consumer view)."""
    readme = (SCHEMAS / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Kotlin", 1)[1].split("\n## ", 1)[0]
    (command,) = re.findall(r"openapi-generator-cli generate -g kotlin .*?\n```", section, re.S)
    words = command.replace("\\\n", " ").split()
    assert words[words.index("-i") + 1] == "spec/generated/consumer/openapi-3.1.consumer.bundled.yaml"
    return [w for w in words[words.index("-o") + 2 :] if w.startswith("--")]


def _options(flavour: str) -> tuple[list[str], list[str]]:
    """The generator options of a flavour and the Maven profiles its output compiles with."""
    if flavour == "kotlin":
        return documented_kotlin_options(), []
    documented = recipe(flavour)
    assert documented.generator == "kotlin"
    assert documented.input == CONSUMER_31.name
    return documented.options, ["-Pretrofit2"]


@pytest.fixture(scope="module")
def live(served: Served) -> dict[str, Any]:
    return live_cases(served.origin, served.token)


@pytest.fixture(scope="module", params=["kotlin", "kotlin-retrofit2"])
def results(
    request: pytest.FixtureRequest,
    python_tool: Tool,
    run: Run,
    served: Served,
    live: dict[str, Any],
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, dict[str, Any]]:
    """One client's results by case: the corpus and the live cases decoded by its models, and (Retrofit)
    `api-…`: what its generated services read from the live mock, with the raw bodies as `input`."""
    mvn = shutil.which("mvn")
    if mvn is None:
        pytest.skip("Maven is not installed")
    work = tmp_path_factory.mktemp(request.param)
    client = work / "client"
    generator = python_tool("openapi-generator-cli")
    options, profiles = _options(request.param)
    cases = work / "cases"
    cases.mkdir()
    for path in CORPUS.glob("*.json"):
        shutil.copy(path, cases / path.name)
    for name, case in live.items():
        (cases / f"{name}.json").write_text(json.dumps(case), encoding="utf-8")
    made = run(
        [generator, "generate", "-g", "kotlin", "-i", CONSUMER_31, "-o", client, *options], timeout=900
    )
    assert made.returncode == 0, made.stdout[-3000:] + made.stderr[-3000:]
    models = {p.stem for p in client.rglob("models/*.kt")}
    titles = sorted({case["schema"] for case in corpus_cases().values()} & models)
    types = client / "corpus-types"
    types.mkdir()
    entries = ",\n".join(f'    "{t}" to {t}.serializer()' for t in titles)
    (types / "CorpusTypes.kt").write_text(
        "import kotlinx.serialization.KSerializer\nimport org.openapitools.client.models.*\n\n"
        f"val corpusTypes: Map<String, KSerializer<*>> = mapOf(\n{entries},\n)\n",
        encoding="utf-8",
    )
    out = work / "results.json"
    properties = [
        f"-Dgenerated.dir={client}",
        f"-Dcorpus.dir={cases}",
        f"-Dresults.file={out}",
        f"-Dtalkie.build={work / 'target'}",
    ]
    if profiles:  # LiveApiTest (src/live/kotlin): the generated Retrofit services against the mock
        properties += [f"-Dlive.origin={served.origin}", f"-Dlive.token={served.token}",
                       f"-Dlive.results={work / 'live.json'}"]  # fmt: skip
    command = [mvn, "-B", "-q", "-f", POM, *profiles, *properties, "test"]
    built = run(["nice", mvn, "-o", *command[1:]], timeout=1800)
    if built.returncode != 0 and "offline" in built.stdout + built.stderr:
        built = run(["nice", *command], timeout=1800)  # first run on this machine: fetch the pinned artifacts
    assert built.returncode == 0, built.stdout[-5000:] + built.stderr[-3000:]
    loaded: dict[str, dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))
    if profiles:
        loaded.update(json.loads((work / "live.json").read_text(encoding="utf-8")))
    return loaded


def test_kotlin_jvm_decodes_the_whole_corpus_and_a_live_mock(
    results: dict[str, dict[str, Any]], live: dict[str, Any]
) -> None:
    cases = {**corpus_cases(), **live}
    assert set(results) - {name for name in results if name.startswith("api-")} == set(cases)
    components = set(yaml.safe_load(CONSUMER_31.read_text(encoding="utf-8"))["components"]["schemas"])
    failures: list[str] = []
    untyped: list[str] = []
    for name, case in cases.items():
        got = results[name]
        if "error" in got:
            # A string set is typed where it is used; a type no endpoint reaches (the client metadata
            # document) is not in the OpenAPI document at all. Neither gets a model of its own.
            scalar = not isinstance(case["input"], (dict, list))
            missing = str(got["error"]).startswith("no generated type")
            if missing and (scalar or case["schema"] not in components):
                untyped.append(name)
                continue
            failures.append(f"{name}: {got['error']}")
            continue
        failures += judge(name, case, str(got["class"]), got["output"])
    assert failures == []
    assert len(cases) - len(untyped) > 200
    assert not [name for name in untyped if name in live]
    assert {"CardEvent", "ActionEvent", "RunErrorEvent", "DecisionResponse", "ThreadDetail"} <= {
        results[name]["class"] for name in live
    }


def test_the_retrofit_services_read_a_live_mock(results: dict[str, dict[str, Any]]) -> None:
    """The jvm-retrofit2 client's generated services against the live mock: what they decoded holds every
    value of the raw bodies (the manifest, runs of every test message, a decision, status, threads)."""
    api = {name: got for name, got in results.items() if name.startswith("api-")}
    if not api:
        pytest.skip("the default library's client has no Retrofit services")
    consumer = corpus.consumer_of(json.loads((CONSUMER / "schemas.consumer.bundled.json").read_text()))
    failures: list[str] = []
    for name, got in api.items():
        case = corpus.case(consumer, got["schema"], got["input"], name)
        failures += judge(name, case, str(got["class"]), got["output"])
    assert failures == []
    assert {"CardEvent", "ActionEvent", "RunErrorEvent", "DecisionResponse", "ThreadDetail"} <= {
        got["class"] for got in api.values()
    }
