"""Durable state of the mock: SQLite with WAL, one connection, one writer path.

Why SQLite from the standard library: a developer leaves the mock running for days and restarts it often; the
state must survive a restart and a ``kill -9`` without a server process to manage. Every write runs in one
short transaction on one connection (guarded by a lock, so the TestClient's thread and the server loop cannot
interleave); a write has reached the WAL before the HTTP answer that acknowledges it is sent. Code that makes
several writes without yielding to the event loop (a run request, a run between two pauses) may
:meth:`Store.hold` them into one transaction: nothing can reach the wire before the loop runs again, and the
commit comes first, so this keeps that rule while paying for one commit instead of four. With WAL,
``synchronous=NORMAL`` keeps committed transactions across a process crash (it only risks the last ones on
power loss), which is the durability a test server needs.

Action transitions are compare-and-set (``UPDATE … WHERE status = ?``): of two concurrent decisions exactly
one changes the row; the other sees the new state.

Times are stored as integer milliseconds since the epoch so comparisons and ordering are numeric.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from talkie_mock.engine import statefile
from talkie_mock.engine.checkpoints import CHECKPOINTER
from talkie_mock.engine.wire import dumps

log = logging.getLogger(__name__)
RESTART_WAIT_MS = 50
"""How long a log restart waits for another connection before it gives up until the next pass asks."""

# Each entry moves the database one version up; `PRAGMA user_version` records how far a file has come.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE threads (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        title TEXT NOT NULL,
        channel TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE INDEX threads_by_user ON threads (user_id, updated_at DESC, created_at DESC, id DESC);
    CREATE TABLE messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        thread_id TEXT NOT NULL,
        id TEXT NOT NULL,
        role TEXT NOT NULL,
        content TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        channel TEXT,
        cards TEXT NOT NULL DEFAULT '[]',
        UNIQUE (thread_id, id)
    );
    CREATE TABLE runs (
        user_id TEXT NOT NULL,
        id TEXT NOT NULL,
        thread_id TEXT,
        status TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        events TEXT NOT NULL DEFAULT '[]',
        PRIMARY KEY (user_id, id)
    );
    CREATE TABLE actions (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        thread_id TEXT NOT NULL,
        status TEXT NOT NULL,
        params_hash TEXT NOT NULL,
        decision TEXT,
        method TEXT,
        outbound INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        undo_until INTEGER,
        body TEXT NOT NULL
    );
    CREATE INDEX actions_by_thread ON actions (thread_id, created_at);
    CREATE TABLE voice_sessions (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        thread_id TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        ends_at INTEGER NOT NULL,
        max_seconds INTEGER NOT NULL,
        seconds INTEGER NOT NULL DEFAULT 0,
        closed INTEGER NOT NULL DEFAULT 0,
        body TEXT NOT NULL
    );
    CREATE TABLE voice_calls (
        session_id TEXT NOT NULL,
        call_id TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (session_id, call_id)
    );
    CREATE TABLE usage (
        user_id TEXT NOT NULL,
        day TEXT NOT NULL,
        tokens INTEGER NOT NULL DEFAULT 0,
        voice_seconds INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, day)
    );
    """,
    # issue 12: a deleted thread stays as a tombstone (its id is gone for good, never handed to another
    # user with the first one's actions and late replies); instance settings (the developer secret).
    """
    ALTER TABLE threads ADD COLUMN deleted_at INTEGER;
    CREATE TABLE settings (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # a voice client secret opens one connection, once (§10.1): spent in the state file, so a restart of the
    # mock does not make a used secret good again
    """
    ALTER TABLE voice_sessions ADD COLUMN connected_at INTEGER;
    """,
)
THREAD = "id, user_id, title, channel, created_at, updated_at"
"""The columns of a :class:`ThreadRow` (the tombstone mark is the store's own business)."""
IN_CHUNK = 500
"""Ids per `IN (…)` list: SQLite caps the variables of one statement."""


# An action's `version` grows with every change of its status (the stored body carries it).
_NEXT_VERSION = "body = json_set(body, '$.version', json_extract(body, '$.version') + 1)"


@dataclass(frozen=True)
class ThreadRow:
    id: str
    user_id: str
    title: str
    channel: str
    created_at: int
    updated_at: int


@dataclass(frozen=True)
class MessageRow:
    id: str
    thread_id: str
    role: str
    content: str
    created_at: int
    channel: str | None
    cards: list[dict[str, Any]]


@dataclass(frozen=True)
class RunRow:
    id: str
    user_id: str
    thread_id: str | None
    status: str
    created_at: int
    events: list[dict[str, Any]]


@dataclass(frozen=True)
class ActionRow:
    id: str
    user_id: str
    thread_id: str
    status: str
    params_hash: str
    decision: str | None
    method: str | None
    outbound: bool
    created_at: int
    expires_at: int
    undo_until: int | None
    body: dict[str, Any]


@dataclass(frozen=True)
class VoiceRow:
    id: str
    user_id: str
    thread_id: str
    created_at: int
    ends_at: int
    max_seconds: int
    seconds: int
    closed: bool
    body: dict[str, Any]
    connected_at: int | None = None
    """When its client secret opened the one connection it may open (None: not yet)."""


def _dumps(value: Any) -> str:
    return dumps(value)


class Store:
    """All reads and writes of the mock's state."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.RLock()
        self._held = 0
        self._held_open = False
        self._file_lock = statefile.lock(path)  # StateFileError: in use, a folder, no folder
        self._db = statefile.connect(path)  # StateFileError: not a database, corrupt, read-only
        self._db.row_factory = sqlite3.Row
        self._restart_due = False
        self.log_restarts = 0
        """Long logs restarted after a commit (engine.checkpoints); tests read it."""
        shared = path != statefile.MEMORY
        self._checkpoints = CHECKPOINTER.register(path, self, self.restart_log_soon) if shared else None
        try:
            self._migrate()
        except sqlite3.Error as exc:
            raise statefile.StateFileError(f"cannot prepare the state file {path}: {exc}") from None

    # -- plumbing -------------------------------------------------------------------------------------------

    def _migrate(self) -> None:
        with self._lock:
            version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
            for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                self._db.executescript(
                    f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;"
                )

    @property
    def schema_version(self) -> int:
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    @contextmanager
    def _tx(self, *, single: bool = False) -> Iterator[sqlite3.Connection]:
        """The one writer path: a short IMMEDIATE transaction, committed before the caller answers.

        Inside :meth:`hold` the write joins the held transaction as a savepoint instead: it is still all or
        nothing, and it is committed with the others when the holder releases. A `single` statement needs
        no savepoint: SQLite undoes a failed statement by itself and leaves the transaction open.
        """
        with self._lock:
            if self._held:
                if not self._held_open:
                    self._db.execute("BEGIN IMMEDIATE")
                    self._held_open = True
                if single:
                    yield self._db
                    return
                self._db.execute("SAVEPOINT write")
                try:
                    yield self._db
                except BaseException:
                    self._db.execute("ROLLBACK TO write")
                    self._db.execute("RELEASE write")
                    raise
                self._db.execute("RELEASE write")
                return
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._commit()

    def hold(self) -> None:
        """Let the following writes share one transaction until :meth:`release` commits it.

        For a stretch of code that does not yield to the event loop (a run between two pauses, a request
        handler between two awaits): nobody can see its effects before it ends, so one commit at the end
        is as durable as one per write and much cheaper. Holds nest; the outermost release commits.
        """
        self._lock.acquire()
        self._held += 1

    def release(self) -> None:
        """End a :meth:`hold`; the outermost one commits whatever was written meanwhile."""
        try:
            self._held -= 1
            if self._held == 0 and self._held_open:
                self._held_open = False
                self._commit()
        finally:
            self._lock.release()

    def restart_log_soon(self) -> None:
        """Asked by the checkpoint thread when a pass left a long log: restart it after the next commit
        (engine.checkpoints says why the thread cannot do it alone)."""
        self._restart_due = True

    def _commit(self) -> None:
        """COMMIT the open transaction; then, when the checkpoint thread asked, restart the long log."""
        self._db.execute("COMMIT")
        if self._restart_due:
            self._restart_log()

    def _restart_log(self) -> None:
        """A RESTART checkpoint between two transactions: the next write starts the log from its beginning.

        It waits at most RESTART_WAIT_MS for another connection's reader or writer (the OAuth store, a
        `talkie-mock report`), instead of the usual busy timeout: the event loop waits with it."""
        self._restart_due = False
        db = self._db
        try:
            db.execute(f"PRAGMA busy_timeout={RESTART_WAIT_MS}")
            try:
                busy = db.execute("PRAGMA wal_checkpoint(RESTART)").fetchone()[0]
            finally:
                db.execute(f"PRAGMA busy_timeout={int(statefile.BUSY_SECONDS * 1000)}")
        except sqlite3.Error as exc:  # failing: the next long pass asks again
            log.debug("log restart of %s skipped: %s", self.path, exc)
            return
        if not busy:  # busy: someone still reads the log; the next long pass asks again
            self.log_restarts += 1

    @contextmanager
    def batch(self) -> Iterator[None]:
        """:meth:`hold` for a block of code (which must not await). If the block fails, everything it wrote
        is rolled back: a refused or failed request stores nothing."""
        self.hold()
        try:
            yield
        except BaseException:
            if self._held_open:
                self._held_open = False
                self._db.execute("ROLLBACK")
            raise
        finally:
            self.release()

    def setting(self, name: str, make: Callable[[], str]) -> str:
        """An instance setting kept in the state file, made (and stored) by `make` on first use."""
        with self._tx(single=True) as db:
            db.execute("INSERT OR IGNORE INTO settings (name, value) VALUES (?, ?)", (name, make()))
            value: str = db.execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()[0]
        return value

    def _one(self, sql: str, *args: Any) -> sqlite3.Row | None:
        with self._lock:
            row: sqlite3.Row | None = self._db.execute(sql, args).fetchone()
            return row

    def _all(self, sql: str, *args: Any) -> list[sqlite3.Row]:
        with self._lock:
            return list(self._db.execute(sql, args).fetchall())

    def close(self) -> None:
        with self._lock:
            self._db.close()
        if self._checkpoints is not None:
            self._checkpoints()

    # -- threads and messages -------------------------------------------------------------------------------

    def get_thread(self, thread_id: str) -> ThreadRow | None:
        """A live thread (a deleted one is gone: None)."""
        row = self._one(f"SELECT {THREAD} FROM threads WHERE id = ? AND deleted_at IS NULL", thread_id)
        return ThreadRow(**dict(row)) if row else None

    def thread_id_taken(self, thread_id: str) -> bool:
        """Whether an id names a thread, live or deleted: a taken id is never handed out again."""
        return self._one("SELECT 1 FROM threads WHERE id = ?", thread_id) is not None

    def create_thread(self, thread_id: str, user_id: str, title: str, channel: str, now: int) -> ThreadRow:
        with self._tx(single=True) as db:
            db.execute(
                "INSERT INTO threads (id, user_id, title, channel, created_at, updated_at) "
                "VALUES (?,?,?,?,?,?)",
                (thread_id, user_id, title, channel, now, now),
            )
        return ThreadRow(thread_id, user_id, title, channel, now, now)

    def list_threads(self, user_id: str, limit: int) -> list[ThreadRow]:
        rows = self._all(
            f"SELECT {THREAD} FROM threads WHERE user_id = ? AND deleted_at IS NULL "
            "ORDER BY updated_at DESC, created_at DESC, id DESC LIMIT ?",
            user_id,
            limit,
        )
        return [ThreadRow(**dict(r)) for r in rows]

    def delete_thread(self, thread_id: str, now: int) -> list[str]:
        """Delete a thread's messages and leave its tombstone; pending actions are cancelled. Returns the
        cancelled ids."""
        with self._tx() as db:
            ids = [
                r[0]
                for r in db.execute(
                    "SELECT id FROM actions WHERE thread_id = ? AND status = 'pending'", (thread_id,)
                )
            ]
            db.execute(
                "UPDATE actions SET status = 'cancelled', decision = 'cancel' "
                "WHERE thread_id = ? AND status = 'pending'",
                (thread_id,),
            )
            db.execute("DELETE FROM messages WHERE thread_id = ?", (thread_id,))
            db.execute("UPDATE threads SET deleted_at = ?, title = '' WHERE id = ?", (now, thread_id))
        return ids

    def known_message_ids(self, thread_id: str, ids: list[str]) -> set[str]:
        found: set[str] = set()
        for start in range(0, len(ids), IN_CHUNK):
            chunk = ids[start : start + IN_CHUNK]
            marks = ",".join("?" * len(chunk))
            sql = f"SELECT id FROM messages WHERE thread_id = ? AND id IN ({marks})"
            found |= {r[0] for r in self._all(sql, thread_id, *chunk)}
        return found

    def add_messages(self, thread_id: str, messages: list[MessageRow], now: int) -> list[MessageRow]:
        """Store messages whose id the thread does not know yet; returns those that were new (a repeated id,
        in the thread or earlier in `messages`, is not). A deleted thread takes nothing (the late reply of a
        run it outlived)."""
        added: list[MessageRow] = []
        # one message: no savepoint (SQLite undoes a failed statement by itself; the timestamp UPDATE
        # that may follow cannot fail on a row the INSERT just found)
        with self._tx(single=len(messages) == 1) as db:
            for m in messages:  # one statement each: the live-thread test rides along in the INSERT
                cur = db.execute(
                    "INSERT OR IGNORE INTO messages (thread_id, id, role, content, created_at, "
                    "channel, cards) SELECT ?,?,?,?,?,?,? WHERE EXISTS "
                    "(SELECT 1 FROM threads WHERE id = ? AND deleted_at IS NULL)",
                    (thread_id, m.id, m.role, m.content, m.created_at, m.channel, _dumps(m.cards), thread_id),
                )
                if cur.rowcount:
                    added.append(m)
            if added:
                db.execute(
                    "UPDATE threads SET updated_at = MAX(updated_at, ?) WHERE id = ?", (now, thread_id)
                )
        return added

    def touch_thread(self, thread_id: str, now: int) -> None:
        """The thread changed without a new message (a decision on one of its actions)."""
        with self._tx(single=True) as db:
            db.execute("UPDATE threads SET updated_at = MAX(updated_at, ?) WHERE id = ?", (now, thread_id))

    def append_cards(self, thread_id: str, message_id: str, cards: list[dict[str, Any]]) -> None:
        with self._tx() as db:
            row = db.execute(
                "SELECT cards FROM messages WHERE thread_id = ? AND id = ?", (thread_id, message_id)
            ).fetchone()
            if row is not None:
                merged = [*json.loads(row[0]), *cards]
                db.execute(
                    "UPDATE messages SET cards = ? WHERE thread_id = ? AND id = ?",
                    (_dumps(merged), thread_id, message_id),
                )

    def messages(self, thread_id: str) -> list[MessageRow]:
        rows = self._all("SELECT * FROM messages WHERE thread_id = ? ORDER BY seq", thread_id)
        return [
            MessageRow(
                id=r["id"],
                thread_id=r["thread_id"],
                role=r["role"],
                content=r["content"],
                created_at=r["created_at"],
                channel=r["channel"],
                cards=json.loads(r["cards"]),
            )
            for r in rows
        ]

    # -- runs -----------------------------------------------------------------------------------------------

    def get_run(self, user_id: str, run_id: str) -> RunRow | None:
        row = self._one("SELECT * FROM runs WHERE user_id = ? AND id = ?", user_id, run_id)
        if row is None:
            return None
        return RunRow(
            id=row["id"],
            user_id=row["user_id"],
            thread_id=row["thread_id"],
            status=row["status"],
            created_at=row["created_at"],
            events=json.loads(row["events"]),
        )

    def create_run(self, user_id: str, run_id: str, thread_id: str | None, status: str, now: int) -> None:
        with self._tx(single=True) as db:
            db.execute(
                "INSERT INTO runs (user_id, id, thread_id, status, created_at) VALUES (?,?,?,?,?)",
                (user_id, run_id, thread_id, status, now),
            )

    def tombstone_run(self, user_id: str, run_id: str, now: int) -> None:
        """Remember a cancel for a run that has not reached the server yet (notes N-04)."""
        with self._tx(single=True) as db:
            db.execute(
                "INSERT OR IGNORE INTO runs (user_id, id, thread_id, status, created_at) "
                "VALUES (?,?,NULL,'cancelled',?)",
                (user_id, run_id, now),
            )

    def finish_run(
        self,
        user_id: str,
        run_id: str,
        status: str,
        events: list[dict[str, Any]] | None = None,
        *,
        encoded: str | None = None,
    ) -> None:
        """Store a run's final state: its `events`, or the same already as a JSON array (`encoded`)."""
        text = encoded if encoded is not None else _dumps(events or [])
        with self._tx(single=True) as db:
            db.execute(
                "UPDATE runs SET status = ?, events = ? WHERE user_id = ? AND id = ?",
                (status, text, user_id, run_id),
            )

    def end_run(
        self, user_id: str, run_id: str, thread_id: str, status: str, created_at: int, encoded: str
    ) -> None:
        """Store a run's final state, with its row when it has none yet: a run that never paused is written
        once, finished (its `running` row would live only inside the same transaction)."""
        with self._tx(single=True) as db:
            db.execute(
                "INSERT INTO runs (user_id, id, thread_id, status, created_at, events) VALUES (?,?,?,?,?,?) "
                "ON CONFLICT (user_id, id) DO UPDATE SET status = excluded.status, events = excluded.events",
                (user_id, run_id, thread_id, status, created_at, encoded),
            )

    def interrupted_runs(self) -> list[RunRow]:
        """Runs left `running` by a crash: their task died with the process."""
        rows = self._all("SELECT user_id, id FROM runs WHERE status = 'running'")
        found = [self.get_run(r["user_id"], r["id"]) for r in rows]
        return [r for r in found if r is not None]

    # -- actions --------------------------------------------------------------------------------------------

    def insert_action(self, row: ActionRow) -> None:
        with self._tx(single=True) as db:
            db.execute(
                "INSERT INTO actions (id, user_id, thread_id, status, params_hash, decision, "
                "method, outbound, "
                "created_at, expires_at, undo_until, body) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    row.id,
                    row.user_id,
                    row.thread_id,
                    row.status,
                    row.params_hash,
                    row.decision,
                    row.method,
                    int(row.outbound),
                    row.created_at,
                    row.expires_at,
                    row.undo_until,
                    _dumps(row.body),
                ),
            )

    @staticmethod
    def _action(row: sqlite3.Row) -> ActionRow:
        data = dict(row)
        data["outbound"] = bool(data["outbound"])
        data["body"] = json.loads(data["body"])
        return ActionRow(**data)

    def get_action(self, action_id: str) -> ActionRow | None:
        row = self._one("SELECT * FROM actions WHERE id = ?", action_id)
        return self._action(row) if row else None

    def thread_actions(self, thread_id: str) -> list[ActionRow]:
        rows = self._all("SELECT * FROM actions WHERE thread_id = ? ORDER BY created_at, rowid", thread_id)
        return [self._action(r) for r in rows]

    def transition_action(
        self,
        action_id: str,
        expected: str,
        status: str,
        *,
        decision: str | None = None,
        method: str | None = None,
        undo_until: int | None = None,
    ) -> bool:
        """Compare-and-set the status; True when this call made the change (the action's version grows)."""
        with self._tx(single=True) as db:
            cur = db.execute(
                "UPDATE actions SET status = ?, decision = COALESCE(?, decision), method = "
                "COALESCE(?, method), "
                f"undo_until = COALESCE(?, undo_until), {_NEXT_VERSION} WHERE id = ? AND status = ?",
                (status, decision, method, undo_until, action_id, expected),
            )
            return cur.rowcount == 1

    def settle_actions(self, now: int) -> None:
        """Apply what time alone decides: pending past `expiresAt` → expired, undo window over → done."""
        with self._tx() as db:
            db.execute(
                f"UPDATE actions SET status = 'expired', {_NEXT_VERSION} "
                "WHERE status = 'pending' AND expires_at <= ?",
                (now,),
            )
            db.execute(
                f"UPDATE actions SET status = 'done', {_NEXT_VERSION} "
                "WHERE status = 'running' AND undo_until IS NOT NULL AND undo_until <= ?",
                (now,),
            )

    # -- voice ----------------------------------------------------------------------------------------------

    def insert_voice(self, row: VoiceRow) -> None:
        with self._tx(single=True) as db:
            db.execute(
                "INSERT INTO voice_sessions (id, user_id, thread_id, created_at, ends_at, "
                "max_seconds, seconds, "
                "closed, body) VALUES (?,?,?,?,?,?,?,?,?)",
                (
                    row.id,
                    row.user_id,
                    row.thread_id,
                    row.created_at,
                    row.ends_at,
                    row.max_seconds,
                    row.seconds,
                    int(row.closed),
                    _dumps(row.body),
                ),
            )

    def get_voice(self, session_id: str) -> VoiceRow | None:
        row = self._one("SELECT * FROM voice_sessions WHERE id = ?", session_id)
        if row is None:
            return None
        data = dict(row)
        data["closed"] = bool(data["closed"])
        data["body"] = json.loads(data["body"])
        return VoiceRow(**data)

    def voice_by_secret(self, secret: str) -> VoiceRow | None:
        row = self._one(
            "SELECT id FROM voice_sessions WHERE json_extract(body, '$.clientSecret') = ?", secret
        )
        return self.get_voice(row[0]) if row else None

    def spend_voice_secret(self, session_id: str, now: int) -> bool:
        """Mark the session's client secret used; False when it already opened its connection."""
        with self._tx(single=True) as db:
            cur = db.execute(
                "UPDATE voice_sessions SET connected_at = ? WHERE id = ? AND connected_at IS NULL",
                (now, session_id),
            )
            return cur.rowcount == 1

    def unspend_voice_secret(self, session_id: str) -> None:
        """An offer that connected nothing (it could not be answered) leaves the secret good."""
        with self._tx(single=True) as db:
            db.execute("UPDATE voice_sessions SET connected_at = NULL WHERE id = ?", (session_id,))

    def claim_voice_call(self, session_id: str, call_id: str, now: int) -> bool:
        """Record a tool call id; False when the session already saw it (a reused `callId`)."""
        with self._tx(single=True) as db:
            cur = db.execute(
                "INSERT OR IGNORE INTO voice_calls (session_id, call_id, created_at) VALUES (?,?,?)",
                (session_id, call_id, now),
            )
            return cur.rowcount == 1

    def report_voice_usage(self, session_id: str, seconds: int, final: bool) -> tuple[int, int]:
        """Store cumulative seconds (never lower than before); returns (counted seconds, increase)."""
        with self._tx() as db:
            row = db.execute(
                "SELECT seconds, user_id, created_at FROM voice_sessions WHERE id = ?", (session_id,)
            ).fetchone()
            total = max(int(row[0]), seconds)
            db.execute(
                "UPDATE voice_sessions SET seconds = ?, closed = MAX(closed, ?) WHERE id = ?",
                (total, int(final), session_id),
            )
            return total, total - int(row[0])

    # -- usage meters ---------------------------------------------------------------------------------------

    def add_usage(self, user_id: str, day: str, *, tokens: int = 0, voice_seconds: int = 0) -> None:
        with self._tx(single=True) as db:
            db.execute(
                "INSERT INTO usage (user_id, day, tokens, voice_seconds) VALUES (?,?,?,?) "
                "ON CONFLICT (user_id, day) DO UPDATE SET tokens = tokens + excluded.tokens, "
                "voice_seconds = voice_seconds + excluded.voice_seconds",
                (user_id, day, tokens, voice_seconds),
            )

    def usage(self, user_id: str, day: str) -> tuple[int, int]:
        row = self._one("SELECT tokens, voice_seconds FROM usage WHERE user_id = ? AND day = ?", user_id, day)
        return (int(row[0]), int(row[1])) if row else (0, 0)

    # -- developer surface (control API, inspector) ---------------------------------------------------------

    def recent_threads(self, limit: int) -> list[ThreadRow]:
        """Threads of every user, most recently updated first (the inspector's state view)."""
        rows = self._all(
            f"SELECT {THREAD} FROM threads WHERE deleted_at IS NULL "
            "ORDER BY updated_at DESC, id DESC LIMIT ?",
            limit,
        )
        return [ThreadRow(**dict(r)) for r in rows]

    def recent_actions(self, limit: int) -> list[ActionRow]:
        rows = self._all("SELECT * FROM actions ORDER BY created_at DESC, id DESC LIMIT ?", limit)
        return [self._action(r) for r in rows]

    def recent_voice(self, limit: int) -> list[VoiceRow]:
        rows = self._all("SELECT id FROM voice_sessions ORDER BY created_at DESC, id DESC LIMIT ?", limit)
        found = [self.get_voice(r[0]) for r in rows]
        return [v for v in found if v is not None]

    def expire_action(self, action_id: str) -> bool:
        """Force a pending action to `expired` now (inspector button); False when it is not pending."""
        return self.transition_action(action_id, "pending", "expired")

    def reset(self) -> None:
        """Forget every thread, message, run, action, voice session and usage count (control API reset)."""
        with self._tx() as db:
            for table in ("messages", "threads", "runs", "actions", "voice_calls", "voice_sessions", "usage"):
                db.execute(f"DELETE FROM {table}")  # fixed table names, no user input
