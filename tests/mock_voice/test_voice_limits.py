"""maxSeconds and warnSeconds are enforced on the connection, on the mock's clock (§10.1, N-75)."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from served import Served
from test_voice_end_to_end import open_session
from waiting import until_async

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)


async def limits(served: Served) -> None:
    async with httpx.AsyncClient(base_url=served.origin, headers=served.auth, timeout=30) as http:
        talk, app = await open_session(served, http)
        await app.wait("session.created")
        voice = talk.voice
        advance = voice["maxSeconds"] - voice["warnSeconds"] + 1
        moved = await http.post("/_mock/api/clock/advance", json={"seconds": advance}, headers=served.dev)
        assert moved.status_code == 200
        warning = await app.wait("response.output_audio_transcript.done")
        assert "sekund" in warning["transcript"]  # the assistant warns in the session's language
        moved = await http.post(
            "/_mock/api/clock/advance", json={"seconds": voice["warnSeconds"]}, headers=served.dev
        )
        assert moved.status_code == 200
        ended = await app.wait("error")
        assert ended["error"]["code"] == "session_expired"
        await until_async(  # the provider hangs up: the app's peer sees the connection go
            lambda: app.pc.connectionState in ("closed", "failed") or app.channel.readyState == "closed",
            "the provider to hang up",
        )
        await app.close()


def test_the_session_warns_then_ends_at_max_seconds(served: Served) -> None:
    asyncio.run(limits(served))
