"""Client-side rule violations kept in SQLite, so `talkie-mock report` still has them after a restart.

A repository over the mock's one transaction core (`engine.database`), as the OAuth tables are: its table
lives in the state file beside the core and OAuth tables, written on the same connection, under the same
lock and commit path, and it keeps its own schema version (table ``mock_violations_meta``; the core store's
``PRAGMA user_version`` is not touched). It holds what the inspector flagged as `error` or `warning` since
the state was created or last reset through the control API.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from talkie_models.findings import Finding, Severity

from talkie_mock.devtools.redact import Redactor
from talkie_mock.engine.database import Database, Repository

META = "mock_violations_meta"
"""The table that keeps the violation table's schema version (`Database.migrate`)."""
MIGRATIONS: tuple[str, ...] = (
    # IF NOT EXISTS: a state file of an earlier mock already has the table, created without a version
    """
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
    """,
)
COLUMNS = ("seq", "at", "rule", "level", "method", "path", "message", "exchange")
KEPT = (Severity.ERROR, Severity.WARNING)
"""What counts as a violation of the client; `info` findings are only shown."""


class ViolationLog(Repository):
    """Append, list and clear violations, over the mock's transaction core."""

    def __init__(self, db: Database, redactor: Redactor | None = None) -> None:
        super().__init__(db)
        # what is stored is already cut: `talkie-mock report --state` reads the file without knowing the
        # instance's own secrets (a `--token` without a prefix), so it could not cut them afterwards
        self._redactor = redactor or Redactor()
        db.migrate(META, MIGRATIONS)

    @property
    def schema_version(self) -> int:
        return self.db.schema_version(META)

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
        with self._tx() as db:
            db.executemany(
                "INSERT INTO mock_violations (at, rule, level, method, path, message, exchange) "
                "VALUES (:at, :rule, :level, :method, :path, :message, :exchange)",
                rows,
            )

    def all(self) -> list[dict[str, Any]]:
        rows = self._all(f"SELECT {', '.join(COLUMNS)} FROM mock_violations ORDER BY seq")
        return [dict(zip(COLUMNS, tuple(row), strict=True)) for row in rows]

    def count(self) -> int:
        row = self._one("SELECT count(*) FROM mock_violations")
        return int(row[0]) if row else 0

    def clear(self) -> None:
        with self._tx(single=True) as db:
            db.execute("DELETE FROM mock_violations")


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
