"""Corpus cases from a live mock: what a real server sent, judged like the forward-compatibility corpus.

`live_cases(origin, token)` runs the §11 test messages and a plain one against a running `talkie-mock serve`,
decides the action it offers, reads the manifest, the status, the thread list and the thread, and turns every
event and body into a case of tests/compat/corpus/README.md's format with `codegen.corpus.case` (the one
owner of what a case expects), so a generated client's test judges live output exactly as it judges the
corpus.
"""

from __future__ import annotations

import json
import re
import uuid
from typing import Any
from urllib.parse import quote

import httpx
from compat_support import CONSUMER
from talkie_models import protocol
from talkie_models.sse import SSEDecoder

from codegen import corpus

MESSAGES = (
    protocol.TEST_ECHO + " Dobrý den 👋",
    protocol.TEST_CARD,
    protocol.TEST_ACTION,
    protocol.TEST_ERROR,
    "Jaké mám dnes schůzky?",
)


def _endpoint(manifest: dict[str, Any], key: str, **params: str) -> str:
    path = re.sub(r"\{(\w+)\}", lambda m: quote(params[m.group(1)], safe=""), manifest["endpoints"][key])
    return str(manifest["issuer"]) + path


def _run(http: httpx.Client, manifest: dict[str, Any], thread_id: str, message: str) -> list[Any]:
    body = {
        "threadId": thread_id,
        "runId": f"run_{uuid.uuid4().hex}",
        "messages": [{"id": str(uuid.uuid4()), "role": "user", "content": message}],
        "tools": [],
        "context": [],
        "state": {},
        "forwardedProps": {"talkie": {"channel": protocol.CHANNEL_CHAT}},
    }
    headers = {"Accept": protocol.EVENT_STREAM}
    with http.stream("POST", _endpoint(manifest, "run"), json=body, headers=headers) as answer:
        answer.raise_for_status()
        decoder = SSEDecoder()
        return [json.loads(m.data) for chunk in answer.iter_bytes() for m in decoder.feed(chunk) if m.data]


def live_cases(origin: str, token: str) -> dict[str, Any]:
    """Every event and body the mock sent for the runs above, as corpus cases named `live-…`."""
    consumer = corpus.consumer_of(json.loads((CONSUMER / "schemas.consumer.bundled.json").read_text()))
    cases: dict[str, Any] = {}

    def add(name: str, title: str, instance: Any, what: str) -> None:
        cases[f"live-{name}"] = corpus.case(consumer, title, instance, f"{what}, as a live mock sent it.")

    with httpx.Client(timeout=30, follow_redirects=False) as anonymous:
        manifest = anonymous.get(origin + protocol.WELL_KNOWN_PATH).raise_for_status().json()
    add("manifest", "Manifest", manifest, "The manifest")
    auth = {"Authorization": f"{protocol.BEARER} {token}"}
    thread_id = f"thr_{uuid.uuid4().hex[:12]}"
    with httpx.Client(headers=auth, timeout=30, follow_redirects=False) as http:
        actions: list[dict[str, Any]] = []
        for number, message in enumerate(MESSAGES, 1):
            for index, event in enumerate(_run(http, manifest, thread_id, message), 1):
                what = f"Event {index} of a run of {message!r}"
                add(f"run{number}-{index:02d}", "StreamEvent", event, what)
                if event.get("type") == "RUN_STARTED":
                    thread_id = event["threadId"]
                if event.get("name") == "talkie.action":
                    actions.append(event["value"])
        assert actions, "the action run offered no action"
        action = actions[0]
        decision = {"decision": "confirm", "paramsHash": action["paramsHash"], "method": "button"}
        answer = http.post(_endpoint(manifest, "decision", actionId=action["id"]), json=decision)
        add("decision", "DecisionResponse", answer.raise_for_status().json(), "The answer to a decision")
        status = http.get(_endpoint(manifest, "status")).raise_for_status().json()
        add("status", "Status", status, "The status")
        threads = http.get(_endpoint(manifest, "threads")).raise_for_status().json()
        add("threads", "ThreadList", threads, "The thread list")
        thread = http.get(_endpoint(manifest, "thread", threadId=thread_id)).raise_for_status().json()
        add("thread", "ThreadDetail", thread, "The thread of the runs")
    return cases
