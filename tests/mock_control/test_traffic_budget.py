"""The inspector keeps at most what it shows: each body cut to its display limit before it is kept, all
exchanges together within a byte budget (the oldest dropped first), and a flood of big answers does not
hold up a small request."""

from __future__ import annotations

import asyncio

import httpx
from talkie_mock import create_app
from talkie_mock.devtools.traffic import BODY_LIMIT, CUT, Traffic
from talkie_mock.testing import AUTH, make_config, run_input

BIG_GETS = 100
MESSAGES = 60
"""Runs of the large thread: each stores a user message and its echo of about 3,900 characters."""


def test_a_hundred_big_answers_stay_within_the_budget_and_status_is_not_stuck_behind_them() -> None:
    app = create_app(make_config())
    traffic: Traffic = app.state.devtools.traffic
    finished: list[str] = []

    async def scenario() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver", timeout=120) as http:
            for i in range(MESSAGES):
                body = run_input("talkie-test:echo " + "x" * 3900 + str(i), f"r_big_{i}")
                body["threadId"] = "t_big"
                answer = await http.post(
                    "/api/talkie/run", json=body, headers={**AUTH, "Accept": "text/event-stream"}
                )
                assert answer.status_code == 200
            size = len((await http.get("/api/talkie/threads/t_big", headers=AUTH)).content)
            assert size > 400_000

            async def big(i: int) -> None:
                answer = await http.get("/api/talkie/threads/t_big", headers=AUTH)
                assert answer.status_code == 200
                assert len(answer.content) == size  # the client gets it whole: only the record is cut
                finished.append(f"big {i}")

            async def status() -> None:
                assert (await http.get("/api/talkie/status", headers=AUTH)).status_code == 200
                finished.append("status")

            tasks = [asyncio.create_task(big(i)) for i in range(BIG_GETS)]
            await asyncio.sleep(0)  # every big GET has started
            tasks.append(asyncio.create_task(status()))
            await asyncio.gather(*tasks)

    asyncio.run(scenario())
    assert len(finished) == BIG_GETS + 1
    # the status call, sent after the hundred big ones, did not wait for all of them
    assert finished.index("status") < BIG_GETS, finished
    kept = [e for e in traffic.items if e.path == "/api/talkie/threads/t_big"]
    assert len(kept) == BIG_GETS + 1
    assert all(len(e.response_body) <= BODY_LIMIT for e in kept)
    assert all(e.response_size > 400_000 for e in kept)  # counted whole, kept cut
    shown = traffic.since(0)[-2]["response"]["body"]
    assert shown.endswith(CUT)
    assert len(shown) == BODY_LIMIT + len(CUT)
    assert traffic.kept_bytes <= traffic.budget
    assert traffic.kept_bytes == sum(e.kept_bytes for e in traffic.items if hasattr(e, "kept_bytes"))


def test_past_the_byte_budget_the_oldest_exchanges_go_first() -> None:
    traffic = Traffic(budget=4 * BODY_LIMIT)
    for i in range(20):
        exchange = traffic.begin("GET", f"/api/talkie/threads/t_{i}", b"", 0, [])
        exchange.response_body = b"x" * BODY_LIMIT
        traffic.charge(exchange, BODY_LIMIT)
    assert traffic.kept_bytes <= 4 * BODY_LIMIT
    assert [e.path for e in traffic.items] == [f"/api/talkie/threads/t_{i}" for i in range(16, 20)]
    traffic.clear()
    assert traffic.kept_bytes == 0
