"""Configuration of the mock's authorization server, including the switches that make it misbehave on purpose.

The negative switches exist so an app developer can prove the app refuses a broken sign-in; each one is
independent, so a test can turn on exactly the fault it is about.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

ISSUER_PATH = "/oauth"
TALKIE_CLIENT_ID = "https://talkie.firemni-crm.cz/oauth/client.json"
TALKIE_REDIRECT_URI = "cz.firemnicrm.talkie:/oauth/callback"
SCOPES = ("talkie", "offline_access")


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
