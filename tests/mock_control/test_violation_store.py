"""The client violations the inspector keeps: a repository over the mock's one transaction core."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import talkie_mock
from starlette.testclient import TestClient
from talkie_mock.devtools.violations import MIGRATIONS, ViolationLog
from talkie_mock.engine.checkpoints import CHECKPOINTER
from talkie_mock.engine.store import Store
from talkie_mock.testing import AUTH
from talkie_models.findings import Evidence, Finding, Severity


def _open_descriptors(path: Path) -> int:
    """How many file descriptors of this process name `path` (each SQLite connection holds one)."""
    fds = Path("/proc/self/fd")
    count = 0
    for fd in os.listdir(fds):
        try:
            if Path(os.readlink(fds / fd)) == path:
                count += 1
        except OSError:  # closed meanwhile
            continue
    return count


def _checkpointing(path: Path) -> int:
    """Whether the checkpoint thread holds its own connection to `path` (it only copies the log back)."""
    return sum(Path(p).resolve() == path for p in list(CHECKPOINTER._connections))


def _writing_connections(path: Path) -> int:
    """The connections to `path` besides the checkpoint thread's, read while that one stays as it is."""
    while True:
        before = _checkpointing(path)
        count = _open_descriptors(path)
        if _checkpointing(path) == before:
            return count - before


def test_the_state_file_has_one_connection_with_the_developer_tools_on(
    make_http: Callable[..., TestClient], tmp_path: Path
) -> None:
    state = tmp_path / "state.db"
    http = make_http(state=str(state))
    http.get("/api/talkie/status")  # no credentials: a violation the inspector keeps
    assert http.get("/_mock/api/violations").json()["violations"]
    assert _writing_connections(state.resolve()) == 1


def test_violations_write_through_the_core_and_roll_back_with_its_batch(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "state.db"))
    try:
        log = ViolationLog(store.db)
        assert log.db is store.db
        assert log.schema_version == len(MIGRATIONS)
        before = store.db.generation()
        finding = Finding(
            rule_id="AUTH-016",
            severity=Severity.ERROR,
            message="no credentials",
            evidence=Evidence(method="GET", url="/api/talkie/status", exchange=1),
        )
        log.add("2026-01-01T00:00:00Z", [finding])
        assert store.db.generation() != before  # the core's own connection wrote it
        try:
            with store.db.batch():
                log.add("2026-01-01T00:00:01Z", [finding])
                raise RuntimeError("the request failed")
        except RuntimeError:
            pass
        assert [v["at"] for v in log.all()] == ["2026-01-01T00:00:00Z"]  # the failed batch stored nothing
    finally:
        store.close()


def test_a_state_file_of_an_earlier_mock_keeps_its_violations(tmp_path: Path) -> None:
    """Earlier mocks made the table outside any migration: the first migration adopts it as it is."""
    path = tmp_path / "state.db"
    store = Store(str(path))
    store.close()
    db = sqlite3.connect(path)
    db.executescript(MIGRATIONS[0])
    db.execute(
        "INSERT INTO mock_violations (at, rule, level, method, path, message, exchange) "
        "VALUES ('then', 'RUN-001', 'error', 'POST', '/api/talkie/run', 'old', 3)"
    )
    db.commit()
    db.close()
    store = Store(str(path))
    try:
        log = ViolationLog(store.db)
        assert [v["message"] for v in log.all()] == ["old"]
        assert log.schema_version == 1
    finally:
        store.close()


def test_reset_clears_the_violations(make_http: Callable[..., TestClient]) -> None:
    http = make_http()
    http.get("/api/talkie/status")
    assert http.get("/_mock/api/state").json()["violations"] >= 1
    http.post("/_mock/api/reset")
    assert http.get("/_mock/api/state").json()["violations"] == 0
    assert http.get("/api/talkie/status", headers=AUTH).status_code == 200


def test_only_the_core_the_checkpoint_thread_and_the_offline_report_open_the_state_file() -> None:
    """One writer path: no module of the mock opens a connection of its own to write through."""
    src = Path(talkie_mock.__file__).resolve().parent
    opening = sorted(
        path.relative_to(src).as_posix()
        for path in src.rglob("*.py")
        if "sqlite3.connect(" in (text := path.read_text(encoding="utf-8")) or "statefile.connect(" in text
    )
    # statefile opens the core's connection for engine.database; checkpoints copies the log back;
    # violations.read_state_file is `talkie-mock report --state`, read-only, in a process of its own
    assert opening == [
        "devtools/violations.py",
        "engine/checkpoints.py",
        "engine/database.py",
        "engine/statefile.py",
    ]
    assert "mode=ro" in (src / "devtools" / "violations.py").read_text(encoding="utf-8")
