"""Which note a shape mismatch of the producer view rests on, when the text view accepted the shape (N-101).

The producer view differs from the text view in two ways only (codegen/views.py builds both): it requires the
members the specification's examples show (N-26) and it closes the objects of Talkie's answers and the AG-UI
events (N-18). So a problem the producer view finds beyond the text view is a missing member (N-26) or an
extra one (N-18); either is advice of ours, never a failure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

EXAMPLE_MEMBERS = "N-26"
CLOSED_OBJECTS = "N-18"

WHY: Mapping[str, str] = {
    EXAMPLE_MEMBERS: "note N-26 (members the specification's examples show; its text does not require them)",
    CLOSED_OBJECTS: "note N-18 (objects we close; the specification's text does not forbid other members)",
}


def note_of(problem: str) -> str:
    """The note behind one producer-view problem line (``$.x: 'y' is a required property``)."""
    return CLOSED_OBJECTS if "Additional properties are not allowed" in problem else EXAMPLE_MEMBERS


def by_note(problems: Sequence[str]) -> dict[str, list[str]]:
    """The problem lines grouped by the note each rests on, in order."""
    grouped: dict[str, list[str]] = {}
    for problem in problems:
        grouped.setdefault(note_of(problem), []).append(problem)
    return grouped
