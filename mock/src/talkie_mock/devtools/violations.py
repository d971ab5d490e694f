"""Client-side rule violations kept in SQLite, so `talkie-mock report` still has them after a restart.

The table lives in the mock's state file beside the core and OAuth tables, on its own connection (the core
store's schema version is not touched). It holds what the inspector flagged as `error` or `warning` since the
state was created or last reset through the control API.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from talkie_models.findings import Finding, Severity

from talkie_mock.devtools.redact import Redactor
from talkie_mock.engine.statefile import open_db

SCHEMA = """
CREATE TABLE IF NOT EXISTS mock_violations (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    rule TEXT,
    level TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    message TEXT NOT NULL,
    exchange INTEGER NOT NULL
);
"""
COLUMNS = ("seq", "at", "rule", "level", "method", "path", "message", "exchange")
KEPT = (Severity.ERROR, Severity.WARNING)
"""What counts as a violation of the client; `info` findings are only shown."""


class ViolationLog:
    """Append, list and clear violations."""

    def __init__(self, path: str, redactor: Redactor | None = None) -> None:
        # what is stored is already cut: `talkie-mock report --state` reads the file without knowing the
        # instance's own secrets (a `--token` without a prefix), so it could not cut them afterwards
        self._redactor = redactor or Redactor()
        self._lock = threading.Lock()
        self._db = open_db(path)
        self._db.executescript(SCHEMA)

    def add(self, at: str, findings: Sequence[Finding]) -> None:
        """Keep the client-side ones (`error`, `warning`) of findings made at `at`."""
        rows = [
            {
                "at": at,
                "rule": f.rule_id,
                "level": f.severity.value,
                "method": f.evidence.method or "",
                "path": self._redactor.scrub(f.evidence.url or ""),
                "message": self._redactor.scrub(f.message),
                "exchange": f.evidence.exchange or 0,
            }
            for f in findings
            if f.severity in KEPT
        ]
        if not rows:
            return
        with self._lock:
            self._db.executemany(
                "INSERT INTO mock_violations (at, rule, level, method, path, message, exchange) "
                "VALUES (:at, :rule, :level, :method, :path, :message, :exchange)",
                rows,
            )

    def all(self) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                f"SELECT {', '.join(COLUMNS)} FROM mock_violations ORDER BY seq"
            ).fetchall()
        return [dict(zip(COLUMNS, row, strict=True)) for row in rows]

    def clear(self) -> None:
        with self._lock:
            self._db.execute("DELETE FROM mock_violations")


def read_state_file(path: Path) -> list[dict[str, Any]]:
    """The violations stored in a state file, opened read-only (the mock may be running or not)."""
    if not path.exists():
        raise FileNotFoundError(path)
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=10)
    try:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "mock_violations" not in tables:
            if "threads" not in tables:  # no table of the mock at all: some other SQLite file
                raise ValueError("it holds none of the mock's tables")
            return []  # a mock that ran without its developer tools: nothing was judged
        rows = db.execute(f"SELECT {', '.join(COLUMNS)} FROM mock_violations ORDER BY seq").fetchall()
    finally:
        db.close()
    return [dict(zip(COLUMNS, row, strict=True)) for row in rows]


def summary(violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One line per (rule, level): how often, and the latest occurrence."""
    counts = Counter((v["rule"], v["level"]) for v in violations)
    latest = {(v["rule"], v["level"]): v for v in violations}
    order = sorted(counts, key=lambda key: (key[1] != "error", str(key[0])))
    return [
        {
            "rule": rule,
            "level": level,
            "count": counts[(rule, level)],
            "last": {k: latest[(rule, level)][k] for k in ("at", "method", "path", "message")},
        }
        for rule, level in order
    ]
