"""Request readers: path ids, and bodies parsed and checked against the contract before any handler uses them.

jsonschema-rs (through `talkie_models.validation.fast_validator`) decides validity on the hot path; only
for an
invalid body do we pay for a readable message naming the offending field.
"""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar

from pydantic import ValidationError
from starlette.requests import Request
from talkie_models import TalkieModel
from talkie_models.validation import fast_validator

from talkie_mock.errors import ApiError

# Ids the mock accepts in paths (and hands out): letters, digits and a few separators.
SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:~@-]{0,127}$")


def safe_id(value: str, reason: str) -> str:
    """An id from a path; anything with odd characters cannot name a stored object → 404."""
    if not SAFE_ID.match(value):
        raise ApiError("not_found", reason, id=value[:80])
    return value


def parse_json(raw: bytes) -> Any:
    if not raw.strip():
        raise ApiError("invalid_request", "invalid_json")
    try:
        return json.loads(raw, parse_constant=_no_constant)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ApiError("invalid_request", "invalid_json") from exc


def _no_constant(name: str) -> Any:
    """`NaN` and `Infinity` are not JSON (RFC 8259), although Python's parser takes them by default."""
    raise ValueError(f"{name} is not JSON")


def check(value: Any, type_name: str) -> dict[str, Any]:
    """`value` if it is a valid `type_name`; else 400 `invalid_request` naming the first bad field."""
    validator = fast_validator(type_name)
    if validator.is_valid(value):
        if not isinstance(value, dict):  # every request type is an object
            raise ApiError("invalid_request")
        return value
    messages = validator.errors(value)
    field, detail = _describe(messages[0] if messages else "invalid")
    raise ApiError("invalid_request", "invalid_field", field=field, detail=detail)


VALIDATED = "talkie_mock.validated"
"""ASGI scope key: (raw body, type name, parsed body) of a request body that passed validation, so the
inspector's analysis of the same bytes does not parse and validate them a second time."""


async def read_json(request: Request, type_name: str) -> dict[str, Any]:
    """The request body parsed and validated as `type_name`."""
    raw = await request.body()
    value = check(parse_json(raw), type_name)
    request.scope[VALIDATED] = (raw, type_name, value)
    return value


Model = TypeVar("Model", bound=TalkieModel)


async def read_model(request: Request, model: type[Model]) -> Model:
    """The request body as the contract model `model` (its class name is its schema's type name), or the §3
    400 naming the first bad field."""
    value = await read_json(request, model.__name__)
    try:
        return model.model_validate(value)
    except ValidationError as exc:  # the schema accepted it: only a disagreement of the two would land here
        first = exc.errors()[0]
        field = ".".join(str(part) for part in first["loc"]) or "(body)"
        raise ApiError("invalid_request", "invalid_field", field=field, detail=first["msg"]) from exc


def _describe(message: str) -> tuple[str, str]:
    """Split a validator message into (field path, detail); the path is `(body)` for the top level."""
    match = re.match(r"^(?P<path>\$[^:\s]*):\s*(?P<detail>.*)$", message, re.DOTALL)
    if match:
        path = match.group("path").removeprefix("$").removeprefix(".")
        return path or "(body)", match.group("detail")
    return "(body)", message
