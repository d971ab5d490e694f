"""The error layer answers as Starlette's two error layers did: handled errors, the 500, a started answer."""

from __future__ import annotations

import asyncio
from collections.abc import MutableMapping
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from talkie_mock.api.error_layer import HANDLERS_KEY, ErrorLayer, handler_for


class RefusedError(Exception):
    pass


class RefusedAgainError(RefusedError):
    pass


async def on_refused(request: Request, exc: Exception) -> Response:
    return PlainTextResponse(f"refused: {exc}", status_code=409)


async def on_teapot(request: Request, exc: Exception) -> Response:
    return PlainTextResponse("teapot", status_code=418)


async def on_crash(request: Request, exc: Exception) -> Response:
    return PlainTextResponse("crashed", status_code=500)


HANDLERS: dict[Any, Any] = {RefusedError: on_refused, 418: on_teapot, Exception: on_crash}


Sent = list[MutableMapping[str, Any]]


def _run(app: Any) -> tuple[Sent, dict[str, Any], BaseException | None]:
    """What the layer sent around `app`, the scope it left, and what it raised (None: nothing)."""
    sent: Sent = []
    scope: dict[str, Any] = {"type": "http", "method": "GET", "path": "/", "headers": [], "query_string": b""}

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b""}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    try:
        asyncio.run(ErrorLayer(app, HANDLERS)(scope, receive, send))
    except Exception as exc:  # the caller asserts what it was
        return sent, scope, exc
    return sent, scope, None


def _raising(exc: Exception, *, started: bool = False) -> Any:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        if started:
            await send({"type": "http.response.start", "status": 200, "headers": []})
        raise exc

    return app


def test_a_handled_error_gets_its_handler_by_type_and_base() -> None:
    sent, scope, raised = _run(_raising(RefusedAgainError("twice")))
    assert raised is None
    assert sent[0]["status"] == 409
    assert sent[1]["body"] == b"refused: twice"
    assert RefusedError in scope[HANDLERS_KEY][0], "the table sits in the scope for the routes (api.routing)"


def test_an_http_exception_gets_the_handler_of_its_status() -> None:
    sent, _, raised = _run(_raising(HTTPException(418)))
    assert raised is None
    assert [sent[0]["status"], sent[1]["body"]] == [418, b"teapot"]


def test_any_other_error_gets_the_500_and_is_raised_again_for_the_log() -> None:
    sent, _, raised = _run(_raising(KeyError("gone")))
    assert isinstance(raised, KeyError)
    assert [sent[0]["status"], sent[1]["body"]] == [500, b"crashed"]


def test_after_the_start_a_crash_sends_nothing_more() -> None:
    sent, _, raised = _run(_raising(KeyError("late"), started=True))
    assert isinstance(raised, KeyError)
    assert [m["type"] for m in sent] == ["http.response.start"]


def test_after_the_start_a_handled_error_cannot_be_answered() -> None:
    sent, _, raised = _run(_raising(RefusedError("late"), started=True))
    assert isinstance(raised, RuntimeError)
    assert "already started" in str(raised)
    assert [m["type"] for m in sent] == ["http.response.start"]


def test_the_lookup_is_none_for_what_only_the_500_answers() -> None:
    layer = ErrorLayer(_raising(KeyError()), HANDLERS)
    assert handler_for(layer.table, KeyError()) is None
    assert handler_for(layer.table, HTTPException(404)) is None
    assert layer.crash is on_crash
