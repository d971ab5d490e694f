"""Actions and decisions (§8, notes N-06): the decision table, the undo window, the virtual clock, races."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import httpx
from talkie_mock.testing import AUTH, Client, checked


def propose(client: Client, text: str, run_id: str, thread_id: str = "t_act") -> dict[str, Any]:
    events = client.run(text, run_id, thread_id=thread_id)
    action: dict[str, Any] = next(e["value"] for e in events if e.get("name") == "talkie.action")
    return action


def decide(client: Client, action: dict[str, Any], decision: str, **extra: Any) -> Any:
    """POST a decision; the answer is the TestClient's response (httpx2's when installed, else httpx's)."""
    body = {"decision": decision, "paramsHash": action["paramsHash"], "method": "button", **extra}
    return client.http.post(f"/api/talkie/actions/{action['id']}/decision", json=body, headers=AUTH)


def current(client: Client, action_id: str) -> dict[str, Any]:
    return checked(client.http.get(f"/api/talkie/actions/{action_id}", headers=AUTH), "Action")


def test_get_action_is_the_proposed_one(client: Client) -> None:
    action = propose(client, "talkie-test:action", "r1")
    assert current(client, action["id"]) == action


def test_same_decision_is_idempotent_and_opposite_is_conflict(client: Client) -> None:
    action = propose(client, "talkie-test:action", "r1")
    first = checked(decide(client, action, "confirm"), "DecisionResponse")
    assert first["action"]["status"] == "done"
    assert first["events"][0]["name"] == "talkie.card"
    again = checked(decide(client, action, "confirm"), "DecisionResponse")
    assert again["action"] == first["action"]
    opposite = checked(decide(client, action, "cancel"), "ErrorResponse", 409)
    assert opposite["error"]["code"] == "conflict"


def test_changed_hash_is_stale_before_anything_else(client: Client) -> None:
    action = propose(client, "talkie-test:action", "r1")
    stale = checked(decide(client, action, "confirm", paramsHash="sha256:00"), "ErrorResponse", 409)
    assert stale["error"]["code"] == "stale"
    assert current(client, action["id"])["status"] == "pending"


def test_after_expires_at_is_410(client: Client) -> None:
    action = propose(client, "talkie-test:action", "r1")
    client.mock.clock.advance(client.mock.config.test_action_ttl_seconds + 1)
    expired = checked(decide(client, action, "confirm"), "ErrorResponse", 410)
    assert expired["error"]["code"] == "expired"
    assert current(client, action["id"])["status"] == "expired"


def test_outbound_runs_with_undo_window_and_cancel_inside_it(client: Client) -> None:
    action = propose(client, "send the offer to lena.schmidt@example.org", "r1")
    running = checked(decide(client, action, "confirm"), "DecisionResponse")["action"]
    assert running["status"] == "running"
    assert "undoUntil" in running
    cancelled = checked(decide(client, action, "cancel"), "DecisionResponse")["action"]
    assert cancelled["status"] == "cancelled"
    assert checked(decide(client, action, "confirm"), "ErrorResponse", 409)["error"]["code"] == "conflict"


def test_outbound_is_done_when_the_undo_window_closes(client: Client) -> None:
    action = propose(client, "send the offer to lena.schmidt@example.org", "r1")
    checked(decide(client, action, "confirm"), "DecisionResponse")
    client.mock.clock.advance(client.mock.config.undo_seconds + 1)
    assert current(client, action["id"])["status"] == "done"
    late = checked(decide(client, action, "cancel"), "ErrorResponse", 409)
    assert late["error"]["code"] == "conflict"


def test_high_risk_delete_is_done_on_confirm(client: Client) -> None:
    action = propose(client, "delete the record", "r1")
    assert action["confirm"]["methods"] == ["button"]
    assert checked(decide(client, action, "confirm"), "DecisionResponse")["action"]["status"] == "done"


