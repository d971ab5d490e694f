"""Small helpers for writing Markdown that survives tables: code spans, cell text and JSON blocks."""

from __future__ import annotations

import html
import json
from typing import Any

_CODE_ENTITIES = {
    "|": "&#124;",
    "*": "&#42;",
    "_": "&#95;",
    "`": "&#96;",
    "\\": "&#92;",
    "[": "&#91;",
    "]": "&#93;",
    "{": "&#123;",
    "}": "&#125;",
}


def code(text: object) -> str:
    """An inline code element whose content Markdown cannot reinterpret (safe inside table cells)."""
    escaped = html.escape(str(text), quote=False)
    return "<code>" + "".join(_CODE_ENTITIES.get(char, char) for char in escaped) + "</code>"


def literal(value: object) -> str:
    """A JSON value as inline code (`"text"`, `1`, `true`)."""
    return code(json.dumps(value, ensure_ascii=False))


def cell(text: str) -> str:
    """Prose for one table cell: one line, and a `|` outside code spans cannot split the cell."""
    flat = " ".join(text.split())
    out: list[str] = []
    in_code = False
    for char in flat:
        if char == "`":
            in_code = not in_code
        out.append("\\|" if char == "|" and not in_code else char)
    return "".join(out)


def json_block(value: Any) -> str:
    """A fenced JSON code block (pretty-printed, non-ASCII kept)."""
    return "```json\n" + json.dumps(value, indent=2, ensure_ascii=False) + "\n```"


def table(header: list[str], rows: list[list[str]]) -> str:
    """A Markdown table; cells must already be escaped with `cell`/`code`."""
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)
