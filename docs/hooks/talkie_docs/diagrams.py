"""Mermaid diagrams drawn at build time: every ```mermaid fence becomes inline SVG, a light and a dark copy.

A page with a diagram then loads no script for it (Mermaid's modules were over half a megabyte), the diagram
shows without JavaScript, and the site ships no Mermaid at all. The build draws them in headless Chromium
(Debian's binary, as the browser tests use) with Mermaid's single-file bundle from tools/node, added to a
blank page as text: nothing is fetched. CSS shows the copy of the palette in use (`talkie.css`), so
toggling the palette needs no redraw.

Each diagram is drawn at its natural size with 16 px text (never shrunk to the column); its canvas scrolls
sideways on a narrow screen. Ids inside the SVG are prefixed per copy, so two diagrams on one page (or the two
copies of one) never share an id their arrowheads point at.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FENCE_CLASS = "talkie-mermaid"  # the fence class of ```mermaid blocks (mkdocs.yml)
FENCE_RE = re.compile(r"^(`{3,})mermaid[ \t]*\n(.*?)^\1[ \t]*$", re.M | re.S)
PRE_RE = re.compile(r'<pre class="talkie-mermaid"><code>(.*?)</code></pre>', re.S)
SCHEMES = ("light", "dark")
FONT = 16
# Verdana's metrics, and DejaVu Sans (its open twin) where Verdana is missing, as on the build machine: the
# boxes are sized for the widest of the usual sans fonts, so no reader's font spills out of them.
FONT_FAMILY = 'Verdana, "DejaVu Sans", sans-serif'
# Mermaid's dark theme draws edge labels at about 4.4:1; these colours keep them above 4.5:1.
DARK_VARIABLES = {
    "edgeLabelBackground": "#1e2129",
    "labelTextColor": "#f2f3f5",
    "textColor": "#f2f3f5",
    "lineColor": "#c9ccd3",
}
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
RENDER_SECONDS = 30
"""How long one diagram may take to draw: a build never waits on a stuck render."""
RENDER_JS = f"""
async ([id, source, config]) => {{
  mermaid.initialize(config);
  const late = new Promise((_, reject) =>
    setTimeout(() => reject(new Error("not drawn within {RENDER_SECONDS} s")), {RENDER_SECONDS * 1000}));
  const {{ svg }} = await Promise.race([mermaid.render(id, source), late]);
  return svg;
}}
"""


def config(scheme: str) -> dict[str, Any]:
    """Mermaid's settings for one palette: natural size, 16 px text, narrow actors, wrapped messages."""
    dark = scheme == "dark"
    return {
        "startOnLoad": False,
        "securityLevel": "strict",
        "theme": "dark" if dark else "default",
        "themeVariables": {"fontFamily": FONT_FAMILY, **(DARK_VARIABLES if dark else {})},
        "fontFamily": FONT_FAMILY,
        "fontSize": FONT,
        "flowchart": {"useMaxWidth": False},
        "state": {"useMaxWidth": False},
        # Narrow actor boxes, close together, and long messages wrapped: a sequence diagram fits the text
        # column on a desktop, and on a phone it scrolls sideways at a readable size.
        "sequence": {
            "useMaxWidth": False,
            "wrap": True,
            "width": 110,
            "actorMargin": 24,
            "boxMargin": 6,
            "actorFontSize": FONT,
            "messageFontSize": FONT,
            "noteFontSize": FONT,
        },
    }


def sources(markdown: str) -> list[str]:
    """The diagram sources of a page's Markdown, without the last newline (as the built page shows them)."""
    return [match.group(2).rstrip("\n") for match in FENCE_RE.finditer(markdown)]


def key(source: str) -> str:
    """A short stable name for a diagram (its ids start with it)."""
    return "talkie-d" + hashlib.sha256(source.encode("utf-8")).hexdigest()[:10]


def prefix_ids(svg: str, prefix: str) -> str:
    """Give every id of the SVG that does not start with `prefix` that prefix, and its references too."""
    names = {name for name in re.findall(r'\bid="([^"]+)"', svg) if not name.startswith(prefix)}
    if not names:
        return svg
    alternatives = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    pattern = re.compile(rf'(\bid="|url\(#|href="#)({alternatives})(["\)])')
    return pattern.sub(lambda m: f"{m.group(1)}{prefix}-{m.group(2)}{m.group(3)}", svg)


