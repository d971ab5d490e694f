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

A PASSIVE checkpoint alone does not keep the log short under sustained writes. SQLite starts the log again
from its beginning only when a write begins while every frame has been copied, and a store that commits while
the checkpoint copies (the event loop goes on) always leaves a few frames behind. A benchmark's steady stream
of runs grew the log by about 35 kB per run, past a gigabyte in twenty seconds. So when a pass leaves more
than :data:`RESTART_BYTES` in the log, it asks the store to restart it (`engine.database`,
`Database.restart_log_soon`). The store runs a RESTART checkpoint on its own connection right after its next
commit. At that moment it has no transaction open, and only the few frames written since the pass are left to
copy. After that, the next write starts the log again from its beginning. The store pays for that short copy,
and for the fsync of the database file that comes with it, about once per RESTART_BYTES of log. SQLite's
automatic checkpoint would make it pay on every commit.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable

log = logging.getLogger(__name__)

INTERVAL_SECONDS = 0.5
RESTART_BYTES = 8 * 1024 * 1024
"""A log longer than this after a PASSIVE pass is restarted by its store (see the module's docstring)."""

Restart = Callable[[], None]


class Checkpointer:
    """Checkpoints each registered state file every `interval` seconds until it is unregistered."""

    def __init__(self, interval: float = INTERVAL_SECONDS) -> None:
        self.interval = interval
        self._lock = threading.Lock()
        self._users: dict[str, int] = {}  # path -> number of stores that keep it open
        self._restarts: dict[str, weakref.WeakMethod[Restart]] = {}  # path -> how its store restarts the log
        self._connections: dict[str, sqlite3.Connection] = {}  # touched by the thread only
        self._thread: threading.Thread | None = None
        self.passes = 0
        """Completed rounds over the registered files (tests wait on it)."""

    def register(
        self, path: str, owner: object, restart: Restart | None = None
    ) -> weakref.finalize[[str], object]:
        """Checkpoint `path` while `owner` (the store holding it) lives; calling the returned finalizer
        (once, as the store closes) ends it earlier. `restart`, a method of `owner`, asks it to restart a
        long log after its next commit."""
        with self._lock:
            self._users[path] = self._users.get(path, 0) + 1
            if restart is not None:
                self._restarts[path] = weakref.WeakMethod(restart)
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
                self._restarts.pop(path, None)

    def _run(self) -> None:
        while True:
            time.sleep(self.interval)
            with self._lock:
                for missing in [p for p in self._users if not os.path.exists(p)]:
                    del self._users[missing]  # its folder was removed (a test's temporary state)
                    self._restarts.pop(missing, None)
                paths = {p: self._restarts.get(p) for p in self._users}
            for gone in set(self._connections) - paths.keys():
                self._connections.pop(gone).close()
            for path, restart in paths.items():
                self._checkpoint(path, restart() if restart is not None else None)
            self.passes += 1

    def _checkpoint(self, path: str, restart: Restart | None) -> None:
        try:
            db = self._connections.get(path)
            if db is None:
                db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=1.0)
                db.execute("PRAGMA wal_autocheckpoint=0")
                self._connections[path] = db
            _, frames, _ = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            if restart is not None and frames * db.execute("PRAGMA page_size").fetchone()[0] > RESTART_BYTES:
                restart()
        except sqlite3.Error as exc:  # a file deleted under a test, a full disk: the next round tries again
            log.debug("checkpoint of %s skipped: %s", path, exc)
            stale = self._connections.pop(path, None)
            if stale is not None:
                stale.close()


CHECKPOINTER = Checkpointer()
"""The process's one checkpoint thread (started by the first state file opened)."""
