"""Talkie rules as Schemathesis checks: every response the fuzzer provokes is judged by them too.

Each check is registered with the rule IDs it judges by `@fuzz_check(...)` (the registry `FUZZ_CHECKS`, which
the spec site reads as data) and reports a violation by raising `FuzzViolationError(rule_id, message)`;
the fuzzer turns each into a `Finding`. `BUILTIN_RULES` gives the rule of each of Schemathesis' own checks.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import schemathesis
from schemathesis import Case, CheckContext, Response
from talkie_models import SchemaValidationError
from talkie_models import rules as contract_rules
from talkie_models.protocol import CARD_EVENT, EVENT_STREAM, WELL_KNOWN_PATH
from talkie_models.sse import SSEDecoder
from talkie_models.validation import validate

from talkie_conformance.checks._support import CODE_STATUS, RETRYABLE
from talkie_conformance.errors import ConformanceError
from talkie_conformance.lifecycle import analyze
from talkie_conformance.urls import is_link_target, iter_urls

FuzzFunction = Callable[[CheckContext, Response, Case[Any]], "bool | None"]
ALLOWED_5XX = {500, 502, 503}


@dataclass(frozen=True)
class FuzzCheck:
    """A registered Schemathesis check and the rules it judges."""

    name: str
    rules: tuple[str, ...]
    function: FuzzFunction

    @property
    def title(self) -> str:
        """First line of the check's docstring."""
        return (self.function.__doc__ or self.name).strip().splitlines()[0]


FUZZ_CHECKS: dict[str, FuzzCheck] = {}

# Schemathesis' built-in checks the fuzzer runs, with the rule each one stands for (None: no rule of the
# catalogue, the OpenAPI document's own promise; `BUILTIN_BASIS` names the note behind it, if any).
BUILTIN_RULES: Mapping[str, str | None] = {
    "not_a_server_error": "ERR-013",
    "status_code_conformance": None,
    "content_type_conformance": None,
    "response_schema_conformance": None,
    "negative_data_rejection": "ERR-005",
    "ignored_auth": "AUTH-017",
}
BUILTIN_BASIS: Mapping[str, str] = {"status_code_conformance": "N-23"}


SUITE_ERROR = "suite-error"
"""The `rule_id` of a `FuzzViolationError` raised because a check itself crashed."""


class FuzzViolationError(ConformanceError, AssertionError):
    """A response broke `rule_id`; Schemathesis records it as a failure of the check that raised it."""

    def __init__(self, rule_id: str, message: str) -> None:
        super().__init__(f"{rule_id}: {message}")
        self.rule_id = rule_id
        self.detail = message


def fuzz_check(*rules: str) -> Callable[[FuzzFunction], FuzzFunction]:
    """Register a Schemathesis check that judges `rules` (each must be in the rule catalogue)."""
    if not rules:
        raise ValueError("a fuzz check must judge at least one rule")
    for rule_id in rules:
        contract_rules.rule(rule_id)

    def register(function: FuzzFunction) -> FuzzFunction:
        FUZZ_CHECKS[function.__name__] = FuzzCheck(function.__name__, tuple(rules), function)

        @functools.wraps(function)
        def guarded(ctx: CheckContext, response: Response, case: Case[Any]) -> bool | None:
            try:
                return function(ctx, response, case)
            except FuzzViolationError:
                raise
            except Exception as exc:  # a bug of the check: the suite's error, never the server's
                raise FuzzViolationError(SUITE_ERROR, f"{type(exc).__name__}: {exc}") from exc

        schemathesis.check(guarded)
        return function

    return register


def _content_type(response: Response) -> str:
    values = response.headers.get("content-type") or response.headers.get("Content-Type") or [""]
    return str(values[0]).split(";")[0].strip().lower()


def _is_talkie_endpoint(case: Case[Any]) -> bool:
    return not case.operation.path.endswith(WELL_KNOWN_PATH)


def _json(response: Response) -> Any:
    try:
        return json.loads(response.content)
    except ValueError:
        return None


