"""Where a rule comes from, in words a reader can check: the specification's line, an inference, or a note.

The catalogue records each rule's basis (`Rule.basis_kind`, `Rule.basis_note`): `specification` when the
protocol text states the requirement with an RFC 2119 keyword, `inferred` when the sentence carries no keyword
and the level is our reading of it, `note` when one of our implementation notes adds it. A catalogue without
those fields (an older fork's) is read by the catalogue's
own test: a keyword on the source line means `specification`. `verdict` says what breaking a rule earns in the
conformance suite: only a MUST of the specification's text fails; a SHOULD, or a rule a note adds, warns.
"""

from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass
from typing import Literal

from talkie_models.findings import Severity, severity_for

from .contract import Contract, Rule
from .markdown import cell, code

BasisKind = Literal["specification", "inferred", "note"]
SPEC_URI = "reference/protocol-text.md"
RFC2119_WORDS = frozenset({"MUST", "MUST NOT", "REQUIRED", "SHOULD", "SHOULD NOT", "MAY", "OPTIONAL"})
_KIND_WORDS = {"specification": "specification", "inferred": "our reading", "note": "note"}
_BLOCK_START = re.compile(r"^\s*(?:[-*] |\d+\. |#|\||```)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`*(\"])")


@dataclass(frozen=True)
class Basis:
    """A rule's basis, resolved for display."""

    kind: BasisKind
    line: int
    note: str | None


def basis_of(rule: Rule) -> Basis:
    """The basis the catalogue records for `rule` (derived from its source keyword when not recorded)."""
    recorded = getattr(rule, "basis_kind", None)
    note = getattr(rule, "basis_note", None)
    kind: BasisKind
    if recorded in ("specification", "inferred", "note"):
        kind = recorded
    else:
        kind = "specification" if rule.source.keyword in RFC2119_WORDS else "inferred"
    return Basis(kind=kind, line=rule.source.line, note=str(note) if kind == "note" and note else None)


def spec_lines(contract: Contract) -> list[str]:
    """The protocol text, line by line (empty when the checkout has no copy of the specification)."""
    path = contract.root / "spec" / "specification" / "talkie-1.txt"
    return path.read_text(encoding="utf-8").splitlines() if path.is_file() else []


def _prose(text: str) -> str:
    """Specification text for a table cell: code spans
    kept (Markdown escapes them), `<` and `&` outside escaped.

    A code span the specification continues on the next line is closed at the end of this one.
    """
    if text.count("`") % 2:
        text += "`"
    parts = text.split("`")
    for index in range(0, len(parts), 2):  # the even pieces lie outside code spans
        parts[index] = html.escape(parts[index], quote=False)
    return cell("`".join(parts))


def _relative(target: str, page_uri: str) -> str:
    return posixpath.relpath(target, posixpath.dirname(page_uri) or ".")


def _block(lines: list[str], index: int) -> tuple[int, int]:
    """The first and last line (0-based) of the paragraph, bullet or table row that holds line `index`."""
    first = index
    while first > 0 and lines[first - 1].strip() and not _BLOCK_START.match(lines[first]):
        first -= 1
    last = index
    while last + 1 < len(lines) and lines[last + 1].strip() and not _BLOCK_START.match(lines[last + 1]):
        last += 1
    return first, last


def sentence_at(lines: list[str], line: int) -> str:
    """The whole sentence(s) of the specification that line `line` (1-based) belongs to, never cut short.

    The text wraps sentences over several lines and starts new ones mid-line, so the quote is taken from the
    joined paragraph: every sentence that overlaps the line's own words.
    """
    if not 0 < line <= len(lines) or not lines[line - 1].strip():
        return ""
    fences = sum(1 for text in lines[: line - 1] if text.lstrip().startswith("```"))
    if fences % 2:  # inside an example: the line itself is the statement, shown as code
        return "`" + lines[line - 1].strip().replace("`", "") + "`"
    if lines[line - 1].lstrip().startswith("|"):  # a table row: its cells are the whole statement
        return " · ".join(cell.strip() for cell in lines[line - 1].strip().strip("|").split("|"))
    first, last = _block(lines, line - 1)
    pieces = [lines[number].strip() for number in range(first, last + 1)]
    start = sum(len(piece) + 1 for piece in pieces[: line - 1 - first])
    end = start + len(pieces[line - 1 - first])
    text = " ".join(pieces)
    chosen: list[str] = []
    offset = 0
    for sentence in _SENTENCE_END.split(text):
        found = text.index(sentence, offset)
        offset = found + len(sentence)
        if found < end and offset > start:
            chosen.append(sentence)
    return " ".join(chosen).lstrip("-*|# ").strip(" |")


