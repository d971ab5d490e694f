"""Opaque members of the two open tagged unions a client meets: card blocks and ``RUN_FINISHED`` outcomes.

The schemas close both unions (a server sends only the block types and outcomes talkie/1 defines), but a
client must survive a newer server: §6 asks it to show ``fallbackText`` for a block it cannot render, and AG-
UI adds outcomes over time. codegen appends these classes to ``CardBlock`` and ``RunFinishedOutcome`` as a
last union member (notes N-30). They validate only under the *tolerant* profile; under the strict one (no
context) they refuse, so strict parsing still rejects what the schemas reject. A known tag never lands here:
its payload must match its own class in both profiles.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal, Self, get_args

from pydantic import ConfigDict, ValidationInfo, model_validator

from talkie_models._base import TalkieModel

__all__ = [
    "PROFILE_KEY",
    "Profile",
    "UnknownBlock",
    "UnknownOutcome",
    "is_tolerant",
    "register_known",
    "tolerant_context",
]

Profile = Literal["tolerant", "strict"]
# The key of pydantic's validation context that selects the profile, and its tolerant value.
PROFILE_KEY = "talkie_profile"
_TOLERANT = "tolerant"


def tolerant_context() -> dict[str, Any]:
    """The validation context of the tolerant profile (pass as ``context=`` to ``model_validate``)."""
    return {PROFILE_KEY: _TOLERANT}


def is_tolerant(context: Any) -> bool:
    """Whether a pydantic validation context selects the tolerant profile."""
    return isinstance(context, Mapping) and context.get(PROFILE_KEY) == _TOLERANT


def _union_tags(alias: Any) -> frozenset[str]:
    """The ``type`` values of the known members of a generated open union (its last member is opaque)."""
    members: set[str] = set()
    stack = [getattr(alias, "__value__", alias)]
    while stack:
        node = stack.pop()
        if isinstance(node, type) and issubclass(node, TalkieModel):
            field = node.model_fields.get("type")
            literals = get_args(field.annotation) if field is not None else ()
            members.update(str(value) for value in literals)
        else:
            stack.extend(get_args(getattr(node, "__value__", node)))
    return frozenset(members)


# Filled once by the package's __init__ from the generated unions, which list this module's classes as members
# (so it cannot import them without a cycle): kind ("block", "outcome") -> the known ``type`` values.
_KNOWN: dict[str, frozenset[str]] = {}


def register_known(kind: str, union: Any) -> None:
    """Record the known tags of an open union: ``CardBlock`` ("block"), ``RunFinishedOutcome`` ("outcome")."""
    _KNOWN[kind] = _union_tags(union)


def _known(kind: str) -> frozenset[str]:
    try:
        return _KNOWN[kind]
    except KeyError:
        raise RuntimeError("talkie_models is not initialised: import talkie_models first") from None


class _Opaque(TalkieModel):
    """A tagged object of a type this version does not know, kept with every member as received."""

    model_config = ConfigDict(extra="allow")
    _kind: ClassVar[str] = "value"

    type: str
    """The tag as received."""

    @model_validator(mode="after")
    def _tolerated_only(self, info: ValidationInfo) -> Self:
        if self.type in _known(self._kind):
            raise ValueError(f"{self.type!r} is a known {self._kind} type; it must match its own schema")
        if not is_tolerant(info.context):
            raise ValueError(f"unknown {self._kind} type {self.type!r}")
        return self

    @property
    def raw(self) -> dict[str, Any]:
        """The object as received, under its wire names."""
        return self.model_dump(by_alias=True)


class UnknownBlock(_Opaque):
    """A card block of a type talkie/1 does not define. A client that meets one shows the card's
    ``fallbackText`` instead of the whole card (§6)."""

    _kind: ClassVar[str] = "block"


class UnknownOutcome(_Opaque):
    """A ``RUN_FINISHED`` outcome AG-UI may add after 1.0; the run still ended without an error."""

    _kind: ClassVar[str] = "outcome"
