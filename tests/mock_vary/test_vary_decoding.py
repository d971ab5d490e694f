"""A client typed from the seed decodes every answer and every event of the mock, default and `--vary`.

Models written from the specification text (every member the specification shows without `?` or
OPTIONAL required, integers where the specification counts, unknown members ignored) decode the mock's output
for every endpoint and every §11 message, in the default mode and in every `--vary` seed tested.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

import pytest
from ag_ui.core import PROTOCOL_VERSION
from talkie_mock.engine.variations import TIMESTAMP_KEYS
from typed_client import IGNORED, decode, decode_event
from vary_tour import ECHOES, VARY_SEEDS, tour_of

WHOLE_SECOND_UTC = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")


SECTION_5_TEXT = ("TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END")
"""The only events §5's table names for assistant text (line 161)."""


def _texts(events: list[dict[str, Any]]) -> list[str]:
    """Assistant texts as a client that knows only §5's table reads them: every other type is skipped."""
    texts: dict[str, str] = {}
    for event in events:
        if event.get("type") == "TEXT_MESSAGE_START":
            texts.setdefault(str(event["messageId"]), "")
        if event.get("type") == "TEXT_MESSAGE_CONTENT":
            texts[str(event["messageId"])] += event.get("delta") or ""
    return list(texts.values())


@pytest.mark.parametrize("vary", VARY_SEEDS, ids=lambda v: f"vary{v}")
def test_a_client_of_section_5s_table_reads_all_assistant_text(vary: int) -> None:
    """Every stream carries its text in START/CONTENT/END only, and it is the text of the default mode."""
    varied, default = tour_of(vary).streams, tour_of(None).streams
    assert [s.text for s in varied] == [s.text for s in default]
    for stream, plain in zip(varied, default, strict=True):
        elsewhere = [
            e
            for e in stream.events
            if e.get("type") not in SECTION_5_TEXT and str(e.get("type")).startswith("TEXT_MESSAGE")
        ]
        assert elsewhere == [], stream.text
        assert "".join(_texts(stream.events)) == "".join(_texts(plain.events)), stream.text
    assert any(_texts(stream.events) for stream in varied)


@pytest.mark.parametrize("vary", [None, *VARY_SEEDS], ids=lambda v: "default" if v is None else f"vary{v}")
@pytest.mark.slow
def test_every_answer_and_event_decodes(vary: int | None) -> None:
    recorded = tour_of(vary)
    decoded = 0
    for answer in recorded.answers:
        if answer.endpoint.startswith("_"):
            continue
        assert answer.endpoint != "voiceTranscript" or answer.status == 201  # line 289: → 201
        decode(answer.endpoint, answer.body)
        decoded += 1
    for stream in recorded.streams:
        known = [e for e in map(decode_event, stream.events) if e is not IGNORED]
        assert known[0]["type"] == "RUN_STARTED"
        assert known[-1]["type"] in ("RUN_FINISHED", "RUN_ERROR")
    assert recorded.problems == []  # and every body and event is valid under the strict schemas
    assert decoded >= 25
    assert len(recorded.streams) == 16


@pytest.mark.parametrize("vary", [None, *VARY_SEEDS], ids=lambda v: "default" if v is None else f"vary{v}")
def test_section_11_answers_hold_in_every_variant(vary: int | None) -> None:
    streams = {(s.text, i): s for i, s in enumerate(tour_of(vary).streams)}
    echoes = [s for (text, _), s in streams.items() if text.startswith("talkie-test:echo")]
    assert [_texts(s.events) for s in echoes] == [[text] for text in (*ECHOES, ECHOES[0])]
    error = next(s for (text, _), s in streams.items() if text == "talkie-test:error")
    last = decode_event(error.events[-1])
    assert last["type"] == "RUN_ERROR"
    assert last["code"] == "upstream_unavailable"
    assert last["metadata"]["retryable"] is True


def test_default_output_is_the_specs_examples() -> None:
    recorded = tour_of(None)
    bodies: list[Any] = [a.body for a in recorded.answers if not a.endpoint.startswith("_")]
    bodies += [e for s in recorded.streams for e in s.events]
    for value in _walk(bodies):
        assert not isinstance(value, float), "a count as a float"
    stamps = [v for k, v in _members(bodies) if k in TIMESTAMP_KEYS]
    assert stamps
    assert all(WHOLE_SECOND_UTC.match(v) for v in stamps), stamps
    for stream in recorded.streams:
        assert stream.events[0]["protocolVersion"] == PROTOCOL_VERSION
        assert all(decode_event(e) is not IGNORED for e in stream.events)  # nothing a client must skip
        assert b": ping" not in stream.raw
    manifest = recorded.of("manifest")[0].body
    session = recorded.of("voiceSessions")[0].body
    hosts = manifest["capabilities"]["voice"]["signalingHosts"]
    assert hosts == [urlsplit(session["signaling"]["url"]).hostname]
    for detail in recorded.of("thread"):
        assert all("cards" in m for m in detail.body["messages"])
    assert "consent" in session


def test_action_version_grows_and_a_decision_moves_the_thread() -> None:
    recorded = tour_of(None)
    versions = [(a.body["status"], a.body["version"]) for a in recorded.of("action")]
    decided = [(d.body["action"]["status"], d.body["action"]["version"]) for d in recorded.of("decision")]
    assert versions[0] == ("pending", 1)
    assert versions[1] == ("done", 2)
    assert decided[:2] == [("done", 2), ("done", 2)]  # a repeated decision changes nothing
    assert ("running", 2) in decided
    assert versions[-1] == ("done", 3)
    before, after, thread_id = next(a.body for a in recorded.answers if a.endpoint == "_updated")

    def updated(listing: dict[str, Any]) -> str:
        return str(next(t["updatedAt"] for t in listing["threads"] if t["id"] == thread_id))

    assert datetime.fromisoformat(updated(after)) > datetime.fromisoformat(updated(before))


def _walk(value: Any) -> Any:
    if isinstance(value, dict):
        for item in value.values():
            yield from _walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item)
    else:
        yield value


def _members(value: Any) -> Any:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from _members(item)
    elif isinstance(value, list):
        for item in value:
            yield from _members(item)
