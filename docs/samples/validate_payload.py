"""Validate payloads before they go on the wire: a pydantic model for building, JSON Schema for checking.

`validate(instance, "Card")` checks a plain dict against the bundled schema and names the failing path, which
is what a backend wants in a test or at its API boundary. Run: `python docs/samples/validate_payload.py`.
"""

from __future__ import annotations

from talkie_models import Card, SchemaValidationError
from talkie_models.validation import is_valid, validate

card = {
    "id": "card_4711",
    "version": 1,
    "title": "Horizont Logistika s.r.o.",
    "subtitle": "Customer · Ostrava",
    "url": "/?record=horizont",
    "blocks": [
        {"type": "badge", "text": "Overdue", "tone": "warning"},
        {"type": "fields", "fields": [{"label": "Total due", "value": "182 400 Kč"}]},
    ],
    "fallbackText": "Horizont Logistika s.r.o.: 182 400 Kč overdue.",
    "a11yLabel": "Customer card of Horizont Logistika s.r.o.",
}


def main() -> None:
    validate(card, "Card")  # raises SchemaValidationError when the dict breaks the schema
    model = Card.model_validate(card)
    print(f"valid card: {model.title}, blocks: {[type(block).__name__ for block in model.blocks]}")

    broken = {**card, "blocks": [{"type": "badge", "text": "Overdue", "tone": "alarming"}]}
    print(f"broken card valid? {is_valid(broken, 'Card')}")
    try:
        validate(broken, "Card")
    except SchemaValidationError as error:
        print(f"rejected: {error}")


if __name__ == "__main__":
    main()
