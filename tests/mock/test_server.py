"""Against a real uvicorn on a free loopback port: streaming, disconnect, cancel, restart, kill -9 and
the CLI."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from talkie_mock.testing import AUTH, TOKEN, LiveServer, make_config, parse_sse, run_input
from talkie_models.sse import SSEDecoder
from waiting import until


def _events(chunks: list[bytes]) -> list[dict[str, Any]]:
    return parse_sse(b"".join(chunks))


def _assistant(http: httpx.Client, thread_id: str) -> list[str]:
    detail = http.get(f"/api/talkie/threads/{thread_id}", headers=AUTH).json()
    return [m["content"] for m in detail["messages"] if m["role"] == "assistant"]


def _until_assistant(http: httpx.Client, thread_id: str) -> list[str]:
    """The thread's assistant texts once there is one (the run stores its text when the message ends)."""
    return until(lambda: _assistant(http, thread_id), f"an assistant message in {thread_id}")


def test_first_event_arrives_while_the_run_is_still_going() -> None:
    with (
        LiveServer(make_config(slow_seconds=1.5, slow_chunks=6)) as server,
        httpx.Client(base_url=server.url) as http,
    ):
        body = run_input("talkie-test:slow", "r1", thread_id="t_live")
        with http.stream("POST", "/api/talkie/run", json=body, headers=AUTH) as answer:
            assert answer.headers["cache-control"] == "no-cache"
            assert answer.headers["x-accel-buffering"] == "no"
            decoder = SSEDecoder()
            seen: list[dict[str, Any]] = []
            stored_at_first: list[str] | None = None
            for chunk in answer.iter_raw():
                for message in decoder.feed(chunk):
                    seen.append(json.loads(message.data))
                    if stored_at_first is None:  # a buffered answer would come after the run stored its text
                        stored_at_first = _assistant(http, "t_live")
        assert seen[0]["type"] == "RUN_STARTED"
        assert stored_at_first == []
        assert seen[-1]["type"] == "RUN_FINISHED"
        assert _assistant(http, "t_live") == [server.app.state.mock.agent.phrases("en")["slow"]]


def test_pings_are_sent_while_quiet() -> None:
    config = make_config(slow_seconds=1.0, slow_chunks=2, ping_interval=0.2)
    with LiveServer(config) as server, httpx.Client(base_url=server.url) as http:
        answer = http.post("/api/talkie/run", json=run_input("talkie-test:slow", "r1"), headers=AUTH)
        assert b": ping\n\n" in answer.content
        assert parse_sse(answer.content)[-1]["type"] == "RUN_FINISHED"


def test_disconnect_is_not_cancel() -> None:
    with (
        LiveServer(make_config(slow_seconds=1.0, slow_chunks=5)) as server,
        httpx.Client(base_url=server.url) as http,
    ):
        body = run_input("talkie-test:slow", "r_drop", thread_id="t_drop")
        with http.stream("POST", "/api/talkie/run", json=body, headers=AUTH) as answer:
            next(answer.iter_raw())  # read the start, then drop the connection
        full = server.app.state.mock.agent.phrases("en")["slow"]
        assert _until_assistant(http, "t_drop") == [full]


