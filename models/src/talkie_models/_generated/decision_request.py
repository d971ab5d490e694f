# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/decision-request.json

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel
from typing_extensions import TypeAliasType

from . import action

Decision = TypeAliasType("Decision", Annotated[Literal["confirm", "cancel"], Field(title="Decision")])
"""
What the person decided.
"""


class DecisionRequest(TalkieModel):
    """
    Body of `POST decision`. Only the client sends it, after a human gesture or utterance. `method` says how the person decided, for the audit only (notes N-06). Unknown fields are ignored.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    decision: Decision
    params_hash: Annotated[str, Field(min_length=1)]
    """
    `paramsHash` of the action as the person saw it; a mismatch gives 409 `stale`.
    """
    method: action.ConfirmMethod
