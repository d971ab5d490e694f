"""`GET status` and `GET threads` answered from kept bytes say exactly what a fresh read says.

The kept answers (api.reads) live as long as the store's generation they were read at; the fixed path
(api.fixed) sends them before routing. Each test here compares them with the routed answer or with a
fresh build after every kind of write: runs, deletes, usage, a rolled-back batch, a reset, a new day.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from talkie_mock.engine.store import MessageRow, Store
from talkie_mock.testing import AUTH, Client, run_input

STATUS = "/api/talkie/status"
THREADS = "/api/talkie/threads"


class _Hook:
    """An observer that is idle or not as the test says, counting the bodies it is told about."""

    def __init__(self) -> None:
        self.is_idle = True
        self.told: list[str] = []

    def idle(self) -> bool:
        return self.is_idle

    async def before_request(self, request: Any) -> None:
        return None

    def on_response(self, request: Any, status: int, type_name: str, body: dict[str, Any]) -> None:
        self.told.append(type_name)

    def on_event(self, event: dict[str, Any]) -> None:
        return None


def _fresh(client: Client, path: str) -> dict[str, Any]:
    """What a read of the state file builds right now, without any kept answer (the server's locale)."""
    mock = client.mock
    if path == STATUS:
        body: dict[str, Any] = mock.reads.build_status(mock.dev_user, mock.config.locale)
        return body
    threads: dict[str, Any] = mock.reads.build_threads(mock.dev_user)
    return threads


@pytest.mark.parametrize("language", [None, "en", "cs;q=0.5, en;q=0.9"])
def test_fixed_status_and_threads_are_the_routed_answers_byte_for_byte(
    make_client: Any, language: str | None
) -> None:
    client = make_client(self_check=False)
    hook = _Hook()
    client.mock.hooks.add(hook)
    client.run("Dobrý den", "r_1", "t_1")
    client.run("talkie-test:echo ahoj", "r_2", "t_2")
    headers = {**AUTH, **({"accept-language": language} if language else {})}
    fixed = {path: client.http.get(path, headers=headers) for path in (STATUS, THREADS)}
    assert "Status" not in hook.told  # answered before routing, so without telling the hooks
    hook.is_idle = False  # a hook that is not idle: the routed path
    for path, answer in fixed.items():
        routed = client.http.get(path, headers=headers)
        assert answer.status_code == routed.status_code == 200
        assert answer.content == routed.content, path
        assert answer.headers.multi_items() == routed.headers.multi_items(), path
    assert hook.told[-2:] == ["Status", "ThreadList"]
    assert [t["id"] for t in fixed[THREADS].json()["threads"]] == ["t_2", "t_1"]


def test_a_missing_or_unknown_token_still_gets_its_401(client: Client) -> None:
    for headers in ({}, {"Authorization": "Bearer tk_wrong"}, {"Authorization": "Basic eDp5"}):
        for path in (STATUS, THREADS):
            answer = client.http.get(path, headers=headers)
            assert answer.status_code == 401, (path, headers)
            assert answer.headers["www-authenticate"].startswith("Bearer")
            assert answer.json()["error"]["code"] == "unauthorized"


def test_kept_answers_follow_every_write(client: Client) -> None:
    http = client.http

    def check() -> None:
        for path in (STATUS, THREADS):
            assert http.get(path, headers=AUTH).json() == _fresh(client, path), path

    check()
    client.run("Dobrý den", "r_1", "t_1")
    check()
    client.run("Najdi klienta Horizont Logistika s.r.o.", "r_2", "t_2")
    check()
    client.mock.clock.advance(5)
    client.run("a second message", "r_3", "t_1")  # t_1 updated: first again
    assert [t["id"] for t in http.get(THREADS, headers=AUTH).json()["threads"]] == ["t_1", "t_2"]
    check()
    client.mock.store.usage.add_usage("u_dev", client.mock.day(), tokens=1234)
    assert (
        http.get(STATUS, headers=AUTH).json()["usage"][0]["used"]
        == _fresh(client, STATUS)["usage"][0]["used"]
    )
    check()
    assert http.delete("/api/talkie/threads/t_2", headers=AUTH).status_code == 200
    assert [t["id"] for t in http.get(THREADS, headers=AUTH).json()["threads"]] == ["t_1"]
    check()
    client.mock.clock.advance(86_400)  # a new day: new meters
    check()
    assert http.post("/_mock/api/reset").status_code in (200, 204)
    assert http.get(THREADS, headers=AUTH).json() == {"threads": []}
    check()


def test_a_rolled_back_batch_leaves_no_kept_answer_behind(client: Client) -> None:
    store = client.mock.store
    client.run("Dobrý den", "r_1", "t_1")
    before = client.http.get(THREADS, headers=AUTH).json()
    seen: list[Any] = []

    def refused() -> None:
        with store.batch():
            store.threads.create_thread("t_gone", "u_dev", "never stored", "chat", client.mock.now_ms())
            seen.append(store.db.generation())  # held writes may still roll back: nothing is kept now
            seen.append([t["id"] for t in _fresh(client, THREADS)["threads"]])
            raise RuntimeError("refused")

    with pytest.raises(RuntimeError):
        refused()
    assert seen == [None, ["t_gone", "t_1"]]
    assert client.http.get(THREADS, headers=AUTH).json() == before == _fresh(client, THREADS)


def test_the_generation_moves_with_every_written_row(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "state.db"))
    try:
        start = store.db.generation()
        assert start is not None
        store.threads.create_thread("t_1", "u_1", "Dobrý den", "chat", 1)
        after_insert = store.db.generation()
        assert after_insert is not None
        assert after_insert > start
        row = MessageRow("m_1", "t_1", "user", "Dobrý den", 2, "chat", [])
        assert store.threads.add_messages("t_1", [row], 2)
        moved = store.db.generation()
        assert moved is not None
        assert moved > after_insert
        assert store.threads.add_messages("t_1", [row], 3) == []  # a known id writes nothing
        assert store.db.generation() == moved
    finally:
        store.close()


def test_the_inspector_records_a_kept_status_like_a_routed_one(make_client: Any) -> None:
    client = make_client(self_check=False)
    hook = _Hook()
    client.mock.hooks.add(hook)
    headers = {**AUTH, "accept-language": "cs"}
    client.http.get(STATUS + "?x=1", headers=headers)
    hook.is_idle = False
    client.http.get(STATUS + "?x=1", headers=headers)
    entries = client.http.get("/_mock/api/traffic").json()["entries"]
    fixed, routed = [e for e in entries if e["path"] == STATUS]
    varying = {"id", "version", "clock", "durationMs"}
    assert {k: v for k, v in fixed.items() if k not in varying} == {
        k: v for k, v in routed.items() if k not in varying
    }
    assert fixed["endpoint"] == "status"
    assert fixed["response"]["status"] == 200


def test_a_run_request_sees_nothing_of_the_kept_answers(client: Client) -> None:
    """A POST to the threads path is never a kept answer: it goes the routed way (405)."""
    assert client.http.post(THREADS, headers=AUTH, json=run_input("x", "r_1", "t_1")).status_code == 405
