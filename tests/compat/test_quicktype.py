"""quicktype, default options, TypeScript from the stream schema: its generated decoder (`Convert`) accepts
every recorded run event and every example of a stream item, including unknown CUSTOM events whose
`value` is not an object, which a client must ignore rather than fail on (§5).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from compat_support import CONSUMER_SCHEMAS, SCHEMAS, Run, Tool, corpus_cases, judge

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

UNKNOWN_CUSTOM = [
    {"type": "CUSTOM", "name": "acme.progress", "value": [1, 2]},
    {"type": "CUSTOM", "name": "acme.note", "value": "hotovo"},
    {"type": "CUSTOM", "name": "acme.empty", "value": None},
    {"type": "CUSTOM", "name": "acme.count", "value": 3},
]


def test_quicktype_decoder_accepts_every_stream_item(node_tool: Tool, run: Run, tmp_path: Path) -> None:
    result = run([node_tool("quicktype"), "--src-lang", "schema", "--lang", "typescript", "-o",
                  tmp_path / "stream-event.ts", SCHEMAS / "stream-event.json"])  # fmt: skip
    assert result.returncode == 0, result.stderr
    compiled = run([node_tool("tsc"), "--target", "es2022", "--module", "commonjs",
                    "--outDir", tmp_path / "js", tmp_path / "stream-event.ts"])  # fmt: skip
    assert compiled.returncode == 0, compiled.stdout
    items = [event for path in sorted((SCHEMAS / "examples").glob("stream-*.json"))
             for event in json.loads(path.read_text())]  # fmt: skip
    items += json.loads((SCHEMAS / "stream-event.json").read_text())["examples"] + UNKNOWN_CUSTOM
    (tmp_path / "items.json").write_text(json.dumps(items))
    script = (
        "const { Convert } = require('./js/stream-event.js');"
        "const items = require('./items.json'); const failed = [];"
        "for (const item of items) { try { Convert.toStreamEvent(JSON.stringify(item)); }"
        " catch (e) { failed.push([item.type, item.name, String(e.message).slice(0, 120)]); } }"
        "console.log(JSON.stringify({ checked: items.length, failed }));"
    )
    decoded = run(["node", "-e", script], cwd=tmp_path)
    assert decoded.returncode == 0, decoded.stderr
    report = json.loads(decoded.stdout)
    assert report["failed"] == []
    assert report["checked"] == len(items)


def _sources(case_titles: set[str]) -> list[str]:
    """quicktype's top-level sources for every corpus type: a schema file or a titled `$defs` entry."""
    sources: list[str] = []
    for path in sorted(CONSUMER_SCHEMAS.glob("*.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        if schema["title"] in case_titles:
            sources.append(path.name)
        for key, sub in schema.get("$defs", {}).items():
            if sub.get("title") in case_titles and sub.get("type") == "object":
                sources.append(f"{path.name}#/$defs/{key}")
    return sources


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_quicktype_runtime_checks_decode_the_whole_corpus(node_tool: Tool, run: Run, tmp_path: Path) -> None:
    """quicktype's TypeScript from the consumer schema folder, default options: `Convert.toX` (which checks
    every value at run time) accepts every corpus case of an object type and `xToJson` gives back every
    value the case holds, 64-bit integers included."""
    cases = {n: c for n, c in corpus_cases().items() if isinstance(c["input"], dict)}
    sources = _sources({c["schema"] for c in cases.values()})
    out = tmp_path / "consumer.ts"
    made = run([node_tool("quicktype"), "--src-lang", "schema", "--lang", "typescript", "-o", out, *sources],
               cwd=CONSUMER_SCHEMAS, timeout=900)  # fmt: skip
    assert made.returncode == 0, made.stderr[-3000:]
    compiled = run([node_tool("tsc"), "--strict", "--target", "es2022", "--module", "commonjs",
                    "--outDir", tmp_path / "js", out], timeout=600)  # fmt: skip
    assert compiled.returncode == 0, compiled.stdout[-3000:]
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    script = (
        "const { Convert } = require('./js/consumer.js'); const cases = require('./cases.json');"
        "const out = {}; for (const [name, c] of Object.entries(cases)) {"
        " const to = Convert['to' + c.schema];"
        " const back = Convert[c.schema[0].toLowerCase() + c.schema.slice(1) + 'ToJson'];"
        " if (!to) { out[name] = { error: 'no Convert.to' + c.schema }; continue; }"
        " try { out[name] = { output: JSON.parse(back(to(JSON.stringify(c.input)))) }; }"
        " catch (e) { out[name] = { error: String(e.message).slice(0, 200) }; } }"
        "console.log(JSON.stringify(out));"
    )
    decoded = run(["node", "-e", script], cwd=tmp_path)
    assert decoded.returncode == 0, decoded.stderr
    results = json.loads(decoded.stdout)
    failures: list[str] = []
    for name, case in cases.items():
        got = results[name]
        failures += [f"{name}: {got['error']}"] if "error" in got else judge(name, case, None, got["output"])
    assert failures == []
    assert {"forward-unknown-event-type", "forward-unknown-event-content"} <= set(results)
    assert len(cases) > 200
