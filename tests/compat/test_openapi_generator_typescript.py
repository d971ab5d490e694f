"""openapi-generator's TypeScript clients of the consumer view, `typescript-fetch` and `typescript-axios`,
with the options of the site's recipes (docs/samples/generators.sh), nothing patched: each compiles under
`tsc --strict` with `ts/generated_reader.ts`, which reads what a receiver must read through the generated
types only, and runs over every corpus case and against a live mock through the generated API classes
(`ts/live_fetch.ts`, `ts/live_axios.ts`: manifest, status, four runs, a decision, the thread list and the
thread). Block tags, fallback texts, event tags, outcomes (unknown ones included) and 64-bit timestamps must
come out exactly (tests/compat/corpus/README.md).
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest
from compat_support import (
    CONSUMER,
    CONSUMER_31,
    HERE,
    NODE_DIR,
    RECIPES,
    ROOT,
    Run,
    Tool,
    corpus_cases,
    judge,
    recipe,
)
from served import Served

from codegen import corpus

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1800)]

# Where each client's types are, and the live adapter that drives its API classes.
CLIENTS = {
    "typescript-fetch": ("./client/models/index", "live_fetch.ts"),
    "typescript-axios": ("./client/api", "live_axios.ts"),
}


def _expected_read(case: Any) -> Any:
    """What `generated_reader.ts`'s `read` must give for a case, from its input and expectations."""
    value, values = case["input"], case["expect"]["values"]
    if case["schema"] == "Card":
        return {"types": [b["type"] for b in value["blocks"]], "fallbackText": values["/fallbackText"]}
    if case["schema"] == "StreamEvent":
        want: dict[str, Any] = {"type": case["expect"]["type"]}
        if isinstance(value.get("timestamp"), int):
            want["timestamp"] = value["timestamp"]
        if value["type"] == "RUN_FINISHED" and "outcome" in value:
            want["outcome"] = value["outcome"]["type"]
        if value["type"] == "CUSTOM" and value.get("name") == "talkie.card":
            want["card"] = value["value"]["fallbackText"]
        return want
    if case["schema"] == "ThreadDetail":
        messages = value["messages"]
        cards = [c["fallbackText"] for m in messages for c in m.get("cards", [])]
        return {"roles": [m["role"] for m in messages], "cards": cards}
    if case["schema"] == "DecisionResponse":
        return {"status": value["action"]["status"], "events": [e["type"] for e in value.get("events", [])]}
    return None


