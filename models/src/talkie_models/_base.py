"""The one base class of every generated model: it fixes the wire policy once instead of per call site."""

from __future__ import annotations

from typing import Any, Literal, get_args, get_origin, get_type_hints

from pydantic import BaseModel, ConfigDict, model_serializer
from pydantic.alias_generators import to_camel
from pydantic.fields import FieldInfo
from pydantic_core.core_schema import SerializerFunctionWrapHandler

__all__ = ["TalkieModel"]

# A serialized key -> (field name, omit when None, omit when never set, an explicit None is a value).
_Rule = tuple[str, bool, bool, bool]
# Per class, computed on first dump; keyed by the class itself so a subclass never reuses its parent's rules.
_RULES: dict[type[BaseModel], dict[str, _Rule]] = {}


def _is_const(field: FieldInfo) -> bool:
    """A field typed by one literal whose default is that literal: a tag such as ``type``, always sent."""
    return get_origin(field.annotation) is Literal and get_args(field.annotation) == (field.default,)


# The JSON kinds a union must cover to count as "any JSON value" (an object model may stand for the object).
_JSON_KINDS = frozenset({str, float, bool, list, type(None)})


def _admits_any(annotation: Any) -> bool:
    """A field whose schema allows any JSON value: there a ``null`` that was given is data, not absence.

    ``Any`` itself, or a union over every JSON kind such as ``forwardedProps`` (an object model, or any other
    JSON value, ``null`` included)."""
    args = get_args(annotation)
    if annotation is Any or Any in args:
        return True
    return {get_origin(arg) or arg for arg in args} >= _JSON_KINDS


def _hints(cls: type[BaseModel]) -> dict[str, Any]:
    """The field annotations resolved (a generated union may still be a forward reference in model_fields)."""
    try:
        return get_type_hints(cls)
    except (NameError, TypeError):
        return {}


class TalkieModel(BaseModel):
    """Base of every talkie/1 wire model.

    - Wire names are camelCase, Python attributes snake_case; both spellings populate a model, and dumps use
      the wire names unless ``by_alias=False`` is asked for.
    - An optional field whose value is ``None`` is left out of every dump (``model_dump``,
      ``model_dump_json``, nested models, ``TypeAdapter``) instead of being sent as ``null``. Only a field
      that takes any JSON value (``metadata`` of a content part) keeps a ``null`` that was explicitly given.
    - A field with a schema default that was never set is left out too, so a parsed message dumps back to
      exactly what was received while Python code still reads the default. Tags (``type``) are always sent.
    - Unknown keys are kept by default (JSON Schema's own default); each generated class states the schema's
      ``additionalProperties`` policy explicitly (``extra="allow"`` or ``"forbid"``).
    """

    model_config = ConfigDict(
        extra="allow",
        alias_generator=to_camel,
        validate_by_name=True,
        validate_by_alias=True,
        serialize_by_alias=True,
    )

    @classmethod
    def _omission_rules(cls) -> dict[str, _Rule]:
        rules = _RULES.get(cls)
        if rules is None:
            rules = {}
            generate = cls.model_config.get("alias_generator")
            hints = _hints(cls)
            for name, field in cls.model_fields.items():
                if field.is_required() or _is_const(field):
                    continue
                none_default = field.default is None and field.default_factory is None
                rule = (name, none_default, not none_default, _admits_any(hints.get(name, field.annotation)))
                # The alias is derived here too: a class still waiting for a forward reference has no
                # generated aliases on its fields yet, while a TypeAdapter may already serialize it.
                derived = generate(name) if callable(generate) else None
                for key in (name, field.alias, field.serialization_alias, derived):
                    if key is not None:
                        rules[key] = rule
            _RULES[cls] = rules
        return rules

    @model_serializer(mode="wrap")
    def _omit_absent_fields(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        # The return type is left unannotated on purpose: an annotation would replace the serialization
        # JSON schema of every model by a bare object.
        serialized: Any = handler(self)
        if not isinstance(serialized, dict):
            return serialized
        rules = type(self)._omission_rules()
        fields_set = self.model_fields_set
        result: dict[str, Any] = {}
        for key, value in serialized.items():
            rule = rules.get(key)
            if rule is not None:
                name, omit_none, omit_unset, none_is_value = rule
                if value is None and omit_none and not (none_is_value and name in fields_set):
                    continue
                if omit_unset and name not in fields_set:
                    continue
            result[key] = value
        return result
