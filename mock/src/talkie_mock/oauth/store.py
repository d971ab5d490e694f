"""Durable OAuth state: authorization codes, token families (devices) and tokens, in SQLite.

The tables live in the same database file as the rest of the mock, so a sign-in survives a restart like a
thread does, and every write goes through the mock's one transaction core (`engine.database`: the same
connection, lock and commit path, log restart included). The OAuth tables keep their own schema version
(table ``oauth_meta``): the core store's ``PRAGMA user_version`` belongs to the core migrations and is
never touched here.

A *family* is one sign-in of one app on one device: the code exchange creates it, every refresh adds tokens
to it, and revoking it signs that device out. Only SHA-256 fingerprints of codes and tokens are stored.
Times are integer milliseconds since the epoch, as in the core store.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from talkie_mock.engine.database import Database, Repository

META = "oauth_meta"
"""The table that keeps the OAuth tables' schema version (`Database.migrate`)."""
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE oauth_codes (
        hash TEXT PRIMARY KEY,
        client_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        redirect_uri TEXT,
        scope TEXT NOT NULL,
        challenge TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER,
        family_id TEXT
    );
    CREATE TABLE oauth_families (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        client_id TEXT NOT NULL,
        client_name TEXT NOT NULL,
        scope TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        last_used_at INTEGER NOT NULL,
        revoked_at INTEGER,
        revoked_reason TEXT
    );
    CREATE INDEX oauth_families_by_user ON oauth_families (user_id, created_at);
    CREATE TABLE oauth_tokens (
        hash TEXT PRIMARY KEY,
        family_id TEXT NOT NULL REFERENCES oauth_families (id),
        kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
        scope TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        rotated_at INTEGER,
        revoked_at INTEGER
    );
    CREATE INDEX oauth_tokens_by_family ON oauth_tokens (family_id);
    """,
)


@dataclass(frozen=True)
class CodeRow:
    hash: str
    client_id: str
    user_id: str
    redirect_uri: str | None
    scope: str
    challenge: str
    created_at: int
    expires_at: int
    used_at: int | None
    family_id: str | None


@dataclass(frozen=True)
class FamilyRow:
    id: str
    user_id: str
    client_id: str
    client_name: str
    scope: str
    created_at: int
    last_used_at: int
    revoked_at: int | None
    revoked_reason: str | None


@dataclass(frozen=True)
class TokenRow:
    hash: str
    family_id: str
    kind: str
    scope: str
    created_at: int
    expires_at: int
    rotated_at: int | None
    revoked_at: int | None


class OAuthStore(Repository):
    """Reads and writes of the authorization server's state, over the mock's transaction core."""

    def __init__(self, db: Database) -> None:
        super().__init__(db)
        self.path = db.path
        self._migrate()

    def _migrate(self) -> None:
        self.db.migrate(META, MIGRATIONS)

    @property
    def schema_version(self) -> int:
        return self.db.schema_version(META)

    def close(self) -> None:
        """Close the state: the connection is the mock's (one core), so the mock's store closes with it."""
        self.db.close()

    # -- authorization codes --------------------------------------------------------------------------------

    def insert_code(self, row: CodeRow) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT INTO oauth_codes (hash, client_id, user_id, redirect_uri, scope, challenge, "
                "created_at, expires_at, used_at, family_id) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (
                    row.hash,
                    row.client_id,
                    row.user_id,
                    row.redirect_uri,
                    row.scope,
                    row.challenge,
                    row.created_at,
                    row.expires_at,
                    row.used_at,
                    row.family_id,
                ),
            )

    def claim_code(self, code_hash: str, now: int) -> tuple[CodeRow | None, bool]:
        """Mark a code used. Returns the row as it was and whether this call was the first to use it."""
        with self._tx() as db:
            row = db.execute("SELECT * FROM oauth_codes WHERE hash = ?", (code_hash,)).fetchone()
            if row is None:
                return None, False
            first = db.execute(
                "UPDATE oauth_codes SET used_at = ? WHERE hash = ? AND used_at IS NULL", (now, code_hash)
            ).rowcount
            return CodeRow(**dict(row)), first == 1

    def link_code(self, code_hash: str, family_id: str) -> None:
        """Remember which family a code created, so a replayed code can take it down."""
        with self._tx() as db:
            db.execute("UPDATE oauth_codes SET family_id = ? WHERE hash = ?", (family_id, code_hash))

    # -- families and tokens --------------------------------------------------------------------------------

    def create_family(self, family: FamilyRow, tokens: list[TokenRow]) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT INTO oauth_families (id, user_id, client_id, client_name, scope, created_at, "
                "last_used_at, revoked_at, revoked_reason) VALUES (?,?,?,?,?,?,?,?,?)",
                (
                    family.id,
                    family.user_id,
                    family.client_id,
                    family.client_name,
                    family.scope,
                    family.created_at,
                    family.last_used_at,
                    family.revoked_at,
                    family.revoked_reason,
                ),
            )
            self._insert_tokens(db, tokens)

    @staticmethod
    def _insert_tokens(db: sqlite3.Connection, tokens: list[TokenRow]) -> None:
        db.executemany(
            "INSERT INTO oauth_tokens (hash, family_id, kind, scope, created_at, expires_at, rotated_at, "
            "revoked_at) VALUES (?,?,?,?,?,?,?,?)",
            [
                (t.hash, t.family_id, t.kind, t.scope, t.created_at, t.expires_at, t.rotated_at, t.revoked_at)
                for t in tokens
            ],
        )

    def rotate(self, old_hash: str, tokens: list[TokenRow], now: int) -> bool:
        """Retire a refresh token and add its successors, atomically.

        False when the old token was already rotated (a concurrent refresh won): the caller then treats the
        request as a reuse.
        """
        with self._tx() as db:
            changed = db.execute(
                "UPDATE oauth_tokens SET rotated_at = ? "
                "WHERE hash = ? AND rotated_at IS NULL AND revoked_at IS NULL",
                (now, old_hash),
            ).rowcount
            if changed != 1:
                return False
            self._insert_tokens(db, tokens)
            db.execute(
                "UPDATE oauth_families SET last_used_at = MAX(last_used_at, ?) WHERE id = ?",
                (now, tokens[0].family_id),
            )
            return True

    def get_token(self, token_hash: str) -> TokenRow | None:
        row = self._one("SELECT * FROM oauth_tokens WHERE hash = ?", token_hash)
        return TokenRow(**dict(row)) if row else None

    def get_family(self, family_id: str) -> FamilyRow | None:
        row = self._one("SELECT * FROM oauth_families WHERE id = ?", family_id)
        return FamilyRow(**dict(row)) if row else None

    def revoke_family(self, family_id: str, now: int, reason: str) -> bool:
        """Sign a device out: every token of the family stops working. False when it already was."""
        with self._tx() as db:
            return (
                db.execute(
                    "UPDATE oauth_families SET revoked_at = ?, revoked_reason = ? "
                    "WHERE id = ? AND revoked_at IS NULL",
                    (now, reason, family_id),
                ).rowcount
                == 1
            )

    def revoke_token(self, token_hash: str, now: int) -> None:
        with self._tx() as db:
            db.execute(
                "UPDATE oauth_tokens SET revoked_at = ? WHERE hash = ? AND revoked_at IS NULL",
                (now, token_hash),
            )

    def touch_family(self, family_id: str, now: int) -> None:
        with self._tx() as db:
            db.execute(
                "UPDATE oauth_families SET last_used_at = MAX(last_used_at, ?) WHERE id = ?", (now, family_id)
            )

    def families(self, user_id: str, *, include_revoked: bool = False) -> list[FamilyRow]:
        sql = "SELECT * FROM oauth_families WHERE user_id = ?"
        if not include_revoked:
            sql += " AND revoked_at IS NULL"
        rows = self._all(sql + " ORDER BY created_at, id", user_id)
        return [FamilyRow(**dict(r)) for r in rows]
