"""The contract files shipped as package data: the schemas, their long examples, the OpenAPI documents.

Schemas come in two views: ``producer`` (``data/schemas/``, closed and exact, with every member the
specification's examples show) and ``text`` (``data/text/schemas/``, what the specification's text itself
requires, notes N-101).
"""

from __future__ import annotations

import copy
import functools
import json
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Literal

View = Literal["producer", "text"]

__all__ = ["View", "data_root", "example_files", "schema_documents", "schema_index", "schema_of"]

SCHEMA_BASE = "https://talkie-protocol.org/schemas/1/"


def data_root() -> Traversable:
    """The ``data`` folder inside the installed package (``schemas/``, ``spec/``)."""
    return resources.files("talkie_models") / "data"


@functools.cache
def schema_documents(view: View = "producer") -> dict[str, dict[str, Any]]:
    """File name -> parsed schema, for every bundled ``schemas/*.json`` of ``view``."""
    folder = data_root() / "schemas" if view == "producer" else data_root() / "text" / "schemas"
    files = sorted(
        (f for f in folder.iterdir() if f.name.endswith(".json") and f.is_file()), key=lambda f: f.name
    )
    return {f.name: json.loads(f.read_text(encoding="utf-8")) for f in files}


def example_files() -> dict[str, Any]:
    """File name -> parsed content of every bundled ``schemas/examples/*.json`` (whole streams and such)."""
    folder = data_root() / "schemas" / "examples"
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".json")), key=lambda f: f.name)
    return {f.name: json.loads(f.read_text(encoding="utf-8")) for f in files}


@functools.cache
def schema_index(view: View = "producer") -> dict[str, tuple[str, str]]:
    """Type name (a schema ``title``) -> (``$id`` of its document, JSON pointer inside it)."""
    index: dict[str, tuple[str, str]] = {}
    for document in schema_documents(view).values():
        uri = document["$id"]
        index[document["title"]] = (uri, "")
        for key, sub in document.get("$defs", {}).items():
            if isinstance(sub, dict) and isinstance(sub.get("title"), str):
                index.setdefault(sub["title"], (uri, f"/$defs/{key}"))
    return index


def schema_of(type_name: str) -> dict[str, Any]:
    """A deep copy of the schema of one type (a whole document, or a ``$defs`` entry)."""
    try:
        uri, pointer = schema_index()[type_name]
    except KeyError:
        raise KeyError(f"no talkie/1 schema has the title {type_name!r}") from None
    node: Any = next(d for d in schema_documents().values() if d["$id"] == uri)
    for part in filter(None, pointer.split("/")):
        node = node[part]
    result: dict[str, Any] = copy.deepcopy(node)
    return result
