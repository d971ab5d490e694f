"""JSON paths (``$.blocks[0].tone``) for error messages, the notation python-jsonschema uses as well."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = ["json_path", "pydantic_error_lines"]

# How pydantic labels a union member in a location ("tagged-union[HeadingBlock,...]", "function-after[...]").
_UNION_LABEL = re.compile(r"^[a-z-]+\[.*\]$")
# How pydantic names the opaque member of an open union in an error location.
_OPAQUE_BRANCH = "_tolerated_only()"


def json_path(segments: Iterable[str | int]) -> str:
    """Path segments as a JSON path: identifiers as ``.key``, other keys ``['key']``, indexes ``[i]``."""
    out = ["$"]
    for segment in segments:
        if isinstance(segment, int):
            out.append(f"[{segment}]")
        elif segment.isidentifier():
            out.append(f".{segment}")
        else:
            out.append("[" + repr(segment) + "]")
    return "".join(out)


def _instance_segments(loc: Sequence[str | int], data: Any) -> list[str | int]:
    """Drop the segments pydantic adds for tagged-union members (``'badge'`` in ``blocks.0.badge.tone``).

    They are found by walking the input alongside the location: a segment that does not address anything in
    the data is a union tag. The last segment is always kept (it may name a missing key).
    """
    kept: list[str | int] = []
    node: Any = data
    for index, segment in enumerate(loc):
        last = index == len(loc) - 1
        if isinstance(node, Mapping) and isinstance(segment, str) and segment in node:
            node = node[segment]
        elif isinstance(node, Sequence) and not isinstance(node, str) and isinstance(segment, int):
            node = node[segment] if -len(node) <= segment < len(node) else None
        elif not last or _UNION_LABEL.match(str(segment)):
            continue
        kept.append(segment)
    return kept


def pydantic_error_lines(errors: Iterable[Mapping[str, Any]], data: Any) -> list[str]:
    """One ``$.path: message`` line per pydantic error, paths in wire names (aliases) without union tags."""
    errors = list(errors)
    # A failed open union reports its opaque last member too ("unknown block type"); keep those lines only
    # when nothing else explains the failure (talkie_models._opaque).
    relevant = [e for e in errors if not any(_OPAQUE_BRANCH in str(s) for s in e["loc"])]
    lines = []
    for error in relevant or errors:
        loc = [s for s in error["loc"] if isinstance(s, str | int)]
        lines.append(f"{json_path(_instance_segments(loc, data))}: {error['msg']}")
    return lines
