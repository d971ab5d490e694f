"""Actions (§8): proposals from the agent, decisions from people.

Two doors, deliberately separate. :meth:`Actions.propose` is what the run engine (through its
`RunServices`) and voice tools get; it can only create a `pending` action. :meth:`Actions.decide` is
reachable only from the decision endpoint, i.e. from a client acting on a human gesture — nothing the
agent runs holds a reference to it.

Time does part of the work: a pending action past `expiresAt` is expired and an outbound action whose undo
window closed is done. Both are applied (atomically) whenever an action is read, so a test that advances the
virtual clock sees the new status at once.

Decision order (notes N-06): 404 → 409 `stale` → already decided (same → 200, opposite → 409 `conflict`,
except a
cancel inside the undo window) → 410 `expired` → apply. Every status change is a compare-and-set, so of two
concurrent decisions exactly one applies; the other is answered from the state the first one left.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from talkie_models import Action, ActionConfirm, CardEvent, DecisionResponse

from talkie_mock.config import MockConfig
from talkie_mock.engine.clock import Clock, iso_of_ms
from talkie_mock.engine.content import Content, IdSource
from talkie_mock.engine.crm import faker_for
from talkie_mock.engine.plans import ActionSpec
from talkie_mock.engine.refusals import (
    ActionExpiredError,
    DecisionConflictError,
    StaleParamsError,
    UnknownActionError,
)
from talkie_mock.engine.store import ActionRow, Store
from talkie_mock.engine.variations import Variations


def params_hash(params: dict[str, Any]) -> str:
    """`sha256:` + hex digest of the canonical JSON of the parameters."""
    canonical = json.dumps(params, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


class Actions:
    def __init__(
        self, store: Store, clock: Clock, config: MockConfig, variations: Variations | None = None
    ) -> None:
        self.store = store
        self.clock = clock
        self.config = config
        self.variations = variations or Variations(None)

    def _now(self) -> int:
        return int(self.clock.now().timestamp() * 1000)

    # -- the agent's door -----------------------------------------------------------------------------------

    def propose(self, spec: ActionSpec, user_id: str, thread_id: str) -> Action:
        """Store a new pending action. A new proposal never touches an older pending one."""
        now = self._now()
        confirm: dict[str, Any] = {"methods": list(spec.methods)}
        if spec.keyword and "voice" in spec.methods:
            confirm["voice"] = {"keyword": spec.keyword}
        body = Action.model_validate(
            {
                "id": spec.action_id,
                "version": 1,
                "thread_id": thread_id,
                "tool_call_id": spec.tool_call_id,
                "summary": spec.summary,
                "risk_level": spec.risk_level,
                "status": "pending",
                "params_hash": params_hash(spec.params),
                "created_at": iso_of_ms(now),
                "expires_at": iso_of_ms(now + spec.ttl_seconds * 1000),
                "confirm": ActionConfirm.model_validate(confirm),
            }
        ).model_dump(mode="json")
        row = ActionRow(
            id=spec.action_id,
            user_id=user_id,
            thread_id=thread_id,
            status="pending",
            params_hash=body["paramsHash"],
            decision=None,
            method=None,
            outbound=spec.outbound,
            created_at=now,
            expires_at=now + spec.ttl_seconds * 1000,
            undo_until=None,
            body=body,
        )
        self.store.actions.insert_action(row)
        return self.model(row)

    # -- reading --------------------------------------------------------------------------------------------

    @staticmethod
    def model(row: ActionRow) -> Action:
        """The wire form of the stored action with its current status."""
        data = {key: value for key, value in row.body.items() if key not in ("status", "undoUntil")}
        data["status"] = row.status
        if row.undo_until is not None and row.status == "running":
            data["undoUntil"] = iso_of_ms(row.undo_until)
        return Action.model_validate(data)

    def get(self, action_id: str, user_id: str) -> ActionRow:
        self.store.actions.settle_actions(self._now())
        row = self.store.actions.get_action(action_id)
        if row is None or row.user_id != user_id:
            raise UnknownActionError(action_id)
        return row

    def for_thread(self, thread_id: str) -> list[Action]:
        self.store.actions.settle_actions(self._now())
        return [self.model(r) for r in self.store.actions.thread_actions(thread_id)]

    # -- the human's door -----------------------------------------------------------------------------------

    def decide(
        self, action_id: str, user_id: str, decision: str, given_hash: str, method: str, locale: str
    ) -> DecisionResponse:
        for _ in range(3):
            row = self.get(action_id, user_id)
            if given_hash != row.params_hash:
                raise StaleParamsError(action_id)
            if row.decision is not None:
                if row.decision == decision:  # §8: 200 with the current state; its events are open (N-51)
                    if self.variations.repeat_events(action_id):
                        return self._answer(action_id, user_id, locale)
                    return DecisionResponse(action=self.model(row), events=[])
                if decision == "cancel" and self._in_undo_window(row):
                    if self.store.actions.transition_action(
                        action_id, "running", "cancelled", decision="cancel", method=method
                    ):
                        return self._decided(row, user_id, locale)
                    continue  # the window closed meanwhile: look again
                raise DecisionConflictError(action_id)
            if row.status != "pending":
                raise ActionExpiredError(action_id)
            if decision == "cancel":
                target, undo = "cancelled", None
            elif row.outbound:
                target, undo = "running", self._now() + self.config.undo_seconds * 1000
            else:
                target, undo = "done", None
            if self.store.actions.transition_action(
                action_id, "pending", target, decision=decision, method=method, undo_until=undo
            ):
                return self._decided(row, user_id, locale)
            # another decision won the race (or time expired it): answer from the state it left
        raise DecisionConflictError(action_id)  # pragma: no cover - three lost races in a row

    def _in_undo_window(self, row: ActionRow) -> bool:
        return row.status == "running" and row.undo_until is not None and row.undo_until > self._now()

    def _decided(self, row: ActionRow, user_id: str, locale: str) -> DecisionResponse:
        """The answer to a decision that changed the action; the thread changed with it (§9 `updatedAt`)."""
        self.store.threads.touch_thread(row.thread_id, self._now())
        return self._answer(row.id, user_id, locale)

    def _answer(self, action_id: str, user_id: str, locale: str) -> DecisionResponse:
        action = self.model(self.get(action_id, user_id))
        seed = f"{self.config.seed}:{action_id}:{action.status}"
        today = self.clock.now().date()
        content = Content(fake=faker_for(locale, seed), locale=locale, ids=IdSource(seed), today=today)
        card = content.result_card(action.summary, str(action.status), action_id)
        return DecisionResponse(
            action=action, events=[CardEvent(type="CUSTOM", name="talkie.card", value=card)]
        )
