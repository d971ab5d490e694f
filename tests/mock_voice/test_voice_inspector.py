"""The inspector's Say box speaks for the user of a connected voice session; its data channel shows up."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from served import Served
from test_voice_end_to_end import open_session

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)


async def say_from_the_page(served: Served, chromium: Any) -> None:
    playwright = pytest.importorskip("playwright.async_api")
    async with httpx.AsyncClient(base_url=served.origin, headers=served.auth, timeout=30) as http:
        talk, app = await open_session(served, http)
        await app.wait("session.created")
        async with playwright.async_playwright() as p:
            browser = await p.chromium.launch(
                executable_path=chromium.executable_path, args=list(chromium.args)
            )
            try:
                page = await browser.new_page()
                key = f"#key={served.dev_key}" if served.dev_key else ""
                await page.goto(f"{served.origin}/_mock/{key}")
                box = page.get_by_label(f"Say in voice session {talk.sid}")
                await box.fill("Kolik mám dnes schůzek")
                await box.press("Enter")
                heard = await app.wait("conversation.item.input_audio_transcription.completed")
                assert heard["transcript"] == "Kolik mám dnes schůzek"
                channel = page.locator("#traffic tbody tr", has_text="oai-events").first
                await channel.wait_for()
                assert "RTC" in await channel.inner_text()
            finally:
                await browser.close()
        await app.close()


def test_the_inspector_says_what_is_typed(served: Served, chromium: Any) -> None:
    asyncio.run(say_from_the_page(served, chromium))
