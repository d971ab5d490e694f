"""The TypeScript generators, default options: openapi-typescript on the 3.1 bundle and
json-schema-to-typescript on the schema files. Their output must let the code in ts/narrowing.ts compile under
`tsc --strict`: the event union narrows on `type` and CUSTOM events on `name`, the block union on `type`, both
switches are exhaustive, every stream item (known or not) has a `type`, and names are the schema titles
(no `EndpointTemplate1`… from a `$ref` with keywords beside it).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from compat_support import BUNDLE_31, HERE, NODE_DIR, SCHEMAS, Run, Tool, Typecheck

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
    # The one warning: OpenAPI wants a discriminator's mapping to name object schemas, and `Event` maps CUSTOM
    # to the nested union `TalkieCustomEvent` (itself discriminated on `name`); the types still narrow.
    warnings = [line for line in (result.stdout + result.stderr).splitlines() if "⚠" in line]
    assert [w for w in warnings if "TalkieCustomEvent => CUSTOM" not in w] == [], warnings
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
