"""Command mode: run the client's command once for a scenario, bounded by the scenario's deadline.

The template is split as a POSIX shell splits words (no shell runs it: write `sh -c '…'` for one); `{url}`,
`{token}` and `{person}` in any word are replaced, and TALKIE_URL, TALKIE_TOKEN and TALKIE_PERSON are set.
The command runs in its own process group, which is killed past the deadline; its output is kept up to
`OUTPUT_CAP` bytes per stream.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from typing import IO

from talkie_mock.errors import MockError

OUTPUT_CAP = 1024 * 1024
GRACE = 2.0
"""Seconds past the deadline a killed command has to be reaped."""


class CommandError(MockError):
    """The command cannot be run at all (a setup error, not a client's failure)."""


@dataclass(frozen=True)
class Ran:
    """How a command ended: its exit code (None when killed), whether the deadline stopped it, its output."""

    code: int | None
    timed_out: bool
    stdout: str
    stderr: str
    seconds: float


def argv_of(template: str, url: str, token: str, person: str = "") -> list[str]:
    try:
        split = shlex.split(template)
    except ValueError as exc:
        raise CommandError(f"the command cannot be split into words: {exc}") from exc
    if not split:
        raise CommandError("the command is empty")
    values = {"{url}": url, "{token}": token, "{person}": person}
    words: list[str] = []
    for word in split:
        for placeholder, value in values.items():
            word = word.replace(placeholder, value)
        words.append(word)
    return words


def _drain(stream: IO[bytes], kept: bytearray) -> None:
    for chunk in iter(lambda: stream.read(65536), b""):
        room = OUTPUT_CAP - len(kept)
        if room > 0:
            kept.extend(chunk[:room])


def run(template: str, url: str, token: str, deadline: float, person: str = "") -> Ran:
    """Run the command for one scenario and wait for it, at most `deadline` seconds. `person` is the
    scenario's gestures, comma-separated."""
    argv = argv_of(template, url, token, person)
    env = {**os.environ, "TALKIE_URL": url, "TALKIE_TOKEN": token, "TALKIE_PERSON": person}
    started = time.monotonic()
    try:
        process = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            start_new_session=True,
        )
    except OSError as exc:
        raise CommandError(f"cannot start {argv[0]!r}: {exc.strerror or exc}") from exc
    out, err = bytearray(), bytearray()
    assert process.stdout is not None
    assert process.stderr is not None
    readers = [
        threading.Thread(target=_drain, args=(process.stdout, out), daemon=True),
        threading.Thread(target=_drain, args=(process.stderr, err), daemon=True),
    ]
    for reader in readers:
        reader.start()
    timed_out = False
    try:
        process.wait(timeout=deadline)
    except subprocess.TimeoutExpired:
        timed_out = True
    # the whole group goes, also what the command left running behind it
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    try:
        process.wait(timeout=GRACE)
    except subprocess.TimeoutExpired:
        process.kill()
    for reader in readers:
        reader.join(timeout=GRACE)
    for reader, stream in zip(readers, (process.stdout, process.stderr), strict=True):
        if not reader.is_alive():  # a reader still blocked (a child that left the group) keeps its pipe
            stream.close()
    return Ran(
        None if timed_out else process.returncode,
        timed_out,
        out.decode("utf-8", "replace"),
        err.decode("utf-8", "replace"),
        time.monotonic() - started,
    )
