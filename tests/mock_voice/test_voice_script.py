"""Scenario files script a whole voice conversation (`voice:` steps), checked when the mock starts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest
import yaml
from served import Served, serving
from talkie_mock.engine.scenarios import Scenario
from talkie_mock.errors import ScenarioError
from test_voice_end_to_end import open_session

SCRIPT: list[dict[str, object]] = [
    {"assistant": "Dobrý den, s čím vám pomohu?"},  # the greeting the test waits for
    {"wait": "output_audio_buffer.stopped"},
    {"say": "Najdi firmu Alfa", "duplicate": True},
]


def test_a_scenario_may_carry_a_voice_script() -> None:
    assert Scenario.from_data({"voice": SCRIPT}).voice == SCRIPT
    with pytest.raises(ScenarioError, match="voice/0"):
        Scenario.from_data({"voice": [{"shout": "Haló"}]})
    with pytest.raises(ScenarioError):
        Scenario.from_data({"voice": [{"say": "x", "seconds": -1}]})


async def conversation(served: Served) -> None:
    async with httpx.AsyncClient(base_url=served.origin, headers=served.auth, timeout=30) as http:
        _, app = await open_session(served, http)
        greeting = await app.wait("response.output_audio_transcript.done")
        assert greeting["transcript"] == "Dobrý den, s čím vám pomohu?"
        await app.wait("output_audio_buffer.stopped", response_id=greeting["response_id"])
        first = await app.wait("conversation.item.input_audio_transcription.completed")
        again = await app.wait("conversation.item.input_audio_transcription.completed")
        assert first["transcript"] == again["transcript"] == "Najdi firmu Alfa"
        assert first["item_id"] == again["item_id"]
        call = await app.wait("response.function_call_arguments.done")
        assert call["name"] == "search_records"
        await app.close()


@pytest.mark.slow
def test_the_scenario_conversation_plays_in_every_voice_session(tmp_path: Path) -> None:
    scenario = tmp_path / "voice.yaml"
    scenario.write_text(yaml.safe_dump({"voice": SCRIPT}, allow_unicode=True), encoding="utf-8")
    with serving(tmp_path / "state.db", "--scenario", str(scenario)) as served:
        asyncio.run(conversation(served))
