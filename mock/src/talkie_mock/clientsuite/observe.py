"""What a client did during one scenario: every request that reached the scenario origin or the decoy, every
message on a voice session's data channel, and what its adapter said it showed."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

Where = Literal["scenario", "decoy"]

MAX_REQUESTS = 500
"""Requests kept per scenario; a client that floods is judged on the first ones (and `flooded` is set)."""
MAX_HEARD = 2000
"""Data-channel messages kept per scenario."""
MAX_BYTES = 2 * 1024 * 1024
"""Request body bytes kept per scenario: a running mock keeps a record for as long as it runs (app mode), so
its size is bounded by bytes as well as by requests."""
MAX_SHOWN = 500
"""Adapter lines kept per scenario."""
MAX_LINE = 16 * 1024
"""Longest adapter line read; a longer one is cut there."""


@dataclass(frozen=True)
class Seen:
    """One request: where it arrived, the endpoint it asked for (`endpoint` names the manifest's member, or
    "manifest", or "other"), and whether it carried the session's token anywhere."""

    where: Where
    method: str
    endpoint: str
    path: str
    carries_token: bool
    headers: tuple[tuple[str, str], ...] = ()
    """accept, content-type, and the authorization header's scheme alone (never a credential)."""
    body: dict[str, Any] | None = None
    rest: str = ""
    """The raw path below the scenario's base (percent-encoding kept)."""
    params: tuple[tuple[str, str], ...] = ()
    """The query's parameters, and a form body's (an OAuth request's: sign-in scenarios judge them)."""
    carries_secret: bool = False
    """Whether it carried a secret the scenario watches (`Record.secrets`) anywhere."""
    at: float = field(default_factory=time.monotonic)

    def param(self, name: str) -> str | None:
        """The first value of parameter `name`, None when absent."""
        return next((value for key, value in self.params if key == name), None)


@dataclass(frozen=True)
class Heard:
    """One message on a voice session's data channel: sent by the client or by the suite's provider."""

    sender: Literal["client", "provider"]
    event: dict[str, Any]
    at: float = field(default_factory=time.monotonic)


@dataclass(frozen=True)
class Shown:
    """One line of the adapter's output: `kind` (text, card, link, opened, warning, decision, error, unable)
    and its data."""

    kind: str
    data: dict[str, Any]


@dataclass
class Record:
    """The evidence of one scenario, filled by the servers' threads and the command's reader."""

    requests: list[Seen] = field(default_factory=list)
    shown: list[Shown] = field(default_factory=list)
    heard: list[Heard] = field(default_factory=list)
    flooded: bool = False
    secrets: list[str] = field(default_factory=list)
    """Secrets a scenario handed out and watches for in every request (a voice session's client secret)."""
    state: dict[str, Any] = field(default_factory=dict)
    """What a scenario keeps between the requests of one run (a voice session and its provider)."""
    closers: list[Callable[[], None]] = field(default_factory=list)
    """Called once the client's command is over: what the scenario still holds open is closed."""
    kept_bytes: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add(self, seen: Seen, size: int = 0) -> None:
        """Keep `seen` (whose body was `size` bytes) while the record has room; else mark it flooded."""
        with self._lock:
            if len(self.requests) < MAX_REQUESTS and self.kept_bytes + size <= MAX_BYTES:
                self.requests.append(seen)
                self.kept_bytes += size
            else:
                self.flooded = True

    def hear(self, heard: Heard) -> None:
        with self._lock:
            if len(self.heard) < MAX_HEARD:
                self.heard.append(heard)
            else:
                self.flooded = True

    def heard_of(self, sender: str, kind: str | None = None) -> list[Heard]:
        """The data-channel messages of one sender so far, of one `type` when given."""
        with self._lock:
            return [
                h for h in self.heard if h.sender == sender and (kind is None or h.event.get("type") == kind)
            ]

    def end(self) -> None:
        """Close what the scenario still holds open (each closer once)."""
        while self.closers:
            self.closers.pop()()

    def seen(self, where: Where | None = None, endpoint: str | None = None) -> list[Seen]:
        """The requests so far, of one origin and one endpoint when given."""
        with self._lock:
            return [
                s
                for s in self.requests
                if (where is None or s.where == where) and (endpoint is None or s.endpoint == endpoint)
            ]

    def shown_of(self, kind: str) -> list[Shown]:
        return [s for s in self.shown if s.kind == kind]

    def unable(self, gestures: tuple[str, ...]) -> list[str]:
        """The gestures of `gestures` the adapter said it cannot make, each once."""
        said = {str(s.data.get("gesture")) for s in self.shown_of("unable")}
        return list(dict.fromkeys(g for g in gestures if g in said))


KINDS = frozenset({"text", "card", "link", "opened", "warning", "decision", "error", "unable"})


def read_shown(output: str) -> list[Shown]:
    """The adapter lines of a command's stdout: JSON objects with a known `kind`; anything else is passed
    over (a command may print what it likes besides)."""
    shown: list[Shown] = []
    for line in output.splitlines():
        text = line.strip()[:MAX_LINE]
        if not text.startswith("{"):
            continue
        try:
            value = json.loads(text)
        except ValueError:
            continue
        if isinstance(value, dict) and value.get("kind") in KINDS:
            shown.append(Shown(str(value["kind"]), value))
            if len(shown) >= MAX_SHOWN:
                break
    return shown
