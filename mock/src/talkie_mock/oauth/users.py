"""The people who can sign in to the mock: a few seeded Faker users, the same ones on every start.

They are derived from the server seed rather than stored, so a restart (or a second mock with the same seed)
shows the same names and the same ids, and tokens issued before a restart still point at a known user.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from faker import Faker

from talkie_mock.engine.crm import person

FAKER_LOCALES = {"cs": "cs_CZ", "en": "en_US"}


@dataclass(frozen=True)
class OAuthUser:
    """A resource owner of the mock."""

    id: str
    name: str
    email: str


def _ascii_slug(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return "".join(ch if ch.isalnum() else "." for ch in plain).strip(".")


def seeded_users(seed: int, locale: str, count: int) -> list[OAuthUser]:
    """`count` users with ids `u_1`, `u_2`, … and e-mail addresses on a reserved example domain."""
    fake = Faker(FAKER_LOCALES.get(locale, "en_US"))
    fake.seed_instance(seed)
    users = []
    for index in range(1, count + 1):
        first, last = person(fake)  # a first name and surname of one gender (Novák, Nováková)
        users.append(
            OAuthUser(
                f"u_{index}", f"{first} {last}", f"{_ascii_slug(first)}.{_ascii_slug(last)}@example.org"
            )
        )
    return users


class UserDirectory:
    """Lookup of the users offered on the sign-in page; the first one is the auto-approve default."""

    def __init__(self, users: Iterable[OAuthUser]) -> None:
        self._users = {u.id: u for u in users}
        if not self._users:
            raise ValueError("the authorization server needs at least one user")

    @property
    def all(self) -> list[OAuthUser]:
        return list(self._users.values())

    @property
    def default(self) -> OAuthUser:
        return next(iter(self._users.values()))

    def get(self, user_id: str) -> OAuthUser | None:
        return self._users.get(user_id)
