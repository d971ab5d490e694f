"""The shortcuts taken on the busiest paths give exactly what the long way gives.

Wire dicts without `model_dump`, frames and stored JSON by orjson, the router's index of fixed paths, writes
sharing one transaction, the recorder skipping exchanges the verdicts cannot fault, runs that finish before
their answer starts: each is checked here against the general path it shortcuts.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.routing import Match, Route, Router
from talkie_mock import create_app
from talkie_mock.api.responses import FastJSONResponse
from talkie_mock.api.routing import IndexedRouter
from talkie_mock.app import build_mock
from talkie_mock.devtools.traffic import EVENT_LIMIT, Exchange
from talkie_mock.devtools.verdicts import RequestHeaders, Seen, Verdicts
from talkie_mock.engine import checkpoints, database
from talkie_mock.engine.checkpoints import CHECKPOINTER
from talkie_mock.engine.clock import Clock
from talkie_mock.engine.plans import Paced, Said, Sleep
from talkie_mock.engine.plans import Request as AgentRequest
from talkie_mock.engine.runs import started
from talkie_mock.engine.store import MessageRow, Store
from talkie_mock.engine.wire import dumps, text_delta, wire
from talkie_mock.testing import AUTH, Client, make_config, parse_sse, run_input
from talkie_models import (
    CardEvent,
    RunFinishedCancelledOutcome,
    RunFinishedEvent,
    RunStartedEvent,
    TalkieModel,
    TextMessageContentEvent,
    TextMessageEndEvent,
    TextMessageStartEvent,
)
from talkie_models.sse import encode_event


def _events() -> list[TalkieModel]:
    card = {
        "id": "c_1",
        "version": 1,
        "title": "Horizont Logistika s.r.o.",
        "subtitle": "Klient · Olomouc",
        "url": "/?record=r_1",
        "blocks": [{"type": "fields", "fields": [{"label": "IČO", "value": "27081234"}]}],
        "fallbackText": "Horizont Logistika s.r.o., klient",
        "a11yLabel": "Karta klienta Horizont Logistika s.r.o.",
    }
    return [
        RunStartedEvent(type="RUN_STARTED", thread_id="t_1", run_id="r_1"),
        RunStartedEvent(type="RUN_STARTED", thread_id="t_1", run_id="r_2", parent_run_id="r_1"),
        TextMessageStartEvent(type="TEXT_MESSAGE_START", message_id="m_1", role="assistant"),
        TextMessageStartEvent(type="TEXT_MESSAGE_START", message_id="m_2"),
        TextMessageContentEvent(
            type="TEXT_MESSAGE_CONTENT", message_id="m_1", delta="Dobrý den, Marek Dvořák"
        ),
        TextMessageContentEvent.model_validate(
            {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m_1", "delta": "x", "metadata": {"k": 1}}
        ),
        TextMessageEndEvent(type="TEXT_MESSAGE_END", message_id="m_1"),
        RunFinishedEvent(type="RUN_FINISHED", thread_id="t_1", run_id="r_1"),
        RunFinishedEvent(
            type="RUN_FINISHED",
            thread_id="t_1",
            run_id="r_1",
            outcome=RunFinishedCancelledOutcome(type="cancelled"),
        ),
        CardEvent.model_validate({"type": "CUSTOM", "name": "talkie.card", "value": card}),
    ]


def test_wire_equals_model_dump_the_first_time_and_after() -> None:
    for _ in range(3):  # the first pass learns the wire names, the later ones take the short way
        for event in _events():
            assert wire(event) == event.model_dump(mode="json")
            assert list(wire(event)) == list(event.model_dump(mode="json"))  # same key order


_TEXT = st.text(st.characters(codec="utf-8"), max_size=40)  # any valid text (no lone surrogate)


@settings(max_examples=150, deadline=None)
@given(message_id=_TEXT, delta=_TEXT, with_role=st.booleans(), repeat=st.integers(1, 3))
def test_wire_equals_model_dump_for_any_text(
    message_id: str, delta: str, with_role: bool, repeat: int
) -> None:
    """The short way (fields read from the model) against pydantic's own dump, for any text and either set
    of fields: a field left unset must stay absent, as in the dump."""
    start = (
        TextMessageStartEvent(type="TEXT_MESSAGE_START", message_id=message_id, role="assistant")
        if with_role
        else TextMessageStartEvent(type="TEXT_MESSAGE_START", message_id=message_id)
    )
    content = TextMessageContentEvent(type="TEXT_MESSAGE_CONTENT", message_id=message_id, delta=delta or "x")
    for _ in range(repeat):
        for event in (start, content):
            assert wire(event) == event.model_dump(mode="json")
            assert list(wire(event)) == list(event.model_dump(mode="json"))


@settings(max_examples=150, deadline=None)
@given(message_id=_TEXT, delta=_TEXT)
def test_a_text_delta_without_its_model_is_the_models_dump(message_id: str, delta: str) -> None:
    """A slow run's deltas skip the model (`text_delta`): the same members in the same order, any text."""
    model = TextMessageContentEvent(type="TEXT_MESSAGE_CONTENT", message_id=message_id, delta=delta or "x")
    made = text_delta(message_id, delta or "x")
    assert made == model.model_dump(mode="json")
    assert list(made) == list(model.model_dump(mode="json"))


