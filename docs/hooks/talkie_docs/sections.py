"""Prose references become links — `§8`, `§10.1`, rule IDs such as `RUN-004` — and notes get `#N-xx` ids.

Both are done by one Markdown tree processor, so they also reach text included with snippets (the notes page
is `spec/notes.md` pulled in whole). It runs after the inline patterns (code spans are elements by then, and
are left alone, as are links and headings) and before `toc` (which keeps an `id` that is already set).

Where a section lives is read from the contract: the rule catalogue says which area (and so which spec page)
each specification section belongs to, and the specification's own headings list the subsections; a subsection
is the heading of its page marked `{#section-10-1}`. "RFC
8252 §7.1" is another document's section and stays plain text.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from xml.etree.ElementTree import Element

from markdown import Markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

from .contract import Contract

SECTION_RE = re.compile(r"(?<![\w/])§\s?(\d{1,2})(?:\.(\d{1,2}))?(?!\d)")
RULE_RE = re.compile(r"(?<![\w-])([A-Z]{2,5}-\d{3})(?![\w-])")
REFERENCE_RE = re.compile(f"{SECTION_RE.pattern}|{RULE_RE.pattern}")
FOREIGN_RE = re.compile(r"(RFC\s?\d{3,5}|draft[\w-]*|BCP\s?\d+)\s*$", re.I)
SPEC_HEADING_RE = re.compile(r"^#{2,3} (\d{1,2}(?:\.\d{1,2})?)\.? (.+)$")
NOTE_HEADING_RE = re.compile(r"^(N-\d{2,3})\b")
SKIP_TAGS = frozenset({"a", "code", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "script", "style"})


def section_titles(lines: list[str]) -> dict[str, str]:
    """Section number → title, from the specification's `## 1. …` and `### 2.1 …` headings."""
    titles: dict[str, str] = {}
    for line in lines:
        match = SPEC_HEADING_RE.match(line)
        if match:
            titles[match.group(1)] = match.group(2).strip()
    return titles


def anchor(section: str) -> str:
    """The heading id a spec page gives a subsection: `section-10-1`."""
    return "section-" + section.replace(".", "-")


def section_pages(contract: Contract, area_pages: Mapping[str, str]) -> dict[str, str]:
    """Top-level section number → the spec page (docs-relative) that restates it."""
    pages: dict[str, str] = {}
    for rule in contract.rules:
        page = area_pages.get(rule.area)
        if page is not None:
            pages.setdefault(rule.section.split(".", 1)[0], page)
    return pages


class SectionLinker:
    """Resolves `§N` / `§N.M` to a link from the page being rendered."""

    def __init__(self, pages: Mapping[str, str], titles: Mapping[str, str]) -> None:
        self.pages = dict(pages)
        self.titles = dict(titles)
        self.current = ""  # docs-relative path of the page being converted (set by on_page_markdown)
        self.rules: dict[str, str] = {}  # rule ID → the spec page that shows it (set once rules are placed)

    def _relative(self, page: str) -> str:
        return posixpath.relpath(page, posixpath.dirname(self.current) or ".")

    def rule_target(self, rule_id: str) -> str | None:
        """The link target of a rule ID mentioned in prose (its block on its spec page), or None."""
        page = self.rules.get(rule_id)
        return None if page is None else self._relative(page) + "#" + rule_id

    def target(self, major: str, minor: str | None) -> str | None:
        """The Markdown link target of a section reference, or None when talkie/1 has no such section."""
        page = self.pages.get(major)
        if page is None:
            return None
        relative = self._relative(page)
        section = f"{major}.{minor}" if minor else major
        if minor is not None:
            return relative + "#" + anchor(section) if section in self.titles else None
        return relative

    def title(self, major: str, minor: str | None) -> str:
        section = f"{major}.{minor}" if minor else major
        return f"§{section} {self.titles.get(section, '')}".strip()


def _has_reference(text: str | None) -> bool:
    return bool(text) and ("§" in str(text) or RULE_RE.search(str(text)) is not None)


def _link_text(
    text: str, linker: SectionLinker, before: str = "", own: str | None = None
) -> list[str | Element]:
    """Split `text` into plain strings and `<a>` elements for each section reference and rule ID it holds.

    `before` is the text just ahead of it (the element a tail follows), so "[RFC 8252](…) §7" stays plain.
    `own` is the rule ID of the block the text belongs to: that ID is the text of the block's own anchor
    (raw HTML, invisible to this walk), so it is never linked again inside it.
    """
    pieces: list[str | Element] = []
    last = 0
    for match in REFERENCE_RE.finditer(text):
        major, minor, rule_id = match.groups()
        if rule_id is not None:
            if rule_id == own:
                continue
            href, css, title = linker.rule_target(rule_id), "talkie-rule-ref", f"Rule {rule_id}"
        elif FOREIGN_RE.search(before + text[: match.start()]):
            continue
        else:
            href, css = linker.target(major, minor), "talkie-section"
            title = linker.title(major, minor).replace("`", "")
        if href is None:
            continue
        pieces.append(text[last : match.start()])
        link = Element("a", {"href": href, "class": css, "title": title})
        link.text = match.group(0)
        pieces.append(link)
        last = match.end()
    pieces.append(text[last:])
    return pieces


def _insert(parent: Element, index: int, pieces: list[str | Element], as_text: bool) -> None:
    """Put the pieces back: the first string becomes text (or the tail of the previous child)."""
    head, rest = pieces[0], pieces[1:]
    assert isinstance(head, str)
    previous: Element | None = None
    if as_text:
        parent.text = head
    else:
        previous = parent[index - 1]
        previous.tail = head
    position = 0 if as_text else index
    for piece in rest:
        if isinstance(piece, str):
            assert previous is not None
            previous.tail = (previous.tail or "") + piece
        else:
            piece.tail = ""
            parent.insert(position, piece)
            previous = piece
            position += 1


class _Processor(Treeprocessor):
    def __init__(self, md: Markdown, linker: SectionLinker) -> None:
        super().__init__(md)
        self.linker = linker

    def run(self, root: Element) -> None:
        self._walk(root)

    def _walk(self, element: Element) -> None:
        if element.tag in ("h2", "h3") and "id" not in element.attrib:
            match = NOTE_HEADING_RE.match(element.text or "")
            if match and self.linker.current.endswith("notes.md"):
                element.set("id", match.group(1))
        if element.tag in SKIP_TAGS:
            return
        children = list(element)
        own = element.get("id") if "talkie-rule" in element.get("class", "").split() else None
        if element.text and _has_reference(element.text):
            pieces = _link_text(element.text, self.linker, own=own)
            if len(pieces) > 1:
                _insert(element, 0, pieces, as_text=True)
        for child in children:
            self._walk(child)
            if child.tail and _has_reference(child.tail):
                pieces = _link_text(child.tail, self.linker, "".join(child.itertext()))
                if len(pieces) > 1:
                    _insert(element, list(element).index(child) + 1, pieces, as_text=False)


class SectionExtension(Extension):
    """Registers the processor between the inline patterns (20) and `toc` (5)."""

    def __init__(self, linker: SectionLinker) -> None:
        super().__init__()
        self.linker = linker

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Markdown's API name)
        md.treeprocessors.register(_Processor(md, self.linker), "talkie_sections", 6)
