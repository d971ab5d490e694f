"""Bodies that buggy clients send every day: each gets a §3 400 naming what is wrong, never a 5xx.

Every JSON endpoint of talkie/1 and of the control API meets 10,000-deep nesting, lone UTF-16 surrogates in
every string a client chooses (what a Kotlin or JS client produces when it cuts a string at
`maxMessageChars` between the halves of an emoji), invalid UTF-8, `NaN` and the wrong JSON type. A refused
request stores nothing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hostile import (
    RUN,
    SURROGATE,
    THREADS,
    Served,
    action_of,
    deep,
    new_id,
    post_raw,
    problem,
    raw_json,
    run,
    run_body,
    voice_session,
)

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)


@pytest.fixture(scope="module")
def http(mock: Served) -> Iterator[httpx.Client]:
    with mock.client() as client:
        yield client


@pytest.fixture(scope="module")
def targets(mock: Served, http: httpx.Client) -> dict[str, str]:
    """One path of every JSON endpoint, with real ids where the path needs them."""
    action = action_of(run(http, "talkie-test:action"))
    session = voice_session(http)["voiceSessionId"]
    voice = f"/api/talkie/voice/sessions/{session}"
    return {
        "run": RUN,
        "decision": f"/api/talkie/actions/{action['id']}/decision",
        "voiceSessions": "/api/talkie/voice/sessions",
        "voiceTool": f"{voice}/tools/search_records",
        "voiceTranscript": f"{voice}/transcript",
        "voiceUsage": f"{voice}/usage",
        "control clock/advance": "/_mock/api/clock/advance",
        "control faults": "/_mock/api/faults",
    }


@pytest.fixture(scope="module")
def dev(mock: Served) -> Iterator[httpx.Client]:
    with mock.dev() as client:
        yield client


def _client_for(path: str, dev: httpx.Client, http: httpx.Client) -> httpx.Client:
    return dev if path.startswith("/_mock/") else http


@pytest.mark.parametrize("levels", [10_000, 1_000, 65])
def test_deep_nesting_is_refused_on_every_json_endpoint(
    dev: httpx.Client, http: httpx.Client, targets: dict[str, str], levels: int
) -> None:
    for name, path in targets.items():
        client = _client_for(path, dev, http)
        for body in (deep(levels), b'{"state":' + deep(levels) + b"}"):
            message = problem(post_raw(client, path, body), 400, "invalid_request")
            assert "deep" in message or "nest" in message, (name, message)


def test_shallow_nesting_in_free_members_is_accepted(http: httpx.Client) -> None:
    """`state` and `forwardedProps` are free objects: a few levels stay fine."""
    nested: Any = {}
    for _ in range(20):
        nested = {"a": nested}
    found = run(http, "talkie-test:echo nested", state=nested)
    assert found[-1]["type"] == "RUN_FINISHED"


LONE = [
    (
        "messages[0].content",
        lambda b: b["messages"][0].__setitem__("content", "Dobrý den 👋"[:-1] + SURROGATE),
    ),
    ("messages[0].id", lambda b: b["messages"][0].__setitem__("id", "m_" + SURROGATE)),
    ("runId", lambda b: b.__setitem__("runId", "r_" + SURROGATE)),
    ("threadId", lambda b: b.__setitem__("threadId", "t_" + SURROGATE)),
    ("state.note", lambda b: b.__setitem__("state", {"note": "x\udc00"})),
]


@pytest.mark.parametrize(("field", "spoil"), LONE, ids=[f for f, _ in LONE])
def test_lone_surrogate_in_a_run_is_refused_naming_the_field(
    http: httpx.Client, field: str, spoil: Any
) -> None:
    body = run_body("talkie-test:echo ahoj")
    spoil(body)
    before = http.get(THREADS).json()["threads"]
    message = problem(post_raw(http, RUN, raw_json(body)), 400, "invalid_request")
    assert field in message, message
    # a refused request stores nothing: no thread titled with the text, nothing new in the list
    assert http.get(THREADS).json()["threads"] == before


def test_lone_surrogate_in_voice_bodies_is_refused_naming_the_field(
    http: httpx.Client, targets: dict[str, str]
) -> None:
    cases = {
        "voiceTranscript": ({"role": "user", "text": "ano" + SURROGATE, "itemId": "it_1"}, "text"),
        "voiceTool": ({"callId": "call_" + SURROGATE, "arguments": "{}"}, "callId"),
        "voiceSessions": ({"locale": SURROGATE}, "locale"),
    }
    for name, (body, field) in cases.items():
        message = problem(post_raw(http, targets[name], raw_json(body)), 400, "invalid_request")
        assert field in message, (name, message)


def test_lone_surrogate_in_tool_arguments_text_is_refused(
    http: httpx.Client, targets: dict[str, str]
) -> None:
    """`arguments` is JSON inside a string: a surrogate escaped in it reaches the tool's own parser."""
    inner = '{"query": "Nov\\ud800"}'  # the six characters of the escape, inside the inner JSON text
    body = json.dumps({"callId": new_id("call"), "arguments": inner}).encode()
    message = problem(post_raw(http, targets["voiceTool"], body), 400, "invalid_request")
    assert "arguments" in message, message