def test_cancel_stops_the_work_and_keeps_the_partial_text() -> None:
    with (
        LiveServer(make_config(slow_seconds=3.0, slow_chunks=10)) as server,
        httpx.Client(base_url=server.url) as http,
    ):
        body = run_input("talkie-test:slow", "r_cancel", thread_id="t_cancel")
        witness = run_input("talkie-test:slow", "r_witness", thread_id="t_witness")
        chunks: list[bytes] = []
        with http.stream("POST", "/api/talkie/run", json=body, headers=AUTH) as answer:
            stream = answer.iter_raw()
            for chunk in stream:
                chunks.append(chunk)
                if b"TEXT_MESSAGE_CONTENT" in b"".join(chunks) and len(chunks) >= 3:
                    # an uncancelled run started now: once it has finished, a run still working would have too
                    with http.stream("POST", "/api/talkie/run", json=witness, headers=AUTH) as other:
                        next(other.iter_raw())
                    cancelled = http.post("/api/talkie/runs/r_cancel/cancel", headers=AUTH)
                    assert cancelled.json() == {"ok": True}
                    break
            for chunk in stream:  # the stream ends by itself, well before the 3 s of the run
                chunks.append(chunk)
        events = _events(chunks)
        kinds = [e["type"] for e in events]
        assert kinds[-2:] == ["TEXT_MESSAGE_END", "RUN_FINISHED"]
        assert events[-1]["outcome"] == {"type": "cancelled"}
        partial = "".join(e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")
        full = server.app.state.mock.agent.phrases("en")["slow"]
        assert partial
        assert len(partial) < len(full)
        assert _until_assistant(http, "t_witness") == [full]
        assert _assistant(http, "t_cancel") == [partial]


def test_restart_keeps_state(tmp_path: Path) -> None:
    state = str(tmp_path / "state.db")
    with LiveServer(make_config(state=state)) as server, httpx.Client(base_url=server.url) as http:
        events = parse_sse(
            http.post("/api/talkie/run", json=run_input("talkie-test:action", "r1"), headers=AUTH).content
        )
        action = next(e["value"] for e in events if e.get("name") == "talkie.action")
    with LiveServer(make_config(state=state)) as server, httpx.Client(base_url=server.url) as http:
        detail = http.get("/api/talkie/threads/t_main", headers=AUTH).json()
        assert [m["role"] for m in detail["messages"]] == ["user", "assistant"]
        assert detail["actions"][0]["id"] == action["id"]
        replay = parse_sse(
            http.post("/api/talkie/run", json=run_input("talkie-test:action", "r1"), headers=AUTH).content
        )
        assert replay == events


def _start_cli(state: str, port: int = 0, *extra: str) -> tuple[subprocess.Popen[str], str]:
    exe = shutil.which("talkie-mock") or str(Path(sys.executable).with_name("talkie-mock"))
    process = subprocess.Popen(
        [
            exe,
            "serve",
            "--quiet",  # no request log into a pipe nobody reads
            "--port",
            str(port),
            "--state",
            state,
            "--token",
            TOKEN,
            "--slow-seconds",
            "0.5",
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    deadline = time.monotonic() + 20
    lines = []
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        lines.append(line)
        if "manifest:" in line:
            url = line.split("manifest:", 1)[1].strip()
            return process, url
        if not line and process.poll() is not None:
            break
    process.kill()
    pytest.fail("talkie-mock serve did not start: " + "".join(lines))


def _close_pipe(process: subprocess.Popen[str]) -> None:
    """The ended server's output pipe, closed (an open one is a ResourceWarning, an error here)."""
    if process.stdout is not None:
        process.stdout.close()


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=1).is_success
    except httpx.HTTPError:
        return False


def _wait_ready(url: str) -> None:
    until(lambda: _answers(url), f"{url} to answer")


@pytest.mark.slow
def test_cli_smoke(tmp_path: Path) -> None:
    process, manifest_url = _start_cli(str(tmp_path / "cli.db"))
    try:
        _wait_ready(manifest_url)
        manifest = httpx.get(manifest_url).json()
        assert manifest["spec"] == "talkie/1"
        run_url = manifest["issuer"] + manifest["endpoints"]["run"]
        answer = httpx.post(run_url, json=run_input("talkie-test:echo hi", "r1"), headers=AUTH)
        events = parse_sse(answer.content)
        assert "".join(e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT") == "hi"
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        _close_pipe(process)
    assert process.returncode == 0


@pytest.mark.slow
def test_kill_9_loses_no_acknowledged_write(tmp_path: Path) -> None:
    state = str(tmp_path / "kill.db")
    process, manifest_url = _start_cli(state)
    acknowledged: list[tuple[str, str]] = []
    try:
        _wait_ready(manifest_url)
        origin = manifest_url.rsplit("/.well-known", 1)[0]
        with httpx.Client(base_url=origin, headers=AUTH) as http:
            for index in range(12):
                answer = http.post(
                    "/api/talkie/run", json=run_input("talkie-test:action", f"r{index}", f"t_{index}")
                )
                events = parse_sse(answer.content)
                action = next(e["value"] for e in events if e.get("name") == "talkie.action")
                decided = http.post(
                    f"/api/talkie/actions/{action['id']}/decision",
                    json={"decision": "confirm", "paramsHash": action["paramsHash"], "method": "button"},
                )
                assert decided.status_code == 200
                acknowledged.append((f"t_{index}", action["id"]))
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        _close_pipe(process)
    process, manifest_url = _start_cli(state)
    try:
        _wait_ready(manifest_url)
        origin = manifest_url.rsplit("/.well-known", 1)[0]
        with httpx.Client(base_url=origin, headers=AUTH) as http:
            for thread_id, action_id in acknowledged:
                detail = http.get(f"/api/talkie/threads/{thread_id}").json()
                assert len(detail["messages"]) == 2
                assert http.get(f"/api/talkie/actions/{action_id}").json()["status"] == "done"
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(10)
        _close_pipe(process)
