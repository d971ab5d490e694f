# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/thread-list.json

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from . import thread_summary


class ThreadList(TalkieModel):
    """
    Answer of `GET threads`: at most 50 threads, the most recently updated first (notes N-09).
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    threads: Annotated[list[thread_summary.ThreadSummary], Field(max_length=50)]
