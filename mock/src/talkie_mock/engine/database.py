"""The transaction core of the state file: one connection, one lock, one writer path, for every table.

(The checkpoint thread, `engine.checkpoints`, holds a second connection that writes no row: it only copies
the log back into the file.)

Every write runs in one short IMMEDIATE transaction on one connection (guarded by a lock, so the
TestClient's thread and the server loop cannot interleave); a write has reached the WAL before the HTTP
answer that acknowledges it is sent. Code that makes several writes without yielding to the event loop (a
run request, a run between two pauses) may :meth:`Database.hold` them into one transaction: nothing can
reach the wire before the loop runs again, and the commit comes first, so this keeps that rule while paying
for one commit instead of four. With WAL, ``synchronous=NORMAL`` keeps committed transactions across a
process crash (it only risks the last ones on power loss), which is the durability a test server needs.

The repositories of the mock's tables (`engine.store`), of the authorization server's (`oauth.store`) and of
the client violations the inspector keeps (`devtools.violations`) all write through one instance, so every
commit of the process takes the same path: the log restart the checkpoint thread asks for
(`engine.checkpoints`) follows whichever commit comes next. Only another process (a `talkie-mock report
--state`) opens a second connection, read-only.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from talkie_mock.engine import statefile
from talkie_mock.engine.checkpoints import CHECKPOINTER

log = logging.getLogger(__name__)
RESTART_WAIT_MS = 50
"""How long a log restart waits for another connection before it gives up until the next pass asks."""


class Database:
    """The state file, opened once per mock: its lock, its connection and its transactions."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.lock = threading.RLock()
        """Held by every statement; a migration holds it while it runs its script."""
        self._held = 0
        self._held_open = False
        self._at_commit: dict[object, Callable[[sqlite3.Connection], None]] = {}
        self._file_lock = statefile.lock(path)  # StateFileError: in use, a folder, no folder
        self.connection = statefile.connect(path)  # StateFileError: not a database, corrupt, read-only
        self.connection.row_factory = sqlite3.Row
        self._restart_due = False
        self._closed = False
        self.log_restarts = 0
        """Long logs restarted after a commit (engine.checkpoints); tests read it."""
        shared = path != statefile.MEMORY
        self._checkpoints = CHECKPOINTER.register(path, self, self.restart_log_soon) if shared else None

    def write(self, *, single: bool = False) -> AbstractContextManager[sqlite3.Connection]:
        """The one writer path: a short IMMEDIATE transaction, committed before the caller answers.

        Inside :meth:`hold` the write joins the held transaction as a savepoint instead: it is still all or
        nothing, and it is committed with the others when the holder releases. A `single` statement needs
        no savepoint: SQLite undoes a failed statement by itself and leaves the transaction open.
        """
        return _Write(self, single)

    def hold(self) -> None:
        """Let the following writes share one transaction until :meth:`release` commits it.

        For a stretch of code that does not yield to the event loop (a run between two pauses, a request
        handler between two awaits): nobody can see its effects before it ends, so one commit at the end
        is as durable as one per write and much cheaper. Holds nest; the outermost release commits.
        """
        self.lock.acquire()
        self._held += 1

    def release(self) -> None:
        """End a :meth:`hold`; the outermost one commits whatever was written meanwhile."""
        try:
            self._held -= 1
            if self._held == 0 and self._held_open:
                self._held_open = False
                self._commit()
        finally:
            self.lock.release()

    def batch(self) -> AbstractContextManager[None]:
        """:meth:`hold` for a block of code (which must not await). If the block fails, everything it wrote
        is rolled back: a refused or failed request stores nothing."""
        return _Batch(self)

    def at_commit(self, key: object, statement: Callable[[sqlite3.Connection], None]) -> bool:
        """Inside an open held transaction, run `statement` once, right before it commits (a later call with
        the same `key` replaces an earlier one); False when no held transaction is open: run it now.

        For a write that only the transaction's last state needs, such as a thread's `updated_at` after
        each of a run's messages: once per transaction instead of once per message."""
        if not self._held_open:
            return False
        self._at_commit[key] = statement
        return True

    def restart_log_soon(self) -> None:
        """Asked by the checkpoint thread when a pass left a long log: restart it after the next commit
        (engine.checkpoints says why the thread cannot do it alone)."""
        self._restart_due = True

    def _commit(self) -> None:
        """COMMIT the open transaction (after its :meth:`at_commit` statements); then, when the checkpoint
        thread asked, restart the long log."""
        if self._at_commit:
            pending = list(self._at_commit.values())
            self._at_commit.clear()
            try:
                for statement in pending:
                    statement(self.connection)
            except BaseException:
                self.connection.execute("ROLLBACK")
                raise
        self.connection.execute("COMMIT")
        if self._restart_due:
            self._restart_log()

    def _restart_log(self) -> None:
        """A RESTART checkpoint between two transactions: the next write starts the log from its beginning.

        It waits at most RESTART_WAIT_MS for another process's reader (a `talkie-mock report --state`),
        instead of the usual busy timeout: the event loop waits with it."""
        self._restart_due = False
        db = self.connection
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

    def migrate(self, meta: str, migrations: tuple[str, ...]) -> None:
        """Bring the tables of one part of the mock up to date: each script of `migrations` not run yet on
        this file, in one transaction with the part's new version, kept in its own table `meta` (the core
        store's ``PRAGMA user_version`` belongs to `engine.store` alone)."""
        with self.lock:
            db = self.connection
            db.execute(f"CREATE TABLE IF NOT EXISTS {meta} (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            row = db.execute(f"SELECT value FROM {meta} WHERE key = 'schema_version'").fetchone()
            version = int(row[0]) if row else 0
            for number, script in enumerate(migrations[version:], start=version + 1):
                db.executescript(
                    f"BEGIN IMMEDIATE;\n{script}\n"
                    f"INSERT OR REPLACE INTO {meta} (key, value) VALUES ('schema_version', '{number}');\n"
                    "COMMIT;"
                )

    def schema_version(self, meta: str) -> int:
        """The version :meth:`migrate` brought a part's tables to (0: none yet)."""
        with self.lock:
            found = self.connection.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (meta,)
            ).fetchone()
            if found is None:
                return 0
            row = self.connection.execute(f"SELECT value FROM {meta} WHERE key = 'schema_version'").fetchone()
            return int(row[0]) if row else 0

    def writes_open(self) -> bool:
        """Whether a held transaction has written and not committed yet: what is read now may roll back."""
        return self._held_open

    def generation(self) -> int | None:
        """A number that moves with every row this connection writes, rolled back or not, so a value read
        while it stays the same is still true; None while writes are held open (they may still roll back).

        Every row the process writes goes through this one connection (the module's docstring), so a cache
        of what the tables hold stays true exactly as long as the generation it was read at."""
        if self._held:
            return None
        return self.connection.total_changes

    def one(self, sql: str, *args: Any) -> sqlite3.Row | None:
        with self.lock:
            row: sqlite3.Row | None = self.connection.execute(sql, args).fetchone()
            return row

    def all(self, sql: str, *args: Any) -> list[sqlite3.Row]:
        with self.lock:
            return list(self.connection.execute(sql, args).fetchall())

    def close(self) -> None:
        """Close the connection (once; every repository over it is done with it)."""
        with self.lock:
            if self._closed:
                return
            self._closed = True
            self.connection.close()
        if self._checkpoints is not None:
            self._checkpoints()


