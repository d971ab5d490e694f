"""WAL checkpoints on a thread of their own, so no request pays for them.

In WAL mode SQLite copies the log back into the database file (a checkpoint) inside whichever commit
crosses the log's size limit, and with `synchronous=NORMAL` that commit also waits for an fsync of the
database file. On the mock that commit belongs to a request: under load one answer in a few hundred took
the whole copy. The state file's connections therefore switch the automatic checkpoint off
(`PRAGMA wal_autocheckpoint=0`, set in :mod:`talkie_mock.engine.statefile`) and this module's one daemon
thread runs a PASSIVE checkpoint of every open state file twice a second, on its own connection. PASSIVE
never waits for a reader or a writer; SQLite releases the GIL while it copies, so the event loop keeps
running. Durability is unchanged: a committed transaction is in the log, and the log survives a crash of
the process (WAL with `synchronous=NORMAL`).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
import weakref

log = logging.getLogger(__name__)

INTERVAL_SECONDS = 0.5


class Checkpointer:
    """Checkpoints each registered state file every `interval` seconds until it is unregistered."""

    def __init__(self, interval: float = INTERVAL_SECONDS) -> None:
        self.interval = interval
        self._lock = threading.Lock()
        self._users: dict[str, int] = {}  # path -> number of stores that keep it open
        self._connections: dict[str, sqlite3.Connection] = {}  # touched by the thread only
        self._thread: threading.Thread | None = None
        self.passes = 0
        """Completed rounds over the registered files (tests wait on it)."""

    def register(self, path: str, owner: object) -> weakref.finalize[[str], object]:
        """Checkpoint `path` while `owner` (the store holding it) lives; calling the returned finalizer
        (once, as the store closes) ends it earlier."""
        with self._lock:
            self._users[path] = self._users.get(path, 0) + 1
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="talkie-mock-checkpoints", daemon=True)
                self._thread.start()
        return weakref.finalize(owner, self._unregister, path)

    def _unregister(self, path: str) -> None:
        with self._lock:
            left = self._users.get(path, 0) - 1
            if left > 0:
                self._users[path] = left
            else:
                self._users.pop(path, None)

    def _run(self) -> None:
        while True:
            time.sleep(self.interval)
            with self._lock:
                for missing in [p for p in self._users if not os.path.exists(p)]:
                    del self._users[missing]  # its folder was removed (a test's temporary state)
                paths = set(self._users)
            for gone in set(self._connections) - paths:
                self._connections.pop(gone).close()
            for path in paths:
                self._checkpoint(path)
            self.passes += 1

    def _checkpoint(self, path: str) -> None:
        try:
            db = self._connections.get(path)
            if db is None:
                db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=1.0)
                db.execute("PRAGMA wal_autocheckpoint=0")
                self._connections[path] = db
            db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except sqlite3.Error as exc:  # a file deleted under a test, a full disk: the next round tries again
            log.debug("checkpoint of %s skipped: %s", path, exc)
            stale = self._connections.pop(path, None)
            if stale is not None:
                stale.close()


CHECKPOINTER = Checkpointer()
"""The process's one checkpoint thread (started by the first state file opened)."""
