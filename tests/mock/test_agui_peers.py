"""The official AG-UI implementations read the mock's run streams without complaint.

Talkie is a profile of AG-UI 1.0, so a stream the mock sends must also be a valid stream for AG-UI's own
code: the Python models of `ag-ui-protocol` (every event parsed through the `ag_ui.core.Event` union, any
warning an error) and the TypeScript `@ag-ui/client` (`HttpAgent.runAgent` against the live mock, from the
script in `agui_client/`, which also verifies the event sequence on its side).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
from ag_ui.core import Event
from pydantic import TypeAdapter
from talkie_mock.testing import TOKEN, Client, LiveServer, make_config

ROOT = Path(__file__).resolve().parents[2]
NODE_SCRIPT = Path(__file__).resolve().parent / "agui_client" / "run.mjs"
NODE_CLIENT = ROOT / "tools" / "node" / "node_modules" / "@ag-ui" / "client"
EVENT = TypeAdapter(Event)

TEST_MESSAGES = [
    "talkie-test:echo Dobrý den, **Marek Dvořák**\n- první\n- druhý",
    "talkie-test:echo",
    "talkie-test:card",
    "talkie-test:action",
    "talkie-test:error",
    "talkie-test:slow",
]
# One message per intent of the invented content, in both locales' words.
INTENT_MESSAGES = [
    "What meetings do I have today?",
    "Tell me about the client Horizont Logistika s.r.o.",
    "Find the offer PDF for Marek Dvořák",
    "send the price list to lena.schmidt@example.org",
    "delete the contact of Jana Horáková",
    "open https://example.org/reports/2026",
    "Jak se dnes daří?",
]


def _strict_parse(event: dict[str, Any]) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return EVENT.validate_python(event)


@pytest.mark.parametrize("text", TEST_MESSAGES + INTENT_MESSAGES)
def test_ag_ui_python_models_parse_every_event(client: Client, text: str) -> None:
    events = client.run(text, "r_py", thread_id="t_py")
    assert events[0]["type"] == "RUN_STARTED"
    assert events[-1]["type"] in {"RUN_FINISHED", "RUN_ERROR"}
    for raw in events:
        parsed = _strict_parse(raw)
        assert parsed.type.value == raw["type"]
        # nothing of ours is lost or renamed on the way through AG-UI's model
        assert parsed.model_dump(mode="json", by_alias=True, exclude_none=True) == raw


def test_ag_ui_python_models_cover_the_talkie_extras(client: Client) -> None:
    """The Talkie parts (metadata, CUSTOM values, outcome) survive the official models unchanged."""
    card = client.run("talkie-test:card", "r_card")
    tool_end = next(e for e in card if e["type"] == "TOOL_CALL_END")
    assert _strict_parse(tool_end).metadata == {"ok": True}
    custom = next(e for e in card if e["type"] == "CUSTOM")
    assert _strict_parse(custom).value == custom["value"]
    error = client.run("talkie-test:error", "r_err")[-1]
    parsed = _strict_parse(error)
    assert parsed.code == "upstream_unavailable"
    assert parsed.metadata == {"retryable": True}


def _node_available() -> bool:
    return shutil.which("node") is not None and NODE_CLIENT.is_dir()


def _run_node(url: str, messages: list[str]) -> tuple[dict[str, Any], str]:
    node = shutil.which("node")
    assert node is not None
    done = subprocess.run(
        [node, str(NODE_SCRIPT), url, TOKEN, *messages], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result, done.stderr


def _fingerprint(event: dict[str, Any]) -> tuple[Any, ...]:
    value = event.get("value")
    value_id = value.get("id") if isinstance(value, dict) else None
    return (
        event["type"],
        event.get("threadId"),
        event.get("runId"),
        event.get("messageId"),
        event.get("toolCallId"),
        event.get("name"),
        value_id,
        event.get("delta"),
    )


@pytest.mark.node
@pytest.mark.skipif(not _node_available(), reason="node or tools/node/node_modules is missing")
def test_official_typescript_client_receives_exactly_what_the_mock_sent() -> None:
    messages = [
        "talkie-test:echo Ahoj, jak se máš? <b>ne-HTML</b>",
        "talkie-test:card",
        "talkie-test:action",
        "talkie-test:error",
        "talkie-test:slow",
    ]
    with LiveServer(make_config(slow_seconds=0.4, slow_chunks=4)) as server:
        result, stderr = _run_node(f"{server.url}/api/talkie/run", messages)
        sent = {run["runId"]: _finished_run(server, run["runId"]).events for run in result["runs"]}
    assert stderr == "", f"the AG-UI client logged: {stderr}"
    assert [run["message"] for run in result["runs"]] == messages
    for run in result["runs"]:
        assert run["error"] is None, run
        received = run["events"]
        assert [_fingerprint(e) for e in received] == [_fingerprint(e) for e in sent[run["runId"]]]
        assert received[0]["threadId"] == run["threadId"]
    kinds = {run["message"].split()[0]: [e["type"] for e in run["events"]] for run in result["runs"]}
    assert kinds["talkie-test:error"] == ["RUN_STARTED", "RUN_ERROR"]
    assert "TOOL_CALL_START" in kinds["talkie-test:card"]
    assert "CUSTOM" in kinds["talkie-test:card"]
    assert kinds["talkie-test:slow"].count("TEXT_MESSAGE_CONTENT") > 1
    echo = next(run for run in result["runs"] if run["message"].startswith("talkie-test:echo"))
    text = "".join(e["delta"] for e in echo["events"] if e["type"] == "TEXT_MESSAGE_CONTENT")
    assert text == messages[0].removeprefix("talkie-test:echo ")


@pytest.mark.node
@pytest.mark.skipif(not _node_available(), reason="node or tools/node/node_modules is missing")
def test_typescript_client_request_is_accepted_as_sent() -> None:
    """What `HttpAgent` posts (protocolVersion, state, tools, context…) is a valid RunAgentInput for us."""
    with LiveServer(make_config()) as server:
        result, stderr = _run_node(f"{server.url}/api/talkie/run", ["talkie-test:echo ok"])
        run = result["runs"][0]
        stored = _finished_run(server, run["runId"])
        messages = server.app.state.mock.store.threads.messages(run["threadId"])
    assert stderr == ""
    assert run["error"] is None
    assert run["events"][-1]["type"] == "RUN_FINISHED"
    assert stored.thread_id == run["threadId"]
    assert next((m.id, m.role, m.content) for m in messages) == ("m_node_0", "user", "talkie-test:echo ok")


def _finished_run(server: LiveServer, run_id: str) -> Any:
    """The stored run once its task has written the final state (it does so right after the last event)."""
    deadline = time.monotonic() + 60
    while True:
        row = server.app.state.mock.store.runs.get_run("u_dev", run_id)
        if row is not None and row.status != "running":
            return row
        assert time.monotonic() < deadline, f"run {run_id} was not stored as finished"
        time.sleep(0.02)
