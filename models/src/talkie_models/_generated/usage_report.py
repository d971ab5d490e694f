# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/usage-report.json

from __future__ import annotations

from pydantic import ConfigDict
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from . import usage_meter


class UsageReport(TalkieModel):
    """
    Value of `talkie.usage`: the user's current usage meters, shaped like `usage` in the status answer.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    usage: list[usage_meter.UsageMeter]
    """
    Meters.
    """