def describe(rule: Rule, lines: list[str], page_uri: str) -> str:
    """One Markdown/HTML cell: the kind of basis, the line it rests on (linked) and its whole sentence."""
    basis = basis_of(rule)
    source = _relative(SPEC_URI, page_uri)
    line_link = f"[line {basis.line}]({source}#L{basis.line})"
    text = sentence_at(lines, basis.line)
    quote = f' <q class="talkie-basis__quote">{_prose(text)}</q>' if text else ""
    if basis.kind == "note" and basis.note:
        notes = _relative("spec/notes.md", page_uri)
        return (
            f'<span class="talkie-basis talkie-basis--note">note [{basis.note}]({notes}#{basis.note})</span> '
            f"fills a gap near {line_link}"
        )
    if basis.kind == "inferred":
        return (
            '<span class="talkie-basis talkie-basis--inferred">our reading</span> of a sentence without an '
            f"RFC 2119 keyword, {line_link}:{quote}"
        )
    return f'<span class="talkie-basis talkie-basis--specification">specification</span> {line_link}:{quote}'


def render_protocol_text(contract: Contract) -> str:
    """The protocol text with an anchor per line, so a rule's basis can link to the exact words."""
    lines = spec_lines(contract)
    rows = "\n".join(
        f'<span class="talkie-spec__line" id="L{number}"><a href="#L{number}">{number}</a>'
        f"{code(line) if line else ''}</span>"
        for number, line in enumerate(lines, start=1)
    )
    return (
        "# The protocol text\n\n"
        "This is the text of talkie/1 exactly as the toolkit keeps it (`spec/specification/talkie-1.txt`), "
        "one anchor per line. The [specification pages](../spec/index.md) restate it in our own words; the "
        "[checklists](../guides/server-checklist.md) link each rule to the line it rests on.\n\n"
        f'<div class="talkie-spec" markdown="0">\n{rows}\n</div>\n'
    )


_VERDICTS = {
    Severity.ERROR: ("fails", "A violation fails talkie-conformance: a MUST of the specification's text"),
    Severity.WARNING: (
        "warns",
        "A violation is a warning, never a failure: a SHOULD, or a rule one of our notes adds",
    ),
    Severity.INFO: ("informs", "A MAY: the suite only remarks on it"),
}


def verdict(rule: Rule) -> str:
    """What breaking `rule` earns in the conformance suite, as a labelled span: fails, warns or informs."""
    word, title = _VERDICTS[severity_for(rule)]
    return f'<span class="talkie-verdict talkie-verdict--{word}" title="{title}">{word}</span>'


def quote(rule: Rule, lines: list[str]) -> str:
    """The specification's sentence at the rule's line, as an inline quote (empty for a note's rule)."""
    if basis_of(rule).kind == "note":
        return ""
    text = sentence_at(lines, rule.source.line)
    return f' <q class="talkie-basis__quote">{_prose(text)}</q>' if text else ""


def short(rule: Rule, page_uri: str) -> str:
    """The basis in a few words, for the rule blocks and the
    rule matrix: `specification · line 65`, `note N-04`."""
    found = basis_of(rule)
    if found.kind == "note" and found.note:
        notes = _relative("spec/notes.md", page_uri)
        link = f"[{found.note}]({notes}#{found.note})"
        return f'<span class="talkie-basis talkie-basis--note">note {link}</span>'
    spec = _relative(SPEC_URI, page_uri)
    return (
        f'<span class="talkie-basis talkie-basis--{found.kind}">{_KIND_WORDS[found.kind]} · '
        f"[line {found.line}]({spec}#L{found.line})</span>"
    )
