"""The bench's durable floor really does the state work it prices: a run it answered is in its state file."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sqlite3
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _baselines() -> ModuleType:
    spec = importlib.util.spec_from_file_location("talkie_bench_baselines", ROOT / "bench" / "_baselines.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


async def _post(app: Any, body: bytes) -> list[dict[str, Any]]:
    scope = {"type": "http", "method": "POST", "path": "/api/talkie/run", "headers": []}
    sent: list[dict[str, Any]] = []
    messages = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive() -> dict[str, Any]:
        return messages.pop(0)

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    return sent


async def _shut_down(app: Any) -> None:
    messages = [{"type": "lifespan.startup"}, {"type": "lifespan.shutdown"}]

    async def receive() -> dict[str, Any]:
        return messages.pop(0)

    async def send(message: dict[str, Any]) -> None:
        pass

    await app({"type": "lifespan"}, receive, send)


def test_the_floor_stores_each_run_before_it_answers(tmp_path: Path) -> None:
    state = tmp_path / "floor.db"
    app = _baselines().durable_floor({}, state)
    text = "talkie-test:echo Dobrý den, Jana Nováková"
    body = json.dumps(
        {
            "threadId": "t_floor",
            "runId": "r_floor",
            "messages": [{"id": "m_1", "role": "user", "content": text}],
        }
    ).encode()
    sent = asyncio.run(_post(app, body))
    asyncio.run(_shut_down(app))  # the lifespan closes the floor's store, as uvicorn would
    assert sent[0]["status"] == 200
    frames = [line for line in sent[1]["body"].decode().split("\n") if line.startswith("data: ")]
    assert [json.loads(f[6:])["type"] for f in frames] == [
        "RUN_STARTED",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_END",
        "RUN_FINISHED",
    ]
    reader = _read(state)  # a second connection, as `talkie-mock report` would read it
    assert reader["run"] == "finished"
    assert reader["messages"] == [("user", text), ("assistant", "Dobrý den, Jana Nováková")]


def _read(state: Path) -> dict[str, Any]:
    db = sqlite3.connect(state)
    try:
        run = db.execute("SELECT status FROM runs WHERE id = 'r_floor'").fetchone()
        messages = db.execute(
            "SELECT role, content FROM messages WHERE thread_id = 't_floor' ORDER BY seq"
        ).fetchall()
    finally:
        db.close()
    return {"run": run[0] if run else None, "messages": messages}
