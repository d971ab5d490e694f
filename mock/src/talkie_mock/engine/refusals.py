"""The protocol rules the engine refuses a request by, as domain errors.

The engine says *which* rule refused (an unknown action, a changed `paramsHash`, a message over the
limit); the api layer decides how that is answered (`api/problems.py` maps each to its §3 code and
message), so the engine never builds an HTTP answer and can be driven without one.
"""

from __future__ import annotations

from talkie_mock.errors import MockError


class RefusedError(MockError):
    """A request a talkie/1 rule refuses; nothing it asked for was stored."""


class MessageTooLongError(RefusedError):
    """A user message longer than `limits.maxMessageChars` code points (§5, notes N-08)."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"a message is longer than {limit} characters")
        self.limit = limit


class ActionRefusedError(RefusedError):
    """A read or decision of one action (§8) that a rule refuses."""

    def __init__(self, action_id: str) -> None:
        super().__init__(f"{type(self).__name__}: action {action_id!r}")
        self.action_id = action_id


class UnknownActionError(ActionRefusedError):
    """No action of this user has this id (§8: 404)."""


class StaleParamsError(ActionRefusedError):
    """The decision's `paramsHash` is not the action's (§8: 409 `stale`)."""


class DecisionConflictError(ActionRefusedError):
    """The opposite decision was already made (§8: 409 `conflict`)."""


class ActionExpiredError(ActionRefusedError):
    """The action is past `expiresAt` and was never decided (§8: 410 `expired`)."""
