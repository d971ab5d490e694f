"""A state file that cannot be used ends `talkie-mock serve` with one clear sentence and exit code 2.

The command runs in this process (click's runner): it stops before serving. The file held by another mock
is held by a real `talkie-mock serve` subprocess.

Never a traceback: not a database, a damaged database, a folder, an unwritable place, and a file held by
another running mock (whose live runs a second instance would break).
"""

from __future__ import annotations

import sqlite3
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hostile import serving
from served import executable
from talkie_mock.cli import main


def serve(state: Path | str) -> Result:
    """`talkie-mock serve` in this process (it ends before serving: the state file is refused first)."""
    return CliRunner().invoke(main, ["serve", "--port", "0", "--state", str(state)])


def refused(done: Result, words: str) -> None:
    assert done.exit_code == 2, done.output
    assert done.exception is None or isinstance(done.exception, SystemExit), done.exception
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("talkie-mock: "), lines
    assert words in lines[0], lines[0]
    assert "Traceback" not in done.output


def _damaged(path: Path) -> Path:
    """A real state file with its pages overwritten in the middle (the header stays intact)."""
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE filler (x TEXT)")
    db.executemany("INSERT INTO filler VALUES (?)", [("x" * 500,) for _ in range(400)])
    db.commit()
    db.close()
    data = bytearray(path.read_bytes())
    for offset in range(4096, len(data) - 4096, 8192):
        data[offset : offset + 2048] = b"\xa5" * 2048
    path.write_bytes(bytes(data))
    return path


CASES: dict[str, tuple[Callable[[Path], Path], str]] = {
    "text file": (
        lambda d: _write(d / "notes.db", b"hello, not a database\n" * 50),
        "not a talkie-mock state file",
    ),
    "zip file": (
        lambda d: _write(d / "archive.db", b"PK\x03\x04" + b"\x00" * 2000),
        "not a talkie-mock state file",
    ),
    "damaged database": (lambda d: _damaged(d / "state.db"), "damaged"),
    "a folder": (lambda d: _folder(d / "dir.db"), "is a folder"),
    "under a file": (lambda d: _write(d / "file", b"x") / "state.db", "cannot write"),
}


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _folder(path: Path) -> Path:
    path.mkdir()
    return path


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_unusable_state_file_is_one_clear_sentence(tmp_path: Path, case: str) -> None:
    make, words = CASES[case]
    refused(serve(make(tmp_path)), words)


def test_an_unwritable_place_is_refused() -> None:
    """Tests run as root, whom file modes do not stop: /proc refuses everyone a new file."""
    refused(serve("/proc/1/talkie-state.db"), "cannot write")


@pytest.mark.slow
def test_a_second_mock_on_the_same_file_is_refused(tmp_path: Path) -> None:
    state = tmp_path / "shared.db"
    with serving(tmp_path, state=state) as first:
        refused(serve(state), "in use by another running talkie-mock")
        with first.client() as http:  # the first one is untouched
            assert http.get("/api/talkie/status").status_code == 200
    with serving(tmp_path, state=state) as again:  # once it stopped, the file is free again
        assert again.key


def test_the_state_file_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    """It holds the developer secret and every minted credential: no other account on the machine reads it."""
    from talkie_mock.engine.store import Store

    fresh = tmp_path / "new" / "state.db"
    store = Store(str(fresh))
    store.settings.setting("devtools_key", lambda: "dk_example_only")  # a write, so the log file exists too
    assert fresh.stat().st_mode & 0o777 == 0o600
    assert Path(f"{fresh}-wal").stat().st_mode & 0o777 == 0o600
    assert fresh.parent.stat().st_mode & 0o777 == 0o700
    store.close()

    shared = tmp_path / "shared.db"
    sqlite3.connect(shared).close()
    shared.chmod(0o644)
    Store(str(shared)).close()
    assert shared.stat().st_mode & 0o777 == 0o600


def test_report_on_a_file_that_is_no_state_file_says_so(tmp_path: Path) -> None:
    """An SQLite file of something else is no empty report: `talkie-mock report --state` refuses it."""
    other = tmp_path / "contacts.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE contacts (name TEXT)")
    done = CliRunner().invoke(main, ["report", "--state", str(other)])
    assert done.exit_code == 2, done.output
    assert "not a talkie-mock state file" in done.output + (done.stderr or "")


def _contacts(path: Path, application_id: int = 0) -> Path:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE contacts (name TEXT)")
        db.execute("INSERT INTO contacts VALUES ('Alena Dvořáková')")
        db.execute(f"PRAGMA application_id = {application_id}")
    db.close()
    path.chmod(0o644)
    return path


@pytest.mark.parametrize("application_id", [0, 0x4D504B47])
def test_another_applications_database_is_refused_untouched(tmp_path: Path, application_id: int) -> None:
    """`serve --state other.db` writes nothing into a database that is not a talkie-mock state file."""
    other = _contacts(tmp_path / "other.db", application_id)
    before = other.read_bytes()
    refused(serve(other), "not a talkie-mock state file")
    assert other.read_bytes() == before
    assert other.stat().st_mode & 0o777 == 0o644  # not even its mode
    with sqlite3.connect(other) as db:
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    db.close()
    assert tables == ["contacts"]


def test_a_state_file_of_before_the_marker_is_still_the_mocks(tmp_path: Path) -> None:
    """A state file written before the mock marked its files keeps working (and is marked now)."""
    from talkie_mock.engine import statefile
    from talkie_mock.engine.store import Store

    path = tmp_path / "old.db"
    Store(str(path)).close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA application_id = 0")
    db.close()
    Store(str(path)).close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == statefile.APPLICATION_ID
    db.close()


def _limited(size: int) -> Callable[[], None]:
    """A child's file size limit (`ulimit -f`): writes past `size` bytes fail, as on a full disk (EFBIG;
    SIGXFSZ ignored, so the write fails instead of killing the process)."""

    def apply() -> None:
        import resource
        import signal

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return apply


@pytest.mark.parametrize("size", [0, 3, 16384, 65536])
def test_a_new_state_file_on_a_full_disk_is_one_clear_sentence_and_leaves_nothing(
    tmp_path: Path, size: int
) -> None:
    """Not even the lock's pid fits (0, 3 bytes), or the database's first pages do not: exit 2, one line, no
    traceback, and neither the lock nor a half-made state file is left for the next start to trip on."""
    state = tmp_path / "NEW.db"
    done = subprocess.run(
        [executable(), "serve", "--quiet", "--port", "0", "--state", str(state)],
        preexec_fn=_limited(size),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stderr[-3000:]
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert lines[0].startswith("talkie-mock: "), lines
    assert str(state) in lines[0], lines
    assert sorted(p.name for p in tmp_path.iterdir()) == []
