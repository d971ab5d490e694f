"""The state file stays bounded and its hot reads do not scan: run history is kept to the newest runs
(notes N-76), and what time decides about actions is found through partial indexes."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import pytest
from talkie_mock.engine import store as store_module
from talkie_mock.engine.database import Database
from talkie_mock.engine.store import Store

SETTLE_QUERIES = [
    "SELECT EXISTS (SELECT 1 FROM actions WHERE status = 'pending' AND expires_at <= 5) "
    "OR EXISTS (SELECT 1 FROM actions WHERE status = 'running' AND undo_until <= 5)",
    "UPDATE actions SET status = 'expired' WHERE status = 'pending' AND expires_at <= 5",
    "UPDATE actions SET status = 'done' WHERE status = 'running' AND undo_until <= 5",
]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(str(tmp_path / "state.db"))
    yield opened
    opened.close()


@pytest.mark.parametrize("sql", SETTLE_QUERIES)
def test_settling_actions_uses_the_partial_indexes(store: Store, sql: str) -> None:
    plan = " | ".join(row[3] for row in store.db.connection.execute(f"EXPLAIN QUERY PLAN {sql}"))
    assert "USING INDEX actions_" in plan, plan
    assert "SCAN actions" not in plan, plan


def test_settling_with_nothing_due_opens_no_write_transaction(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    writes: list[bool] = []
    write = Database.write

    def counted(self: Database, *, single: bool = False) -> AbstractContextManager[sqlite3.Connection]:
        writes.append(single)
        return write(self, single=single)

    monkeypatch.setattr(Database, "write", counted)
    store.actions.settle_actions(10**12)
    assert writes == []


def test_run_history_keeps_the_newest_runs_and_every_live_one(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "KEPT_RUNS", 5)
    monkeypatch.setattr(store_module, "PRUNE_EVERY", 1)
    store.runs.create_run("u_1", "r_live", "t_1", "running", 1)
    for n in range(20):
        store.runs.end_run("u_1", f"r_{n}", "t_1", "finished", 2 + n, '[{"type":"RUN_STARTED"}]')
    store.runs.tombstone_run("u_1", "r_cancelled_early", 30)
    ids = {row["id"] for row in store.db.all("SELECT id FROM runs")}
    assert ids == {"r_live", "r_16", "r_17", "r_18", "r_19", "r_cancelled_early"}
    assert store.runs.get_run("u_1", "r_19") is not None  # a recent run still replays (N-05)
    assert store.runs.get_run("u_1", "r_0") is None


def test_old_runs_are_pruned_in_steps_and_never_beyond_the_bound(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "KEPT_RUNS", 5)
    monkeypatch.setattr(store_module, "PRUNE_EVERY", 4)
    store.runs.create_run("u_1", "r_live", "t_1", "running", 1)
    counts = []
    for n in range(30):
        store.runs.end_run("u_1", f"r_{n}", "t_1", "finished", 2 + n, "[]")
        counts.append(len(store.db.all("SELECT id FROM runs WHERE status != 'running'")))
    assert max(counts) <= 5 + 4 - 1
    assert min(counts[10:]) >= 5  # the newest KEPT_RUNS always stay
    ids = {row["id"] for row in store.db.all("SELECT id FROM runs")}
    assert {"r_live", "r_29"} <= ids
    assert "r_0" not in ids


def test_an_older_state_file_gets_the_indexes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(tmp_path / "state.db")
    with monkeypatch.context() as older:
        older.setattr(store_module, "MIGRATIONS", store_module.MIGRATIONS[:3])
        Store(path).close()
    Store(path).close()
    with sqlite3.connect(path) as db:
        names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
        version = db.execute("PRAGMA user_version").fetchone()[0]
    assert {"actions_pending_by_expiry", "actions_undo_by_end", "runs_running"} <= names
    assert version == len(store_module.MIGRATIONS)


def test_messages_of_an_older_state_file_keep_their_order_and_new_ones_follow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(tmp_path / "state.db")
    with monkeypatch.context() as older:
        older.setattr(store_module, "MIGRATIONS", store_module.MIGRATIONS[:5])
        before = Store(path)
        before.threads.create_thread("t_1", "u_1", "Objednávka", "chat", 1)
        before.threads.add_messages("t_1", [_message(f"m_{n}", n) for n in range(3)], 3)
        before.threads.add_messages("t_1", [_message("m_last", 9)], 9)
        before.db.connection.execute("DELETE FROM messages WHERE id = 'm_last'")  # the top sequence number
        before.close()
    store = Store(path)
    try:
        store.threads.add_messages("t_1", [_message("m_new", 10)], 10)
        assert [m.id for m in store.threads.messages("t_1")] == ["m_0", "m_1", "m_2", "m_new"]
        with store.db.lock:
            sql = store.db.connection.execute("SELECT sql FROM sqlite_master WHERE name = 'messages'")
            assert "AUTOINCREMENT" not in sql.fetchone()[0]  # no sqlite_sequence row written per message
            rows = store.db.connection.execute("SELECT name FROM sqlite_sequence WHERE name = 'messages'")
            assert rows.fetchall() == []
    finally:
        store.close()


def _message(message_id: str, at: int) -> store_module.MessageRow:
    return store_module.MessageRow(message_id, "t_1", "user", f"Zpráva {message_id}", at, "chat", [])


def test_a_new_run_id_is_looked_up_without_a_query_and_every_stored_one_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "KEPT_RUNS", 3)
    monkeypatch.setattr(store_module, "PRUNE_EVERY", 2)
    path = str(tmp_path / "state.db")
    first = Store(path)
    first.runs.end_run("u_1", "r_before", "t_1", "finished", 1, "[]")  # on file before the next store opens
    first.close()
    store = Store(path)
    try:
        queries: list[str] = []
        store.db.connection.set_trace_callback(queries.append)
        assert store.runs.get_run("u_1", "r_before") is not None  # read from the file on first use
        store.runs.create_run("u_1", "r_live", "t_1", "running", 2)
        store.runs.tombstone_run("u_1", "r_early", 3)
        queries.clear()
        assert store.runs.get_run("u_1", "r_new") is None
        assert store.runs.get_run("u_2", "r_live") is None  # another user's id is another run
        assert not [q for q in queries if q.startswith("SELECT")]
        assert store.runs.get_run("u_1", "r_live") is not None
        assert store.runs.get_run("u_1", "r_early") is not None
        for n in range(12):  # past twice the bound: the set is read again without the pruned rows
            store.runs.end_run("u_1", f"r_{n}", "t_1", "finished", 4 + n, "[]")
        assert store.runs.get_run("u_1", "r_11") is not None
        assert store.runs.get_run("u_1", "r_0") is None
        assert store.runs.get_run("u_1", "r_live") is not None
    finally:
        store.close()


def _queries(store: Store) -> list[str]:
    seen: list[str] = []
    store.db.connection.set_trace_callback(seen.append)
    return seen


def test_a_threads_owner_is_read_once_then_answered_from_memory(store: Store) -> None:
    store.threads.create_thread("t_kept", "u_1", "Title", "voice", 1)
    seen = _queries(store)
    assert store.threads.thread_owner("t_kept") == ("u_1", "voice")
    assert store.threads.thread_owner("t_kept") == ("u_1", "voice")
    assert sum("FROM threads" in q for q in seen) == 1


def test_a_deleted_or_reset_thread_has_no_owner_any_more(store: Store) -> None:
    store.threads.create_thread("t_gone", "u_1", "Title", "chat", 1)
    store.threads.create_thread("t_reset", "u_1", "Title", "chat", 1)
    assert store.threads.thread_owner("t_gone") == ("u_1", "chat")
    assert store.threads.thread_owner("t_reset") == ("u_1", "chat")
    store.threads.delete_thread("t_gone", 2)
    assert store.threads.thread_owner("t_gone") is None
    store.reset()
    assert store.threads.thread_owner("t_reset") is None


def test_an_owner_read_inside_an_open_transaction_is_not_kept_past_its_rollback(store: Store) -> None:
    seen: list[tuple[str, str] | None] = []

    def failing_request() -> None:
        with store.batch():
            store.threads.create_thread("t_rolled", "u_1", "Title", "chat", 1)
            seen.append(store.threads.thread_owner("t_rolled"))  # the transaction sees its own row
            raise RuntimeError("the request failed")

    with pytest.raises(RuntimeError):
        failing_request()
    assert seen == [("u_1", "chat")]
    assert store.threads.thread_owner("t_rolled") is None


def test_the_owners_kept_stay_bounded(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "OWNERS_KEPT", 3)
    for n in range(10):
        store.threads.create_thread(f"t_{n}", "u_1", "Title", "chat", 1)
        assert store.threads.thread_owner(f"t_{n}") == ("u_1", "chat")
    assert len(store.threads._owners) <= 3


def test_the_store_holds_its_repositories_side_by_side(store: Store) -> None:
    """One repository per group of tables, each an attribute over the one core — not one object of all their
    methods."""
    from talkie_mock.engine.database import Repository

    assert not isinstance(store, Repository)
    repositories = {
        "settings": store_module.SettingRepository,
        "threads": store_module.ThreadRepository,
        "runs": store_module.RunRepository,
        "actions": store_module.ActionRepository,
        "voice": store_module.VoiceRepository,
        "usage": store_module.UsageRepository,
    }
    for name, kind in repositories.items():
        repository = getattr(store, name)
        assert type(repository) is kind
        assert repository.db is store.db
    public = {name for name in dir(store) if not name.startswith("_")}
    assert public == {
        *repositories,
        "db",
        "path",
        "schema_version",
        "log_restarts",
        "hold",
        "release",
        "batch",
        "close",
        "reset",
    }