def test_a_text_answer_without_its_models_sends_and_stores_what_its_models_would(tmp_path: Path) -> None:
    """A run's start and end and a whole text message (`Said`) skip their models (engine.wire.Plain): the
    frames, the stored events and the stored message are those the models give, for any text."""
    mock = build_mock(make_config(state=tmp_path / "state.db"))
    runs = iter(range(10_000))

    @settings(max_examples=80, deadline=None)
    @given(ids=st.lists(_TEXT.filter(bool), min_size=3, max_size=3), deltas=st.lists(_TEXT, max_size=4))
    def check(ids: list[str], deltas: list[str]) -> None:
        number = next(runs)
        thread_id, message_id, run_id = f"t_{ids[0]}", f"msg_{number}_{ids[1]}", f"r_{number}_{ids[2]}"
        if not mock.store.threads.thread_id_taken(thread_id):
            mock.store.threads.create_thread(thread_id, "u_1", "Vlákno", "chat", 1)
        said = Said(message_id, tuple(deltas))
        live = mock.runs.start("u_1", run_id, thread_id, [said], "cs")
        models = [
            started(thread_id, run_id),
            *said.models(),
            RunFinishedEvent(type="RUN_FINISHED", thread_id=thread_id, run_id=run_id),
        ]
        expected = [encode_event(m.model_dump(mode="json")) for m in models]
        assert live.done
        assert live.frames == expected
        stored = mock.store.runs.get_run("u_1", run_id)
        assert stored is not None
        assert stored.events == [m.model_dump(mode="json") for m in models]
        answer = next(m for m in mock.store.threads.messages(thread_id) if m.id == message_id)
        assert answer.content == "".join(deltas)

    try:
        check()
    finally:
        mock.store.close()


def test_frames_and_dumps_write_what_the_standard_encoder_writes() -> None:
    """`encode_event` takes orjson where installed (the mock's case): the same bytes as the standard
    encoder it falls back to."""
    from talkie_models import sse

    for event in _events():
        data = event.model_dump(mode="json")
        assert encode_event(data) == b"data: " + sse._standard(data) + b"\n\n"
        assert dumps(data) == json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    odd = {"text": 'uvozovky " a \\ a \n\t\x01 a \u2028 a 😀', "big": 2**70, "n": [1, -2, 0.5, None, True]}
    assert encode_event(odd) == b"data: " + sse._standard(odd) + b"\n\n"  # 2**70 is past orjson
    assert json.loads(dumps(odd)) == odd
    assert FastJSONResponse(odd).body == json.dumps(odd, ensure_ascii=False, separators=(",", ":")).encode()


