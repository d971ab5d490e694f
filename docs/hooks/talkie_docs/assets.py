"""Vendored browser assets: Mermaid from tools/node, served by the site instead of a CDN.

MkDocs Material loads Mermaid from unpkg unless a global `mermaid` already exists; listing a local copy in
`extra_javascript` defines it first, so diagrams render with no network.
"""

from __future__ import annotations

from pathlib import Path

MERMAID_URI = "assets/javascripts/mermaid.min.js"


def mermaid_source(root: Path) -> Path | None:
    """The Mermaid browser bundle installed from the npm registry by `dev.py setup`, if present."""
    path = root / "tools" / "node" / "node_modules" / "mermaid" / "dist" / "mermaid.min.js"
    return path if path.is_file() else None
