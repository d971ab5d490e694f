"""The voice scenarios' judges: what the client sent to the voice endpoints, to `decision` and on the data
channel, read against the moments the provider's script marked (`Talk.marks`).

A decision is laid at the moment its request arrived: after the last sentence the person finished before it
(the script leaves `ANSWER_GAP` seconds between sentences for the client to act). A check whose moment the
conversation never reached (no session, no open data channel, the script stopped early) is skip.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from talkie_mock.clientsuite.base import Outcome
from talkie_mock.clientsuite.observe import Record, Seen
from talkie_mock.clientsuite.talk import Talk
from talkie_mock.engine.realtime.events import Event
from talkie_mock.engine.realtime.session import forbidden_changes

SIGNAL_PATH = "voice/calls"
"""The signalling path below a voice scenario's base, where the provider answers SDP offers."""
SESSION_ID = "v_scenario"
TALK = "talk"
"""The key of a scenario's `Talk` in `Record.state`."""
ANSWER_GAP = 0.8
"""Seconds the script waits after each sentence of the person, for the client to act on it."""

PROPOSED = "proposed"
STOPPED = "stopped"
"""The proposal's `output_audio_buffer.stopped`: the consent window may open."""
ANSWERED = "answered"
EARLY = "early"
OVERLAPPED = "overlapped"
FIRST = "first"
SECOND = "second"
THIRD = "third"
THANKED = "thanked"


def talk_of(record: Record) -> Talk | None:
    talk = record.state.get(TALK)
    return talk if isinstance(talk, Talk) else None


def output_of(call_id: str) -> Callable[[Event], bool]:
    """Whether a client event passes back the output of call `call_id`."""

    def test(event: Event) -> bool:
        item = event.get("item")
        return (
            isinstance(item, dict)
            and item.get("type") == "function_call_output"
            and item.get("call_id") == call_id
        )

    return test


def _open(record: Record) -> Talk | Outcome:
    talk = talk_of(record)
    if talk is None:
        return Outcome("skip", "the client asked for no voice session")
    if not talk.opened:
        return Outcome("skip", "the client never opened the voice session's data channel")
    return talk


def _decisions(record: Record) -> list[Seen]:
    return [s for s in record.seen("scenario", "decision") if s.method == "POST"]


def _said(seen: Seen) -> str:
    body = seen.body or {}
    return f"{body.get('decision')!r} (method {body.get('method')!r})"


def offered(record: Record) -> Outcome:
    talk = talk_of(record)
    offers = [s for s in record.seen("scenario") if s.rest == SIGNAL_PATH and s.method == "POST"]
    if talk is None or not offers:
        return Outcome("skip", "the client sent no SDP offer to the session's signaling.url")
    content_type = dict(offers[0].headers).get("content-type", "")
    if not content_type.lower().startswith("application/sdp"):
        return Outcome("fail", f"the SDP offer was sent as {content_type[:80]!r}, not application/sdp")
    if not all(talk.offers):
        return Outcome("fail", "the SDP offer did not carry the clientSecret as its bearer credential")
    if not talk.opened:
        return Outcome("fail", "the data channel never opened: the client did not use the SDP answer it got")
    return Outcome("pass", "the offer went as application/sdp with the clientSecret, and the answer was used")


def refused_host(record: Record) -> Outcome:
    if not record.seen("scenario", "voiceSessions"):
        return Outcome("skip", "the client asked for no voice session")
    reached = record.seen("decoy")
    if reached:
        return Outcome(
            "fail", f"the client used a signalling host signalingHosts does not list ({reached[0].path})"
        )
    return Outcome("pass", "nothing went to the signalling host outside signalingHosts")


def secret_kept(record: Record) -> Outcome:
    if talk_of(record) is None:
        return Outcome("skip", "the client asked for no voice session, so no clientSecret was handed out")
    leaked = [
        s
        for s in record.requests
        if s.carries_secret and not (s.where == "scenario" and s.rest == SIGNAL_PATH and s.method == "POST")
    ]
    if leaked:
        first = leaked[0]
        return Outcome(
            "fail", f"the clientSecret went to {first.method} {first.path} on the {first.where} origin"
        )
    return Outcome("pass", "the clientSecret went to signaling.url alone")


