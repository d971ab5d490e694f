"""`talkie-mock report`: the client-side rule violations a mock has seen, as text or JSON.

It asks a running mock (`GET /_mock/api/violations`, the default) or reads a state file directly (`--state`,
read-only; works while the mock is stopped). Both come from the same SQLite table, so the report survives a
restart of the mock; a reset through the control API empties it.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from talkie_models.rules import catalogue

from talkie_mock.devtools.redact import Redactor
from talkie_mock.devtools.violations import read_state_file, summary
from talkie_mock.errors import MockError


class ReportError(MockError):
    """The mock or the state file could not be read."""


def fetch(url: str, key: str | None = None, timeout: float = 10.0) -> list[dict[str, Any]]:
    """Violations from a running mock's control API (`key`: its developer secret)."""
    target = url.rstrip("/") + "/_mock/api/violations"
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    try:
        with urllib.request.urlopen(
            urllib.request.Request(target, headers=headers), timeout=timeout
        ) as response:
            data = json.loads(response.read())
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise ReportError(f"cannot read {target}: {exc}") from exc
    found: list[dict[str, Any]] = data["violations"]
    return found


def load(path: Path) -> list[dict[str, Any]]:
    """Violations from a state file (secrets in them cut, as on every developer surface)."""
    try:
        found: list[dict[str, Any]] = Redactor().redact(read_state_file(path))
        return found
    except (OSError, FileNotFoundError) as exc:
        raise ReportError(f"cannot read the state file {path}: {exc}") from exc
    except Exception as exc:  # sqlite3.Error and friends: not a state file
        raise ReportError(f"{path} is not a talkie-mock state file: {exc}") from exc


def as_json(violations: list[dict[str, Any]]) -> str:
    return json.dumps(
        {"violations": violations, "summary": summary(violations)}, ensure_ascii=False, indent=2
    )


def as_text(violations: list[dict[str, Any]]) -> str:
    if not violations:
        return "No client-side rule violations seen."
    rules = catalogue()
    lines = [f"{len(violations)} client-side rule violation(s) seen:", ""]
    for line in summary(violations):
        rule_id = line["rule"] or "-"
        entry = rules.get(line["rule"] or "")
        lines.append(
            f"{line['level'].upper():8} {rule_id:10} {line['count']:>4}x  {entry.statement if entry else ''}"
        )
        last = line["last"]
        lines.append(f"{'':20}last: {last['method']} {last['path']} at {last['at']}: {last['message']}")
    return "\n".join(lines)
