"""Every id a client chooses is scoped to its user; a deleted thread is gone for good; a day's limits hold.

Two users on one mock: the dev-token user and an OAuth user. They send the same threadId, runId, message
ids and callIds; neither sees anything of the other's, and both runs succeed.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from hostile import (
    RUN,
    THREADS,
    Served,
    action_of,
    events,
    new_id,
    problem,
    run,
    run_body,
    sign_in,
    voice_session,
)

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)


@pytest.fixture(scope="module")
def alice(mock: Served) -> Iterator[httpx.Client]:
    with mock.client() as client:
        yield client


@pytest.fixture(scope="module")
def bob(mock: Served) -> Iterator[httpx.Client]:
    tokens = sign_in(mock, "u_3")
    with mock.client(Authorization=f"Bearer {tokens.access_token}") as client:
        yield client


def test_the_same_run_id_for_two_users_gives_two_good_runs(alice: httpx.Client, bob: httpx.Client) -> None:
    run_id, message_id = new_id("r"), new_id("m")
    found = {}
    for name, http in (("alice", alice), ("bob", bob)):
        body = run_body("talkie-test:action", run_id=run_id, thread_id=new_id("t"))
        body["messages"][0]["id"] = message_id
        found[name] = events(http.post(RUN, json=body))
        assert found[name][-1]["type"] == "RUN_FINISHED", found[name][-1]
    a, b = action_of(found["alice"]), action_of(found["bob"])
    assert a["id"] != b["id"]
    problem(bob.get(f"/api/talkie/actions/{a['id']}"), 404, "not_found")
    problem(alice.get(f"/api/talkie/actions/{b['id']}"), 404, "not_found")


def test_another_users_thread_id_is_a_new_thread(alice: httpx.Client, bob: httpx.Client) -> None:
    thread = new_id("t")
    first = run(alice, "talkie-test:action", thread_id=thread)
    assert first[0]["threadId"] == thread
    second = run(bob, "talkie-test:echo mine", thread_id=thread)
    assert second[0]["threadId"] != thread  # §5: the server assigns its own id; RUN_STARTED is authoritative
    detail = bob.get(f"{THREADS}/{second[0]['threadId']}").json()
    assert detail["actions"] == []
    assert [m["content"] for m in detail["messages"] if m["role"] == "user"] == ["talkie-test:echo mine"]
    problem(bob.get(f"{THREADS}/{thread}"), 404, "not_found")


def test_a_deleted_thread_is_gone_for_good(mock: Served, alice: httpx.Client, bob: httpx.Client) -> None:
    thread = new_id("t")
    action = action_of(run(alice, "talkie-test:action", thread_id=thread))
    slow = alice.post(
        RUN, json=run_body("talkie-test:slow", thread_id=thread), headers={"Accept": "text/event-stream"}
    )
    assert slow.status_code == 200
    assert alice.delete(f"{THREADS}/{thread}").json() == {"ok": True}
    assert alice.get(f"/api/talkie/actions/{action['id']}").json()["status"] == "cancelled"
    problem(alice.get(f"{THREADS}/{thread}"), 404, "not_found")
    # the id is not handed out again, to this user or another: a run on it gets a new thread
    for http in (alice, bob):
        again = run(http, "talkie-test:echo again", thread_id=thread)
        assert again[0]["threadId"] != thread
        fresh = http.get(f"{THREADS}/{again[0]['threadId']}").json()
        assert fresh["actions"] == []
        assert all("again" in m["content"] or m["role"] == "assistant" for m in fresh["messages"])
    problem(alice.get(f"{THREADS}/{thread}"), 404, "not_found")
    assert thread not in [t["id"] for t in alice.get(THREADS).json()["threads"]]


def test_a_transcript_for_a_deleted_thread_is_404(alice: httpx.Client) -> None:
    session = voice_session(alice)
    path = f"/api/talkie/voice/sessions/{session['voiceSessionId']}/transcript"
    item = {"role": "user", "text": "Ahoj", "itemId": new_id("it")}
    assert alice.post(path, json=item).status_code == 201
    assert alice.delete(f"{THREADS}/{session['threadId']}").json() == {"ok": True}
    problem(alice.post(path, json={**item, "itemId": new_id("it")}), 404, "not_found")


def test_the_same_call_id_in_two_users_sessions(alice: httpx.Client, bob: httpx.Client) -> None:
    call = {"callId": "call_1", "arguments": "{}"}
    for http in (alice, bob):
        session = voice_session(http)
        path = f"/api/talkie/voice/sessions/{session['voiceSessionId']}/tools/list_meetings"
        assert http.post(path, json=call).status_code == 200
        problem(http.post(path, json=call), 409, "conflict")
    problem(
        bob.post(
            f"/api/talkie/voice/sessions/{voice_session(alice)['voiceSessionId']}/usage",
            json={"seconds": 1, "final": False},
        ),
        404,
        "not_found",
    )


def test_one_huge_usage_report_costs_at_most_the_sessions_budget(alice: httpx.Client) -> None:
    session = voice_session(alice)
    path = f"/api/talkie/voice/sessions/{session['voiceSessionId']}/usage"
    answer = alice.post(path, json={"seconds": 1_000_000_000, "final": True})
    assert answer.status_code == 200, answer.text
    assert answer.json()["remainingSeconds"] == 0
    later = voice_session(alice)  # the day is not used up by one bad report
    assert later["maxSeconds"] > 0
    for seconds in (1e308, 10**30, -1):
        reply = alice.post(
            f"/api/talkie/voice/sessions/{later['voiceSessionId']}/usage",
            json={"seconds": seconds, "final": False},
        )
        assert reply.status_code in (200, 400), reply.text
    assert voice_session(alice)["maxSeconds"] > 0
