"""The TypeScript generators, default options: openapi-typescript on the 3.1 bundle and
json-schema-to-typescript on the schema files. Their output must let the code in ts/narrowing.ts compile under
`tsc --strict`: the event union narrows on `type` and CUSTOM events on `name`, the block union on `type`, both
switches are exhaustive, every stream item (known or not) has a `type`, and names are the schema titles
(no `EndpointTemplate1`… from a `$ref` with keywords beside it).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from compat_support import (
    BUNDLE_31,
    CONSUMER_31,
    CORPUS,
    HERE,
    NODE_DIR,
    SCHEMAS,
    Run,
    Tool,
    Typecheck,
    corpus_cases,
)

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

PROBE = (HERE / "ts" / "narrowing.ts").read_text()


def _probe(folder: Path, imports: str, typecheck: Typecheck) -> None:
    (folder / "probe.ts").write_text(imports + PROBE)
    (folder / "package.json").write_text('{"type": "module"}\n')
    result = typecheck(folder, ["probe.ts"])
    assert result.returncode == 0, result.stdout[-4000:]
    broken = PROBE.replace('    case "TOOL_CALL_RESULT": return e.toolCallId;\n', "")
    (folder / "probe.ts").write_text(imports + broken)
    assert "not assignable to parameter of type 'never'" in typecheck(folder, ["probe.ts"]).stdout


def test_openapi_typescript(node_tool: Tool, run: Run, typecheck: Typecheck, tmp_path: Path) -> None:
    result = run([node_tool("openapi-typescript"), BUNDLE_31, "-o", tmp_path / "api.ts"])
    assert result.returncode == 0, result.stderr
    # No warning: `Event` maps CUSTOM to the nested union `TalkieCustomEvent`, which says `type: object` so
    # the mapping names an object schema as OpenAPI wants.
    warnings = [line for line in (result.stdout + result.stderr).splitlines() if "⚠" in line]
    assert warnings == []
    source = (tmp_path / "api.ts").read_text()
    assert not re.search(r"^\s+\$defs\??:", source, re.M), "a schema's $defs became a member"
    imports = (
        'import type { components } from "./api.js";\n'
        'type Event = components["schemas"]["Event"];\n'
        'type CardBlock = components["schemas"]["CardBlock"];\n'
        'type StreamEvent = components["schemas"]["StreamEvent"];\n'
    )
    _probe(tmp_path, imports, typecheck)


def test_json_schema_to_typescript(node_tool: Tool, run: Run, typecheck: Typecheck, tmp_path: Path) -> None:
    node_tool("tsc")
    result = run(["node", HERE / "json_schema_to_typescript.mjs", NODE_DIR, SCHEMAS, tmp_path])
    assert result.returncode == 0, result.stderr
    titles = {p.stem: p for p in tmp_path.glob("*.ts")}
    assert len(titles) == len(list(SCHEMAS.glob("*.json")))
    numbered = {
        name
        for path in tmp_path.glob("*.ts")
        for name in re.findall(r"^export (?:type|interface) (\w+?\d+)\b", path.read_text(), re.M)
    }
    assert numbered == set()
    imports = (
        'import type { Event } from "./event.js";\n'
        'import type { CardBlock } from "./card-block.js";\n'
        'import type { StreamEvent } from "./stream-event.js";\n'
    )
    _probe(tmp_path, imports, typecheck)


def test_openapi_typescript_consumer_view_reads_the_corpus(
    node_tool: Tool, run: Run, typecheck: Typecheck, tmp_path: Path
) -> None:
    """openapi-typescript on the consumer view, default options, no warning; `ts/consumer.ts` compiles under
    `tsc --strict` and, run on the corpus, reads every block tag, fallback text, event tag, 64-bit timestamp
    and outcome the corpus holds, unknown ones included."""
    result = run([node_tool("openapi-typescript"), CONSUMER_31, "-o", tmp_path / "api.ts"])
    assert result.returncode == 0, result.stderr
    assert [line for line in (result.stdout + result.stderr).splitlines() if "⚠" in line] == []
    (tmp_path / "consumer.ts").write_text((HERE / "ts" / "consumer.ts").read_text())
    (tmp_path / "package.json").write_text('{"type": "module"}\n')
    checked = typecheck(
        tmp_path, ["consumer.ts", "--types", "node", "--typeRoots", str(NODE_DIR / "node_modules/@types")]
    )
    assert checked.returncode == 0, checked.stdout[-4000:]
    compiled = run([node_tool("tsc"), "--strict", "--target", "es2022", "--module", "nodenext",
                    "--moduleResolution", "nodenext", "--typeRoots", NODE_DIR / "node_modules/@types",
                    "--outDir", tmp_path / "js", tmp_path / "consumer.ts"], cwd=tmp_path)  # fmt: skip
    assert compiled.returncode == 0, compiled.stdout[-4000:]
    (tmp_path / "js" / "package.json").write_text('{"type": "module"}\n')
    ran = run(["node", tmp_path / "js" / "consumer.js", CORPUS], cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    got = json.loads(ran.stdout)
    failures: list[tuple[str, Any]] = []
    for name, case in corpus_cases().items():
        values = case["expect"]["values"]
        if case["schema"] == "Card":
            want = {
                "types": [b["type"] for b in case["input"]["blocks"]],
                "fallbackText": values["/fallbackText"],
            }
            if got[name] != want:
                failures.append((name, (got[name], want)))
        elif case["schema"] == "StreamEvent":
            seen = got[name]
            if seen["type"] != case["expect"]["type"] or seen.get("timestamp") != case["input"].get(
                "timestamp"
            ):
                failures.append((name, seen))
            if "/outcome/type" in values and seen.get("outcome") != values["/outcome/type"]:
                failures.append((name, seen))
    assert failures == []
    assert got["forward-timestamp-past-2-31"]["timestamp"] == 1924992000000
    assert got["forward-future-block"]["types"][-1] == "chart"
