"""Base class of the generated ``UnknownEvent`` and ``UnknownCustomEvent`` (set by codegen's base-class map).

JSON Schema keeps known events out of these two types with ``not: {enum: [...]}``, which has no pydantic type.
This base enforces the same rule after validation, so a broken ``talkie.card`` inside
``DecisionResponse.events`` is an error, not a silently tolerated unknown event.
"""

from __future__ import annotations

from typing import Any, Self

from pydantic import model_validator

from talkie_models._base import TalkieModel

__all__ = ["TolerantEvent", "known_event_tags", "register_known_tags"]


# Filled once by the package's __init__ from the generated ``Event`` union (talkie_models._events.known_tags):
# the generated classes derive from TolerantEvent, so this module cannot import them without a cycle.
_KNOWN: list[tuple[frozenset[str], frozenset[str]]] = []


def register_known_tags(types: frozenset[str], names: frozenset[str]) -> None:
    """Record the ``type`` values of ``Event`` and the CUSTOM ``name`` values of ``TalkieCustomEvent``."""
    _KNOWN[:] = [(types, names)]


def known_event_tags() -> tuple[frozenset[str], frozenset[str]]:
    """(the event ``type`` values of ``Event``, the CUSTOM ``name`` values of ``TalkieCustomEvent``)."""
    if not _KNOWN:
        raise RuntimeError("talkie_models is not initialised: import talkie_models first")
    return _KNOWN[0]


class TolerantEvent(TalkieModel):
    """An event a receiver must ignore: its ``type`` is not one Talkie defines, or it is a CUSTOM event whose
    ``name`` is not a ``talkie.*`` name Talkie defines."""

    @model_validator(mode="after")
    def _not_a_known_event(self) -> Self:
        types, names = known_event_tags()
        kind = getattr(self, "type", None)
        if kind == "CUSTOM":
            name = getattr(self, "name", None)
            if name is None:
                name = (self.model_extra or {}).get("name")
            if not isinstance(name, str):
                raise ValueError("a CUSTOM event needs a string name")
            if name in names:
                raise ValueError(f"{name} is a known CUSTOM name; its event must match its own schema")
        elif kind in types:
            raise ValueError(f"{kind} is a known event type; the event must match its own schema")
        return self

    @property
    def raw(self) -> dict[str, Any]:
        """The event as received: its known fields and every other key, under their wire names."""
        return self.model_dump(by_alias=True)

    @property
    def event_name(self) -> str | None:
        """The ``name`` of an unknown CUSTOM event, else ``None``."""
        name = getattr(self, "name", None)
        if name is None:
            name = (self.model_extra or {}).get("name")
        return name if isinstance(name, str) else None
