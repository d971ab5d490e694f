"""`GET status` and `GET threads` from memory: their encoded answers, kept while the state they show stands.

An app asks for both on every launch and after every run, and each answer is a pure function of the
caller, the state file's rows (the day's meters, the caller's threads), the day and the locale. Rebuilding
them means a SQLite round trip, contract models and an encoding per request; here each answer is built
once and kept with the store's generation (:meth:`talkie_mock.engine.database.Database.generation`), which
moves with every row any writer touches. A kept answer is sent only while the generation it was read at
still stands, so it is exactly what a fresh read would build: no writer has to know about it.

The endpoints (`api.manifest.status`, `api.threads.list_threads`) answer from `Mock.reads`, and so does
the fixed path (`api.fixed`) for a plain authenticated GET, with the same bytes. `--vary` builds every
answer afresh.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from talkie_models import Status, StatusUser, ThreadList, ThreadSummary

from talkie_mock.api.auth import Principal
from talkie_mock.api.responses import FastJSONResponse
from talkie_mock.config import MockConfig
from talkie_mock.engine.clock import Clock, iso_of_ms
from talkie_mock.engine.store import Store, ThreadRow
from talkie_mock.engine.usage import meters

LIST_LIMIT = 50
"""Threads one `GET threads` lists, the most recently updated first."""
KEPT = 256
"""Answers kept (per caller, locale and day): the least recently used go first."""
DAY_MS = 86_400_000

Answer = tuple[dict[str, Any], bytes, list[tuple[bytes, bytes]]]
"""The body as sent (for the observers), its bytes, and the headers of the 200 carrying them."""


def summary(row: ThreadRow) -> ThreadSummary:
    return ThreadSummary.model_validate(
        {
            "id": row.id,
            "title": row.title,
            "channel": row.channel,
            "createdAt": iso_of_ms(row.created_at),
            "updatedAt": iso_of_ms(row.updated_at),
        }
    )


def _encoded(body: dict[str, Any]) -> Answer:
    response = FastJSONResponse(body)  # the very bytes and headers a built answer has
    return body, bytes(response.body), list(response.raw_headers)


class Reads:
    """The kept answers of one mock (`Mock.reads`)."""

    def __init__(self, store: Store, clock: Clock, config: MockConfig) -> None:
        self.store = store
        self.clock = clock
        self.config = config
        self._kept: OrderedDict[tuple[Any, ...], tuple[int, Answer]] = OrderedDict()

    def status(self, user: Principal, locale: str) -> Answer:
        """The caller's `Status`: who they are, what the mock offers, and the day's meters."""
        day = self.clock.now_ms() // DAY_MS  # the meters' day: the UTC date of the mock's clock
        return self._answer(("status", user, locale, day), lambda: self.build_status(user, locale))

    def threads(self, user: Principal) -> Answer:
        """The caller's `ThreadList`: their live threads, the most recently updated first."""
        return self._answer(("threads", user.user_id), lambda: self.build_threads(user))

    def build_status(self, user: Principal, locale: str) -> dict[str, Any]:
        """The `Status` body read afresh."""
        body = Status(
            user=StatusUser(id=user.user_id, name=user.name, email=user.email),
            chat=True,
            voice=self.config.voice,
            usage=meters(self.store, self.clock, self.config, user.user_id, locale),
        )
        return body.model_dump(mode="json")

    def build_threads(self, user: Principal) -> dict[str, Any]:
        """The `ThreadList` body read afresh."""
        rows = self.store.threads.list_threads(user.user_id, LIST_LIMIT)
        return ThreadList(threads=[summary(r) for r in rows]).model_dump(mode="json")

    def _answer(self, key: tuple[Any, ...], build: Callable[[], dict[str, Any]]) -> Answer:
        generation = self.store.db.generation()
        kept = self._kept.get(key)
        if kept is not None and generation is not None and kept[0] == generation:
            self._kept.move_to_end(key)
            return kept[1]
        answer = _encoded(build())  # read after the generation: a write meanwhile moves it past this one
        if generation is not None:
            self._kept[key] = (generation, answer)
            self._kept.move_to_end(key)
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        return answer
