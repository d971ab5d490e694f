"""Opening the state file: one clear sentence, never a traceback, for every way it can be unusable.

A developer points `--state` at the wrong file, copies a half-written one, runs the mock from a read-only
folder or starts it twice. Each case ends in :class:`StateFileError` (the CLI prints it and exits 2):

* the path is a folder, or its folder cannot be made;
* another running mock holds the file (an exclusive lock on `<state>.lock`, released by the OS when that
  process ends, even by `kill -9`): two mocks on one file would break each other's live runs;
* the file is not an SQLite database, or fails SQLite's `quick_check` (corrupt);
* the file is another application's SQLite database: a state file carries the mock's `application_id`
  (a new, empty file gets it; a state file made before the mark is known by its tables), and anything else
  is refused before a byte of it changes, its mode included;
* the file or its folder cannot be written, or the disk is full (not even the lock's pid fits).

When a start fails so, :func:`abandon` removes the lock it took and the file it made.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import logging
import os
import sqlite3
from pathlib import Path
from typing import IO

from talkie_mock.errors import MockError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory locks; a second mock is not detected there
    fcntl = None  # type: ignore[assignment]

MEMORY = ":memory:"
BUSY_SECONDS = 10.0
"""How long a write waits for another connection's transaction before it fails."""


class StateFileError(MockError):
    """The state file cannot be used; the message says why and what to do."""


_HELD: dict[str, IO[str]] = {}
"""Locks this process holds, by resolved path: an app rebuilt in the same process (a restart in a test)
reuses its lock instead of finding the file "in use"."""


@atexit.register
def _release_held() -> None:
    """Close the lock files as the process ends (the locks go with them), not left to the finalizer."""
    for handle in _HELD.values():
        with contextlib.suppress(OSError):
            handle.close()
    _HELD.clear()


def lock(path: str) -> IO[str] | None:
    """Hold `<path>.lock` for the life of this process; StateFileError when another mock holds it."""
    if path == MEMORY or fcntl is None:
        return None
    target = Path(path)
    held = _HELD.get(str(target.resolve()))
    if held is not None:
        return held
    if target.is_dir():
        raise StateFileError(
            f"the state path {path} is a folder; give a file name (e.g. {target / 'state.db'})"
        )
    try:
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # a new folder: the owner's only
        handle = open(f"{path}.lock", "a+", encoding="utf-8")  # noqa: SIM115 - held until the process ends
    except OSError as exc:
        raise StateFileError(f"cannot write next to the state file {path}: {exc.strerror}") from None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        holder = handle.read().strip() or "unknown"
        handle.close()
        raise StateFileError(
            f"the state file {path} is in use by another running talkie-mock (pid {holder}); stop it, "
            "or give this one its own file with --state"
        ) from None
    _HELD[str(target.resolve())] = handle
    try:
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
    except OSError as exc:  # a full disk (ENOSPC), a size limit (EFBIG): not even a pid fits
        abandon(path, fresh=False)
        raise StateFileError(f"cannot write next to the state file {path}: {exc.strerror}") from None
    return handle


def abandon(path: str, *, fresh: bool) -> None:
    """Give up a state file this process could not start on: its lock released and removed (only one this
    process holds), and, when this start made the file (`fresh`), the file and its logs removed, so a full
    disk leaves nothing behind that the next start would trip on."""
    if path == MEMORY:
        return
    handle = _HELD.pop(str(Path(path).resolve()), None)
    if handle is not None:
        with contextlib.suppress(OSError):
            os.unlink(f"{path}.lock")
        handle.close()
    if fresh and handle is not None:
        for name in (path, f"{path}-wal", f"{path}-shm", f"{path}-journal"):
            with contextlib.suppress(OSError):
                os.unlink(name)


APPLICATION_ID = 0x546B6D6B
"""`PRAGMA application_id` of a talkie-mock state file ("Tkmk"), the marker SQLite keeps for that purpose."""
UNMARKED_TABLES = frozenset({"threads", "messages", "runs", "settings"})
"""Tables by which a state file written before the marker existed is known (it is marked when opened)."""

JOURNAL_LIMIT_BYTES = 64 * 1024 * 1024
"""The size a log file is cut back to when it starts again from its beginning (after a burst of writes)."""


def _open(path: str) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=BUSY_SECONDS)


