"""Vendored browser assets: Mermaid from tools/node, served by the site instead of a CDN.

Mermaid's ES module build is served, not its 3.5 MB single-file bundle: the entry module is 30 kB and the
browser fetches only the chunks of the diagram types a page draws (a sequence diagram needs about a third
of the whole), so a page with one small diagram stays light.

Diagram fences get the class `talkie-mermaid` rather than Material's `mermaid`: Material would fetch Mermaid
from unpkg and draw each diagram, shrunk to the column, inside a closed shadow root. Our `diagrams.js` draws
them with the local copy instead, and the hook adds both scripts only to pages that have a diagram.
"""

from __future__ import annotations

from pathlib import Path

MERMAID_DIR = "assets/javascripts/mermaid"  # the ES module build: entry module and its chunks folder
MERMAID_URI = f"{MERMAID_DIR}/mermaid.esm.min.mjs"
DIAGRAM_URI = "assets/javascripts/diagrams.js"  # our renderer (docs/assets): natural size, scrolls, dark mode
DIAGRAM_SCRIPTS = (DIAGRAM_URI,)  # it imports MERMAID_URI itself
DIAGRAM_CLASS = 'class="talkie-mermaid"'  # the fence class of ```mermaid blocks (mkdocs.yml)
FILTER_URI = "assets/javascripts/rule-filter.js"
PALETTE_URI = "assets/javascripts/palette.js"  # the palette for our scripts; dark Redoc in dark mode
SITE_SCRIPTS = (FILTER_URI, PALETTE_URI)  # small, on every page, ahead of the diagram scripts


def mermaid_files(root: Path) -> dict[str, Path]:
    """Site path -> file of Mermaid's ES module build (entry and chunks, no source maps), installed from
    the npm registry by `dev.py setup`; empty when it is not installed."""
    dist = root / "tools" / "node" / "node_modules" / "mermaid" / "dist"
    entry = dist / "mermaid.esm.min.mjs"
    if not entry.is_file():
        return {}
    found = {MERMAID_URI: entry}
    for chunk in sorted((dist / "chunks" / "mermaid.esm.min").glob("*.mjs")):
        found[f"{MERMAID_DIR}/chunks/mermaid.esm.min/{chunk.name}"] = chunk
    return found
