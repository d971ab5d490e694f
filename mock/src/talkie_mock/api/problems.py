"""The one §3 renderer: every error answer of the mock — API, faults, control API, OAuth — is built here.

`problem()` builds the `{"error": {"code", "message", "retryable"}}` body through the contract's model and
always shows it to the hooks before it leaves, so `--self-check` and the inspector see every error the mock
sends, whoever raised it. The exception handlers below turn Starlette's and the mock's exceptions into such
answers: unknown routes (404 `not_found`), wrong methods (405 with `Allow`), :class:`ApiError` raised by a
handler, the engine's domain errors (:func:`refused`, the one map from an engine refusal to its §3 code),
a full disk under the state file (SQLite's "database or disk is full", `ENOSPC`) as 500 `internal` naming
the cause, logged once per process without a traceback, and — as a last resort that signals a bug — any
other exception as 500 `internal`.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Mapping
from typing import Any

import orjson
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.types import Scope
from talkie_models import errors as codes

from talkie_mock.api.context import find_mock
from talkie_mock.api.origin import Headers, Refusal, header
from talkie_mock.api.responses import FastJSONResponse
from talkie_mock.engine import statefile
from talkie_mock.engine.refusals import (
    ActionExpiredError,
    DecisionConflictError,
    MessageTooLongError,
    RefusedError,
    StaleParamsError,
    UnknownActionError,
)
from talkie_mock.errors import ApiError, error_body, http_status, pick_locale

log = logging.getLogger("talkie_mock")


def problem(
    request: Request | None,
    code: str,
    message: str,
    status: int | None = None,
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    """A §3 answer, shown to the observers with its type (status: the contract's for `code` when None)."""
    status = http_status(code) if status is None else status
    body: dict[str, Any] = error_body(code, message).model_dump(mode="json")
    mock = find_mock(request) if request is not None else None
    if mock is not None:
        mock.hooks.response(request, status, "ErrorResponse", body)
    return FastJSONResponse(body, status_code=status, headers=dict(headers or {}))


def locale_of(request: Request) -> str:
    """The request's locale (`Accept-Language`), in the mock's default locale when there is no mock."""
    mock = find_mock(request)
    default = mock.config.locale if mock is not None else "en"
    return pick_locale(request.headers.get("accept-language"), default)


def api_problem(request: Request, exc: ApiError) -> JSONResponse:
    """The §3 answer for an :class:`ApiError`, in the request's locale."""
    return problem(request, exc.code, exc.message(locale_of(request)), exc.status, exc.headers)


async def on_api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return api_problem(request, exc)


def refused(exc: RefusedError) -> ApiError:
    """The §3 answer to an engine refusal (the engine names the rule, this says how it is answered)."""
    if isinstance(exc, MessageTooLongError):
        return ApiError("too_large", "message_too_long", limit=exc.limit)
    if isinstance(exc, UnknownActionError):
        return ApiError("not_found", "action_not_found", id=exc.action_id)
    if isinstance(exc, StaleParamsError):
        return ApiError("stale")
    if isinstance(exc, DecisionConflictError):
        return ApiError("conflict")
    if isinstance(exc, ActionExpiredError):
        return ApiError("expired")
    return ApiError("internal")  # a refusal without its answer here is a bug (tests/mock/test_chat.py)


async def on_refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RefusedError)
    return api_problem(request, refused(exc))


def _http_code(status: int) -> str:
    """The §3 code the contract pairs with a status Starlette raised (only 400/401/403/413 reach here)."""
    for code, entry in codes.CATALOGUE.items():
        if tuple(entry.http_statuses) == (status,):
            return code
    return "internal" if status >= 500 else f"http_{status}"


async def on_http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    headers = dict(exc.headers or {})
    if exc.status_code == 405:
        # §3 pairs `invalid_request` with 400 only; a wrong method gets its own code (notes N-22).
        allow = headers.get("Allow", "")
        err = ApiError(
            "method_not_allowed", "method_not_allowed", method=request.method, allow=allow, status=405
        )
    elif exc.status_code == 404:
        err = ApiError("not_found", "route_not_found", path=request.url.path[:200])
    else:
        err = ApiError(_http_code(exc.status_code), status=exc.status_code)
    return problem(request, err.code, err.message(locale_of(request)), err.status, headers)


async def on_crash(request: Request, exc: Exception) -> Response:
    log.error("internal error on %s %s", request.method, request.url.path, exc_info=exc)
    return problem(request, "internal", ApiError("internal").message(locale_of(request)), 500)


async def on_storage_error(request: Request, exc: Exception) -> Response:
    """A full disk is the mock's own trouble, not a bug: a §3 500 that says so. Anything else is a crash."""
    if not statefile.disk_full(exc):
        raise exc
    statefile.tell_disk_full(log, exc)
    return problem(request, "internal", ApiError("internal", "disk_full").message(locale_of(request)), 500)


async def on_client_gone(request: Request, exc: Exception) -> Response:
    """An upload the client aborted: one line in the log, no traceback (nobody is left to answer)."""
    log.warning("client went away during %s %s", request.method, request.url.path)
    return Response(status_code=400)


Refused = Callable[[Scope, int, bytes, Headers], None]
"""Told of every request the front door refused, with the answer sent (the inspector records it)."""


def refusal(default_locale: str, refused: Refused | None = None) -> Refusal:
    """The renderer of middlewares that refuse a request before any route sees it (Host, CORS, guard,
    limits); `refused` sees each such answer, since no later layer (the traffic recorder) does."""

    def render(scope: Scope, exc: ApiError) -> tuple[int, bytes, Headers]:
        locale = pick_locale(header(scope, b"accept-language"), default_locale)
        body = orjson.dumps(error_body(exc.code, exc.message(locale)).model_dump(mode="json"))
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        headers += [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in exc.headers.items()]
        if refused is not None:
            refused(scope, exc.status, body, headers)
        return exc.status, body, headers

    return render


EXCEPTION_HANDLERS = {
    ApiError: on_api_error,
    RefusedError: on_refused,
    HTTPException: on_http_error,
    ClientDisconnect: on_client_gone,
    sqlite3.Error: on_storage_error,
    OSError: on_storage_error,
    Exception: on_crash,
}
"""Starlette's `exception_handlers` for every application of the mock."""
