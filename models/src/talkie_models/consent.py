"""Reference implementation of the client's rules for confirming an action by voice (§10.4).

Two parts, both pure (no I/O, no clock):

- :func:`classify` decides what one final user transcript means inside an open consent window: ``confirm``
  (a short sentence with a confirm word, no negation, question or hesitation word, and the action's keyword
  when it has one), ``cancel`` (an explicit, short refusal) or ``other`` (ordinary conversation).
- :class:`ConsentWindow` is the window itself, driven by the provider's ``openai-realtime/1`` events: it opens
  only after the ``output_audio_buffer.stopped`` that ends the spoken proposal, ignores speech that began
  earlier, non-final and repeated transcripts, closes after two unrelated utterances, and closes *before* it
  hands out a decision, so a duplicated transcript can never decide twice.

The built-in words are data (``consent_words.json``, read here and generated into talkie-types), and so are
the normative examples (:func:`examples`, ``consent_examples.json``): both ports' tests run them and the spec
site publishes them. App developers can port the table to their own tests. Notes N-72 and N-73 record the
readings of the specification this module takes.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Literal

Verdict = Literal["confirm", "cancel", "other"]
MAX_WORDS = 6
STRIKES = 2
"""Unrelated utterances after which the window closes and the action waits for the button (§10.4 step 3)."""


@dataclass(frozen=True)
class Vocabulary:
    """The words of one locale, each entry a word or a short phrase (compared case- and accent-folded)."""

    confirm: frozenset[str]
    refuse: frozenset[str]
    negation: frozenset[str]
    question: frozenset[str]
    """Words that make a sentence a question when it starts with them (a `?` anywhere always does)."""
    hesitation: frozenset[str]
    negation_prefix: str = ""
    """A prefix that negates a confirm word or the keyword (Czech `ne-`: `nepotvrzuji`, `neodesílat`)."""

    def extended(self, confirm: Iterable[str] = (), refuse: Iterable[str] = ()) -> Vocabulary:
        """This vocabulary plus a session's `consent` words: they add, never replace (VOICE-012)."""
        return Vocabulary(
            confirm=self.confirm | {fold(w) for w in confirm if fold(w)},
            refuse=self.refuse | {fold(w) for w in refuse if fold(w)},
            negation=self.negation,
            question=self.question,
            hesitation=self.hesitation,
            negation_prefix=self.negation_prefix,
        )