def chromium_binary() -> str | None:
    """The Chromium (or Chrome) on this machine's PATH, if any."""
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def mermaid_bundle(root: Path) -> Path | None:
    """Mermaid's single-file bundle, installed into tools/node by `dev.py setup`."""
    bundle = root / "tools" / "node" / "node_modules" / "mermaid" / "dist" / "mermaid.min.js"
    return bundle if bundle.is_file() else None


class DiagramError(RuntimeError):
    """The diagrams could not be drawn (no Chromium, no Playwright, no Mermaid, or Mermaid refused one)."""


@dataclass
class Drawn:
    """Both copies of one diagram."""

    light: str
    dark: str


# (bundle digest, source) -> drawn: `mkdocs serve` redraws only the diagrams that changed
_cache: dict[tuple[str, str], Drawn] = {}


def _digest(bundle: Path) -> str:
    return hashlib.sha256(bundle.read_bytes()).hexdigest()


def draw(root: Path, wanted: Iterable[str]) -> dict[str, Drawn]:
    """Draw every source (cached across builds of one process); raises DiagramError when it cannot."""
    bundle = mermaid_bundle(root)
    if bundle is None:
        raise DiagramError("tools/node has no mermaid; run `python3 dev.py setup`")
    digest = _digest(bundle)
    unique = list(dict.fromkeys(wanted))
    missing = [source for source in unique if (digest, source) not in _cache]
    if missing:
        for source, drawn in _draw_in_chromium(bundle, missing).items():
            _cache[(digest, source)] = drawn
    return {source: _cache[(digest, source)] for source in unique}


def _draw_in_chromium(bundle: Path, missing: list[str]) -> dict[str, Drawn]:
    binary = chromium_binary()
    if binary is None:
        raise DiagramError("no Chromium on PATH to draw the diagrams (apt-get install chromium)")
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError as exc:  # the dev extras of the workspace bring Playwright
        raise DiagramError("Playwright is not installed (python3 dev.py setup)") from exc
    drawn: dict[str, Drawn] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=binary, args=list(CHROMIUM_ARGS))
        try:
            page = browser.new_page()
            page.set_content("<!DOCTYPE html><html><head></head><body></body></html>")
            page.add_script_tag(content=bundle.read_text(encoding="utf-8"))
            for source in missing:
                copies = {}
                for scheme in SCHEMES:
                    name = f"{key(source)}-{scheme}"
                    try:
                        svg = page.evaluate(RENDER_JS, [name, source, config(scheme)])
                    except Error as exc:
                        first = source.strip().splitlines()[0] if source.strip() else ""
                        raise DiagramError(f"Mermaid cannot draw the diagram {first!r}: {exc}") from exc
                    copies[scheme] = prefix_ids(str(svg), name)
                drawn[source] = Drawn(light=copies["light"], dark=copies["dark"])
        finally:
            browser.close()
    return drawn


def figure(drawn: Drawn) -> str:
    """The markup of one diagram: both copies, each in a scroll container a keyboard can reach."""
    canvases = "".join(
        f'<div class="talkie-diagram__canvas talkie-diagram__canvas--{scheme}" tabindex="0">{svg}</div>'
        for scheme, svg in (("light", drawn.light), ("dark", drawn.dark))
    )
    return f'<div class="talkie-diagram" role="figure">{canvases}</div>'


def replace(output: str, drawn: dict[str, Drawn]) -> tuple[str, list[str]]:
    """Swap each diagram fence of a built page for its figure; also returns the sources not drawn."""
    missing: list[str] = []

    def swap(match: re.Match[str]) -> str:
        source = html.unescape(match.group(1)).rstrip("\n")
        found = drawn.get(source)
        if found is None:
            missing.append(source)
            return match.group(0)
        return figure(found)

    return PRE_RE.sub(swap, output), missing


def describe(sources: Iterable[str]) -> str:
    """The first line of each source, for a warning."""
    return json.dumps([s.strip().splitlines()[0] if s.strip() else "" for s in sources])
