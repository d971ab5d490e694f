"""Every example of the contract parses into its model and dumps back equal (and still valid)."""

from __future__ import annotations

from typing import Any

import pytest
import talkie_models
from models_support import example_file_type, example_files, schema_examples
from pydantic import TypeAdapter
from talkie_models import UnknownEvent, parse_event, validation


def _adapter(title: str) -> TypeAdapter[Any]:
    return TypeAdapter(getattr(talkie_models, title))


@pytest.mark.parametrize(("title", "index", "example"), schema_examples(), ids=lambda v: str(v)[:30])
def test_schema_example_round_trips(title: str, index: int, example: Any) -> None:
    adapter = _adapter(title)
    value = adapter.validate_python(example)
    dumped = adapter.dump_python(value, mode="json")
    assert dumped == example
    assert adapter.validate_json(adapter.dump_json(value)) == value
    validation.validate(dumped, title)


@pytest.mark.parametrize("name", sorted(example_files()))
def test_example_file_round_trips(name: str) -> None:
    content = example_files()[name]
    kind = example_file_type(name)
    if kind == "stream":
        events = [parse_event(event) for event in content]
        assert [e.model_dump(mode="json") for e in events] == content
        assert not any(isinstance(e, UnknownEvent) for e in events), (
            "recorded streams hold Talkie events only"
        )
        for event in content:
            validation.validate(event, "Event")
    else:
        adapter = _adapter(kind)
        assert adapter.dump_python(adapter.validate_python(content), mode="json") == content
        validation.validate(content, kind)
