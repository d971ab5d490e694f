"""Well-formed request bodies, built with the contract's models (never re-declared here).

The suite sends what a conforming Talkie client sends; deliberately malformed bodies stay inline in the checks
that send them, because no model can express them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from talkie_models import DecisionRequest, RunAgentInput, TalkieForwardedProps, TalkieProps, UserMessage


def run_input(
    thread_id: str,
    run_id: str,
    messages: Sequence[tuple[str, str]],
    *,
    channel: Literal["chat", "voice"] = "chat",
) -> dict[str, Any]:
    """A RunAgentInput with new user messages `(id, text)`, as the Talkie app sends it."""
    body = RunAgentInput(
        thread_id=thread_id,
        run_id=run_id,
        messages=[UserMessage(id=message_id, content=text) for message_id, text in messages],
        tools=[],
        context=[],
        state={},
        forwarded_props=TalkieForwardedProps(talkie=TalkieProps(channel=channel)),
    )
    wire: dict[str, Any] = body.model_dump(mode="json")
    return wire


def decision(
    decision: Literal["confirm", "cancel"],
    params_hash: str,
    method: Literal["button", "voice"] = "button",
) -> dict[str, Any]:
    """A DecisionRequest body."""
    body = DecisionRequest(decision=decision, params_hash=params_hash, method=method)
    wire: dict[str, Any] = body.model_dump(mode="json")
    return wire