@pytest.fixture(scope="module", params=sorted(CLIENTS))
def results(
    request: pytest.FixtureRequest,
    python_tool: Tool,
    node_tool: Tool,
    run: Run,
    served: Served,
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[str, dict[str, Any]]:
    """One client generated, compiled and run over the corpus and the live mock: its results by case."""
    name: str = request.param
    documented = recipe(name)
    assert documented.generator == name
    assert documented.input == CONSUMER_31.name
    work = tmp_path_factory.mktemp(name)
    made = run([python_tool("openapi-generator-cli"), "generate", "-g", name, "-i", CONSUMER_31,
                "-o", work / "client", *documented.options], timeout=900)  # fmt: skip
    assert made.returncode == 0, made.stdout[-3000:] + made.stderr[-3000:]
    types, adapter = CLIENTS[name]
    (work / "types.ts").write_text(f'export type * from "{types}";\n', encoding="utf-8")
    for source in ("generated_reader.ts", adapter):
        (work / source).write_text((HERE / "ts" / source).read_text(encoding="utf-8"), encoding="utf-8")
    os.symlink(NODE_DIR / "node_modules", work / "node_modules")  # axios, @types/node: the pinned tools
    compiled = run([node_tool("tsc"), "--strict", "--target", "es2022", "--module", "commonjs",
                    "--lib", "es2022,dom", "--esModuleInterop", "--types", "node",
                    "--outDir", work / "js", work / adapter], cwd=work, timeout=600)  # fmt: skip
    assert compiled.returncode == 0, compiled.stdout[-4000:]
    cases = {n: {"schema": c["schema"], "input": c["input"]} for n, c in corpus_cases().items()}
    (work / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    script = work / "js" / adapter.replace(".ts", ".js")
    ran = run(["node", script, work / "cases.json", work / "results.json", served.origin, served.token],
              cwd=work, timeout=300)  # fmt: skip
    assert ran.returncode == 0, ran.stderr[-3000:]
    return name, json.loads((work / "results.json").read_text(encoding="utf-8"))


def test_the_client_reads_the_whole_corpus(results: tuple[str, dict[str, Any]]) -> None:
    name, got = results
    cases = corpus_cases()
    failures: list[Any] = []
    for case_name, case in cases.items():
        failures += judge(case_name, case, None, got[case_name]["output"])
        if got[case_name]["read"] != _expected_read(case):
            failures.append((case_name, got[case_name]["read"], _expected_read(case)))
    assert failures == [], name
    assert got["forward-timestamp-past-2-31"]["read"]["timestamp"] == 1924992000000
    assert got["forward-future-block"]["read"]["types"][-1] == "chart"
    assert got["forward-unknown-outcome"]["read"]["outcome"] == "paused"


def test_the_generated_api_reads_a_live_mock(results: tuple[str, dict[str, Any]]) -> None:
    """Every answer the generated API classes returned is what the consumer view accepts, and read through
    the generated types it gives what the answer holds: runs of every test message, a decision, threads."""
    name, got = results
    consumer = corpus.consumer_of(json.loads((CONSUMER / "schemas.consumer.bundled.json").read_text()))
    live = {n: r for n, r in got.items() if n.startswith("api-")}
    failures: list[Any] = []
    for case_name, result in live.items():
        case = corpus.case(consumer, result["schema"], result["output"], case_name)
        if result["read"] != _expected_read(case):
            failures.append((case_name, result["read"], _expected_read(case)))
    assert failures == [], name
    kinds = {(r["read"] or {}).get("type") for r in live.values() if r["schema"] == "StreamEvent"}
    assert {"RUN_STARTED", "TEXT_MESSAGE_CONTENT", "CUSTOM", "RUN_ERROR", "RUN_FINISHED"} <= kinds
    assert any(r["read"].get("card") for r in live.values() if r["schema"] == "StreamEvent")
    assert live["api-decision"]["output"]["action"]["id"]
    assert live["api-thread"]["read"]["cards"], "the stored thread keeps the card"


def test_the_guide_renders_every_recipe() -> None:
    """Each section of docs/samples/generators.sh is included by the guide, so the page prints what runs."""
    sections = re.findall(r"^# --8<-- \[start:([\w-]+)\]$", RECIPES.read_text(encoding="utf-8"), re.M)
    guide = (ROOT / "docs" / "guides" / "build-a-client.md").read_text(encoding="utf-8")
    included = re.findall(r'^--8<-- "docs/samples/generators\.sh:([\w-]+)"$', guide, re.M)
    assert sorted(included) == sorted(sections)
    assert set(CLIENTS) | {"kotlin-retrofit2", "oapi-codegen"} == set(sections)


def test_every_corpus_integer_is_exact_in_javascript() -> None:
    """The TypeScript clients hold 64-bit members in JS numbers, exact up to 2^53 (notes N-87, N-171); the
    corpus's int64 values pass 2^31 and stay within that, so what the readers compare is exact."""

    def integers(value: Any) -> list[int]:
        if isinstance(value, bool):
            return []
        if isinstance(value, int):
            return [value]
        items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
        return [n for item in items for n in integers(item)]

    found = [n for case in corpus_cases().values() for n in integers(case["input"])]
    assert max(found) > 2**31
    assert all(abs(n) <= 2**53 for n in found)
