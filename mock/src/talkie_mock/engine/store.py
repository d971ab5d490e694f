"""Durable state of the mock: its tables, one repository per table over the one transaction core.

Why SQLite from the standard library: a developer leaves the mock running for days and restarts it often; the
state must survive a restart and a ``kill -9`` without a server process to manage. How writes are made
durable (one connection, one lock, held transactions, the log restart) is `engine.database`'s; this module
holds the schema (its migrations), the rows and the repositories, which :class:`Store` holds side by side.

Action transitions are compare-and-set (``UPDATE … WHERE status = ?``): of two concurrent decisions exactly
one changes the row; the other sees the new state.

Times are stored as integer milliseconds since the epoch so comparisons and ordering are numeric.

Two facts every run request asks are answered from memory, because they cannot go stale unseen: whether a
run id may be stored at all (a superset of hashes) and a live thread's owner and channel (read from what is
committed, dropped when the thread or the whole state goes).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from talkie_mock.engine import statefile
from talkie_mock.engine.database import Database, Repository
from talkie_mock.engine.wire import dumps

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
    # a deleted thread stays as a tombstone (its id is gone for good, never handed to another
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
    # what time alone decides about actions, and runs a crash left running, found without a scan
    """
    CREATE INDEX actions_pending_by_expiry ON actions (expires_at) WHERE status = 'pending';
    CREATE INDEX actions_undo_by_end ON actions (undo_until) WHERE status = 'running';
    CREATE INDEX runs_running ON runs (status) WHERE status = 'running';
    """,
    # messages keep their order by a plain rowid: a new row's is above every stored one, which is all the
    # order needs, and each message no longer writes the `sqlite_sequence` row AUTOINCREMENT keeps (one
    # page fewer in every run's commit)
    """
    CREATE TABLE messages_next (
        seq INTEGER PRIMARY KEY,
        thread_id TEXT NOT NULL,
        id TEXT NOT NULL,
        role TEXT NOT NULL,
        content TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        channel TEXT,
        cards TEXT NOT NULL DEFAULT '[]',
        UNIQUE (thread_id, id)
    );
    INSERT INTO messages_next (seq, thread_id, id, role, content, created_at, channel, cards)
        SELECT seq, thread_id, id, role, content, created_at, channel, cards FROM messages;
    DROP TABLE messages;
    ALTER TABLE messages_next RENAME TO messages;
    DELETE FROM sqlite_sequence WHERE name = 'messages';
    """,
)
KEPT_RUNS = 10_000
"""Ended runs (and cancels before arrival) the state file keeps, the newest; older rows are dropped as new
ones come (notes N-76). A retry of a dropped run's request stores nothing again: its message ids are known
(N-05)."""
PRUNE_EVERY = 64
"""New run rows between two prunes of the old ones: the table holds at most KEPT_RUNS + PRUNE_EVERY - 1
ended runs."""
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


class SettingRepository(Repository):
    """Instance settings (the developer secret, a kept dev token)."""

    def setting(self, name: str, make: Callable[[], str]) -> str:
        """An instance setting kept in the state file, made (and stored) by `make` on first use."""
        with self._tx(single=True) as db:
            db.execute("INSERT OR IGNORE INTO settings (name, value) VALUES (?, ?)", (name, make()))
            value: str = db.execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()[0]
        return value


def _thread_touch(thread_id: str, now: int) -> Callable[[sqlite3.Connection], None]:
    """The statement that moves a thread's `updated_at` to `now`, never back. Deferred to a held
    transaction's commit, the last one given wins: a held transaction never awaits, so its clock readings
    only grow."""

    def touch(db: sqlite3.Connection) -> None:
        db.execute("UPDATE threads SET updated_at = MAX(updated_at, ?) WHERE id = ?", (now, thread_id))

    return touch


OWNERS_KEPT = 10_000
"""Live threads whose owner and channel :meth:`ThreadRepository.thread_owner` keeps in memory (then it starts
over)."""


class ThreadRepository(Repository):
    """Threads (§9) and their messages."""

    def __init__(self, db: Database) -> None:
        super().__init__(db)
        self._owners: dict[str, tuple[str, str]] = {}
        """Thread id → (user id, channel) of a live thread, as committed. Neither ever changes while the
        thread lives; deleting it (or every thread) drops the entry."""

    def thread_owner(self, thread_id: str) -> tuple[str, str] | None:
        """The user and channel of a live thread (None: no such thread, or deleted): what every run request
        asks about its thread, answered from memory once the thread was read."""
        known = self._owners.get(thread_id)
        if known is not None:
            return known
        row = self._one("SELECT user_id, channel FROM threads WHERE id = ? AND deleted_at IS NULL", thread_id)
        if row is None:
            return None
        owner = (str(row[0]), str(row[1]))
        if not self.db.writes_open():  # only what is committed: an open transaction may still roll back
            if len(self._owners) >= OWNERS_KEPT:
                self._owners.clear()
            self._owners[thread_id] = owner
        return owner

    def forget_owners(self, thread_id: str | None = None) -> None:
        """Drop what :meth:`thread_owner` keeps about a thread (every thread: None)."""
        if thread_id is None:
            self._owners.clear()
        else:
            self._owners.pop(thread_id, None)

    def recent_threads(self, limit: int) -> list[ThreadRow]:
        """Threads of every user, most recently updated first (the inspector's state view)."""
        rows = self._all(
            f"SELECT {THREAD} FROM threads WHERE deleted_at IS NULL "
            "ORDER BY updated_at DESC, id DESC LIMIT ?",
            limit,
        )
        return [ThreadRow(**dict(r)) for r in rows]

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
        self.forget_owners(thread_id)  # before the write: a read meanwhile cannot keep the live thread
        with self._tx() as db:
            ids = [
                r[0]
                for r in db.execute(
                    "SELECT id FROM actions WHERE thread_id = ? AND status = 'pending'", (thread_id,)
                )
            ]
            db.execute(
                f"UPDATE actions SET status = 'cancelled', decision = 'cancel', {_NEXT_VERSION} "
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
                touch = _thread_touch(thread_id, now)
                # held (a run's request): once, as the transaction commits, however many messages it adds
                if not self.db.at_commit(("touch", thread_id), touch):
                    touch(db)
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


class RunRepository(Repository):
    """Runs (§5): their status and events, for replays (N-05) and cancels before arrival (N-04)."""

    def __init__(self, db: Database) -> None:
        super().__init__(db)
        self._new_runs = 0
        """Run rows written since the last prune (:meth:`_keep_recent_runs`)."""
        self._known: set[int] | None = None
        """The hash of every (user, run id) the table may hold: a superset (a row rolled back or pruned stays
        in it until the next rebuild), so a run id outside it has no row and its look-up needs no query. Most
        run requests carry a new id. Read from the table on first use; read again past twice KEPT_RUNS."""

    def _may_hold(self, user_id: str, run_id: str) -> bool:
        known = self._known
        if known is None:
            rows = self._all("SELECT user_id, id FROM runs")
            known = self._known = {hash((r[0], r[1])) for r in rows}
        return hash((user_id, run_id)) in known

    def _remember(self, user_id: str, run_id: str) -> None:
        if self._known is not None:
            self._known.add(hash((user_id, run_id)))

    def get_run(self, user_id: str, run_id: str) -> RunRow | None:
        if not self._may_hold(user_id, run_id):
            return None
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
        self._remember(user_id, run_id)

    def _keep_recent_runs(self, db: sqlite3.Connection) -> None:
        """Drop the ended runs older than the newest KEPT_RUNS, once every PRUNE_EVERY new rows (rowids grow
        with each new row: a range delete, no scan; a live run is never dropped). A delete per new row
        rewrote the table's oldest pages on every run."""
        self._new_runs += 1
        if self._new_runs < PRUNE_EVERY:
            return
        self._new_runs = 0
        if self._known is not None and len(self._known) > 2 * KEPT_RUNS:
            self._known = None  # read again, without the pruned rows
        db.execute(
            "DELETE FROM runs WHERE rowid <= (SELECT max(rowid) FROM runs) - ? AND status != 'running'",
            (KEPT_RUNS,),
        )

    def tombstone_run(self, user_id: str, run_id: str, now: int) -> None:
        """Remember a cancel for a run that has not reached the server yet (notes N-04)."""
        with self._tx(single=True) as db:
            db.execute(
                "INSERT OR IGNORE INTO runs (user_id, id, thread_id, status, created_at) "
                "VALUES (?,?,NULL,'cancelled',?)",
                (user_id, run_id, now),
            )
            self._remember(user_id, run_id)
            self._keep_recent_runs(db)

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
            self._remember(user_id, run_id)
            self._keep_recent_runs(db)

    def interrupted_runs(self) -> list[RunRow]:
        """Runs left `running` by a crash: their task died with the process."""
        rows = self._all("SELECT user_id, id FROM runs WHERE status = 'running'")
        found = [self.get_run(r["user_id"], r["id"]) for r in rows]
        return [r for r in found if r is not None]


class ActionRepository(Repository):
    """Actions (§8): compare-and-set status changes."""

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

    def recent_actions(self, limit: int) -> list[ActionRow]:
        """Actions of every user, newest first (the inspector's state view)."""
        rows = self._all("SELECT * FROM actions ORDER BY created_at DESC, id DESC LIMIT ?", limit)
        return [self._action(r) for r in rows]

    def expire_action(self, action_id: str) -> bool:
        """Force a pending action to `expired` now (inspector button); False when it is not pending."""
        return self.transition_action(action_id, "pending", "expired")

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
        """Apply what time alone decides: pending past `expiresAt` → expired, undo window over → done.

        Every read of an action asks; the partial indexes find what is due without a scan, and when nothing
        is, no write transaction is opened at all."""
        due = self._one(
            "SELECT EXISTS (SELECT 1 FROM actions WHERE status = 'pending' AND expires_at <= ?) "
            "OR EXISTS (SELECT 1 FROM actions WHERE status = 'running' AND undo_until <= ?)",
            now,
            now,
        )
        if due is None or not due[0]:
            return
        with self._tx() as db:
            db.execute(
                f"UPDATE actions SET status = 'expired', {_NEXT_VERSION} "
                "WHERE status = 'pending' AND expires_at <= ?",
                (now,),
            )
            db.execute(
                f"UPDATE actions SET status = 'done', {_NEXT_VERSION} "
                "WHERE status = 'running' AND undo_until <= ?",
                (now,),
            )


class VoiceRepository(Repository):
    """Voice sessions (§10) and the tool calls they executed."""

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

    def recent_voice(self, limit: int) -> list[VoiceRow]:
        """Voice sessions of every user, newest first (the inspector's state view)."""
        rows = self._all("SELECT id FROM voice_sessions ORDER BY created_at DESC, id DESC LIMIT ?", limit)
        found = [self.get_voice(r[0]) for r in rows]
        return [v for v in found if v is not None]

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


class UsageRepository(Repository):
    """The daily meters (§4 `usage`)."""

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


class Store:
    """The mock's state: the transaction core (:class:`Database`) and, as attributes, the repository of each
    group of tables over it (`settings`, `threads`, `runs`, `actions`, `voice`, `usage`).

    The repositories share one core, so their writes join one held transaction (:meth:`hold`); the OAuth
    tables and the inspector's violation log are repositories over the same core (`oauth.store`,
    `devtools.violations`).
    """

    def __init__(self, path: str) -> None:
        self.db = db = Database(path)
        self.path = path
        try:
            self._migrate()
        except sqlite3.Error as exc:
            db.close()
            raise statefile.StateFileError(f"cannot prepare the state file {path}: {exc}") from None
        self.settings = SettingRepository(db)
        self.threads = ThreadRepository(db)
        self.runs = RunRepository(db)
        self.actions = ActionRepository(db)
        self.voice = VoiceRepository(db)
        self.usage = UsageRepository(db)

    def _migrate(self) -> None:
        with self.db.lock:
            db = self.db.connection
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                db.executescript(f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")

    @property
    def schema_version(self) -> int:
        return int(self.db.connection.execute("PRAGMA user_version").fetchone()[0])

    @property
    def log_restarts(self) -> int:
        """Long logs restarted after a commit (engine.checkpoints); tests read it."""
        return self.db.log_restarts

    def hold(self) -> None:
        """:meth:`Database.hold`: the following writes share one transaction until :meth:`release`."""
        self.db.hold()

    def release(self) -> None:
        self.db.release()

    def batch(self) -> AbstractContextManager[None]:
        """:meth:`Database.batch`: a block of writes (which must not await), all or nothing."""
        return self.db.batch()

    def close(self) -> None:
        self.db.close()

    def reset(self) -> None:
        """Forget every thread, message, run, action, voice session and usage count (control API reset)."""
        self.threads.forget_owners()
        with self.db.write() as db:
            for table in ("messages", "threads", "runs", "actions", "voice_calls", "voice_sessions", "usage"):
                db.execute(f"DELETE FROM {table}")  # fixed table names, no user input
