# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/error-response.json

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from . import error_code


class ErrorBody(TalkieModel):
    """
    What went wrong and whether trying again later can help. `upstream_unavailable` is always retryable (§3).
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    code: error_code.ErrorCode
    message: Annotated[str, Field(min_length=1)]
    """
    Human-readable explanation in the user's language.
    """
    retryable: bool
    """
    `true` when the same request may succeed later unchanged.
    """


class ErrorResponse(TalkieModel):
    """
    Body of every non-2xx answer of a Talkie endpoint, and of a run that fails before its stream starts. The message is meant for the user, in their language; the code and `retryable` are for the client's logic.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    error: ErrorBody
