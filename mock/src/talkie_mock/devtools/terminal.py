"""Nothing from a request reaches the developer's terminal as a control: the one escaping function.

A path, a header or a message built from them may carry ESC (colours, cursor moves, OSC titles and
hyperlinks), BEL, CR or LF (a forged line of the log). :func:`printable` spells every C0 and C1 control
character, DEL, and the Unicode format characters that reorder or hide text (bidi overrides and isolates,
zero-width marks), as a visible escape (`\\x1b`, `\\u202e`). The terminal log (`log`) builds each line's
parts through it and the server's Python log records pass through it (`serving.Scrubbed`); the mock's own
colours are added after.
"""

from __future__ import annotations

import re

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")
_LINE_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")


def _spelled(found: re.Match[str]) -> str:
    code = ord(found.group(0))
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """`text` with every control and hiding character spelled out: safe to write to a terminal on one line."""
    return _CONTROL.sub(_spelled, text)


def printable_lines(text: str) -> str:
    """Like :func:`printable`, but line feeds stay (a traceback the mock formats itself)."""
    return _LINE_CONTROL.sub(_spelled, text)
