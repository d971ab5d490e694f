"""Reading one run-stream event under one of two profiles (notes N-30).

*tolerant* (the default) is what a client must accept: unknown types and CUSTOM names become
``UnknownEvent`` (§5), unknown members of known events are dropped, an unknown card block or
``RUN_FINISHED`` outcome is kept as an opaque ``UnknownBlock`` / ``UnknownOutcome`` so the card still yields
its ``fallbackText`` (§6). *strict* is the closed schemas, what a conforming server sends. In both, a known
event that breaks its schema raises.
"""

from __future__ import annotations

import functools
import json
import types
from collections.abc import Mapping
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from pydantic import TypeAdapter, ValidationError

from talkie_models._base import TalkieModel
from talkie_models._exceptions import EventParseError
from talkie_models._generated import Event, UnknownEvent
from talkie_models._opaque import Profile, tolerant_context
from talkie_models._paths import pydantic_error_lines
from talkie_models._prune import prune

__all__ = ["PROFILES", "Profile", "event_table", "known_tags", "parse_event", "parse_model"]

PROFILES: tuple[Profile, ...] = ("tolerant", "strict")
M = TypeVar("M", bound=TalkieModel)


# A tagged union -> (tag property, tag value -> member class or nested table).
_Table = tuple[str, dict[str, Any]]


def _union_table(alias: Any) -> _Table:
    """Read the discriminator and members of a generated tagged union (``Event``, ``TalkieCustomEvent``)."""
    value = getattr(alias, "__value__", alias)  # unwrap a TypeAliasType
    if get_origin(value) is not Annotated:
        raise TypeError(f"{alias!r} is not a tagged union")
    union, *extras = get_args(value)
    tag = next(str(e.discriminator) for e in extras if isinstance(getattr(e, "discriminator", None), str))
    members: dict[str, Any] = {}
    for member in get_args(union) if get_origin(union) in (Union, types.UnionType) else (union,):
        if isinstance(member, type) and issubclass(member, TalkieModel):
            (literal,) = get_args(member.model_fields[tag].annotation)
            members[literal] = member
        else:
            nested_tag, nested = _union_table(member)
            (literal,) = {_tag_of(cls, tag) for cls in _leaves(nested)}
            members[literal] = (nested_tag, nested)
    return tag, members


def _leaves(members: dict[str, Any]) -> list[type[TalkieModel]]:
    found: list[type[TalkieModel]] = []
    for member in members.values():
        found += _leaves(member[1]) if isinstance(member, tuple) else [member]
    return found


def _tag_of(cls: type[TalkieModel], tag: str) -> str:
    (literal,) = get_args(cls.model_fields[tag].annotation)
    return str(literal)


@functools.cache
def _adapter() -> TypeAdapter[Event]:
    return TypeAdapter(Event)


@functools.cache
def event_table() -> _Table:
    """``Event`` as a dispatch table: ("type", {type: class, "CUSTOM": ("name", {name: class})})."""
    return _union_table(Event)


def known_tags() -> tuple[frozenset[str], frozenset[str]]:
    """(the event ``type`` values of ``Event``, the CUSTOM ``name`` values of its nested tagged unions)."""
    _, members = event_table()
    names: set[str] = set()
    for member in members.values():
        if isinstance(member, tuple):
            names |= set(member[1])
    return frozenset(members), frozenset(names)


def _broken(message: str, event_type: str | None, path: str, problem: str) -> EventParseError:
    return EventParseError(message, event_type=event_type, errors=[f"{path}: {problem}"])


def _decode(data: str | bytes | bytearray) -> Any:
    try:
        return json.loads(data)
    except (ValueError, UnicodeDecodeError) as exc:
        raise EventParseError(f"event is not JSON ({exc})") from None


def _slow_path(obj: Any, profile: Profile) -> Event | UnknownEvent:
    """Classify an event the fast path rejected: unknown (tolerated), known and readable under the tolerant
    profile, or known and broken (raised)."""
    if not isinstance(obj, Mapping):
        raise _broken(
            "event is not a JSON object", None, "$", f"expected an object, got {type(obj).__name__}"
        )
    obj = dict(obj)
    tag, members = event_table()
    kind = obj.get(tag)
    if not isinstance(kind, str):
        raise _broken("event has no type", None, f"$.{tag}", "a string is required")
    target = members.get(kind)
    label = kind
    while isinstance(target, tuple):
        nested_tag, nested = target
        name = obj.get(nested_tag)
        if not isinstance(name, str):
            raise _broken(f"invalid {kind} event", kind, f"$.{nested_tag}", "a string is required")
        label, target = f"{kind} {name}", nested.get(name)
    if target is None:
        return UnknownEvent.model_validate(obj)
    context = None
    if profile == "tolerant":
        obj, context = prune(target, obj), tolerant_context()
    try:
        event: Event = target.model_validate(obj, context=context, strict=profile == "strict")
    except ValidationError as exc:
        raise EventParseError(
            f"invalid {label} event", event_type=kind, errors=pydantic_error_lines(exc.errors(), obj)
        ) from None
    return event


def parse_event(
    data: str | bytes | bytearray | Mapping[str, Any], profile: Profile = "tolerant"
) -> Event | UnknownEvent:
    """Read one event (the JSON of an SSE ``data`` field, or its decoded object) into its model.

    An unknown ``type`` or an unknown CUSTOM ``name`` gives an ``UnknownEvent`` and never raises: receivers
    ignore such events. With ``profile="tolerant"`` (the default) unknown members of a known event are dropped
    and an unknown card block or outcome is kept opaque; ``profile="strict"`` refuses both, as the schemas do.
    A known type whose payload breaks its schema raises ``EventParseError`` naming the path in either profile;
    so does input that is not a JSON object with a string ``type``. A chunk event (``TEXT_MESSAGE_CHUNK``) is
    an ``UnknownEvent`` here: ``iter_events`` expands a stream's chunks, which needs the events around them.
    """
    if profile not in PROFILES:
        raise ValueError(f"profile must be 'tolerant' or 'strict', not {profile!r}")
    strict = profile == "strict"  # no coercion either: `1` is no boolean and "2" no count (N-30)
    if isinstance(data, str | bytes | bytearray):
        try:
            return _adapter().validate_json(data, strict=strict)
        except ValidationError:
            return _slow_path(_decode(data), profile)
    try:
        return _adapter().validate_python(data, strict=strict)
    except ValidationError:
        return _slow_path(data, profile)


def parse_model(
    model: type[M], data: str | bytes | bytearray | Mapping[str, Any], profile: Profile = "tolerant"
) -> M:
    """Read a whole body (``ThreadDetail``, ``DecisionResponse``, ``Manifest``, …) under a profile.

    The tolerant profile does for every nested object what ``parse_event`` does for one event: unknown members
    are dropped and unknown card blocks or outcomes kept opaque, so a thread whose stored card has a future
    block type still loads. Raises pydantic's ``ValidationError`` when the body breaks its schema anyway.
    """
    if profile not in PROFILES:
        raise ValueError(f"profile must be 'tolerant' or 'strict', not {profile!r}")
    if profile == "strict":
        if isinstance(data, str | bytes | bytearray):
            return model.model_validate_json(data, strict=True)
        return model.model_validate(data, strict=True)
    obj = json.loads(data) if isinstance(data, str | bytes | bytearray) else data
    return model.model_validate(prune(model, obj), context=tolerant_context())
