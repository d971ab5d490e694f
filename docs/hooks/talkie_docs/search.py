"""One search entry per rule, so that searching `ACT-010` finds ACT-010 before MAN-010 and AUTH-010.

The search plugin indexes a page by its headings; a rule block is no heading, so a rule ID only appears in
the text of a long section, and the query's two halves (`act`, `010`) score other rules as high. After the
build, every rule gets an entry of its own in `search/search_index.json`: its ID in the title (the field the
search weighs most) and its statement as text, each as the rule's block shows it (a level we read, or a note
adds, in plain words), pointing at its anchor on its spec page.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path

from .contract import Rule
from .rules import search_title, statement

INDEX = Path("search") / "search_index.json"
BOOST = 20.0


def rule_entries(rules: Iterable[Rule], urls: Mapping[str, str]) -> list[dict[str, object]]:
    """Search documents for the rules whose page URL is known (`urls`: rule ID → page URL)."""
    return [
        {
            "location": f"{urls[rule.id]}#{rule.id}",
            "title": search_title(rule),
            "text": statement(rule),
            "boost": BOOST,
        }
        for rule in rules
        if rule.id in urls
    ]


def add_rule_entries(site_dir: Path, entries: list[dict[str, object]]) -> bool:
    """Append the entries to the built index; False when the site has no search index."""
    path = site_dir / INDEX
    if not path.is_file():
        return False
    index = json.loads(path.read_text(encoding="utf-8"))
    docs = index.setdefault("docs", [])
    known = {doc.get("location") for doc in docs}
    docs.extend(entry for entry in entries if entry["location"] not in known)
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return True
