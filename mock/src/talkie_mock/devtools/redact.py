"""Secrets never leave the mock through a developer surface: one scrubber for every text it shows.

The traffic record, the inspector's state view, the violation log, the report and the server log all pass
what they show through :func:`redact` (JSON values) or :func:`scrub` (text). Four nets catch a secret:

* the names it travels under (`Authorization: Bearer …`, `refresh_token=…`, `"clientSecret": …`, a form's
  hidden `csrf` field), and the credential headers under any scheme (`Authorization: Token tokA`, kept by
  the traffic record as `{"authorization": …}`); after `Bearer` in other text only a token-shaped value
  (a message saying "a bearer token is required" keeps its words);
* the prefixes the mock gives every credential it mints (`tka_`, `tkr_`, `tkc_`, `ek_mock_`, `tk_dev_`,
  `dk_`), wherever they stand: also glued to a letter, digit or underscore (`Bearertka_…`, `x<token>`) when
  what follows the prefix looks minted (16 characters or more, with a digit or a capital), so `sdk_version`
  stays;
* the exact values of the instance's own static secrets (a dev token chosen with `--token` has no
  prefix), only where they stand as a token: one of 8 characters or more wherever no token character
  touches it (a path segment too); a shorter one only as a value (the whole text, a quoted string, a
  `name=value` value, after `Bearer`), since so short a word occurs by chance. `--token talkie` is cut in
  `Authorization: Bearer talkie` and `?token=talkie`, never in `/api/talkie/status` or in a message that
  says "talkie-test:echo";
* the start of a known secret that a cut (a body kept up to its display limit) left at the end of a text.

What stays is a short head, so a developer still recognises which credential was used.
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
GLUED_TAIL = 16
"""Characters after a minting prefix glued to a word for it to be taken for a credential (the mock mints
18 to 43)."""

_TAIL = r"[A-Za-z0-9_\-.~]"
_WORD = r"[A-Za-z0-9_]"
_PREFIXES = "|".join(map(re.escape, MINTED))
_FIELD = re.compile(
    r"(?P<head>(?:^|(?<=[?&;\s]))(?:" + "|".join(FORM_FIELDS) + r")=)(?P<value>[^\s&\"',;#]+)"
)
_MEMBER = re.compile(r"(?P<head>\"(?:" + "|".join(MEMBERS) + r")\"\s*:\s*\")(?P<value>[^\"\\]+)")
_HIDDEN = re.compile(
    r"(?P<head>\bname=[\"'](?:" + "|".join(FORM_FIELDS) + r")[\"'][^>]*?\bvalue=[\"'])(?P<value>[^\"'>]+)"
)
"""A secret in an HTML form's field (the CSRF token of a recorded consent or device page)."""
_BEARER = re.compile(r"(?P<head>\b(?i:bearer|basic)\s+)(?P<value>[^\s\"',;]+)")
_TOKEN_SHAPED = re.compile(r"[0-9+/=_.~-]|.[A-Z]")
"""What a credential has and a word of prose has not: a digit or a token68 sign, or a capital after its
first letter (a message's "a bearer token is required" keeps its word)."""
CREDENTIAL_HEADERS = frozenset({"authorization", "proxy-authorization", "x-talkie-mock-key"})
"""Headers (lower-case names, as the traffic record keeps them) whose value is a credential under any
scheme (`Authorization: Token tokA`): all of it after the scheme is cut, however short."""
_PREFIXED = re.compile(
    rf"(?P<value>(?<!{_WORD})(?:{_PREFIXES}){_TAIL}{{4,}}"
    rf"|(?<={_WORD})(?:{_PREFIXES})(?={_TAIL}*[A-Z0-9]){_TAIL}{{{GLUED_TAIL},}})"
)
_AS_VALUE = r"^(?:{0})$|(?<=\")(?:{0})(?=\")|(?<=')(?:{0})(?=')|(?<==)(?:{0})(?=$|[&;,#\s\"'])"
"""Where a short static secret (under FRAGMENT_CHARS) stands as a value: the whole text, a quoted string,
the value of a `name=value` (a word that short occurs by chance: in a path, in prose, it stays)."""
_AS_TOKEN = r"(?<![A-Za-z0-9_\-.~+])(?:{0})(?![A-Za-z0-9_\-.~+])"
"""Where a longer static secret stands as a token: bounded by characters no token has (a path segment too)."""


def credential(value: str) -> str:
    """A credential header's value with everything after its scheme cut (a bare value cut whole)."""
    scheme, space, given = value.strip().partition(" ")
    if not space:
        return head(scheme) if scheme else value
    return f"{scheme} {head(given.strip())}" if given.strip() else value


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
        self._known: list[str] = []
        self._values: re.Pattern[str] | None = None
        self._pieces: re.Pattern[str] | None = None
        self.add(*known)

    def add(self, *known: str) -> None:
        """Know more secrets by value (a developer secret made after start-up)."""
        self._known = sorted({*self._known, *(k for k in known if k)}, key=len, reverse=True)
        if not self._known:
            return
        short = [re.escape(k) for k in self._known if len(k) < FRAGMENT_CHARS]
        long = [re.escape(k) for k in self._known if len(k) >= FRAGMENT_CHARS]
        found = [_AS_VALUE.format("|".join(short))] if short else []
        found += [_AS_TOKEN.format("|".join(long))] if long else []
        self._values = re.compile("|".join(found))
        starts = sorted({re.escape(k[:FRAGMENT_CHARS]) for k in self._known if len(k) >= FRAGMENT_CHARS})
        # a piece: the start of a known secret that runs to the end of the text or to a cut's mark
        self._pieces = re.compile(f"(?:{'|'.join(starts)}){_TAIL}*(?:$|{MARK})") if starts else None

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
        if self._values is not None:
            text = self._values.sub(lambda m: head(m.group(0)), text)
        if self._pieces is not None:
            text = self._pieces.sub(lambda m: head(m.group(0).removesuffix(MARK)), text)
        text = _BEARER.sub(self._bearer, text)
        text = _FIELD.sub(lambda m: m.group("head") + head(m.group("value")), text)
        text = _MEMBER.sub(lambda m: m.group("head") + head(m.group("value")), text)
        text = _HIDDEN.sub(lambda m: m.group("head") + head(m.group("value")), text)
        return _PREFIXED.sub(lambda m: head(m.group("value")), text)

    def _member(self, name: Any, value: Any) -> Any:
        if isinstance(value, str) and value:
            if name in _MEMBERS:
                return head(value)
            if isinstance(name, str) and name.lower() in CREDENTIAL_HEADERS:
                return credential(value)
        return self.redact(value)

    def _bearer(self, found: re.Match[str]) -> str:
        """The value after `Bearer`/`Basic` cut when it is a credential: in a header (the scheme starts the
        text or follows a header's colon), a known secret, or a token-shaped word of 8 characters or more;
        a word of prose after it stays."""
        value = found.group("value")
        start = found.start()
        before = found.string[max(0, start - 8) : start].rstrip()  # a short look back: bodies are long
        if (
            (start == 0 or (not before and not found.string[:start].strip()))
            or before.endswith(":")
            or value in self._known
            or (len(value) >= FRAGMENT_CHARS and _TOKEN_SHAPED.search(value))
        ):
            return found.group("head") + head(value)
        return found.group(0)

    def redact(self, value: Any) -> Any:
        """A copy of a JSON value with secret members cut and every string scrubbed."""
        if isinstance(value, str):
            return self.scrub(value)
        if isinstance(value, dict):
            return {k: self._member(k, v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.redact(v) for v in value]
        return value