class _Write:
    """:meth:`Database.write` as a plain context manager: a run request makes several writes, and a
    generator-based one cost each of them a generator and its frames."""

    __slots__ = ("db", "mode", "single")

    def __init__(self, db: Database, single: bool) -> None:
        self.db = db
        self.single = single
        self.mode = ""  # "held", "savepoint" or "own": what __exit__ has to end

    def __enter__(self) -> sqlite3.Connection:
        db = self.db
        connection = db.connection
        db.lock.acquire()
        try:
            if db._held:
                if not db._held_open:
                    connection.execute("BEGIN IMMEDIATE")
                    db._held_open = True
                if self.single:
                    self.mode = "held"
                else:
                    connection.execute("SAVEPOINT write")
                    self.mode = "savepoint"
            else:
                connection.execute("BEGIN IMMEDIATE")
                self.mode = "own"
        except BaseException:
            db.lock.release()
            raise
        return connection

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: Any) -> None:
        db = self.db
        connection = db.connection
        try:
            if self.mode == "savepoint":
                if kind is not None:
                    connection.execute("ROLLBACK TO write")
                connection.execute("RELEASE write")
            elif self.mode == "own":
                if kind is not None:
                    connection.execute("ROLLBACK")
                else:
                    db._commit()
        finally:
            db.lock.release()


class _Batch:
    """:meth:`Database.batch` as a plain context manager (one per run request, and one more per run)."""

    __slots__ = ("db",)

    def __init__(self, db: Database) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.hold()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: Any) -> None:
        db = self.db
        try:
            if kind is not None and db._held_open:
                db._held_open = False
                db._at_commit.clear()
                db.connection.execute("ROLLBACK")
        finally:
            db.release()


class Repository:
    """The reads and writes of some tables, through the one transaction core."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def _tx(self, *, single: bool = False) -> AbstractContextManager[sqlite3.Connection]:
        return self.db.write(single=single)

    def _one(self, sql: str, *args: Any) -> sqlite3.Row | None:
        return self.db.one(sql, *args)

    def _all(self, sql: str, *args: Any) -> list[sqlite3.Row]:
        return self.db.all(sql, *args)
