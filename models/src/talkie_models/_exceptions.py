"""The toolkit's own exceptions (wire errors are data, see ``talkie_models.errors``)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["EventParseError", "RuleCatalogueError", "SchemaValidationError", "TalkieModelsError"]


class TalkieModelsError(Exception):
    """Root of every exception ``talkie_models`` raises on purpose."""


class EventParseError(TalkieModelsError, ValueError):
    """A run-stream event that cannot be read: not a JSON object, no ``type``, or a known type whose payload
    breaks its schema. ``errors`` holds one ``<JSON path>: <problem>`` line per problem."""

    def __init__(self, message: str, *, event_type: str | None = None, errors: Sequence[str] = ()) -> None:
        self.event_type = event_type
        self.errors: tuple[str, ...] = tuple(errors)
        super().__init__(message if not self.errors else f"{message}: " + "; ".join(self.errors))


class SchemaValidationError(TalkieModelsError, ValueError):
    """An instance that breaks the JSON Schema of its type; ``errors`` lists each ``$.path: problem``."""

    def __init__(self, type_name: str, errors: Sequence[str]) -> None:
        self.type_name = type_name
        self.errors: tuple[str, ...] = tuple(errors)
        lines = "\n".join(f"  {line}" for line in self.errors)
        super().__init__(f"instance is not a valid {type_name}:\n{lines}")


class RuleCatalogueError(TalkieModelsError, ValueError):
    """A rule catalogue that does not have the shape of ``spec/rules.schema.json``: no list of rules, a rule
    lacking a required field or holding a value of the wrong type or outside its enum, or an ID used twice."""
