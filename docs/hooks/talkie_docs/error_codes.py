"""The §3 error-code table, written from `x-talkie-catalogue` in schemas/error-code.json."""

from __future__ import annotations

from .contract import Contract
from .markdown import cell, code, table


def catalogue(contract: Contract) -> list[dict[str, object]]:
    """The catalogued codes (empty when the schema or its catalogue is missing)."""
    schema = contract.schemas.get("error-code")
    entries = schema.data.get("x-talkie-catalogue", []) if schema else []
    return [entry for entry in entries if isinstance(entry, dict)]


def render_error_page(contract: Contract) -> str:
    """The error-code reference page."""
    rows: list[list[str]] = []
    for entry in catalogue(contract):
        statuses = entry.get("httpStatus", [])
        status_list = statuses if isinstance(statuses, list) else [statuses]
        retryable = entry.get("retryable")
        rows.append(
            [
                " / ".join(str(s) for s in status_list),
                code(entry.get("code", "")),
                cell(str(entry.get("meaning", ""))),
                "yes" if retryable is True else "no" if retryable is False else cell(str(retryable)),
            ]
        )
    parts = [
        "# Error codes",
        "Every non-2xx answer of a Talkie endpoint carries the body "
        "[ErrorResponse](schemas/error-response.md): a machine-readable `code`, a `message` for the person "
        "and a `retryable` flag. The table is generated from the `x-talkie-catalogue` of "
        "[ErrorCode](schemas/error-code.md); the rules are on the [Errors](../spec/errors.md) page.",
        "The set is open: a receiver that meets a code it does not know acts on the HTTP status alone.",
        table(["HTTP", "code", "meaning", "retryable"], rows),
    ]
    return "\n\n".join(parts) + "\n"