def fold(text: str) -> str:
    """Lower case, accents removed, punctuation turned into spaces, whitespace collapsed."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    plain = plain.replace("\u2019", "'")  # a typographic apostrophe
    return " ".join(re.sub(r"[^\w' ]+", " ", plain).split())


def _load_words() -> tuple[dict[str, Vocabulary], str]:
    """The built-in vocabularies from ``consent_words.json``, the words' one owner (talkie-types reads it)."""
    text = resources.files("talkie_models").joinpath("consent_words.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)

    def words(entries: list[str]) -> frozenset[str]:
        return frozenset(fold(w) for w in entries)

    vocabularies = {
        locale: Vocabulary(
            confirm=words(v["confirm"]),
            refuse=words(v["refuse"]),
            negation=words(v["negation"]),
            question=words(v["question"]),
            hesitation=words(v["hesitation"]),
            negation_prefix=fold(v["negationPrefix"]),
        )
        for locale, v in data["locales"].items()
    }
    return vocabularies, str(data["fallback"])


BUILTIN, FALLBACK = _load_words()


def vocabulary(locale: str, consent: Mapping[str, Any] | None = None) -> Vocabulary:
    """The client's built-in words for `locale` (the fallback's when unknown) plus the session's `consent`."""
    base = BUILTIN.get(locale.split("-")[0].lower(), BUILTIN[FALLBACK])
    consent = consent or {}
    return base.extended(consent.get("confirm") or (), consent.get("refuse") or ())


def _has(words: list[str], phrases: Iterable[str]) -> bool:
    """True when one of the (folded) phrases occurs in the word list as whole words."""
    joined = f" {' '.join(words)} "
    return any(f" {phrase} " in joined for phrase in phrases if phrase)


def _negated(words: list[str], vocab: Vocabulary, keyword: str | None) -> bool:
    if _has(words, vocab.negation) or any(w.endswith("n't") for w in words):
        return True
    prefix = vocab.negation_prefix
    if not prefix:
        return False
    stems = {w for w in vocab.confirm if " " not in w} | ({keyword} if keyword else set())
    return any(w.startswith(prefix) and w[len(prefix) :] in stems for w in words)


def classify(text: str, vocab: Vocabulary, keyword: str | None = None) -> Verdict:
    """What one final transcript means inside an open window (§10.4 step 3)."""
    words = fold(text).split()
    if not words or len(words) > MAX_WORDS:
        return "other"
    if "?" in text or words[0] in vocab.question or _has(words, vocab.hesitation):
        return "other"
    folded_keyword = fold(keyword) if keyword else None
    confirms = _has(words, vocab.confirm)
    refuses = _has(words, vocab.refuse)
    if refuses and not confirms:
        return "cancel"
    if refuses or not confirms or _negated(words, vocab, folded_keyword):
        return "other"
    if folded_keyword and not _has(words, [folded_keyword]):
        return "other"
    return "confirm"


@dataclass(frozen=True)
class Decision:
    """What the client sends to `decision` when the window yields: always with `method: voice`."""

    action_id: str
    decision: Literal["confirm", "cancel"]
    item_id: str
    method: Literal["voice"] = "voice"


WindowState = Literal["idle", "armed", "reading", "open", "closed"]


@dataclass
class ConsentWindow:
    """The consent window of one pending action, fed the provider's events in the order they arrived.

    ``arm()`` when a tool result brought a pending action whose ``confirm.methods`` include ``voice``; the
    next response is the one that reads the proposal, and its ``output_audio_buffer.stopped`` opens the
    window. :meth:`feed` returns a :class:`Decision` at most once; the window is closed when it does.
    """

    vocab: Vocabulary
    action_id: str | None = None
    keyword: str | None = None
    state: WindowState = "idle"
    proposal_response: str | None = None
    strikes: int = 0
    early: set[str] = field(default_factory=set)
    """Items whose speech started before the window opened: they never count (§10.4 step 2)."""
    heard: set[str] = field(default_factory=set)

    def arm(self, action: Mapping[str, Any]) -> bool:
        """Start a window for `action` (a talkie.action value); False when voice is not among its methods."""
        confirm = action.get("confirm") or {}
        if "voice" not in (confirm.get("methods") or []):
            return False
        self.action_id = str(action["id"])
        self.keyword = (confirm.get("voice") or {}).get("keyword") or None
        self.state, self.proposal_response, self.strikes = "armed", None, 0
        self.early, self.heard = set(), set()
        return True

    @property
    def is_open(self) -> bool:
        return self.state == "open"

    def feed(self, event: Mapping[str, Any]) -> Decision | None:
        kind = event.get("type")
        if kind == "response.created" and self.state == "armed":
            self.proposal_response, self.state = str((event.get("response") or {}).get("id")), "reading"
        elif kind == "output_audio_buffer.stopped" and self.state == "reading":
            if event.get("response_id") == self.proposal_response:
                self.state = "open"
        elif kind == "input_audio_buffer.speech_started" and self.state in ("armed", "reading"):
            self.early.add(str(event.get("item_id")))
        elif kind == "conversation.item.input_audio_transcription.completed" and self.is_open:
            return self._utterance(str(event.get("item_id")), str(event.get("transcript") or ""))
        return None

    def _utterance(self, item_id: str, text: str) -> Decision | None:
        if item_id in self.early or item_id in self.heard:
            return None
        self.heard.add(item_id)
        verdict = classify(text, self.vocab, self.keyword)
        if verdict == "other":
            self.strikes += 1
            if self.strikes >= STRIKES:
                self.state = "closed"
            return None
        self.state = "closed"  # before the decision is sent (§10.4 step 4)
        assert self.action_id is not None
        return Decision(self.action_id, verdict, item_id)


@functools.cache
def examples() -> list[dict[str, Any]]:
    """The normative examples: `{locale, text, keyword?, consent?, expect, why}` rows (see the JSON file)."""
    text = resources.files("talkie_models").joinpath("consent_examples.json").read_text(encoding="utf-8")
    rows: list[dict[str, Any]] = json.loads(text)["examples"]
    return rows


__all__ = [
    "BUILTIN",
    "FALLBACK",
    "MAX_WORDS",
    "STRIKES",
    "ConsentWindow",
    "Decision",
    "Verdict",
    "Vocabulary",
    "classify",
    "examples",
    "fold",
    "vocabulary",
]
