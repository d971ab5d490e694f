# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/error-code.json

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field
from typing_extensions import TypeAliasType

ErrorCode = TypeAliasType(
    "ErrorCode",
    Annotated[
        str,
        Field(
            examples=["invalid_request", "upstream_unavailable", "crm_maintenance"],
            pattern="^[a-z][a-z0-9_]*$",
            title="ErrorCode",
        ),
    ],
)
"""
Machine-readable reason of a failed request. The set is open: servers should use the codes catalogued in `x-talkie-catalogue`, and receivers must cope with any other lower-case code by falling back to the HTTP status (notes N-07). `$defs/KnownErrorCode` lists the catalogued codes as a closed set for generated constants.
"""


KnownErrorCode = TypeAliasType(
    "KnownErrorCode",
    Annotated[
        Literal[
            "invalid_request",
            "unauthorized",
            "forbidden",
            "not_found",
            "conflict",
            "stale",
            "expired",
            "too_large",
            "rate_limited",
            "quota_exceeded",
            "upstream_unavailable",
            "internal",
        ],
        Field(examples=["stale"], title="KnownErrorCode"),
    ],
)
"""
The error codes talkie/1 itself defines (§3).
"""
