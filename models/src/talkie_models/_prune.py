"""Dropping the members a model does not know, for the tolerant profile (notes N-30).

The generated models of closed schemas refuse unknown members (``extra="forbid"``), which is right for what a
server sends. A client must ignore them instead (§1, §5). Rather than a validator on every model, which would
slow down every parse, the tolerant profile prunes the decoded JSON against the model's fields first, and only
on the slow path, after the exact parse has failed. Tagged unions are followed by their tag; a value whose tag
no member has is left as it is (it becomes an opaque ``UnknownBlock`` / ``UnknownOutcome``).
"""

from __future__ import annotations

import functools
import types
from collections.abc import Mapping
from typing import Annotated, Any, Literal, Union, get_args, get_origin, get_type_hints

from pydantic import BaseModel

__all__ = ["prune"]

# The members a tagged union is told apart by, in the order they are tried.
_TAGS = ("type", "name")


def _unwrap(annotation: Any) -> Any:
    while True:
        value = getattr(annotation, "__value__", None)  # a TypeAliasType
        if value is not None:
            annotation = value
        elif get_origin(annotation) is Annotated:
            annotation = get_args(annotation)[0]
        else:
            return annotation


def _members(annotation: Any) -> list[Any]:
    """The flattened members of a (possibly nested) union annotation, ``None`` left out."""
    annotation = _unwrap(annotation)
    if get_origin(annotation) in (Union, types.UnionType):
        return [m for arg in get_args(annotation) for m in _members(arg) if m is not type(None)]
    return [annotation]


@functools.cache
def _keys(model: type[BaseModel]) -> dict[str, Any]:
    """Every key that names a field of ``model`` (wire and attribute names) -> the field's annotation."""
    generate = model.model_config.get("alias_generator")
    hints = get_type_hints(model, include_extras=True)  # resolves the generated forward references
    keys: dict[str, Any] = {}
    for name, field in model.model_fields.items():
        derived = generate(name) if callable(generate) else None
        for key in (name, field.alias, field.validation_alias, derived):
            if isinstance(key, str):
                keys[key] = hints.get(name, field.annotation)
    return keys


def _tag_of(model: type[BaseModel], tag: str) -> Any:
    field = model.model_fields.get(tag)
    if field is None or get_origin(field.annotation) is not Literal:
        return None
    (value,) = get_args(field.annotation) or (None,)
    return value


def _pick(candidates: list[type[BaseModel]], data: Mapping[str, Any]) -> type[BaseModel] | None:
    if len(candidates) == 1:
        return candidates[0]
    for tag in _TAGS:
        if tag in data:
            matching = [c for c in candidates if _tag_of(c, tag) == data[tag]]
            if len(matching) == 1:
                return matching[0]
            if matching:
                candidates = matching
    return None


def prune(annotation: Any, data: Any) -> Any:
    """``data`` without the members that ``annotation`` (a model class or a type hint) does not know."""
    members = _members(annotation)
    if isinstance(data, Mapping):
        models = [m for m in members if isinstance(m, type) and issubclass(m, BaseModel)]
        model = _pick(models, data)
        if model is not None:
            keys = _keys(model)
            closed = model.model_config.get("extra") == "forbid"
            return {
                k: prune(keys[k], v) if k in keys else v for k, v in data.items() if k in keys or not closed
            }
        mappings = [m for m in members if get_origin(m) in (dict, Mapping)]
        if len(mappings) == 1 and len(get_args(mappings[0])) == 2:
            value_type = get_args(mappings[0])[1]
            return {k: prune(value_type, v) for k, v in data.items()}
        return data
    if isinstance(data, list):
        lists = [m for m in members if get_origin(m) in (list, tuple)]
        if len(lists) == 1 and get_args(lists[0]):
            item_type = get_args(lists[0])[0]
            return [prune(item_type, item) for item in data]
    return data
