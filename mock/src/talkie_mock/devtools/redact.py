"""Secrets never leave the mock through a developer surface: one scrubber for every text it shows.

The traffic record, the inspector's state view, the violation log, the report and the server log all pass
what they show through :func:`redact` (JSON values) or :func:`scrub` (text). Three nets catch a secret:
the names it travels under (`Authorization: Bearer …`, `refresh_token=…`, `"clientSecret": …`), the
prefixes the mock gives every credential it mints (`tka_`, `tkr_`, `tkc_`, `ek_mock_`, `tk_dev_`, `dk_`),
and the exact values of the instance's own static secrets (a dev token chosen with `--token` has no
prefix). What stays is a short head, so a developer still recognises which credential was used.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Iterable
from typing import Any

FORM_FIELDS = (
    "access_token",
    "refresh_token",
    "id_token",
    "token",
    "code",
    "code_verifier",
    "client_secret",
    "key",
    "csrf",
)
"""Query and form fields (`name=value`) whose value is a secret."""
MEMBERS = ("access_token", "refresh_token", "id_token", "code_verifier", "client_secret", "clientSecret")
"""JSON members whose value is a secret (`code` is not among them: §3 error bodies have a `code`)."""
_MEMBERS = frozenset(MEMBERS)

MINTED = ("tka_", "tkr_", "tkc_", "ek_mock_", "tk_dev_", "dk_")
MARK = "…"

_FIELD = re.compile(
    r"(?P<head>(?:^|(?<=[?&;\s]))(?:" + "|".join(FORM_FIELDS) + r")=)(?P<value>[^\s&\"',;#]+)"
)
_MEMBER = re.compile(r"(?P<head>\"(?:" + "|".join(MEMBERS) + r")\"\s*:\s*\")(?P<value>[^\"\\]+)")
_BEARER = re.compile(r"(?i)(?P<head>\b(?:bearer|basic)\s+)(?P<value>[^\s\"',;]+)")
_PREFIXED = re.compile(r"(?P<value>\b(?:" + "|".join(map(re.escape, MINTED)) + r")[A-Za-z0-9_\-.~]{4,})")


def head(secret: str) -> str:
    """What a redacted secret keeps: its minting prefix or a short head, then an ellipsis."""
    if secret.endswith(MARK):
        return secret
    for prefix in MINTED:
        if secret.startswith(prefix):
            return secret[: len(prefix) + 2] + MARK
    return secret[: min(4, len(secret) // 4)] + MARK


_JSON_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")


def _json_unescaped(text: str) -> str:
    """`\\u005f` and the like as the characters they stand for (a JSON body may spell a secret so)."""
    return _JSON_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)


_ENCODINGS = (("%", urllib.parse.unquote), ("\\u", _json_unescaped))
"""How a secret can be spelled so that the patterns would not see it: percent-encoded, JSON-escaped."""

FRAGMENT_CHARS = 8
"""A run of text that starts with this many characters of a known secret is taken for (a piece of) it."""


class Redactor:
    """Scrubs text and JSON values; knows the instance's static secrets besides the patterns.

    Two ways a secret could slip through the patterns are closed here: a piece of a known secret (a body or
    a quote cut in the middle of it keeps its start), and a secret whose name or value is percent-encoded
    (`k%65y=dk_%69…`) or JSON-escaped (`tk\\u005f…`), which is shown decoded when decoding reveals one.
    """

    def __init__(self, known: Iterable[str] = ()) -> None:
        self._known = sorted({k for k in known if k}, key=len, reverse=True)
        starts = sorted({re.escape(k[:FRAGMENT_CHARS]) for k in self._known if len(k) >= FRAGMENT_CHARS})
        self._pieces = re.compile(f"(?:{'|'.join(starts)})[A-Za-z0-9_\\-.~]*") if starts else None

    def scrub(self, text: str) -> str:
        """`text` with every secret it carries cut to its head."""
        if not text:
            return text
        scrubbed = self._scrub(text)
        for marker, decode in _ENCODINGS:
            if marker in text:
                decoded = decode(text)
                if decoded != text:
                    shown = self._scrub(decoded)
                    if shown != decoded:  # decoding revealed a secret: show the decoded text, cut
                        return shown
        return scrubbed

    def _scrub(self, text: str) -> str:
        for secret in self._known:
            if secret in text:
                text = text.replace(secret, head(secret))
        if self._pieces is not None:
            text = self._pieces.sub(lambda m: head(m.group(0)), text)
        text = _BEARER.sub(lambda m: m.group("head") + head(m.group("value")), text)
        text = _FIELD.sub(lambda m: m.group("head") + head(m.group("value")), text)
        text = _MEMBER.sub(lambda m: m.group("head") + head(m.group("value")), text)
        return _PREFIXED.sub(lambda m: head(m.group("value")), text)

    def redact(self, value: Any) -> Any:
        """A copy of a JSON value with secret members cut and every string scrubbed."""
        if isinstance(value, str):
            return self.scrub(value)
        if isinstance(value, dict):
            return {
                k: (head(v) if isinstance(v, str) and k in _MEMBERS and v else self.redact(v))
                for k, v in value.items()
            }
        if isinstance(value, list):
            return [self.redact(v) for v in value]
        return value
