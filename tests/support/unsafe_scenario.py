"""A scenario file whose `unsafe` step sends a card the schemas forbid (the inspector marks the run UNSAFE).

Shared by the scenario, inspector and HAR tests: an unknown block type, a `javascript:` and an `http:` link,
HTML in the title, then a normal text message.
"""

from __future__ import annotations

from pathlib import Path

UNSAFE_SCENARIO = """
scenarios:
  - match: "útok"
    steps:
      - unsafe:
          type: CUSTOM
          name: talkie.card
          value:
            id: c_bad
            version: 1
            title: "<img src=x onerror=alert(1)>"
            fallbackText: "zlá karta"
            blocks:
              - {type: hologram, text: "neznámý blok"}
              - {type: link, label: "klikni", url: "javascript:alert(1)"}
              - {type: link, label: "http", url: "http://example.com/"}
      - text: "Hotovo."
"""
TRIGGER = "útok"
"""A user message the scenario answers with the unsafe card."""


def unsafe_scenario(folder: Path) -> Path:
    """The scenario written to `folder`, ready for `make_config(scenario=…, self_check=False)`."""
    path = folder / "unsafe.yaml"
    path.write_text(UNSAFE_SCENARIO, encoding="utf-8")
    return path
