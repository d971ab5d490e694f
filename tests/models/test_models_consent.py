"""§10.4: the consent classifier's normative table (Czech and English) and the consent window's gates."""

from __future__ import annotations

from typing import Any

import pytest
from talkie_models.consent import ConsentWindow, Decision, classify, examples, fold, vocabulary

ROWS = examples()


def test_the_table_covers_both_locales_and_every_verdict() -> None:
    for locale in ("cs", "en"):
        assert {row["expect"] for row in ROWS if row["locale"] == locale} == {"confirm", "cancel", "other"}


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['locale']}:{r['text']}" for r in ROWS])
def test_classify(row: dict[str, Any]) -> None:
    vocab = vocabulary(row["locale"], row.get("consent"))
    assert classify(row["text"], vocab, row.get("keyword")) == row["expect"], row["why"]


def test_session_words_extend_the_builtin_vocabulary() -> None:
    base = vocabulary("cs")
    extended = vocabulary("cs", {"confirm": ["Beru"], "refuse": ["Nech to"]})
    assert base.confirm < extended.confirm
    assert base.refuse < extended.refuse
    assert fold("Beru") in extended.confirm
    assert "nech to" in extended.refuse


def test_unknown_locale_falls_back_to_english() -> None:
    assert classify("Yes", vocabulary("de")) == "confirm"


ACTION = {"id": "a_1", "confirm": {"methods": ["button", "voice"], "voice": {"keyword": "odeslat"}}}


def _window() -> ConsentWindow:
    window = ConsentWindow(vocabulary("cs", {"confirm": ["potvrzuji"], "refuse": ["zruš"]}))
    assert window.arm(ACTION)
    return window


def _proposal(window: ConsentWindow, response_id: str = "resp_1") -> None:
    window.feed({"type": "response.created", "response": {"id": response_id}})
    window.feed({"type": "output_audio_buffer.started", "response_id": response_id})
    window.feed({"type": "response.done", "response": {"id": response_id}})


def _say(window: ConsentWindow, item: str, text: str) -> Decision | None:
    window.feed({"type": "input_audio_buffer.speech_started", "item_id": item})
    window.feed({"type": "conversation.item.input_audio_transcription.delta", "item_id": item, "delta": text})
    return window.feed(
        {"type": "conversation.item.input_audio_transcription.completed", "item_id": item, "transcript": text}
    )


def test_window_opens_only_after_the_proposal_audio_stopped() -> None:
    window = _window()
    _proposal(window)
    assert not window.is_open  # response.done is not the end of the audio
    assert _say(window, "item_a", "Ano, odeslat") is None
    window.feed({"type": "output_audio_buffer.stopped", "response_id": "resp_other"})
    assert not window.is_open
    window.feed({"type": "output_audio_buffer.stopped", "response_id": "resp_1"})
    assert window.is_open
    decision = _say(window, "item_b", "Ano, odeslat")
    assert decision == Decision("a_1", "confirm", "item_b", "voice")
    assert window.state == "closed"


def test_speech_that_started_before_the_window_never_counts() -> None:
    window = _window()
    _proposal(window)
    window.feed({"type": "input_audio_buffer.speech_started", "item_id": "early"})
    window.feed({"type": "output_audio_buffer.stopped", "response_id": "resp_1"})
    transcript = {"type": "conversation.item.input_audio_transcription.completed", "item_id": "early"}
    assert window.feed({**transcript, "transcript": "Ano, odeslat"}) is None
    assert window.is_open
    assert window.strikes == 0


def test_a_duplicated_transcript_cannot_decide_twice() -> None:
    window = _window()
    _proposal(window)
    window.feed({"type": "output_audio_buffer.stopped", "response_id": "resp_1"})
    completed = {
        "type": "conversation.item.input_audio_transcription.completed",
        "item_id": "item_1",
        "transcript": "Zruš",
    }
    assert window.feed(completed) == Decision("a_1", "cancel", "item_1")
    assert window.feed(completed) is None


def test_non_final_transcripts_are_ignored() -> None:
    window = _window()
    _proposal(window)
    window.feed({"type": "output_audio_buffer.stopped", "response_id": "resp_1"})
    delta = {
        "type": "conversation.item.input_audio_transcription.delta",
        "item_id": "i",
        "delta": "Ano odeslat",
    }
    assert window.feed(delta) is None
    assert window.is_open


def test_two_unrelated_utterances_close_the_window() -> None:
    window = _window()
    _proposal(window)
    window.feed({"type": "output_audio_buffer.stopped", "response_id": "resp_1"})
    assert _say(window, "i1", "Kolik to stojí?") is None
    assert window.is_open
    assert _say(window, "i2", "A kdy přijde odpověď") is None
    assert window.state == "closed"
    assert _say(window, "i3", "Ano, odeslat") is None


def test_actions_without_voice_among_their_methods_get_no_window() -> None:
    window = ConsentWindow(vocabulary("en"))
    assert not window.arm({"id": "a_2", "confirm": {"methods": ["button"]}})
    _proposal(window)
    window.feed({"type": "output_audio_buffer.stopped", "response_id": "resp_1"})
    assert _say(window, "i", "Yes") is None
    assert window.state == "idle"
