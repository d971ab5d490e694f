"""Which note a shape mismatch of the producer view rests on, when the text view accepted the shape (N-101).

The producer view differs from the text view in three ways only (codegen/views.py builds both): it requires
the members the specification's examples show (N-26), it closes the objects of Talkie's answers and the
AG-UI events (N-18), and it holds the manifest's origins and paths to our patterns. A missing member or an
extra one is advice of ours naming its note, never a failure; a manifest string off our pattern is left to the
rules that judge those lines (MAN-006, -007, -010, -015, -016, -025), so it is not reported twice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

EXAMPLE_MEMBERS = "N-26"
CLOSED_OBJECTS = "N-18"

WHY: Mapping[str, str] = {
    EXAMPLE_MEMBERS: "note N-26 (members the specification's examples show; its text does not require them)",
    CLOSED_OBJECTS: "note N-18 (objects we close; the specification's text does not forbid other members)",
}


def note_of(problem: str) -> str | None:
    """The note behind one producer-view problem line (``$.x: 'y' is a required property``); None for a
    string off one of our patterns, which another rule judges."""
    if "Additional properties are not allowed" in problem:
        return CLOSED_OBJECTS
    if " does not match " in problem:
        return None
    return EXAMPLE_MEMBERS


def by_note(problems: Sequence[str]) -> dict[str, list[str]]:
    """The problem lines grouped by the note each rests on, in order (those another rule judges left out)."""
    grouped: dict[str, list[str]] = {}
    for problem in problems:
        note = note_of(problem)
        if note is not None:
            grouped.setdefault(note, []).append(problem)
    return grouped
