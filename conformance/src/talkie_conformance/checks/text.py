"""§7 Text: assistant text keeps to the Markdown subset, links only where allowed, no HTML or images."""

from __future__ import annotations

import re

from talkie_models.protocol import TEST_ACTION, TEST_CARD

from talkie_conformance.checking import CheckContext, check
from talkie_conformance.checks._support import run_started
from talkie_conformance.urls import is_link_target

# talkie-test:echo is exempt (§11 wins, notes N-10); these answers are the server's own words.
TEXT_MESSAGES = (TEST_CARD, TEST_ACTION)
_LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]*)\)")
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_HTML = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(\s[^<>]*)?/?>")
_OUTSIDE_SUBSET = {
    "heading": re.compile(r"(?m)^\s{0,3}#{1,6}\s"),
    "code fence": re.compile(r"(?m)^\s{0,3}(```|~~~)"),
    "table": re.compile(r"(?m)^\s*\|.*\|\s*$"),
    "block quote": re.compile(r"(?m)^\s{0,3}>\s"),
}


@check("TEXT-001", "TEXT-002", "TEXT-003", test_mode=True)
def assistant_text_format(ctx: CheckContext) -> None:
    """Assistant text of the card and action answers uses only the Markdown subset, safe links, no HTML."""
    ctx.require_test_mode()
    for message in TEXT_MESSAGES:
        recording = ctx.run_text(message)
        run_started(ctx, recording, message)
        text = recording.text()
        for name, pattern in _OUTSIDE_SUBSET.items():
            ctx.expect(
                "TEXT-001",
                not pattern.search(text),
                f"{message}: text uses a {name}",
                recording=recording,
            )
        for url in _LINK.findall(text):
            ctx.expect(
                "TEXT-002",
                is_link_target(url),
                f"{message}: link {url!r} is neither https nor a same-origin path",
                recording=recording,
            )
        ctx.expect("TEXT-003", not _HTML.search(text), f"{message}: text contains HTML", recording=recording)
        ctx.expect(
            "TEXT-003",
            not _IMAGE.search(text),
            f"{message}: text contains an image",
            recording=recording,
        )
