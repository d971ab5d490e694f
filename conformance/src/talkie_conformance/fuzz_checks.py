"""Talkie rules as Schemathesis checks: every response the fuzzer provokes is judged by them too.

Each failure message starts with the rule ID it breaks, so fuzz findings trace back to `spec/rules.yaml`.
"""

from __future__ import annotations

import json
from typing import Any

import schemathesis
from schemathesis import Case, CheckContext, Response
from talkie_models.sse import SSEDecoder
from talkie_models.validation import is_valid

from talkie_conformance import rule_ids as rid
from talkie_conformance.checks._support import CODE_STATUS, RETRYABLE
from talkie_conformance.lifecycle import analyze
from talkie_conformance.urls import is_link_target, iter_urls

ALLOWED_5XX = {500, 502, 503}
MANIFEST_PATH = "/.well-known/talkie.json"
TALKIE_CHECKS = ("talkie_error_body", "talkie_run_stream", "talkie_card_urls")


def _content_type(response: Response) -> str:
    values = response.headers.get("content-type") or response.headers.get("Content-Type") or [""]
    return str(values[0]).split(";")[0].strip().lower()


def _is_talkie_endpoint(case: Case[Any]) -> bool:
    return not case.operation.path.endswith(MANIFEST_PATH)


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


@schemathesis.check
def talkie_error_body(ctx: CheckContext, response: Response, case: Case[Any]) -> bool | None:
    """§3: every non-2xx answer of a Talkie endpoint has the error body, with a code that fits its status."""
    if response.status_code < 400 or not _is_talkie_endpoint(case):
        return None
    if response.status_code >= 500 and response.status_code not in ALLOWED_5XX:
        raise AssertionError(f"{rid.ERR_PAIRING}: HTTP {response.status_code} is not one of 500, 502, 503")
    body = _json(response)
    if not is_valid(body, "ErrorResponse"):
        raise AssertionError(
            f"{rid.ERR_BODY}: HTTP {response.status_code} without the §3 error body: "
            f"{response.content[:200]!r}"
        )
    error = body["error"]
    code = error.get("code")
    if code in CODE_STATUS and response.status_code not in CODE_STATUS[code]:
        raise AssertionError(f"{rid.ERR_PAIRING}: code {code!r} sent with HTTP {response.status_code}")
    if code in CODE_STATUS and error.get("retryable") is not RETRYABLE.get(code, False):
        raise AssertionError(f"{rid.ERR_BODY}: code {code!r} with retryable {error.get('retryable')!r}")
    return True


@schemathesis.check
def talkie_run_stream(ctx: CheckContext, response: Response, case: Case[Any]) -> bool | None:
    """§5: a run stream is parsed event by event; each is a StreamEvent, and the lifecycle holds."""
    if response.status_code != 200 or _content_type(response) != "text/event-stream":
        return None
    if response.stream_cut_short:
        return None  # the fuzzer stopped reading early; the lifecycle cannot be judged
    events = stream_events(response.content)
    for index, event in enumerate(events):
        if not is_valid(event, "StreamEvent"):
            raise AssertionError(
                f"{rid.RUN_STREAM}: event #{index} is not a valid StreamEvent: {event!r:.200}"
            )
    problems = analyze(events)
    if problems:
        raise AssertionError(f"{rid.RUN_STARTED_FIRST}/{rid.RUN_TERMINAL_LAST}: {problems[0].message}")
    return True


def _cards(payload: Any) -> list[Any]:
    found: list[Any] = []
    if isinstance(payload, dict):
        if payload.get("type") == "CUSTOM" and payload.get("name") == "talkie.card":
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


@schemathesis.check
def talkie_card_urls(ctx: CheckContext, response: Response, case: Case[Any]) -> bool | None:
    """§6: every URL inside a card (streamed, in a decision answer or a stored message) is allowed."""
    if response.status_code >= 300:
        return None
    if _content_type(response) == "text/event-stream":
        payload: Any = stream_events(response.content)
    else:
        payload = _json(response)
    for card in _cards(payload):
        for path, url in iter_urls(card):
            if not is_link_target(url):
                raise AssertionError(
                    f"{rid.CARD_URLS}: card{path} = {url!r} is neither same-origin nor https"
                )
    return True
