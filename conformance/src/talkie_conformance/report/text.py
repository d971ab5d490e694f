"""Whatever a server sent, as text every report format can hold: valid UTF-8, valid XML, no raw controls.

A server's JSON may carry a lone surrogate (`\\ud800`), which no UTF-8 encoder writes, and control characters
that XML 1.0 forbids; invalid UTF-8 was already decoded with replacement characters. Each such character is
written as its escape (`\\ud800`, `\\x00`), so the report shows what the server sent instead of failing.
"""

from __future__ import annotations

import re
from typing import Any

# lone surrogates, and the C0 controls XML 1.0 forbids (tab, newline and carriage return are allowed)
_UNWRITABLE = re.compile("[\ud800-\udfff\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def writable(text: str) -> str:
    """`text` with every character a UTF-8 file or an XML document cannot hold written as its escape."""
    return _UNWRITABLE.sub(_escape, text)


def writable_data(value: Any) -> Any:
    """A JSON-ready value with `writable` applied to every string in it, keys included."""
    if isinstance(value, str):
        return writable(value)
    if isinstance(value, dict):
        return {writable_data(key): writable_data(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [writable_data(item) for item in value]
    return value
