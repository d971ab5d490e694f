"""The run rules of `POST run` driven through the engine alone (engine.chat), without HTTP.

Each test builds the mock's parts (`build_mock`) and calls :meth:`Chat.submit` as the api layer does; the
feeds it returns have ended (echo never pauses), so their frames are read at once.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from typing import Any

import pytest
from talkie_mock.api.problems import refused
from talkie_mock.app import build_mock
from talkie_mock.engine import refusals
from talkie_mock.engine.chat import Submitted
from talkie_mock.engine.refusals import MessageTooLongError, RefusedError
from talkie_mock.testing import make_config, run_input
from talkie_models import RunAgentInput

USER = "u_dev"


def body(text: str, run_id: str, thread_id: str = "t_main", message_id: str | None = None) -> RunAgentInput:
    return RunAgentInput.model_validate(run_input(text, run_id, thread_id, message_id))


def events(submitted: Submitted) -> list[dict[str, Any]]:
    frames = submitted.feed.finished_frames()
    assert frames is not None, "an echo run has ended before its answer starts"
    return [json.loads(f[len(b"data: ") :]) for f in frames if f.startswith(b"data: ")]


def types(found: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in found]


def test_a_run_is_stored_and_answered_in_one_call() -> None:
    mock = build_mock(make_config())
    submitted = mock.chat.submit(USER, body("talkie-test:echo Ivana Dvořáková", "r1"), "en")
    found = events(submitted)
    assert types(found)[0] == "RUN_STARTED"
    assert types(found)[-1] == "RUN_FINISHED"
    assert "".join(e["delta"] for e in found if e["type"] == "TEXT_MESSAGE_CONTENT") == "Ivana Dvořáková"
    stored = [(m.role, m.content) for m in mock.store.threads.messages("t_main")]
    assert stored == [("user", "talkie-test:echo Ivana Dvořáková"), ("assistant", "Ivana Dvořáková")]
    assert mock.store.threads.get_thread("t_main") is not None


def test_a_cancel_before_the_run_arrives_ends_it_cancelled_and_stores_nothing() -> None:
    mock = build_mock(make_config())
    asyncio.run(mock.runs.cancel(USER, "r_early"))  # notes N-04: the cancel came first
    submitted = mock.chat.submit(USER, body("talkie-test:echo Karel Svoboda", "r_early", "t_new"), "en")
    found = events(submitted)
    assert types(found) == ["RUN_STARTED", "RUN_FINISHED"]
    assert found[-1].get("outcome", {"type": "cancelled"})["type"] == "cancelled"
    assert mock.store.threads.get_thread("t_new") is None
    assert mock.store.threads.messages("t_new") == []


def test_a_retried_run_id_restreams_the_run_and_stores_no_new_message() -> None:
    mock = build_mock(make_config())
    original = body("talkie-test:echo Jana Nováková", "r2", message_id="m_a")
    first = events(mock.chat.submit(USER, original, "en"))
    retry = mock.chat.submit(USER, body("talkie-test:echo something else", "r2", message_id="m_b"), "en")
    assert events(retry) == first  # notes N-05: the run its runId names, again
    assert retry.unstored == ["m_b"]  # the inspector says the retried message was not stored
    assert [m.id for m in mock.store.threads.messages("t_main") if m.role == "user"] == ["m_a"]


def test_known_message_ids_under_a_new_run_id_end_at_once() -> None:
    mock = build_mock(make_config())
    mock.chat.submit(USER, body("talkie-test:echo Petr Dvořák", "r3", message_id="m_same"), "en")
    before = mock.store.threads.messages("t_main")
    again = mock.chat.submit(USER, body("talkie-test:echo Petr Dvořák", "r4", message_id="m_same"), "en")
    assert types(events(again)) == ["RUN_STARTED", "RUN_FINISHED"]
    assert mock.store.threads.messages("t_main") == before


def test_another_users_thread_id_gets_a_server_assigned_thread() -> None:
    mock = build_mock(make_config())
    mock.chat.submit("u_other", body("talkie-test:echo Eva Černá", "r5", "t_shared"), "en")
    found = events(mock.chat.submit(USER, body("talkie-test:echo Eva Černá", "r6", "t_shared"), "en"))
    assigned = found[0]["threadId"]
    assert assigned != "t_shared"  # §5: RUN_STARTED's threadId is authoritative
    thread = mock.store.threads.get_thread(assigned)
    assert thread is not None
    assert thread.user_id == USER


def test_a_message_over_the_limit_is_refused_before_anything_is_stored() -> None:
    mock = build_mock(make_config(max_message_chars=10))
    with pytest.raises(MessageTooLongError) as refusal:
        mock.chat.submit(USER, body("talkie-test:echo " + "ř" * 10, "r7", "t_long"), "en")
    assert refusal.value.limit == 10
    assert mock.store.threads.get_thread("t_long") is None
    assert mock.store.runs.get_run(USER, "r7") is None


def test_every_engine_refusal_has_its_own_answer() -> None:
    kinds = [
        cls
        for _, cls in inspect.getmembers(refusals, inspect.isclass)
        if issubclass(cls, RefusedError) and not cls.__subclasses__()
    ]
    assert len(kinds) >= 5
    answers = set()
    for cls in kinds:
        exc = cls(10) if cls is MessageTooLongError else cls("a_1")
        answer = refused(exc)
        assert answer.code != "internal", f"{cls.__name__} has no §3 answer in api.problems.refused"
        answers.add((answer.code, answer.reason))
    assert len(answers) == len(kinds)
