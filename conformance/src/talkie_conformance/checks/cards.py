"""§6 Cards: `talkie.card` values are valid cards with known blocks, fallbackText, and allowed URLs."""

from __future__ import annotations

import copy
from typing import Any

from talkie_models.protocol import TEST_CARD

from talkie_conformance.checking import CheckContext, check
from talkie_conformance.checks._support import run_started
from talkie_conformance.urls import is_link_target, iter_urls

_PLACEHOLDER_URL = "/"


def _neutralise_urls(node: Any) -> Any:
    """Replace URLs that break CARD-005 so the shape checks report shape problems only."""
    if isinstance(node, dict):
        return {
            key: (_PLACEHOLDER_URL if key == "url" and not is_link_target(value) else _neutralise_urls(value))
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_neutralise_urls(item) for item in node]
    return node


@check("CARD-001", "CARD-002", "CARD-003", "CARD-005", test_mode=True)
def card_rules(ctx: CheckContext) -> None:
    """The card of talkie-test:card is a valid card: known blocks, a fallbackText, allowed URLs."""
    ctx.require_test_mode()
    recording = ctx.run_text(TEST_CARD)
    run_started(ctx, recording, TEST_CARD)
    cards = recording.custom("talkie.card")
    ctx.require("CARD-001", bool(cards), "talkie-test:card streamed no talkie.card", recording=recording)
    for card_event in cards:
        card = card_event.data.get("value")
        ctx.require("CARD-001", isinstance(card, dict), "the talkie.card value is not an object")
        fallback = card.get("fallbackText")
        ctx.expect(
            "CARD-003",
            isinstance(fallback, str) and bool(fallback.strip()),
            f"card fallbackText is {fallback!r}: a client that cannot render a block needs it",
            recording=recording,
        )
        for path, url in iter_urls(card):
            ctx.expect(
                "CARD-005",
                is_link_target(url),
                f"card{path} = {url!r} is neither a same-origin path nor an https URL",
                recording=recording,
            )
        clean = _neutralise_urls(copy.deepcopy(card))
        blocks = clean.get("blocks")
        if isinstance(blocks, list):
            for index, block in enumerate(blocks):
                ctx.validate("CARD-002", block, "CardBlock", f"card block #{index}", recording=recording)
        clean["blocks"] = []
        if not (isinstance(fallback, str) and fallback.strip()):
            clean["fallbackText"] = "placeholder"
        ctx.validate("CARD-001", clean, "Card", "the card (blocks aside)", recording=recording)
