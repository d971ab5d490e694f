"""quicktype, default options, TypeScript from the stream schema: its generated decoder (`Convert`) accepts
every recorded run event and every example of a stream item, including unknown CUSTOM events whose
`value` is not an object, which a client must ignore rather than fail on (§5).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from compat_support import SCHEMAS, Run, Tool

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
