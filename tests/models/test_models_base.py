"""The wire policy of TalkieModel: aliases, omission of absent fields, the unknown-field policy per schema."""

from __future__ import annotations

import inspect
import json
from typing import Any

import pytest
import talkie_models
from models_support import documents
from pydantic import BaseModel, TypeAdapter, ValidationError
from talkie_models import Card, Manifest, RunStartedEvent, TalkieModel, ThreadMessage


def _card(**extra: Any) -> Card:
    fields: dict[str, Any] = {
        "id": "card_1",
        "version": 1,
        "title": "Lena Schmidt",
        "subtitle": "Kontakt",
        "url": "/?record=1",
        "blocks": [],
        "fallback_text": "Lena Schmidt",
        "a11y_label": "Karte Lena Schmidt",
    }
    return Card(**(fields | extra))


def test_snake_case_attributes_and_camel_case_wire_names() -> None:
    card = _card(a11y_label="Karte Lena Schmidt")
    assert card.fallback_text == "Lena Schmidt"
    dumped = card.model_dump()
    assert dumped["fallbackText"] == "Lena Schmidt"
    assert dumped["a11yLabel"] == "Karte Lena Schmidt"
    assert "fallback_text" not in dumped
    assert card.model_dump(by_alias=False)["fallback_text"] == "Lena Schmidt"
    by_alias = Card.model_validate({**dumped, "fallbackText": "x"})
    by_name = Card.model_validate({**card.model_dump(by_alias=False), "fallback_text": "x"})
    assert by_alias == by_name


def test_absent_optional_fields_are_omitted_on_every_path() -> None:
    card = _card(blocks=[talkie_models.BadgeBlock(text="Nová")])
    badge = card.blocks[0]
    assert isinstance(badge, talkie_models.BadgeBlock)
    assert badge.tone is None
    assert "tone" not in card.model_dump()["blocks"][0]
    assert "tone" not in json.loads(card.model_dump_json())["blocks"][0]
    explicit = talkie_models.BadgeBlock(text="Nová", tone=None)
    assert "tone" not in explicit.model_dump()
    event = talkie_models.CardEvent(value=card)
    assert "tone" not in event.model_dump()["value"]["blocks"][0]
    assert "metadata" not in event.model_dump()
    adapter: TypeAdapter[list[Card]] = TypeAdapter(list[Card])
    assert "tone" not in adapter.dump_python([card])[0]["blocks"][0]
    assert b"tone" not in adapter.dump_json([card])


def test_required_nulls_are_kept() -> None:
    event = talkie_models.CustomEvent(name="acme.progress", value=None)
    assert event.model_dump() == {"type": "CUSTOM", "name": "acme.progress", "value": None}


def test_tags_are_defaulted_and_always_sent() -> None:
    event = RunStartedEvent(thread_id="thr_1", run_id="run_1")
    assert event.model_dump() == {"type": "RUN_STARTED", "threadId": "thr_1", "runId": "run_1"}


def _object_classes() -> list[tuple[str, type[BaseModel], dict[str, Any]]]:
    """(title, class, schema) for every generated model class whose schema is a titled object."""
    found = []
    for document in documents().values():
        schemas = [document, *document.get("$defs", {}).values()]
        for schema in schemas:
            cls = getattr(talkie_models, str(schema.get("title")), None)
            if inspect.isclass(cls) and issubclass(cls, BaseModel) and "additionalProperties" in schema:
                found.append((schema["title"], cls, schema))
    return found


@pytest.mark.parametrize(
    ("title", "cls", "schema"), _object_classes(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_unknown_field_policy_follows_additional_properties(
    title: str, cls: type[BaseModel], schema: dict[str, Any]
) -> None:
    expected = "allow" if schema["additionalProperties"] is True else "forbid"
    assert cls.model_config.get("extra") == expected, title


def test_policy_holds_for_data_open_and_closed() -> None:
    started = RunStartedEvent.model_validate({"type": "RUN_STARTED", "threadId": "t", "runId": "r"})
    assert started.model_dump()["type"] == "RUN_STARTED"
    manifest = Manifest.model_validate(
        {**documents()["manifest.json"]["examples"][0], "futureField": {"a": 1}}
    )
    assert manifest.model_dump()["futureField"] == {"a": 1}  # manifest: receivers ignore, we keep
    with pytest.raises(ValidationError, match="extra"):
        Card.model_validate({**_card().model_dump(), "surprise": 1})


def test_every_generated_class_derives_from_the_one_base() -> None:
    for name in talkie_models.__all__:
        value = getattr(talkie_models, name)
        if inspect.isclass(value) and issubclass(value, BaseModel):
            assert issubclass(value, TalkieModel), name


def test_timestamps_stay_wire_strings() -> None:
    message = ThreadMessage.model_validate(
        {
            "id": "m1",
            "role": "user",
            "content": "Ahoj",
            "createdAt": "2031-04-02T08:15:00.120+02:00",
            "cards": [],
        }
    )
    assert message.model_dump()["createdAt"] == "2031-04-02T08:15:00.120+02:00"