def test_a_non_finite_number_is_null_in_a_frame_whichever_encoder_writes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from talkie_models import sse

    event = {"type": "CUSTOM", "name": "n", "value": {"a": [float("nan"), float("inf"), 1.5]}}
    fast = encode_event(event)
    monkeypatch.setattr(sse, "_orjson", None)
    assert (
        encode_event(event) == fast == b'data: {"type":"CUSTOM","name":"n","value":{"a":[null,null,1.5]}}\n\n'
    )


def test_one_frame_encoder_for_live_and_replayed_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every frame of a run, live or replayed (N-05), is written by `talkie_models.sse.encode_event`; no
    module of the mock spells a frame of its own."""
    from talkie_mock.engine import chat, runs

    mock_src = Path(runs.__file__).resolve().parents[1]
    spelled = [p for p in mock_src.rglob("*.py") if 'b"data: "' in p.read_text(encoding="utf-8")]
    assert spelled == []
    written: list[dict[str, Any]] = []

    def counting(event: Any) -> bytes:
        written.append(event)
        return encode_event(event)

    monkeypatch.setattr(runs, "encode_event", counting)
    monkeypatch.setattr(chat, "encode_event", counting)
    mock = build_mock(make_config(state=tmp_path / "state.db"))
    try:
        mock.store.threads.create_thread("t_1", "u_1", "Vlákno", "chat", 1)
        live = mock.runs.start("u_1", "r_1", "t_1", [Said("msg_1", ("Ahoj", " světe"))], "cs")
        assert live.done
        assert len(written) == len(live.frames)
        stored = mock.store.runs.get_run("u_1", "r_1")
        assert stored is not None
        assert [encode_event(e) for e in stored.events] == live.frames
    finally:
        mock.store.close()


def _scope(path: str, method: str = "GET") -> dict[str, Any]:
    return {"type": "http", "path": path, "method": method, "root_path": "", "path_params": {}}


def test_indexed_router_picks_the_route_starlette_picks() -> None:
    app = create_app(make_config())
    router = app.router
    assert isinstance(router, IndexedRouter)
    plain = Router(routes=list(router.routes))
    paths = {getattr(r, "path", "") for r in router.routes} | {"/api/talkie/threads/t_1", "/nowhere"}
    for path in sorted(paths):
        for method in ("GET", "POST", "DELETE"):
            scope = _scope(path, method)
            expected = next((r for r in plain.routes if r.matches(scope)[0] is Match.FULL), None)
            candidates = router._candidates(path)
            if candidates is None:
                continue  # not indexed: Starlette's own loop decides
            found = next((r for r in candidates if r.matches(scope)[0] is Match.FULL), None)
            assert found is expected, (path, method)


def test_indexed_router_answers_like_starlette(client: Client) -> None:
    assert client.http.get("/.well-known/talkie.json").status_code == 200
    wrong = client.http.post("/.well-known/talkie.json")
    assert wrong.status_code == 405
    assert wrong.json()["error"]["code"] == "method_not_allowed"
    assert client.http.get("/api/talkie/threads/t_unknown", headers=AUTH).status_code == 404
    # a route added after the first request is found too (the index is rebuilt)
    client.app.router.routes.append(Route("/late", lambda request: FastJSONResponse({"late": True})))
    assert client.http.get("/late").json() == {"late": True}


class _Watching:
    """An observer, idle or not as the test says, counting the manifests it is told about."""

    def __init__(self) -> None:
        self.manifests = 0
        self.is_idle = True

    def idle(self) -> bool:
        return self.is_idle

    async def before_request(self, request: Any) -> None:
        return None

    def on_response(self, request: Any, status: int, type_name: str, body: dict[str, Any]) -> None:
        self.manifests += type_name == "Manifest"

    def on_event(self, event: dict[str, Any]) -> None:
        return None


HOSTS = ("testserver", "127.0.0.1:8765", "10.0.2.2:8765", "localhost:8765", "[::1]:8765")


def test_the_fixed_manifest_is_the_routed_manifest_byte_for_byte(make_client: Any) -> None:
    client = make_client(self_check=False)
    watching = _Watching()
    client.mock.hooks.add(watching)
    fixed = {host: client.http.get("/.well-known/talkie.json", headers={"host": host}) for host in HOSTS}
    assert watching.manifests == 0  # answered without the route, so without telling the hooks
    watching.is_idle = False  # a hook that is not idle: every manifest now takes the routed path
    for host, answer in fixed.items():
        routed = client.http.get("/.well-known/talkie.json", headers={"host": host})
        assert answer.status_code == routed.status_code == 200
        assert answer.content == routed.content, host
        assert answer.headers.multi_items() == routed.headers.multi_items(), host
    assert watching.manifests == len(HOSTS)
    issuers = {host: answer.json()["issuer"] for host, answer in fixed.items()}
    assert issuers["10.0.2.2:8765"] == "http://10.0.2.2:8765"  # each client's own origin (api.issuer)


def test_the_recorder_shows_a_fixed_manifest_as_it_shows_a_routed_one(make_client: Any) -> None:
    """The recorder answers the fixed manifest itself; the inspector cannot tell the two paths apart."""
    client = make_client(self_check=False)
    watching = _Watching()
    client.mock.hooks.add(watching)
    headers = {"host": "127.0.0.1:8765", "accept-language": "cs"}
    client.http.get("/.well-known/talkie.json?x=1", headers=headers)
    watching.is_idle = False
    client.http.get("/.well-known/talkie.json?x=1", headers=headers)
    assert watching.manifests == 1  # the first was the fixed answer, the second was routed
    entries = client.http.get("/_mock/api/traffic").json()["entries"]
    fixed, routed = [e for e in entries if e["path"] == "/.well-known/talkie.json"]
    varying = {"id", "version", "clock", "durationMs"}
    assert fixed["durationMs"] is not None
    assert fixed["stream"] is None
    assert {k: v for k, v in fixed.items() if k not in varying} == {
        k: v for k, v in routed.items() if k not in varying
    }
    assert fixed["response"]["status"] == 200
    assert fixed["endpoint"] == "manifest"
    assert fixed["query"] == "x=1"
    assert fixed["request"]["headers"]["accept-language"] == "cs"


def test_the_fixed_manifest_gives_way_to_faults_variations_and_other_requests(make_client: Any) -> None:
    client = make_client(self_check=False)
    http = client.http
    plain = http.get("/.well-known/talkie.json").json()
    http.post("/_mock/api/faults", json={"kind": "manifestFields", "count": 1})
    assert "futureFeature" in http.get("/.well-known/talkie.json").json()
    assert http.get("/.well-known/talkie.json").json() == plain  # the fault was used up
    http.post("/_mock/api/faults", json={"kind": "error", "code": "rate_limited", "count": 1})
    assert http.get("/.well-known/talkie.json").status_code == 429
    head = http.head("/.well-known/talkie.json")
    assert head.status_code == 200
    assert head.content == b""
    assert http.post("/.well-known/talkie.json").status_code == 405
    varied = make_client(self_check=False, vary=7).http.get("/.well-known/talkie.json")
    assert varied.status_code == 200
    assert "cache-control" not in varied.headers  # seed 7's choice: the manifest without Cache-Control
    entries = http.get("/_mock/api/traffic").json()["entries"]
    manifests = [e for e in entries if e["path"] == "/.well-known/talkie.json"]
    assert [e["response"]["status"] for e in manifests] == [200, 200, 200, 429, 200, 405]  # each one recorded


def _row(message_id: str, thread_id: str = "t_1") -> MessageRow:
    return MessageRow(message_id, thread_id, "user", "Dobrý den", 1, "chat", [])


def test_add_messages_tells_which_messages_it_stored(tmp_path: Path) -> None:
    """One INSERT per message decides what is new (the run request asks nothing beforehand): an id the
    thread knows, or one repeated within the same call, is not stored again and not reported."""
    store = Store(str(tmp_path / "state.db"))
    store.threads.create_thread("t_1", "u_1", "Schůzky", "chat", 1)
    first, second = _row("m_1"), _row("m_2")
    assert store.threads.add_messages("t_1", [first, _row("m_1"), second], 2) == [first, second]
    assert store.threads.add_messages("t_1", [_row("m_2")], 3) == []
    assert [m.id for m in store.threads.messages("t_1")] == ["m_1", "m_2"]
    store.threads.delete_thread("t_1", 4)
    assert store.threads.add_messages("t_1", [_row("m_3")], 5) == []  # a deleted thread takes nothing
    store.close()


def test_held_writes_commit_together_and_keep_each_write_atomic(tmp_path: Path) -> None:
    path = str(tmp_path / "state.db")
    store = Store(path)
    other = sqlite3.connect(path)
    store.threads.create_thread("t_1", "u_1", "Schůzky", "chat", 1)
    store.hold()
    store.hold()  # nested: only the outermost release commits
    store.threads.add_messages("t_1", [_row("m_1")], 2)
    store.runs.create_run("u_1", "r_1", "t_1", "running", 2)
    with pytest.raises(sqlite3.IntegrityError):
        store.runs.create_run("u_1", "r_1", "t_1", "running", 3)  # the same key again: this write fails alone
    unstorable = MessageRow("m_3", "t_1", "user", "x", 2, None, [{"not json": object()}])
    with pytest.raises(TypeError):  # fails after m_2 was inserted: the write is undone as a whole
        store.threads.add_messages("t_1", [_row("m_2"), unstorable], 2)
    store.release()
    assert other.execute("SELECT count(*) FROM messages").fetchone()[0] == 0  # nothing visible yet
    store.release()
    ids = [r[0] for r in other.execute("SELECT id FROM messages ORDER BY seq")]
    assert ids == ["m_1"]  # m_2 went with its failed write (a savepoint), m_1 stayed
    assert other.execute("SELECT count(*) FROM runs").fetchone()[0] == 1
    with store.batch():
        store.runs.finish_run("u_1", "r_1", "finished", encoded='[{"type":"RUN_STARTED"}]')
    assert store.runs.get_run("u_1", "r_1").events == [{"type": "RUN_STARTED"}]  # type: ignore[union-attr]
    other.close()
    store.close()


def _wait_for_checkpoint_passes(count: int) -> None:
    passes = CHECKPOINTER.passes
    deadline = time.monotonic() + 60
    while CHECKPOINTER.passes < passes + count and time.monotonic() < deadline:
        time.sleep(0.01)


def _messages_seen_by_another_connection(path: str) -> int:
    other = sqlite3.connect(path)
    try:
        count: int = other.execute("SELECT count(*) FROM messages").fetchone()[0]
    finally:
        other.close()
    return count


def test_checkpoints_run_off_the_request_path_and_keep_the_log_short(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No commit of the store checkpoints (the thread does); the log stays short, and nothing is lost."""
    monkeypatch.setattr(CHECKPOINTER, "interval", 0.02)
    path = str(tmp_path / "state.db")
    store = Store(path)
    assert store.db.connection.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
    store.threads.create_thread("t_1", "u_1", "Nabídky", "chat", 1)
    text = "Dobrý den, posílám nabídku na 12 licencí. " * 40  # about 1.7 kB per message
    for batch in range(10):  # 3,000 commits: with no checkpoint at all the log would pass 60 MB
        for n in range(300):
            row = MessageRow(f"m_{batch}_{n}", "t_1", "user", text, 2, "chat", [])
            store.threads.add_messages("t_1", [row], 2)
        _wait_for_checkpoint_passes(2)
    wal = Path(f"{path}-wal")
    assert wal.stat().st_size < 16_000_000, wal.stat().st_size  # about one batch of 300 commits
    assert _messages_seen_by_another_connection(path) == 3000
    store.close()