def test_lone_surrogate_sent_to_the_control_api_is_refused_and_state_stays_readable(
    dev: httpx.Client,
) -> None:
    fault = {"kind": "error", "code": "upstream_unavailable", "message": "Pryč" + SURROGATE}
    message = problem(post_raw(dev, "/_mock/api/faults", raw_json(fault)), 400, "invalid_request")
    assert "message" in message
    assert dev.get("/_mock/api/faults").status_code == 200
    assert dev.get("/_mock/api/state").status_code == 200


def test_invalid_utf8_nan_and_wrong_types_are_400(http: httpx.Client, targets: dict[str, str]) -> None:
    bodies = [b'{"threadId": "t_\xff\xfe"}', b'{"seconds": NaN}', b"[]", b'"text"', b"null", b"{", b""]
    for name, path in targets.items():
        if path.startswith("/_mock/"):
            continue
        for body in bodies:
            answer = post_raw(http, path, body)
            problem(answer, 400, "invalid_request")
            assert answer.status_code == 400, (name, body)


def test_a_compressed_body_is_refused_by_name(http: httpx.Client) -> None:
    import gzip

    body = gzip.compress(b'{"threadId":"t_gz","runId":"r_gz","messages":[]}')
    answer = http.post(
        "/api/talkie/run",
        content=body,
        headers={"Content-Type": "application/json", "Content-Encoding": "gzip"},
    )
    problem(answer, 400, "invalid_request")
    assert "Content-Encoding" in answer.json()["error"]["message"]


def test_a_bad_message_id_leaves_no_thread(http: httpx.Client) -> None:
    """The request of the report: an odd message id must not leave an empty thread titled with the text."""
    thread = new_id("t")
    body = run_body("Unique title " + thread, thread_id=thread)
    body["messages"][0]["id"] = "m_" + SURROGATE
    problem(post_raw(http, RUN, raw_json(body)), 400, "invalid_request")
    assert http.get(f"{THREADS}/{thread}").status_code == 404
    titles = [t["title"] for t in http.get(THREADS).json()["threads"]]
    assert not any(thread in title for title in titles)


def test_too_many_messages_are_refused(mock: Served, http: httpx.Client) -> None:
    """250,001 messages in one run: over the body cap (1 MB here) → 413 `too_large`, nothing stored."""
    thread = new_id("t")
    body = run_body("x", thread_id=thread)
    body["messages"] = [{"id": f"m{i}", "role": "user", "content": ""} for i in range(250_001)]
    problem(post_raw(http, RUN, raw_json(body)), 413, "too_large")
    assert http.get(f"{THREADS}/{thread}").status_code == 404


def test_many_messages_under_the_cap_are_served(http: httpx.Client) -> None:
    """Thousands of (new) messages in one request still get a stream, not a 5xx."""
    thread = new_id("t")
    body = run_body("x", thread_id=thread)
    body["messages"] = [{"id": f"m{i}", "role": "user", "content": "a"} for i in range(20_000)]
    body["messages"][-1]["content"] = "talkie-test:echo last"
    answer = http.post(RUN, json=body)
    assert answer.status_code in (200, 400, 413), answer.text[:300]
