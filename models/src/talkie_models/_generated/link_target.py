# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/link-target.json

from __future__ import annotations

from typing import Annotated

from pydantic import Field
from typing_extensions import TypeAliasType

LinkTarget = TypeAliasType(
    "LinkTarget",
    Annotated[
        str,
        Field(
            examples=[
                "/crm/companies/8841",
                "/?record=horizont-42",
                "https://www.horizont-logistika.example/nabidky/2031.pdf",
            ],
            pattern="^(?:/(?:[^/\\\\\\s][^\\s]*)?|https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?)$",
            title="LinkTarget",
        ),
    ],
)
"""
Target of a link in a card, a block or `talkie.open`: either a same-origin path (one leading `/`, never `//` or `/\\`, resolved against the issuer origin) or an absolute `https:` URL (notes N-09). Same-origin files are fetched with the bearer token; other URLs open in the browser without it.
"""
