"""The public face of talkie_models: every schema title importable, the exception tree, the error codes."""

from __future__ import annotations

import importlib

import pytest
import talkie_models
from models_support import HAND_WRITTEN, all_titles, documents, named_schemas
from talkie_models import errors


def test_all_is_schema_titles_plus_hand_written_names() -> None:
    assert set(talkie_models.__all__) == set(all_titles()) | HAND_WRITTEN
    assert len(talkie_models.__all__) == len(set(talkie_models.__all__))


@pytest.mark.parametrize("name", sorted(all_titles() | HAND_WRITTEN))
def test_each_name_imports_from_the_top_level(name: str) -> None:
    module = importlib.import_module("talkie_models")
    assert getattr(module, name) is not None


def test_every_schema_document_has_a_model_named_after_its_title() -> None:
    for name, document in documents().items():
        assert hasattr(talkie_models, document["title"]), name


def test_exception_tree_matches_the_docstring() -> None:
    assert issubclass(talkie_models.EventParseError, talkie_models.TalkieModelsError)
    assert issubclass(talkie_models.SchemaValidationError, talkie_models.TalkieModelsError)
    assert issubclass(talkie_models.EventParseError, ValueError)
    assert issubclass(talkie_models.SchemaValidationError, ValueError)
    assert issubclass(talkie_models.RuleCatalogueError, talkie_models.TalkieModelsError)
    assert issubclass(talkie_models.RuleCatalogueError, ValueError)
    doc = talkie_models.__doc__ or ""
    for name in ("TalkieModelsError", "EventParseError", "RuleCatalogueError", "SchemaValidationError"):
        assert name in doc


def test_error_constants_come_from_the_catalogue_of_the_schema() -> None:
    schema = documents()["error-code.json"]
    catalogue = schema["x-talkie-catalogue"]
    assert [entry["code"] for entry in catalogue] == list(errors.CATALOGUE)
    assert set(schema["$defs"]["KnownErrorCode"]["enum"]) == set(errors.CATALOGUE)
    for entry in catalogue:
        info = errors.CATALOGUE[entry["code"]]
        assert getattr(errors, entry["code"].upper()) == entry["code"] == info.code
        assert info.http_statuses == tuple(entry["httpStatus"])
        assert info.retryable is entry["retryable"]
        assert info.meaning == " ".join(entry["meaning"].split())
    assert errors.INVALID_REQUEST == "invalid_request"
    assert errors.CATALOGUE[errors.UPSTREAM_UNAVAILABLE].retryable is True
    assert errors.CATALOGUE[errors.RATE_LIMITED].http_statuses == (429,)


def test_error_codes_module_exports_each_constant() -> None:
    codes = {entry["code"].upper() for entry in documents()["error-code.json"]["x-talkie-catalogue"]}
    assert set(errors.__all__) == codes | {"CATALOGUE", "ErrorCodeInfo"}


def test_named_schemas_cover_the_defs_titles() -> None:
    # Titled $defs (Brand, ErrorBody, …) are models of their own, reachable from the top level.
    for title in named_schemas():
        assert title in talkie_models.__all__
