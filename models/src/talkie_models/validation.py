"""JSON Schema validation against the bundled talkie/1 schemas (install the ``validation`` or ``fast`` extra).

``validate``/``is_valid`` use python-jsonschema with a ``referencing`` registry (offline; every ``$ref``
resolves to a bundled file) and report each error with its JSON path. ``fast_validator`` is for hot paths:
it uses jsonschema-rs when installed, builds each validator once and keeps it. The libraries are imported
lazily, so ``import talkie_models`` needs pydantic only. Formats (``date-time``) are annotations, as JSON
Schema 2020-12 says by default; patterns and everything else are asserted.

Every function takes a ``view``: ``producer`` (the default: closed and exact, every member the
specification's examples show) or ``text`` (only what the specification's text itself requires, notes N-101).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Protocol

from talkie_models._exceptions import SchemaValidationError
from talkie_models._resources import View, schema_documents, schema_index, schema_of

if TYPE_CHECKING:
    import referencing
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

__all__ = [
    "FastValidator",
    "View",
    "fast_validator",
    "is_valid",
    "registry",
    "schema",
    "type_names",
    "validate",
]


class FastValidator(Protocol):
    """What ``fast_validator`` returns, whichever library backs it."""

    def is_valid(self, instance: Any) -> bool:
        """Whether the instance matches the schema."""
        ...

    def errors(self, instance: Any) -> list[str]:
        """One ``$.path: problem`` line per error (empty when valid)."""
        ...


def type_names() -> list[str]:
    """Every type ``validate`` knows: the titles of the schema documents and of their ``$defs``."""
    return sorted(schema_index())


def schema(type_name: str) -> dict[str, Any]:
    """The JSON Schema of a type, by title (a copy: changing it changes nothing here)."""
    return schema_of(type_name)


def _ref(type_name: str, view: View = "producer") -> dict[str, str]:
    if type_name not in schema_index(view):
        raise KeyError(f"no talkie/1 schema has the title {type_name!r}")
    uri, pointer = schema_index(view)[type_name]
    return {"$ref": f"{uri}#{pointer}" if pointer else uri}


@functools.cache
def registry(view: View = "producer") -> referencing.Registry[Any]:
    """A ``referencing.Registry`` of every bundled schema of ``view``, keyed by ``$id``; it never fetches."""
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    resources = [
        (doc["$id"], Resource.from_contents(doc, default_specification=DRAFT202012))
        for doc in schema_documents(view).values()
    ]
    return Registry().with_resources(resources).crawl()


@functools.cache
def _validator(type_name: str, view: View = "producer") -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(_ref(type_name, view), registry=registry(view))


def _discriminated(error: ValidationError) -> list[ValidationError] | None:
    """For a failed ``oneOf`` with a ``discriminator``, the errors of the branch the tag selects."""
    schema_ = error.schema
    if error.validator != "oneOf" or not isinstance(schema_, dict) or "discriminator" not in schema_:
        return None
    discriminator = schema_["discriminator"]
    instance = error.instance
    tag = instance.get(discriminator["propertyName"]) if isinstance(instance, dict) else None
    target = discriminator.get("mapping", {}).get(tag) if isinstance(tag, str) else None
    if target is None:
        return None
    branches = [i for i, branch in enumerate(schema_["oneOf"]) if branch.get("$ref") == target]
    chosen = [
        e for e in error.context or () if e.relative_schema_path and e.relative_schema_path[0] in branches
    ]
    return chosen or None


_TAG_VALIDATORS = frozenset({"const", "enum", "not"})


def _best_branch(error: ValidationError) -> list[ValidationError] | None:
    """For a failed ``oneOf``/``anyOf`` without a usable discriminator, the errors of the closest branch.

    A branch whose tag (a ``const``, ``enum`` or ``not`` on a top-level member such as ``type``) rejects
    the instance is a wrong guess; among the others the one that failed deepest matched the most, so its
    errors name the member at fault instead of "not valid under any of the given schemas".
    """
    if error.validator not in ("oneOf", "anyOf") or not error.context:
        return None
    branches: dict[Any, list[ValidationError]] = {}
    for sub in error.context:
        if sub.relative_schema_path:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    if not branches:
        return None

    def closeness(errors: list[ValidationError]) -> tuple[bool, int, int]:
        tagged_out = any(e.validator in _TAG_VALIDATORS and len(e.relative_path) <= 1 for e in errors)
        return (not tagged_out, min(len(e.relative_path) for e in errors), -len(errors))

    return max(branches.values(), key=closeness)


def _leaf_errors(errors: Iterator[ValidationError] | list[ValidationError]) -> Iterator[ValidationError]:
    for error in errors:
        branch = _discriminated(error) or _best_branch(error)
        if branch is None:
            yield error
        else:
            yield from _leaf_errors(branch)


def _messages(type_name: str, instance: Any, view: View = "producer") -> list[str]:
    errors = _leaf_errors(_validator(type_name, view).iter_errors(instance))
    lines = {f"{e.json_path}: {e.message}" for e in errors}
    return sorted(lines)


def validate(instance: Any, type_name: str, *, view: View = "producer") -> None:
    """Raise ``SchemaValidationError`` listing each problem (``$.blocks[0].tone: 'x' is not one of …``)."""
    if _validator(type_name, view).is_valid(instance):
        return
    raise SchemaValidationError(type_name, _messages(type_name, instance, view))


def is_valid(instance: Any, type_name: str, *, view: View = "producer") -> bool:
    """Whether the instance matches the schema of ``type_name`` in ``view``."""
    return bool(_validator(type_name, view).is_valid(instance))


class _PythonValidator:
    def __init__(self, type_name: str, view: View) -> None:
        self._type_name = type_name
        self._view: View = view
        self._validator = _validator(type_name, view)

    def is_valid(self, instance: Any) -> bool:
        return bool(self._validator.is_valid(instance))

    def errors(self, instance: Any) -> list[str]:
        return _messages(self._type_name, instance, self._view)


class _RustValidator:
    def __init__(self, type_name: str, view: View) -> None:
        import jsonschema_rs

        documents = schema_documents(view).values()
        rust_registry = jsonschema_rs.Registry([(doc["$id"], doc) for doc in documents])
        self._validator = jsonschema_rs.Draft202012Validator(
            _ref(type_name, view), registry=rust_registry, offline=True
        )

    def is_valid(self, instance: Any) -> bool:
        return bool(self._validator.is_valid(instance))

    def errors(self, instance: Any) -> list[str]:
        from talkie_models._paths import json_path

        return [f"{json_path(e.instance_path)}: {e.message}" for e in self._validator.iter_errors(instance)]


@functools.cache
def fast_validator(type_name: str, view: View = "producer") -> FastValidator:
    """A validator built once per type and cached: jsonschema-rs if installed, else python-jsonschema."""
    try:
        import jsonschema_rs  # noqa: F401
    except ImportError:
        return _PythonValidator(type_name, view)
    return _RustValidator(type_name, view)
