"""talkie_models.validation: readable errors, offline registry, the fast validator and its fallback."""

from __future__ import annotations

import copy
import sys
from typing import Any

import pytest
from models_support import documents, named_schemas, schema_examples
from talkie_models import SchemaValidationError, validation


def _card() -> dict[str, Any]:
    return copy.deepcopy(documents()["card.json"]["examples"][0])


def test_validate_lists_each_error_with_its_json_path() -> None:
    card = _card()
    badge = next(i for i, b in enumerate(card["blocks"]) if b["type"] == "badge")
    card["blocks"][badge]["tone"] = "danger"
    del card["fallbackText"]
    with pytest.raises(SchemaValidationError) as info:
        validation.validate(card, "Card")
    assert info.value.type_name == "Card"
    assert (
        f"$.blocks[{badge}].tone: 'danger' is not one of ['neutral', 'positive', 'warning', 'negative']"
        in (info.value.errors)
    )
    assert any(line.startswith("$: 'fallbackText' is a required property") for line in info.value.errors)
    assert f"$.blocks[{badge}].tone" in str(info.value)


def test_is_valid_and_defs_types() -> None:
    assert validation.is_valid(_card(), "Card")
    assert not validation.is_valid({"id": 1}, "Card")
    assert validation.is_valid("#0b7a75", "Manifest") is False
    brand = documents()["manifest.json"]["examples"][0]["brand"]
    assert validation.is_valid(brand, "Brand")
    assert not validation.is_valid({"accent": "green"}, "Brand")


def test_every_named_schema_is_known_and_its_examples_validate() -> None:
    assert set(validation.type_names()) == set(named_schemas())
    for title, _, example in schema_examples():
        assert validation.is_valid(example, title), title


def test_schema_returns_a_copy_of_the_bundled_schema() -> None:
    card = validation.schema("Card")
    assert card == documents()["card.json"]
    card["title"] = "changed"
    assert validation.schema("Card")["title"] == "Card"
    assert validation.schema("ErrorBody") == documents()["error-response.json"]["$defs"]["ErrorBody"]
    with pytest.raises(KeyError, match="NoSuchType"):
        validation.schema("NoSuchType")


def test_registry_resolves_every_id_offline() -> None:
    registry = validation.registry()
    for document in documents().values():
        assert registry.contents(document["$id"]) == document
    resolved = registry.resolver().lookup("https://talkie-protocol.org/schemas/1/card.json")
    assert resolved.contents["title"] == "Card"


def test_fast_validator_is_cached_and_agrees_with_python_jsonschema() -> None:
    fast = validation.fast_validator("Card")
    assert validation.fast_validator("Card") is fast
    assert type(fast).__name__ == "_RustValidator"
    good, bad = _card(), _card()
    bad["blocks"].append({"type": "badge", "text": "x", "tone": "danger"})
    assert fast.is_valid(good)
    assert fast.errors(good) == []
    assert not fast.is_valid(bad)
    assert fast.errors(bad)[0].startswith(f"$.blocks[{len(bad['blocks']) - 1}]")
    for title, _, example in schema_examples():
        assert validation.fast_validator(title).is_valid(example), title


def test_fast_validator_falls_back_without_jsonschema_rs(monkeypatch: pytest.MonkeyPatch) -> None:
    validation.fast_validator.cache_clear()
    monkeypatch.setitem(sys.modules, "jsonschema_rs", None)
    try:
        fast = validation.fast_validator("Card")
        assert type(fast).__name__ == "_PythonValidator"
        bad = _card()
        bad["version"] = 0
        assert not fast.is_valid(bad)
        assert fast.errors(bad) == ["$.version: 0 is less than the minimum of 1"]
    finally:
        validation.fast_validator.cache_clear()
