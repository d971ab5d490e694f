"""Random credentials, their stored fingerprints, and the PKCE S256 check.

Only SHA-256 fingerprints of codes and tokens reach the database, so a copied state file cannot be used to
sign in. The prefixes make a pasted credential recognisable in logs and bug reports.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

CODE_PREFIX = "tkc_"
ACCESS_PREFIX = "tka_"
REFRESH_PREFIX = "tkr_"

# RFC 7636 §4.1: 43 to 128 characters of the unreserved set.
_VERIFIER = re.compile(r"^[A-Za-z0-9\-._~]{43,128}$")
# An S256 challenge is the base64url form (no padding) of a 32-byte digest: exactly 43 characters.
_S256_CHALLENGE = re.compile(r"^[A-Za-z0-9\-_]{43}$")


def new_secret(prefix: str) -> str:
    """A fresh credential with 256 bits of randomness."""
    return prefix + secrets.token_urlsafe(32)


def new_id(prefix: str) -> str:
    """A short public identifier (device ids and the like; not a credential)."""
    return prefix + secrets.token_hex(8)


def fingerprint(secret: str) -> str:
    """The stored form of a credential."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def s256(verifier: str) -> str:
    """The S256 code challenge of a verifier."""
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def valid_verifier(verifier: str) -> bool:
    return bool(_VERIFIER.fullmatch(verifier))  # `match` with `$` lets a trailing newline through


def valid_s256_challenge(challenge: str) -> bool:
    return bool(_S256_CHALLENGE.fullmatch(challenge))


def verifier_matches(verifier: str, challenge: str) -> bool:
    """Constant-time comparison of the verifier's S256 challenge with the stored one."""
    return hmac.compare_digest(s256(verifier), challenge)
