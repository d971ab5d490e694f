"""URL rules of talkie/1 (§6, §7, notes N-09): a same-origin path or an absolute https URL."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit


def is_same_origin_path(value: str) -> bool:
    """A path resolved against the issuer: one leading slash, never `//` (that would name another host)."""
    return value.startswith("/") and not value.startswith("//") and "\\" not in value


def is_https_url(value: str) -> bool:
    """An absolute https URL with a host."""
    parts = urlsplit(value)
    return parts.scheme == "https" and bool(parts.hostname)


def is_link_target(value: Any) -> bool:
    """Whether a card or link URL follows the rule."""
    return isinstance(value, str) and (is_same_origin_path(value) or is_https_url(value))


def iter_urls(node: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every value stored under a `url` key anywhere in a JSON document, with its JSON path."""
    if isinstance(node, dict):
        for key, value in node.items():
            here = f"{path}/{key}"
            if key == "url":
                yield here, value
            yield from iter_urls(value, here)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from iter_urls(value, f"{path}/{index}")
