"""Vendored browser assets: Mermaid from tools/node, served by the site instead of a CDN.

Diagram fences get the class `talkie-mermaid` rather than Material's `mermaid`: Material would fetch Mermaid
from unpkg and draw each diagram, shrunk to the column, inside a closed shadow root. Our `diagrams.js` draws
them with the local copy instead, and the hook adds both scripts only to pages that have a diagram.
"""

from __future__ import annotations

from pathlib import Path

MERMAID_URI = "assets/javascripts/mermaid.min.js"
DIAGRAM_URI = "assets/javascripts/diagrams.js"  # our renderer (docs/assets): natural size, scrolls, dark mode
DIAGRAM_SCRIPTS = (MERMAID_URI, DIAGRAM_URI)
DIAGRAM_CLASS = 'class="talkie-mermaid"'  # the fence class of ```mermaid blocks (mkdocs.yml)
FILTER_URI = "assets/javascripts/rule-filter.js"
PALETTE_URI = "assets/javascripts/palette.js"  # the palette for our scripts; dark Redoc in dark mode
SITE_SCRIPTS = (FILTER_URI, PALETTE_URI)  # small, on every page, ahead of the diagram scripts


def mermaid_source(root: Path) -> Path | None:
    """The Mermaid browser bundle installed from the npm registry by `dev.py setup`, if present."""
    path = root / "tools" / "node" / "node_modules" / "mermaid" / "dist" / "mermaid.min.js"
    return path if path.is_file() else None