def _prepare(db: sqlite3.Connection, path: str) -> sqlite3.Connection:
    """WAL and a busy timeout on the state file's connection, so that a `talkie-mock report --state` reading
    it from another process waits for a write transaction instead of failing."""
    if path != MEMORY:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA wal_autocheckpoint=0")  # engine.checkpoints does it off the event loop
        db.execute(f"PRAGMA journal_size_limit={JOURNAL_LIMIT_BYTES}")  # a burst's long log shrinks back
    db.execute(f"PRAGMA busy_timeout={int(BUSY_SECONDS * 1000)}")
    db.execute("PRAGMA foreign_keys=ON")
    return db


def _create(path: str) -> None:
    """Make a missing state file, for its owner only (an empty file is an empty database)."""
    if path == MEMORY or os.path.exists(path):
        return
    with contextlib.suppress(OSError):  # a read-only folder and the like: connect() says what is wrong
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))


def _private(path: str) -> None:
    """Make the state file readable by its owner only (tightened when it was not).

    It holds the dev token and every credential the mock minted; SQLite gives its `-wal` and `-shm` files
    the same mode as the database, so they follow. Called only once the file is known to be the mock's.
    """
    if path == MEMORY:
        return
    try:
        mode = os.stat(path).st_mode & 0o777
        if mode & 0o077:
            os.chmod(path, mode & 0o700)
    except OSError:  # not ours: the first write says what is wrong
        pass


def _foreign(db: sqlite3.Connection, path: str) -> str | None:
    """Why the database is not a talkie-mock state file (None: it is one, or it is empty and now marked)."""
    marker = int(db.execute("PRAGMA application_id").fetchone()[0])
    if marker == APPLICATION_ID:
        return None
    tables = {
        row[0]
        for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        if not str(row[0]).startswith("sqlite_")
    }
    if marker == 0 and (not tables or tables >= UNMARKED_TABLES):  # new, or a state file of before the mark
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        return None
    if marker != 0:
        return f"its SQLite application id is {marker:#x}, not talkie-mock's {APPLICATION_ID:#x}"
    shown = ", ".join(sorted(tables)[:5]) + (", …" if len(tables) > 5 else "")
    return f"it holds {len(tables)} table(s) of another application: {shown}"


def connect(path: str) -> sqlite3.Connection:
    """A connection to a usable state file (made when missing, for its owner only): readable, intact, the
    mock's own and writable."""
    _create(path)
    try:
        db = _open(path)
    except sqlite3.Error as exc:
        raise StateFileError(f"cannot open the state file {path}: {exc}") from None
    try:
        found = [row[0] for row in db.execute("PRAGMA quick_check(1)")]
        if found != ["ok"]:
            raise StateFileError(_corrupt(path, "; ".join(map(str, found))))
        db.execute("BEGIN IMMEDIATE")
        db.execute("ROLLBACK")
        why = _foreign(db, path)
    except sqlite3.DatabaseError as exc:
        db.close()
        text = str(exc)
        if "not a database" in text:
            raise StateFileError(
                f"{path} is not a talkie-mock state file (not an SQLite database); "
                "give another path with --state"
            ) from None
        if "readonly" in text or "unable to open" in text or "read-only" in text:
            raise StateFileError(
                f"the state file {path} cannot be written ({text}); check its permissions"
            ) from None
        raise StateFileError(_corrupt(path, text)) from None
    if why is not None:
        db.close()
        raise StateFileError(
            f"{path} is not a talkie-mock state file ({why}); it was left untouched: "
            "give another path with --state"
        )
    _private(path)
    try:
        return _prepare(db, path)
    except sqlite3.Error as exc:
        db.close()
        raise StateFileError(f"cannot prepare the state file {path}: {exc}") from None


def _corrupt(path: str, detail: str) -> str:
    detail = " ".join(detail.replace("*", " ").split())  # one line: SQLite's report spans several
    return (
        f"the state file {path} is damaged ({detail}); move it away to start afresh, "
        "or try `sqlite3 FILE .recover`"
    )


_DISK_FULL_TOLD: list[bool] = []
"""Whether the log has said that the disk is full (once: every write meanwhile would say it again)."""


def disk_full(exc: BaseException | None) -> bool:
    """Whether an exception (or one it came from) is a full disk: SQLITE_FULL, ENOSPC or EFBIG (a file size
    limit, `ulimit -f`, which is a full disk to the file)."""
    seen = 0
    while exc is not None and seen < 8:
        if isinstance(exc, sqlite3.Error) and (
            getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or "disk is full" in str(exc)
        ):
            return True
        if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EFBIG):
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return False


def tell_disk_full(log: logging.Logger, exc: BaseException) -> None:
    """One log line, no traceback, the first time the disk is found full."""
    if not _DISK_FULL_TOLD:
        _DISK_FULL_TOLD.append(True)
        log.error("the disk of the state file is full (%s): writes fail until space is freed", exc)