def stream_events(content: bytes) -> list[Any]:
    """Decode an SSE body into its data payloads (JSON when possible, else the raw text)."""
    decoder = SSEDecoder()
    payloads: list[Any] = []
    for message in decoder.feed(content) + decoder.feed(b"\n\n"):
        try:
            payloads.append(json.loads(message.data))
        except ValueError:
            payloads.append(message.data)
    return payloads


def _schema_problem(instance: Any, type_name: str) -> str | None:
    """What breaks the shape the specification's text gives `type_name` (the text view, notes N-101)."""
    try:
        validate(instance, type_name, view="text")
    except SchemaValidationError as exc:
        return "; ".join(exc.errors[:3])
    return None


@fuzz_check("ERR-001", "ERR-003", "ERR-013")
def talkie_error_body(ctx: CheckContext, response: Response, case: Case[Any]) -> bool | None:
    """§3: every non-2xx answer of a Talkie endpoint has the error body, with a code that fits its status."""
    if response.status_code < 400 or not _is_talkie_endpoint(case):
        return None
    if response.status_code >= 500 and response.status_code not in ALLOWED_5XX:
        raise FuzzViolationError("ERR-013", f"HTTP {response.status_code} is not one of 500, 502, 503")
    body = _json(response)
    problem = _schema_problem(body, "ErrorResponse")
    if problem is not None:
        raise FuzzViolationError(
            "ERR-001",
            f"HTTP {response.status_code} without the §3 error body ({problem}): {response.content[:200]!r}",
        )
    error = body["error"]
    code = error.get("code")
    if code in CODE_STATUS and response.status_code not in CODE_STATUS[code]:
        raise FuzzViolationError("ERR-003", f"code {code!r} sent with HTTP {response.status_code}")
    if code in RETRYABLE and error.get("retryable") is not RETRYABLE[code]:
        raise FuzzViolationError("ERR-001", f"code {code!r} with retryable {error.get('retryable')!r}")
    return True


@fuzz_check("RUN-010", "RUN-014", "RUN-024", "RUN-015")
def talkie_run_stream(ctx: CheckContext, response: Response, case: Case[Any]) -> bool | None:
    """§5: a run stream is parsed event by event; each is a StreamEvent, and the lifecycle holds."""
    if response.status_code != 200 or _content_type(response) != EVENT_STREAM:
        return None
    if response.stream_cut_short:
        return None  # the fuzzer stopped reading early; the lifecycle cannot be judged
    events = stream_events(response.content)
    for index, event in enumerate(events):
        problem = _schema_problem(event, "StreamEvent")
        if problem is not None:
            raise FuzzViolationError("RUN-010", f"event #{index} is not a valid StreamEvent: {problem}")
    problems = analyze(events)
    if problems:
        first = problems[0]
        rule_id = {"first": "RUN-014", "text": "RUN-015"}.get(first.kind, "RUN-024")
        raise FuzzViolationError(rule_id, first.message)
    return True


def _cards(payload: Any) -> list[Any]:
    found: list[Any] = []
    if isinstance(payload, dict):
        if payload.get("type") == "CUSTOM" and payload.get("name") == CARD_EVENT:
            found.append(payload.get("value"))
        cards = payload.get("cards")
        if isinstance(cards, list):
            found.extend(cards)
        for value in payload.values():
            found.extend(_cards(value))
    elif isinstance(payload, list):
        for item in payload:
            found.extend(_cards(item))
    return found


@fuzz_check("CARD-005")
def talkie_card_urls(ctx: CheckContext, response: Response, case: Case[Any]) -> bool | None:
    """§6: every URL inside a card (streamed, in a decision answer or a stored message) is allowed."""
    if response.status_code >= 300:
        return None
    payload: Any = (
        stream_events(response.content) if _content_type(response) == EVENT_STREAM else _json(response)
    )
    for card in _cards(payload):
        for path, url in iter_urls(card):
            if not is_link_target(url):
                raise FuzzViolationError("CARD-005", f"card{path} = {url!r} is neither same-origin nor https")
    return True


TALKIE_CHECKS = tuple(FUZZ_CHECKS)
