"""Facts the pages print but do not own: protocol constants and the toolkit's version.

`[[protocol:TALKIE_CLIENT_ID]]` in a page becomes the value of that constant of `talkie_models.protocol`
(the one place the toolkit states what the specification fixes literally), as inline code. The version banner
shows the protocol version from the same module and the toolkit version from the workspace's pyproject.toml.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from talkie_models import protocol

from .markdown import code

MARKER_RE = re.compile(r"\[\[protocol:([A-Z][A-Z0-9_]*)\]\]")


def toolkit_version(root: Path) -> str:
    """The version of the talkie-toolkit workspace (root pyproject.toml)."""
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    return str(data["project"]["version"])


RELEASE_RE = re.compile(r"^## \[(?P<version>[^\]]+)\](?: — (?P<status>.+))?$", re.MULTILINE)


def release_status(root: Path, version: str) -> str:
    """What CHANGELOG.md says of `version` after its heading's dash (`unreleased`), or '' once released."""
    text = (root / "CHANGELOG.md").read_text(encoding="utf-8")
    for match in RELEASE_RE.finditer(text):
        if match.group("version") == version:
            return (match.group("status") or "").strip()
    return "not in the changelog"


def banner(root: Path) -> dict[str, str]:
    """What the version banner shows (read by docs/overrides/main.html as `config.extra.talkie`)."""
    version = toolkit_version(root)
    return {"spec": protocol.SPEC, "version": version, "status": release_status(root, version)}


def expand(markdown: str) -> tuple[str, list[str]]:
    """Replace protocol markers by their values; also return the names that `talkie_models.protocol` lacks."""
    unknown: list[str] = []

    def replace(match: re.Match[str]) -> str:
        value = getattr(protocol, match.group(1), None)
        if not isinstance(value, str | int):
            unknown.append(match.group(1))
            return match.group(0)
        return code(value)

    return MARKER_RE.sub(replace, markdown), unknown
