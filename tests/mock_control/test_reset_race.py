"""A reset empties the state even when runs start while it stops the others (nothing half-stored after it)."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from talkie_mock import create_app
from talkie_mock.testing import AUTH, make_config, run_input
from waiting import until_async


def test_a_run_started_during_a_reset_is_stopped_before_the_state_is_emptied() -> None:
    app = create_app(make_config(slow_seconds=2.0))
    tools: Any = app.state.devtools
    mock = app.state.mock

    async def scenario() -> tuple[int, list[Any], int]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8765") as http:
            late: list[asyncio.Task[httpx.Response]] = []
            hang_up = tools.voice.reset

            async def reset_while_a_run_arrives() -> None:
                # a client's run arrives while the reset awaits the voice connections' hang-up
                body = run_input("talkie-test:slow", "r_late", thread_id="t_late")
                late.append(asyncio.create_task(http.post("/api/talkie/run", json=body, headers=AUTH)))
                await until_async(lambda: ("u_dev", "r_late") in mock.runs.live, "the late run to start")
                await hang_up()

            tools.voice.reset = reset_while_a_run_arrives
            answer = await http.post("/_mock/api/reset")
            live = len(mock.runs.live)
            await asyncio.gather(*late)  # its answer ends when its run does: nothing of it writes later
            threads = (await http.get("/api/talkie/threads", headers=AUTH)).json()["threads"]
            return answer.status_code, threads, live

    async def with_lifespan() -> tuple[int, list[Any], int]:
        async with app.router.lifespan_context(app):
            return await scenario()

    status, threads, live = asyncio.run(with_lifespan())
    assert status == 200
    assert live == 0  # every run had stopped when the state was emptied
    assert threads == []  # and none wrote into the empty state afterwards
    assert mock.store.runs.get_run("u_dev", "r_late") is None