def locked(record: Record) -> Outcome:
    talk = _open(record)
    if isinstance(talk, Outcome):
        return talk
    updates = record.heard_of("client", "session.update")
    for heard in updates:
        changed = forbidden_changes(heard.event.get("session"), talk.session_object())
        if changed:
            return Outcome("fail", f"a session.update changes {', '.join(changed)[:200]}")
    return Outcome("pass", f"{len(updates)} session.update(s), none touching more than turn detection")


def _outputs(record: Record) -> dict[str, Any]:
    """The client's function_call_output items by call id (the first of each)."""
    found: dict[str, Any] = {}
    for heard in record.heard_of("client", "conversation.item.create"):
        item = heard.event.get("item")
        if isinstance(item, dict) and item.get("type") == "function_call_output":
            found.setdefault(str(item.get("call_id")), item.get("output"))
    return found


def forwarded(record: Record) -> Outcome:
    talk = _open(record)
    if isinstance(talk, Outcome):
        return talk
    if not talk.calls:
        return Outcome("skip", "the provider asked for no function call")
    tools = record.seen("scenario", "voiceTool")
    for call_id, (name, arguments) in talk.calls.items():
        asked = [s for s in tools if (s.body or {}).get("callId") == call_id]
        if not asked:
            how = "answered it by itself" if call_id in _outputs(record) else "never passed it on"
            return Outcome("fail", f"the provider's call of {name} never reached voiceTool: the client {how}")
        if asked[0].rest.rsplit("/", 1)[-1] != name or _json((asked[0].body or {}).get("arguments")) != _json(
            arguments
        ):
            return Outcome("fail", f"voiceTool was called with another tool or other arguments than {name}'s")
    return Outcome("pass", "every function call went to voiceTool with its callId and arguments")


def _json(text: Any) -> Any:
    try:
        return json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None


def untouched(record: Record) -> Outcome:
    talk = _open(record)
    if isinstance(talk, Outcome):
        return talk
    if not talk.outputs:
        return Outcome("skip", "voiceTool answered no call of this session")
    given = _outputs(record)
    for call_id, output in talk.outputs.items():
        if call_id not in given:
            return Outcome("fail", "the tool's output never went back to the model as function_call_output")
        if given[call_id] != output:
            return Outcome("fail", "the function_call_output differs from the output voiceTool answered")
    return Outcome("pass", "the model got the tool's output exactly as voiceTool answered it")


def transcribed(record: Record) -> Outcome:
    talk = _open(record)
    if isinstance(talk, Outcome):
        return talk
    items = [
        ("user", str(h.event.get("item_id")), str(h.event.get("transcript")))
        for h in record.heard_of("provider", "conversation.item.input_audio_transcription.completed")
    ] + [
        ("assistant", str(h.event.get("item_id")), str(h.event.get("transcript")))
        for h in record.heard_of("provider", "response.output_audio_transcript.done")
    ]
    if not any(role == "user" for role, _, _ in items):
        return Outcome("skip", "the person said nothing before the session ended")
    posted = {
        (str(b.get("role")), str(b.get("itemId")), str(b.get("text")).strip())
        for b in (s.body or {} for s in record.seen("scenario", "voiceTranscript"))
    }
    missing = [
        (role, item) for role, item, text in dict.fromkeys(items) if (role, item, text.strip()) not in posted
    ]
    if missing:
        role, item = missing[0]
        return Outcome(
            "fail", f"{len(missing)} transcript item(s) never reached voiceTranscript (first: {role} {item})"
        )
    return Outcome("pass", f"all {len(set(items))} transcript items reached voiceTranscript")


def final_usage(record: Record) -> Outcome:
    talk = _open(record)
    if isinstance(talk, Outcome):
        return talk
    reports = [s for s in record.seen("scenario", "voiceUsage") if s.method == "POST"]
    if not any((s.body or {}).get("final") is True for s in reports):
        return Outcome(
            "fail", f"{len(reports)} usage report(s), none final: the session's end was not reported"
        )
    return Outcome("pass", f"{len(reports)} usage report(s), the last final (the session was under 30 s)")


def responses_off(record: Record) -> Outcome:
    talk = _open(record)
    if isinstance(talk, Outcome):
        return talk
    if PROPOSED not in talk.marks:
        return Outcome("skip", "the client never passed back the tool result that carries the pending action")
    until = talk.marks.get(STOPPED, float("inf"))
    for heard in record.heard_of("client", "session.update"):
        session = heard.event.get("session")
        audio = session.get("audio") if isinstance(session, dict) else None
        entry = audio.get("input") if isinstance(audio, dict) else None
        turn = entry.get("turn_detection", {}) if isinstance(entry, dict) else {}
        off = turn is None or (isinstance(turn, dict) and turn.get("create_response") is False)
        if off and heard.at <= until:
            return Outcome("pass", "automatic responses were off before the proposal had been read")
    return Outcome("fail", "no session.update with create_response false before the proposal had been read")


