"""The running mock's developer secret for the same OS user: a private runtime file, as Jupyter keeps one.

`talkie-mock serve` writes `mock-<port>.json` (its origin, pid and secret) into the user's runtime folder
(`$XDG_RUNTIME_DIR/talkie-mock`, else `~/.local/share/talkie-mock/runtime`), the folder made 0700 and the
file 0600, rewritten when a new secret replaces an expired one and removed when the mock stops.
`talkie-mock report` reads it, so the developer never copies a key on their own machine, and finds the
running mocks by it (:func:`running`); another account cannot read it.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

FOLDER = "talkie-mock"


def folder() -> Path:
    """The user's runtime folder of talkie-mock (not made here)."""
    base = os.environ.get("XDG_RUNTIME_DIR")
    if base and Path(base).is_dir():
        return Path(base) / FOLDER
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / FOLDER / "runtime"


def path_for(port: int) -> Path:
    return folder() / f"mock-{port}.json"


def write(port: int, origin: str, key: str) -> Path:
    """Write (or rewrite) the runtime file of the mock on `port`, for its owner only."""
    target = path_for(port)
    target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(target.parent, 0o700)
    temporary = target.with_suffix(".tmp")
    descriptor = os.open(temporary, os.O_CREAT | os.O_WRONLY | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        json.dump({"origin": origin, "pid": os.getpid(), "key": key}, out)
    os.replace(temporary, target)
    return target


def remove(port: int) -> None:
    with contextlib.suppress(OSError):
        path_for(port).unlink()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover - another user's process: not ours
        return False
    return True


def _read(target: Path) -> dict[str, Any] | None:
    """A runtime file's content when it is private, this user's, and its mock still runs."""
    try:
        if target.stat().st_mode & 0o077 or target.stat().st_uid != os.getuid():
            return None
        data: Any = json.loads(target.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("key"), str):
        return None
    pid = data.get("pid")
    if not isinstance(pid, int) or not _alive(pid):
        return None
    return data


def find_key(port: int) -> str | None:
    """The secret of this user's running mock on `port` (None: no file, not private, or its mock ended)."""
    data = _read(path_for(port))
    return str(data["key"]) if data is not None else None


def running() -> list[str]:
    """The origins of this user's running mocks, by port (from their runtime files)."""
    found: list[tuple[int, str]] = []
    with contextlib.suppress(OSError):
        for target in folder().glob("mock-*.json"):
            data = _read(target)
            port = target.stem.removeprefix("mock-")
            if data is not None and isinstance(data.get("origin"), str) and port.isdigit():
                found.append((int(port), data["origin"]))
    return [origin for _, origin in sorted(found)]
