"""Everything a mock instance is configured with, in one frozen value.

One object (instead of globals or environment lookups) lets tests build several independent servers in one
process, each with its own state, clock and timings.
"""

from __future__ import annotations

import functools
import os
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

MEMORY = ":memory:"
LOCALES = ("cs", "en")


class Fault(StrEnum):
    """A deliberate deviation from the OAuth profile of §2.1, for client testing."""

    WRONG_ISS = "wrong-iss"
    """The authorization response carries an `iss` that is not the issuer."""
    MISSING_ISS = "missing-iss"
    """The authorization response carries no `iss` at all."""
    EXPIRED_CODE = "expired-code"
    """Authorization codes are dead on arrival: every code exchange gets `invalid_grant`."""
    REFRESH_DENIED = "refresh-denied"
    """Every refresh request gets `invalid_grant`, as if the user had signed out elsewhere."""
    NO_S256 = "no-s256"
    """The metadata advertises only `plain` in `code_challenge_methods_supported` (S256 is still enforced)."""
    ANY_REDIRECT = "any-redirect"
    """The authorize endpoint redirects to whatever `redirect_uri` a request names, registered or not."""


@dataclass(frozen=True)
class OAuthSettings:
    """Everything the authorization server is configured with."""

    auto_approve: bool = False
    """Skip the sign-in page: the authorize endpoint answers at once as the first seeded user."""
    fast_expiry: bool = False
    """Short lifetimes (see :meth:`access_ttl`) so apps exercise refresh within a test run."""
    access_ttl_seconds: int = 3600
    refresh_ttl_seconds: int = 30 * 24 * 3600
    code_ttl_seconds: int = 60
    fast_access_ttl_seconds: int = 30
    fast_refresh_ttl_seconds: int = 300
    faults: frozenset[Fault] = frozenset()
    client_files: tuple[Path, ...] = ()
    """Client ID Metadata Documents of forks, read from disk at start."""
    client_urls: tuple[str, ...] = ()
    """Client ID Metadata Documents served on loopback (`http://127.0.0.1/...`), fetched on first use."""
    user_count: int = 3
    extra_users: tuple[tuple[str, str, str], ...] = field(default=())
    """Additional fixed users as (id, name, email), listed after the seeded ones."""

    @property
    def access_ttl(self) -> int:
        return self.fast_access_ttl_seconds if self.fast_expiry else self.access_ttl_seconds

    @property
    def refresh_ttl(self) -> int:
        return self.fast_refresh_ttl_seconds if self.fast_expiry else self.refresh_ttl_seconds

    def has(self, fault: Fault) -> bool:
        return fault in self.faults


def default_state_path(port: int | str = "PORT") -> Path:
    """The state file of the mock on `port` in the user's data directory (XDG on Linux, the usual places
    elsewhere): one per port, so a Czech and an English instance side by side keep their own threads."""
    base = os.environ.get("XDG_DATA_HOME")
    if base:
        root = Path(base)
    elif os.name == "nt":
        root = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    else:
        root = Path.home() / ".local" / "share"
    return root / "talkie-mock" / f"state-{port}.db"


def new_dev_token() -> str:
    """A fresh development bearer token; printed at start so a developer can paste it into the app."""
    return "tk_dev_" + secrets.token_urlsafe(18)


KEPT_TOKEN = ""
"""`MockConfig.token` meaning "the token kept in the state file" (made on first start; `serve` without
`--token`): an app keeps working across restarts, as the state it saw does."""


@dataclass(frozen=True)
class MockConfig:
    """Configuration of one mock server."""

    host: str = "127.0.0.1"
    port: int = 8765
    public_url: str | None = None
    state: str = MEMORY
    seed: int = 1
    locale: str = "en"
    token: str = field(default_factory=new_dev_token)
    other_tokens: tuple[str, ...] = ()
    """Further dev tokens, each the token of a user of its own (`u_dev2`, `u_dev3`, …)."""
    scenario: Path | None = None
    self_check: bool = False
    ping_interval: float = 15.0
    # §11 asks for text deltas over about five seconds; tests shorten it.
    slow_seconds: float = 5.0
    slow_chunks: int = 20
    max_message_chars: int = 4000
    action_ttl_seconds: int = 600
    test_action_ttl_seconds: int = 300
    undo_seconds: int = 10
    # Voice sessions (§10) are offered only with the `voice` extra installed; `create_app` turns this off
    # without it (engine.realtime.stack, notes N-92).
    voice: bool = True
    voice_secret_ttl_seconds: int = 60
    voice_max_seconds: int = 900
    voice_warn_seconds: int = 60
    voice_daily_minutes: int = 60
    # How fast the mock's realtime provider speaks (eSpeak NG words per minute); tests speed it up.
    voice_words_per_minute: int = 175
    tokens_daily_limit: int = 400_000
    # A fixed start makes the virtual clock stand still until a test advances it (deterministic timestamps).
    clock_start: datetime | None = None
    server_name: str = "Talkie Mock"
    # The authorization server mounted by `create_app`: switches, lifetimes, extra clients.
    oauth: OAuthSettings = field(default_factory=OAuthSettings)
    # Faults switched on at start, each a `fault.schema.json` object (`serve` flags fill it).
    faults: tuple[dict[str, Any], ...] = ()
    # Deliberate rule violations (`--break RULE-ID`, devtools.breaks): only to prove a test suite fails.
    breaks: tuple[str, ...] = ()
    # Limits of every request: the body cap, and the deadline of a request head or a stalled body.
    max_body_bytes: int = 4 * 1024 * 1024
    read_timeout: float = 10.0
    # The developer surfaces (`/_mock/`, the OAuth account pages, devtools.guard): their secret (None: the
    # one kept in the state file), and the switch that opens them without it (CI on loopback only).
    devtools_key: str | None = None
    key_lifetime: float = 24 * 3600.0
    """Seconds the developer secret is valid before a new one is made (devtools.guard)."""
    open_devtools: bool = False
    # `--vary SEED` (engine/variations): take, wherever the
    # specification leaves a choice open, another legal one.
    vary: int | None = None
    # Host names accepted besides IP literals, `localhost` and the public URL's host (in-process tests).
    extra_hosts: tuple[str, ...] = ()
    # Origins whose pages may call the API (api.cors); empty: every origin (a dev server).
    cors_origins: tuple[str, ...] = ()

    @functools.cached_property
    def origin(self) -> str:
        """The canonical origin (`issuer`): the public URL when given, else the bound address (computed once
        per configuration: every request asks)."""
        if self.public_url:
            return self.public_url.rstrip("/")
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"
