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
from starlette.requests import ClientDisconnect, Request
from talkie_models import SchemaValidationError, TalkieModel
from talkie_models.validation import fast_validator, validate

from talkie_mock.api.origin import header
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
        raise _explained(raw, exc) from None
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


def _explained(raw: bytes, error: orjson.JSONDecodeError) -> ApiError:
    """The 400 for a body orjson refused: too deep, invalid text (naming its field) or not JSON (naming the
    line and column where it stops being JSON)."""
    reason = str(error)
    if "depth limit" in reason:
        return ApiError("invalid_request", "nested_too_deep", limit=MAX_DEPTH)
    if "surrogate" not in reason and "UTF-8" not in reason:
        return ApiError(
            "invalid_request",
            "invalid_json_at",
            detail=error.msg,
            line=str(error.lineno),
            column=str(error.colno),
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return ApiError("invalid_request", "invalid_text", field=f"body (byte {exc.start})")
    try:  # the standard parser keeps lone surrogates: parse again only to find where the bad text is
        value = json.loads(text)
    except RecursionError:
        return ApiError("invalid_request", "nested_too_deep", limit=MAX_DEPTH)
    except ValueError:
        return ApiError("invalid_request", "invalid_json")
    if _too_deep(value):
        return ApiError("invalid_request", "nested_too_deep", limit=MAX_DEPTH)
    return ApiError("invalid_request", "invalid_text", field=bad_text_path(value) or BODY)


def valid_text(text: str) -> bool:
    """Whether a string is valid Unicode (SQLite, orjson and every client need UTF-8 it can encode)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


BODY = "body"
"""How a field path begins (`body.messages[0].id`): the request body itself."""


def bad_text_path(value: Any, path: str = BODY) -> str | None:
    """The path (`body.messages[0].content`) of the first string or member name that is not valid Unicode."""
    if isinstance(value, str):
        return None if valid_text(value) else path
    if isinstance(value, list):
        for index, item in enumerate(value):
            found = bad_text_path(item, f"{path}[{index}]")
            if found:
                return found
    elif isinstance(value, dict):
        for key, item in value.items():
            if not valid_text(key):
                return f"{path} (a member name)"
            found = bad_text_path(item, f"{path}.{key}")
            if found:
                return found
    return None


def check(value: Any, type_name: str) -> dict[str, Any]:
    """`value` if it is a valid `type_name`; else 400 `invalid_request` naming every bad field and where."""
    validator = fast_validator(type_name)
    if validator.is_valid(value):
        if not isinstance(value, dict):  # every request type is an object
            raise ApiError("invalid_request")
        return value
    raise ApiError("invalid_request", "invalid_body", type=type_name, problems=problems(value, type_name))


MAX_PROBLEMS = 10
PROBLEM_CHARS = 200
_REQUIRED = re.compile(r"""^['"](?P<name>.+)['"] is a required property$""", re.DOTALL)


def problems(value: Any, type_name: str) -> str:
    """Every way `value` breaks `type_name`, each with its place (`body.messages[0].id` is required; …).

    python-jsonschema's reading (talkie_models.validation) follows a union into the branch the value meant,
    so a user message without `id` names `id`, not "valid under none of the schemas"; only a refused body
    pays for it."""
    try:
        validate(value, type_name)
        lines: list[str] = list(fast_validator(type_name).errors(value))  # the two readers disagree
    except SchemaValidationError as exc:
        lines = list(exc.errors)
    described = sorted({_place(line) for line in lines}) or ["the body does not match"]
    more = len(described) - MAX_PROBLEMS
    shown = described[:MAX_PROBLEMS] + ([f"and {more} more"] if more > 0 else [])
    return "; ".join(shown)


def _place(line: str) -> str:
    path, _, detail = line.partition(": ")
    where = BODY + path.removeprefix("$") if path.startswith("$") else BODY
    required = _REQUIRED.match(detail)
    if required:
        return f"`{where}.{required.group('name')}` is required"
    text = f"`{where}`: {detail}"
    return text if len(text) <= PROBLEM_CHARS else text[: PROBLEM_CHARS - 1] + "…"


VALIDATED = "talkie_mock.validated"
"""ASGI scope key: (raw body, type name, parsed body) of a request body that passed validation, so the
inspector's analysis of the same bytes does not parse and validate them a second time."""


async def body_of(request: Request) -> bytes:
    """`request.body()` without its async generator and its closing wrapper, which cost a run request more
    than the loop itself: the same messages read, the same `ClientDisconnect`, the body cached where
    Starlette keeps it (a `--break` may have put a rewritten one there already)."""
    if hasattr(request, "_body"):
        cached: bytes = request._body
        return cached
    if request._stream_consumed:
        raise RuntimeError("Stream consumed")
    chunks: list[bytes] = []
    receive = request.receive
    while True:
        message = await receive()
        if message["type"] == "http.request":
            chunk = message.get("body", b"")
            if chunk:
                chunks.append(chunk)
            if not message.get("more_body", False):
                break
        elif message["type"] == "http.disconnect":
            request._is_disconnected = True
            raise ClientDisconnect()
    request._stream_consumed = True
    body = chunks[0] if len(chunks) == 1 else b"".join(chunks)
    request._body = body
    return body


async def read_json(request: Request, type_name: str) -> dict[str, Any]:
    """The request body parsed and validated as `type_name`."""
    raw = await body_of(request)
    encoding = (header(request.scope, b"content-encoding") or "").strip().lower()
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
        field = ".".join([BODY, *(str(part) for part in first["loc"])])
        raise ApiError("invalid_request", "invalid_field", field=field, detail=first["msg"]) from exc
