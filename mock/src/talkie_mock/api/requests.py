"""Request readers: path ids, and bodies parsed and checked against the contract before any handler uses them.

jsonschema-rs (through `talkie_models.validation.fast_validator`) decides validity on the hot path; only
for an
invalid body do we pay for a readable message naming the offending field.
"""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar

import orjson
from pydantic import ValidationError
from starlette.requests import Request
from talkie_models import TalkieModel
from talkie_models.validation import fast_validator

from talkie_mock.engine.ids import SAFE_ID
from talkie_mock.errors import ApiError


def safe_id(value: str, reason: str) -> str:
    """An id from a path; anything with odd characters cannot name a stored object → 404."""
    if not SAFE_ID.match(value):
        raise ApiError("not_found", reason, id=value[:80])
    return value


MAX_DEPTH = 64
"""Deepest nesting of a request body. Every talkie/1 body is a few levels deep; free members (`state`,
`forwardedProps`) get room, and a stored body can always be encoded again (orjson's encoder stops at 255)."""


def parse_json(raw: bytes) -> Any:
    """A request body's JSON value, or 400 `invalid_request` saying what is wrong and where.

    Strict RFC 8259 through orjson on the hot path: it refuses `NaN`, invalid UTF-8 and lone UTF-16
    surrogates (`"\\ud800"`, what a client sends after cutting a string between the halves of an emoji)
    and stops at 1,024 levels; :data:`MAX_DEPTH` is checked after it. Only a refused body is read a second
    time, by the tolerant standard parser, to name the field that holds the bad text.
    """
    if not raw.strip():
        raise ApiError("invalid_request", "invalid_json")
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise _explained(raw, str(exc)) from None
    # nesting needs one bracket per level: a body with few brackets (every usual one) skips the walk
    if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH and _too_deep(value):
        raise ApiError("invalid_request", "nested_too_deep", limit=MAX_DEPTH)
    return value


def _too_deep(value: Any) -> bool:
    """Whether containers nest deeper than MAX_DEPTH (iterative, so no value can exhaust the stack)."""
    if not isinstance(value, dict | list):
        return False
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        children = item.values() if isinstance(item, dict) else item
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def _explained(raw: bytes, reason: str) -> ApiError:
    """The 400 for a body orjson refused: too deep, invalid text (naming its field) or not JSON."""
    if "depth limit" in reason:
        return ApiError("invalid_request", "nested_too_deep", limit=MAX_DEPTH)
    if "surrogate" not in reason and "UTF-8" not in reason:
        return ApiError("invalid_request", "invalid_json")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return ApiError("invalid_request", "invalid_text", field=f"(body, byte {exc.start})")
    try:  # the standard parser keeps lone surrogates: parse again only to find where the bad text is
        value = json.loads(text)
    except RecursionError:
        return ApiError("invalid_request", "nested_too_deep", limit=MAX_DEPTH)
    except ValueError:
        return ApiError("invalid_request", "invalid_json")
    if _too_deep(value):
        return ApiError("invalid_request", "nested_too_deep", limit=MAX_DEPTH)
    return ApiError("invalid_request", "invalid_text", field=bad_text_path(value) or "(body)")


def valid_text(text: str) -> bool:
    """Whether a string is valid Unicode (SQLite, orjson and every client need UTF-8 it can encode)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def bad_text_path(value: Any, path: str = "") -> str | None:
    """The path (`messages[0].content`) of the first string or member name that is not valid Unicode."""
    if isinstance(value, str):
        return None if valid_text(value) else (path or "(body)")
    if isinstance(value, list):
        for index, item in enumerate(value):
            found = bad_text_path(item, f"{path}[{index}]")
            if found:
                return found
    elif isinstance(value, dict):
        for key, item in value.items():
            if not valid_text(key):
                return f"{path or '(body)'} (a member name)"
            found = bad_text_path(item, f"{path}.{key}" if path else key)
            if found:
                return found
    return None


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
    encoding = request.headers.get("content-encoding", "identity").strip().lower()
    if encoding not in ("", "identity"):  # said plainly, instead of "invalid text" at the body's first byte
        detail = f"{encoding[:40]!r} is not accepted; send the body uncompressed"
        raise ApiError("invalid_request", "invalid_field", field="Content-Encoding", detail=detail)
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