def decided_once(record: Record) -> Outcome:
    decisions = _decisions(record)
    if not decisions:
        return Outcome("skip", "the client sent no decision")
    if len(decisions) > 1:
        return Outcome("fail", f"{len(decisions)} decisions for one answer said once and transcribed twice")
    return Outcome("pass", "one decision, though the transcript came twice")


def by_voice(record: Record) -> Outcome:
    decisions = _decisions(record)
    if not decisions:
        return Outcome("skip", "the client sent no decision")
    method = (decisions[0].body or {}).get("method")
    if method != "voice":
        return Outcome("fail", f"the decision taken from speech says method {method!r}, not 'voice'")
    return Outcome("pass", "the spoken decision says method voice")


def _reached(record: Record, mark: str) -> Talk | Outcome:
    talk = _open(record)
    if isinstance(talk, Outcome):
        return talk
    if mark not in talk.marks:
        return Outcome("skip", "the conversation never got to the person's answer")
    return talk


def _between(record: Record, start: float, end: float = float("inf")) -> list[Seen]:
    return [s for s in _decisions(record) if start <= s.at < end]


def cancelled(record: Record) -> Outcome:
    talk = _reached(record, ANSWERED)
    if isinstance(talk, Outcome):
        return talk
    decisions = _between(record, talk.marks[STOPPED])
    if not decisions:
        return Outcome("fail", "no decision followed the spoken refusal")
    if (decisions[0].body or {}).get("decision") != "cancel":
        return Outcome("fail", f"the spoken refusal became {_said(decisions[0])}")
    return Outcome("pass", "the spoken refusal became a cancel")


def confirmed(record: Record) -> Outcome:
    talk = _reached(record, ANSWERED)
    if isinstance(talk, Outcome):
        return talk
    decisions = _between(record, talk.marks[STOPPED])
    if not decisions:
        return Outcome("fail", "no decision followed the session's confirm word")
    if (decisions[0].body or {}).get("decision") != "confirm":
        return Outcome("fail", f"the session's confirm word became {_said(decisions[0])}")
    return Outcome("pass", "the session's confirm word confirmed")


def none_before_window(record: Record) -> Outcome:
    talk = _reached(record, EARLY)
    if isinstance(talk, Outcome):
        return talk
    early = _between(record, 0.0, talk.marks.get(STOPPED, float("inf")))
    if early:
        return Outcome("fail", f"{_said(early[0])} was decided before the proposal had been read")
    return Outcome("pass", "no decision while the proposal was read")


def none_from_overlap(record: Record) -> Outcome:
    talk = _reached(record, OVERLAPPED)
    if isinstance(talk, Outcome):
        return talk
    late = _between(record, talk.marks[STOPPED])
    if late:
        return Outcome("fail", f"{_said(late[0])} was decided from speech begun before the proposal ended")
    return Outcome("pass", "speech begun during the proposal decided nothing")


def none_from_unclear(record: Record) -> Outcome:
    talk = _reached(record, FIRST)
    if isinstance(talk, Outcome):
        return talk
    unclear = _between(record, talk.marks[STOPPED], talk.marks.get(THIRD, float("inf")))
    if unclear:
        return Outcome(
            "fail", f"{_said(unclear[0])} was decided from a question or a yes without the keyword"
        )
    return Outcome("pass", "neither the question nor the yes without the keyword decided anything")


def none_after_two(record: Record) -> Outcome:
    talk = _reached(record, THIRD)
    if isinstance(talk, Outcome):
        return talk
    late = _between(record, talk.marks[THIRD])
    if late:
        return Outcome("fail", f"{_said(late[0])} was decided after two utterances had closed the window")
    return Outcome("pass", "after two utterances that answered nothing, the window stayed closed")


def no_voice_decision(record: Record) -> Outcome:
    talk = _reached(record, ANSWERED)
    if isinstance(talk, Outcome):
        return talk
    decisions = _decisions(record)
    if decisions:
        return Outcome("fail", f"{_said(decisions[0])} was decided by voice for a button-only action")
    return Outcome("pass", "the button-only action waited for the button")
