"""A schema failure inside a union names the member at fault, not "not valid under any of …"."""

from __future__ import annotations

import pytest
from talkie_models import SchemaValidationError
from talkie_models.validation import validate


def _problems(instance: object, type_name: str) -> tuple[str, ...]:
    with pytest.raises(SchemaValidationError) as info:
        validate(instance, type_name)
    return info.value.errors


def test_a_known_event_with_a_bad_member_names_that_member() -> None:
    problems = _problems({"type": "RUN_FINISHED", "threadId": "t_1", "runId": 7}, "StreamEvent")
    assert problems == ("$.runId: 7 is not of type 'string'",)


def test_a_card_event_names_the_block_member() -> None:
    event = {
        "type": "CUSTOM",
        "name": "talkie.card",
        "value": {
            "id": "c_1",
            "version": 1,
            "title": "Lenka Malá",
            "blocks": [{"type": "badge", "text": 3}],
            "fallbackText": "Lenka Malá",
        },
    }
    problems = _problems(event, "StreamEvent")
    assert any(line.startswith("$.value.blocks[0].text:") for line in problems)
    assert not any("any of the given schemas" in line for line in problems)