def test_new_proposal_never_replaces_a_pending_one(client: Client) -> None:
    first = propose(client, "talkie-test:action", "r1", thread_id="t_two")
    second = propose(client, "talkie-test:action", "r2", thread_id="t_two")
    assert first["id"] != second["id"]
    assert current(client, first["id"])["status"] == "pending"
    detail = checked(client.http.get("/api/talkie/threads/t_two", headers=AUTH), "ThreadDetail")
    assert [a["id"] for a in detail["actions"]] == [first["id"], second["id"]]


def test_unknown_and_odd_action_ids_are_404(client: Client) -> None:
    for path in ("/api/talkie/actions/a_nope", "/api/talkie/actions/%3Cscript%3E"):
        assert (
            checked(client.http.get(path, headers=AUTH), "ErrorResponse", 404)["error"]["code"] == "not_found"
        )
    body = {"decision": "confirm", "paramsHash": "sha256:1", "method": "button"}
    answer = client.http.post("/api/talkie/actions/a_nope/decision", json=body, headers=AUTH)
    assert checked(answer, "ErrorResponse", 404)["error"]["code"] == "not_found"


def test_decision_body_is_validated(client: Client) -> None:
    action = propose(client, "talkie-test:action", "r1")
    answer = client.http.post(
        f"/api/talkie/actions/{action['id']}/decision", json={"decision": "maybe"}, headers=AUTH
    )
    error = checked(answer, "ErrorResponse", 400)
    assert error["error"]["code"] == "invalid_request"
    assert "decision" in error["error"]["message"] or "paramsHash" in error["error"]["message"]


def test_a_decision_without_its_method_is_refused_and_decides_nothing(client: Client) -> None:
    """§8 shows `method` in the decision body without `?`: a client sends it (N-06)."""
    action = propose(client, "talkie-test:action", "r1")
    url = f"/api/talkie/actions/{action['id']}/decision"
    answer = client.http.post(
        url, json={"decision": "confirm", "paramsHash": action["paramsHash"]}, headers=AUTH
    )
    error = checked(answer, "ErrorResponse", 400)
    assert error["error"]["code"] == "invalid_request"
    assert "method" in error["error"]["message"]
    assert (
        checked(client.http.get(f"/api/talkie/actions/{action['id']}", headers=AUTH), "Action")["status"]
        == "pending"
    )


def test_concurrent_decisions_make_exactly_one_transition(client: Client) -> None:
    action = propose(client, "talkie-test:action", "r1")

    async def race() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=client.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8765") as http:
            calls = [
                http.post(
                    f"/api/talkie/actions/{action['id']}/decision",
                    json={"decision": decision, "paramsHash": action["paramsHash"], "method": "button"},
                    headers=AUTH,
                )
                for decision in ["confirm", "cancel"] * 8
            ]
            return list(await asyncio.gather(*calls))

    answers = asyncio.run(race())
    final = current(client, action["id"])["status"]
    winner = "confirm" if final == "done" else "cancel"
    for index, answer in enumerate(answers):
        decision = ["confirm", "cancel"][index % 2]
        assert answer.status_code == (200 if decision == winner else 409)


def test_store_compare_and_set_lets_one_thread_win(client: Client) -> None:
    action = propose(client, "talkie-test:action", "r1")
    store = client.mock.store
    results: list[bool] = []
    barrier = threading.Barrier(8)

    def attempt(target: str) -> None:
        barrier.wait()
        results.append(store.actions.transition_action(action["id"], "pending", target, decision=target))

    threads = [threading.Thread(target=attempt, args=(t,)) for t in ["done", "cancelled"] * 4]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count(True) == 1


def test_delete_thread_cancels_pending_actions(client: Client) -> None:
    pending = propose(client, "talkie-test:action", "r1", thread_id="t_del")
    decided = propose(client, "delete the record", "r2", thread_id="t_del")
    checked(decide(client, decided, "confirm"), "DecisionResponse")
    assert checked(client.http.delete("/api/talkie/threads/t_del", headers=AUTH), "OkResponse") == {
        "ok": True
    }
    after = current(client, pending["id"])
    assert after["status"] == "cancelled"
    assert after["version"] == pending["version"] + 1  # a change of status is a new version, as a decision's
    assert current(client, decided["id"])["status"] == "done"
    assert client.http.get("/api/talkie/threads/t_del", headers=AUTH).status_code == 404
