# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/action.json

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel
from typing_extensions import TypeAliasType


class Action(TalkieModel):
    """
    A proposed operation that waits for a human decision (§8). The server chooses `confirm.methods` per action as a UI policy; `GET action` returns the authoritative current state.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    id: Annotated[str, Field(min_length=1)]
    """
    Action id.
    """
    version: Annotated[int, Field(ge=1)]
    """
    Revision; grows each time the action changes.
    """
    thread_id: Annotated[str, Field(min_length=1)]
    """
    Thread the action was proposed in.
    """
    tool_call_id: str
    """
    Tool call that proposed it, if any.
    """
    summary: Annotated[str, Field(min_length=1)]
    """
    One sentence saying what will happen, for the user to judge.
    """
    risk_level: RiskLevel
    status: ActionStatus
    params_hash: Annotated[str, Field(min_length=1)]
    """
    Opaque fingerprint of the exact parameters; a decision must repeat it. Servers are recommended to use `sha256:` followed by 64 lowercase hex digits.
    """
    created_at: str
    """
    When it was proposed.
    """
    expires_at: str
    """
    After this instant a decision gets 410 `expired`.
    """
    undo_until: str | None = None
    """
    While `running`, a `cancel` is still accepted until this instant.
    """
    confirm: ActionConfirm


class ActionConfirm(TalkieModel):
    """
    How the client may collect the decision.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    methods: Annotated[list[ConfirmMethod], Field(min_length=1)]
    """
    Allowed ways to confirm.
    """
    voice: VoiceConfirm | None = None


ActionStatus = TypeAliasType(
    "ActionStatus",
    Annotated[
        Literal["pending", "running", "done", "failed", "cancelled", "expired"],
        Field(title="ActionStatus"),
    ],
)
"""
Lifecycle: pending → (running →) done | failed, or cancelled | expired.
"""


ConfirmMethod = TypeAliasType(
    "ConfirmMethod", Annotated[Literal["button", "voice"], Field(title="ConfirmMethod")]
)
"""
A way to confirm.
"""


RiskLevel = TypeAliasType(
    "RiskLevel",
    Annotated[str, Field(examples=["low", "medium", "high"], min_length=1, title="RiskLevel")],
)
"""
Server's risk rating of the action. An open string: the specification shows `medium` and names `low` and `high`; receivers tolerate other values (notes N-07).
"""


class VoiceConfirm(TalkieModel):
    """
    Extra rule for a spoken confirmation.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    keyword: Annotated[str | None, Field(min_length=1)] = None
    """
    Word the confirming utterance must contain.
    """
