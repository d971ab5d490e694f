"""Plain-text tables whose columns fit their widest cell, so a slow machine's long figure never runs into the
next column (the widths come from the content, not from a format string)."""

from __future__ import annotations

GAP = "  "
"""Between two columns: two spaces, so a cell may hold one space ("12.34 ms", "raw ASGI")."""
NOTES_GAP = "   "


def grid(header: list[str], rows: list[list[str]], notes: bool = False) -> list[str]:
    """The header and rows as aligned lines: the first column left-aligned, the others right-aligned; with
    `notes`, the last column is free text, left-aligned after the figures (and may be empty)."""
    width = len(header)
    for row in rows:
        if len(row) != width:
            raise ValueError(f"a row of {len(row)} cells in a table of {width} columns: {row}")
    figures = width - 1 if notes else width
    widths = [max(len(line[i]) for line in [header, *rows]) for i in range(figures)]
    lines = []
    for line in [header, *rows]:
        cells = [line[0].ljust(widths[0]), *(line[i].rjust(widths[i]) for i in range(1, figures))]
        text = GAP.join(cells)
        if notes and line[-1]:
            text += NOTES_GAP + line[-1]
        lines.append(text.rstrip())
    return lines
