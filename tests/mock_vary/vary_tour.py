"""One tour of a live mock: every endpoint, every §11 message and the agent's other answers, recorded.

The tests decode what the tour recorded with a client typed from the specification (`typed_client`), in the
default mode and under `--vary`. The tour talks HTTP to a real uvicorn (a cancelled stream needs a second
request while the first is open), on a free loopback port, stopped afterwards.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import httpx
from talkie_mock.testing import AUTH, LiveServer, make_config
from talkie_models.protocol import TEST_ACTION, TEST_CARD, TEST_ERROR, TEST_SLOW, echo_message
from talkie_models.sse import SSEDecoder

VARY_SEEDS = tuple(range(1, 13))
"""The `--vary` seeds the tests take the tour in (more than the ten the suite's own proof takes)."""
ECHOES = ("Zdeňka Malá, Horizont Logistika s.r.o.", "  two leading spaces, a trailing one ", "")
AGENT_MESSAGES = (
    "Send an e-mail to dana.vlckova@example.org about the offer",
    "Delete the record Horizont Logistika",
    "Open the website of the client",
    "Show me the offer documents",
    "What meetings do I have today?",
    "Tell me about the client Horizont Logistika s.r.o.",
    "Hello there",
)


@dataclass
class Answer:
    endpoint: str
    status: int
    body: Any


@dataclass
class Stream:
    text: str
    raw: bytes
    events: list[dict[str, Any]]


@dataclass
class Tour:
    answers: list[Answer] = field(default_factory=list)
    streams: list[Stream] = field(default_factory=list)
    thread_ids: dict[str, str] = field(default_factory=dict)
    """The client's thread id → the one RUN_STARTED named (authoritative, §5 line 150)."""
    problems: list[str] = field(default_factory=list)
    """What the mock's self-check found invalid against the (strict) schemas in all it sent."""

    def of(self, endpoint: str) -> list[Answer]:
        return [a for a in self.answers if a.endpoint == endpoint]


class Driver:
    def __init__(self, base: str) -> None:
        self.http = httpx.Client(base_url=base, headers=AUTH, timeout=20)
        self.tour = Tour()
        self._runs = 0

    def answer(self, endpoint: str, method: str, path: str, **kw: Any) -> Answer:
        response = self.http.request(method, path, **kw)
        body = response.json() if response.content else None
        answer = Answer(endpoint if response.status_code < 400 else "error", response.status_code, body)
        self.tour.answers.append(answer)
        return answer

    def run(self, text: str, thread: str, *, cancel: bool = False) -> Stream:
        self._runs += 1
        run_id = f"r_tour_{self._runs}"
        body = {
            "threadId": self.tour.thread_ids.get(thread, thread),
            "runId": run_id,
            "messages": [{"id": f"m_tour_{self._runs}", "role": "user", "content": text}],
            "tools": [],
            "context": [],
            "state": None,  # AG-UI types both as any JSON value
            "forwardedProps": {"talkie": {"channel": "chat"}} if self._runs % 2 else None,
        }
        raw = b""
        events: list[dict[str, Any]] = []
        decoder = SSEDecoder()
        with self.http.stream("POST", "/api/talkie/run", json=body) as response:
            assert response.status_code == 200, response.read()
            for chunk in response.iter_raw():
                raw += chunk
                for message in decoder.feed(chunk):
                    events.append(json.loads(message.data))
                    if cancel and len(events) == 2:
                        canceller = threading.Thread(target=self._cancel, args=(run_id,))
                        canceller.start()
                        canceller.join()
        started = events[0]
        assert started["type"] == "RUN_STARTED"
        self.tour.thread_ids.setdefault(thread, started["threadId"])
        stream = Stream(text, raw, events)
        self.tour.streams.append(stream)
        return stream

    def _cancel(self, run_id: str) -> None:
        self.answer("cancelRun", "POST", f"/api/talkie/runs/{run_id}/cancel")


@cache
def tour_of(vary: int | None) -> Tour:
    """The tour of a mock with `--vary vary` (None: the default mode), taken once per test session."""
    return take_tour(vary=vary)


def take_tour(**config: Any) -> Tour:
    """Drive one fresh mock (with `make_config(**config)`) through every endpoint and record it all."""
    with LiveServer(make_config(**config)) as server:
        driver = Driver(server.url)
        try:
            _tour(driver, server)
        finally:
            driver.http.close()
        observers = server.app.state.mock.hooks.observers
        driver.tour.problems = [p for o in observers for p in getattr(o, "problems", [])]
        return driver.tour


def _tour(d: Driver, server: LiveServer) -> None:
    d.answer("manifest", "GET", "/.well-known/talkie.json")
    d.answer("status", "GET", "/api/talkie/status")
    for text in ECHOES:
        d.run(echo_message(text), "t_echo")
    d.run(echo_message(ECHOES[0]), "t_echo")  # §11: the same answer again
    for message in (TEST_CARD, TEST_ERROR):
        d.run(message, "t_test")
    d.run(TEST_SLOW, "t_slow")
    d.run(TEST_SLOW, "t_slow_cancel", cancel=True)
    for text in AGENT_MESSAGES:
        d.run(text, "t_agent")
    action_run = d.run(TEST_ACTION, "t_action")
    action = next(e["value"] for e in action_run.events if e.get("name") == "talkie.action")
    thread = d.tour.thread_ids["t_action"]
    d.answer("action", "GET", f"/api/talkie/actions/{action['id']}")
    before = d.answer("threads", "GET", "/api/talkie/threads")
    server.app.state.mock.clock.advance(5)
    decision = {"decision": "confirm", "paramsHash": action["paramsHash"], "method": "button"}
    path = f"/api/talkie/actions/{action['id']}/decision"
    d.answer("decision", "POST", path, json=decision)
    d.answer("decision", "POST", path, json=decision)  # the same again: 200, current state
    d.answer("decision", "POST", path, json={**decision, "decision": "cancel"})  # 409 conflict
    d.answer("action", "GET", f"/api/talkie/actions/{action['id']}")
    after = d.answer("threads", "GET", "/api/talkie/threads")
    d.tour.answers.append(Answer("_updated", 0, (before.body, after.body, thread)))
    for key in ("t_echo", "t_test", "t_agent", "t_action", "t_slow_cancel"):
        d.answer("thread", "GET", f"/api/talkie/threads/{d.tour.thread_ids[key]}")
    d.answer("error", "GET", "/api/talkie/threads/t_nobody_knows")
    _voice(d, server)
    d.answer("deleteThread", "DELETE", f"/api/talkie/threads/{d.tour.thread_ids['t_echo']}")
    d.answer("cancelRun", "POST", "/api/talkie/runs/r_never_started/cancel")


def _voice(d: Driver, server: LiveServer) -> None:
    session = d.answer("voiceSessions", "POST", "/api/talkie/voice/sessions", json={"locale": "en"}).body
    base = f"/api/talkie/voice/sessions/{session['voiceSessionId']}"
    calls = {
        "search_records": {"query": "Horizont"},
        "list_meetings": {},
        "send_email": {"to": "dana.vlckova@example.org", "subject": "Offer"},
        "delete_record": {"name": "Horizont Logistika"},
    }
    for index, (name, arguments) in enumerate(calls.items()):
        body = {"callId": f"call_{index}", "arguments": json.dumps(arguments)}
        answer = d.answer("voiceTool", "POST", f"{base}/tools/{name}", json=body)
        if name == "send_email":  # outbound: running with an undo window, then done
            action = next(e["value"] for e in answer.body["events"] if e.get("name") == "talkie.action")
            confirm = {"decision": "confirm", "paramsHash": action["paramsHash"], "method": "voice"}
            d.answer("decision", "POST", f"/api/talkie/actions/{action['id']}/decision", json=confirm)
            server.app.state.mock.clock.advance(60)
            d.answer("action", "GET", f"/api/talkie/actions/{action['id']}")
    transcript = {"role": "user", "text": "Find Horizont", "itemId": "item_1"}
    d.answer("voiceTranscript", "POST", f"{base}/transcript", json=transcript)
    d.answer("voiceUsage", "POST", f"{base}/usage", json={"seconds": 30, "final": False})
    d.answer("voiceUsage", "POST", f"{base}/usage", json={"seconds": 45, "final": True})
    d.answer("voiceUsage", "POST", f"{base}/usage", json={"seconds": 46, "final": True})  # 200 or 410
    d.answer("thread", "GET", f"/api/talkie/threads/{session['threadId']}")