def _log_generation(wal: Path) -> int:
    """The checkpoint sequence number in the log's header: it grows each time the log starts again."""
    with wal.open("rb") as log:
        return int.from_bytes(log.read(16)[12:16], "big")


def test_the_log_starts_again_under_writes_that_never_pause(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store that commits without a break (a benchmark, a busy day) while the thread checkpoints: every
    PASSIVE pass leaves the frames of the commits made meanwhile, so the log never starts again unless the
    thread asks the store to restart it after its next commit. Without that, the log's header never
    changes and the loop below runs to its cap (the log passes 100 MB). The test waits for the restarts
    rather than timing them, so a busy machine only makes it take longer."""
    monkeypatch.setattr(CHECKPOINTER, "interval", 0.02)
    monkeypatch.setattr(checkpoints, "RESTART_BYTES", 1_000_000)
    path = str(tmp_path / "state.db")
    store = Store(path)
    store.threads.create_thread("t_1", "u_1", "Nabídky", "chat", 1)
    text = "Dobrý den, posílám nabídku na 12 licencí. " * 40
    wal = Path(f"{path}-wal")
    _wait_for_checkpoint_passes(2)  # the thread now sleeps the short interval
    first = _log_generation(wal)
    written = 0
    while _log_generation(wal) < first + 2 and written < 60_000:
        for _ in range(100):
            row = MessageRow(f"m_{written}", "t_1", "user", text, 2, "chat", [])
            store.threads.add_messages("t_1", [row], 2)
            written += 1
    assert _log_generation(wal) >= first + 2, written
    assert store.log_restarts > 0
    assert _messages_seen_by_another_connection(path) == written
    store.close()


def test_a_long_log_is_restarted_by_its_store_after_the_next_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The mechanism, one pass at a time: a pass that leaves a log longer than RESTART_BYTES asks the
    store, whose next commit is followed by a RESTART checkpoint; the commit after it is written at the
    log's beginning."""
    monkeypatch.setattr(checkpoints, "RESTART_BYTES", 1)
    monkeypatch.setattr(database, "RESTART_WAIT_MS", 5000)  # the thread's own pass may be copying now
    path = str(tmp_path / "state.db")
    store = Store(path)
    store.threads.create_thread("t_1", "u_1", "Nabídky", "chat", 1)
    for n in range(50):
        store.threads.add_messages("t_1", [_row(f"m_{n}")], 2)
    CHECKPOINTER._checkpoint(path, store.db.restart_log_soon)
    assert store.log_restarts == 0  # asked only: the thread never restarts a log itself
    store.threads.add_messages("t_1", [_row("m_after")], 3)
    assert store.log_restarts == 1
    store.threads.add_messages("t_1", [_row("m_last")], 3)
    other = sqlite3.connect(path)
    frames = -1
    for _ in range(100):  # -1: the checkpoint thread's own pass held the checkpoint lock; ask again
        _, frames, _ = other.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        if frames >= 0:
            break
        time.sleep(0.01)
    assert 0 < frames < 10  # only the last commit's pages: the log started again from its beginning
    assert other.execute("SELECT count(*) FROM messages").fetchone()[0] == 52
    other.close()
    store.close()


def test_silent_exchanges_are_those_the_verdicts_never_fault(client: Client) -> None:
    verdicts = Verdicts(client.mock)
    cases = [
        ("/.well-known/talkie.json", "manifest", 200, ""),
        ("/.well-known/talkie.json", "manifest", 404, '{"error":{"code":"not_found"}}'),
        ("/talkie/logo.png", None, 200, ""),
        ("/nowhere", None, 404, ""),
        ("/api/talkie/status", "status", 200, ""),
        ("/api/talkie/status", "status", 401, '{"error":{"code":"unauthorized"}}'),
        ("/oauth/authorize", None, 200, ""),
    ]
    for path, endpoint, status, body in cases:
        for headers in ({}, {"authorization": "Basic eA=="}, {"authorization": "Bearer tk"}):
            seen = Seen(
                method="GET",
                path=path,
                query="",
                endpoint=endpoint,
                headers=RequestHeaders.of(headers),
                body=b"",
                status=status,
                response=json.loads(body) if body else None,
            )
            if Verdicts.silent(path, endpoint, status):
                assert verdicts.analyse(seen) == [], (path, status, headers)
    assert Verdicts.silent("/.well-known/talkie.json", "manifest", 200)
    assert not Verdicts.silent("/api/talkie/status", "status", 200)
    assert not Verdicts.silent("/nowhere", None, 404)


def test_the_inspector_still_judges_what_the_recorder_only_kept(client: Client) -> None:
    client.run("talkie-test:echo Horizont", "r_rec")
    client.http.get("/api/talkie/status")  # no token: a finding
    entries = client.http.get("/_mock/api/traffic").json()["entries"]
    run = next(e for e in entries if e["path"] == "/api/talkie/run")
    assert [e["type"] for e in run["events"]] == [
        "RUN_STARTED",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_END",
        "RUN_FINISHED",
    ]
    assert all(e["valid"] for e in run["events"])
    assert run["eventCount"] == 5
    assert run["stream"] == "complete"
    assert run["request"]["headers"]["authorization"].endswith("…")
    status = next(e for e in entries if e["path"] == "/api/talkie/status")
    assert [f["rule"] for f in status["findings"]] == ["AUTH-016"]
    manifest = client.http.get("/.well-known/talkie.json")
    assert manifest.headers["cache-control"] == "public, max-age=60"


def test_a_long_stream_is_counted_past_what_is_kept() -> None:
    exchange = Exchange(1, "POST", "/api/talkie/run", b"", 0, [])
    for index in range(EVENT_LIMIT + 40):
        exchange.add_stream_chunk(encode_event({"type": "CUSTOM", "name": "n", "value": index}))
    events, count = exchange.events()
    assert len(events) == EVENT_LIMIT
    assert count == EVENT_LIMIT + 40
    exchange.add_stream_chunk(b": ping\n\n" + encode_event({"type": "RUN_FINISHED"}))
    assert exchange.events()[1] == EVENT_LIMIT + 41  # decoded incrementally, comments not counted


def test_a_run_without_pauses_is_stored_before_its_answer_starts(client: Client) -> None:
    mock = client.mock
    plan = mock.agent.plan(
        AgentRequest(text="talkie-test:echo ahoj", run_id="r_x", thread_id="t_x", locale="cs")
    )
    assert not any(isinstance(step, Sleep | Paced) for step in plan)  # no pause: `start` performs it whole

    answer = client.http.post(
        "/api/talkie/run", json=run_input("talkie-test:echo ahoj", "r_sync", "t_sync"), headers=AUTH
    )
    events = parse_sse(answer.content)
    assert [e["type"] for e in events][-1] == "RUN_FINISHED"
    stored = mock.store.runs.get_run("u_dev", "r_sync")
    assert stored is not None
    assert stored.status == "finished"
    assert stored.events == events
    roles = [m.role for m in mock.store.threads.messages("t_sync")]
    assert roles == ["user", "assistant"]
    assert mock.runs.get_live("u_dev", "r_sync") is None


def test_clock_milliseconds_agree_with_the_datetime_clock() -> None:
    clock = Clock()
    clock.advance(12.3456789)
    for _ in range(1000):
        before = int(clock.now().timestamp() * 1000)
        fast = clock.now_ms()
        after = int(clock.now().timestamp() * 1000)
        assert before <= fast <= after
