"""The record type of the error catalogue (kept apart so the generated catalogue can import it)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ErrorCodeInfo"]


@dataclass(frozen=True, slots=True)
class ErrorCodeInfo:
    """What talkie/1 says about one error code: its HTTP statuses and whether a retry may help."""

    code: str
    http_statuses: tuple[int, ...]
    retryable: bool
    meaning: str
