"""The page of long examples: the files of schemas/examples (whole run streams, decision answers)."""

from __future__ import annotations

import json

from .contract import Contract
from .markdown import json_block


def render_examples_page(contract: Contract) -> str:
    """Every file of schemas/examples as a titled JSON block, with the type it is validated against."""
    parts = [
        "# Example files",
        "Longer examples kept as files beside the schemas and validated by the tests: whole run streams "
        "(each item a [StreamEvent](schemas/stream-event.md)) and complete endpoint answers.",
    ]
    for path in sorted((contract.schemas_dir / "examples").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if path.stem.startswith("stream-"):
            kind = "a run stream, one [StreamEvent](schemas/stream-event.md) per item"
        else:
            stem = next(
                (s for s in sorted(contract.schemas, key=len, reverse=True) if path.stem.startswith(s)), None
            )
            kind = f"a [{contract.schemas[stem].title}](schemas/{stem}.md)" if stem else "an example"
        parts.append(f"## {path.stem}\n\n`schemas/examples/{path.name}` — {kind}.\n\n{json_block(data)}")
    return "\n\n".join(parts) + "\n"
