# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/event-metadata.json

from __future__ import annotations

from pydantic import ConfigDict
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel


class EventMetadata(TalkieModel):
    """
    The open `metadata` object every AG-UI 1.0 event may carry. Talkie puts its own additions here and only here; the keys below are typed, any other key is allowed and ignored by receivers that do not know it. The key `ag-ui` is reserved by AG-UI itself.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    label: str | None = None
    """
    Short status line a client may show while a tool runs (TOOL_CALL_START).
    """
    ok: bool | None = None
    """
    Whether the tool call succeeded (TOOL_CALL_END).
    """
    error: str | None = None
    """
    Why the tool call failed, readable by a person (TOOL_CALL_END with `ok: false`).
    """
    retryable: bool | None = None
    """
    Whether sending the same message again may succeed (RUN_ERROR).
    """
