# Generated — do not edit; regenerate with `python3 dev.py codegen`.
"""The error codes of talkie/1 (§3), from ``x-talkie-catalogue`` in ``schemas/error-code.json``."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from talkie_models._error_info import ErrorCodeInfo

INVALID_REQUEST: Final = "invalid_request"
"""The request body or parameters could not be accepted."""

UNAUTHORIZED: Final = "unauthorized"
"""No bearer token, or the token is no longer valid."""

FORBIDDEN: Final = "forbidden"
"""The signed-in user may not do this."""

NOT_FOUND: Final = "not_found"
"""No such thread, action or voice session."""

CONFLICT: Final = "conflict"
"""The request clashes with an earlier one (opposite decision, reused voice callId)."""

STALE: Final = "stale"
"""The action changed since the client saw it: `paramsHash` differs."""

EXPIRED: Final = "expired"
"""The action or voice session is past its lifetime."""

TOO_LARGE: Final = "too_large"
"""A user message is longer than `limits.maxMessageChars`."""

RATE_LIMITED: Final = "rate_limited"
"""Too many requests right now; retry after a pause."""

QUOTA_EXCEEDED: Final = "quota_exceeded"
"""The user's allowance (for example for the day) is used up."""

UPSTREAM_UNAVAILABLE: Final = "upstream_unavailable"
"""The model or speech provider cannot be reached."""

INTERNAL: Final = "internal"
"""Any other server failure."""

CATALOGUE: Final[Mapping[str, ErrorCodeInfo]] = MappingProxyType(
    {
        INVALID_REQUEST: ErrorCodeInfo(
            code=INVALID_REQUEST,
            http_statuses=(400,),
            retryable=False,
            meaning="The request body or parameters could not be accepted.",
        ),
        UNAUTHORIZED: ErrorCodeInfo(
            code=UNAUTHORIZED,
            http_statuses=(401,),
            retryable=False,
            meaning="No bearer token, or the token is no longer valid.",
        ),
        FORBIDDEN: ErrorCodeInfo(
            code=FORBIDDEN,
            http_statuses=(403,),
            retryable=False,
            meaning="The signed-in user may not do this.",
        ),
        NOT_FOUND: ErrorCodeInfo(
            code=NOT_FOUND,
            http_statuses=(404,),
            retryable=False,
            meaning="No such thread, action or voice session.",
        ),
        CONFLICT: ErrorCodeInfo(
            code=CONFLICT,
            http_statuses=(409,),
            retryable=False,
            meaning="The request clashes with an earlier one (opposite decision, reused voice callId).",
        ),
        STALE: ErrorCodeInfo(
            code=STALE,
            http_statuses=(409,),
            retryable=False,
            meaning="The action changed since the client saw it: `paramsHash` differs.",
        ),
        EXPIRED: ErrorCodeInfo(
            code=EXPIRED,
            http_statuses=(410,),
            retryable=False,
            meaning="The action or voice session is past its lifetime.",
        ),
        TOO_LARGE: ErrorCodeInfo(
            code=TOO_LARGE,
            http_statuses=(413,),
            retryable=False,
            meaning="A user message is longer than `limits.maxMessageChars`.",
        ),
        RATE_LIMITED: ErrorCodeInfo(
            code=RATE_LIMITED,
            http_statuses=(429,),
            retryable=True,
            meaning="Too many requests right now; retry after a pause.",
        ),
        QUOTA_EXCEEDED: ErrorCodeInfo(
            code=QUOTA_EXCEEDED,
            http_statuses=(429,),
            retryable=False,
            meaning="The user's allowance (for example for the day) is used up.",
        ),
        UPSTREAM_UNAVAILABLE: ErrorCodeInfo(
            code=UPSTREAM_UNAVAILABLE,
            http_statuses=(502, 503),
            retryable=True,
            meaning="The model or speech provider cannot be reached.",
        ),
        INTERNAL: ErrorCodeInfo(
            code=INTERNAL,
            http_statuses=(500,),
            retryable=False,
            meaning="Any other server failure.",
        ),
    }
)
"""Every catalogued code with its HTTP statuses, retryability and meaning."""

__all__ = [
    "INVALID_REQUEST",
    "UNAUTHORIZED",
    "FORBIDDEN",
    "NOT_FOUND",
    "CONFLICT",
    "STALE",
    "EXPIRED",
    "TOO_LARGE",
    "RATE_LIMITED",
    "QUOTA_EXCEEDED",
    "UPSTREAM_UNAVAILABLE",
    "INTERNAL",
    "CATALOGUE",
]
