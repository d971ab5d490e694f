"""The voice scenarios of the client suite judged by clients whose behaviour is known: the reference client's
voice session (reference_voice.py, written from §10) passes every voice check; each deliberately broken
variant fails exactly the checks of the rule it breaks and no other."""

from __future__ import annotations

import gc
import sys
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from talkie_mock.clientsuite.runner import run_suite
from talkie_mock.clientsuite.scenarios import SCENARIOS

HERE = Path(__file__).resolve().parent
CLIENT = f"{sys.executable} {HERE / 'reference_client.py'} {{url}} {{token}}"
VOICE = tuple(name for name, scenario in SCENARIOS.items() if "voice" in scenario.person)

BROKEN = {
    "unlisted-signaling-host": {("voice-unlisted-host", "VOICE-006")},
    "voice-outside-window": {("voice-early-answer", "VOICE-025"), ("voice-not-an-answer", "VOICE-029")},
    "count-early-speech": {("voice-early-answer", "VOICE-026")},
    "decide-twice": {("voice-confirm", "VOICE-030")},
    "secret-elsewhere": {("voice-tool", "VOICE-007")},
    "local-tool": {("voice-tool", "VOICE-013")},
    "alter-tool-output": {("voice-tool", "VOICE-017")},
}
"""Each broken voice behaviour of the reference client, and the (scenario, rule) checks it must fail."""
SKIPPED = {"local-tool": {("voice-tool", "VOICE-017")}}
"""The checks a broken behaviour never reaches: a tool run locally has no voiceTool output to compare."""


def test_every_voice_scenario_asks_for_the_voice_gesture_and_judges_a_voice_rule() -> None:
    assert len(VOICE) == 8
    for name in VOICE:
        assert all(check.rule.startswith("VOICE-") for check in SCENARIOS[name].checks), name
    judged = {check.rule for name in VOICE for check in SCENARIOS[name].checks}
    assert len(judged) >= 12


@pytest.mark.slow
def test_the_reference_client_passes_every_voice_check() -> None:
    result = run_suite(CLIENT, VOICE)
    verdicts = {(r.scenario, r.rule): (r.verdict, r.detail) for r in result.results()}
    assert {key: v for key, v in verdicts.items() if v[0] != "pass"} == {}
    assert len(verdicts) == sum(len(SCENARIOS[name].checks) for name in VOICE)
    assert all(not s.timed_out for s in result.scenarios)


def _verdicts(behaviour: str) -> dict[str, set[tuple[str, str]]]:
    result = run_suite(f"{CLIENT} --break {behaviour}", VOICE)
    found: dict[str, set[tuple[str, str]]] = {"fail": set(), "warn": set(), "skip": set()}
    for r in result.results():
        if r.verdict in found:
            found[r.verdict].add((r.scenario, r.rule))
    return found


@pytest.mark.slow
def test_each_broken_voice_client_fails_exactly_the_checks_it_breaks() -> None:
    """The broken variants run side by side: a voice scenario mostly waits on the person's timed sentences,
    so seven suites at once take little longer than one."""
    with ThreadPoolExecutor(max_workers=len(BROKEN)) as pool:
        found = dict(zip(BROKEN, pool.map(_verdicts, BROKEN), strict=True))
    wrong = {
        behaviour: verdicts
        for behaviour, verdicts in found.items()
        if verdicts != {"fail": BROKEN[behaviour], "warn": set(), "skip": SKIPPED.get(behaviour, set())}
    }
    assert wrong == {}


@pytest.mark.slow
def test_a_client_without_voice_leaves_every_voice_scenario_not_exercised() -> None:
    unable = """sh -c 'echo "{\\"kind\\": \\"unable\\", \\"gesture\\": \\"voice\\"}"'"""
    result = run_suite(unable, ("voice-tool", "voice-confirm"))
    assert {r.verdict for r in result.results()} == {"skip"}


SESSION_ONLY = """
import sys, httpx
url, token = sys.argv[1:3]
manifest = httpx.get(url).json()
path = manifest["endpoints"]["voiceSessions"]
httpx.post(manifest["issuer"] + path, json={}, headers={"authorization": "Bearer " + token})
"""


@pytest.mark.slow
def test_a_client_that_asks_for_a_session_and_never_connects_is_not_exercised() -> None:
    result = run_suite(f"{sys.executable} -c '{SESSION_ONLY}' {{url}} {{token}}", ("voice-tool",))
    verdicts = {r.rule: r.verdict for r in result.results()}
    assert verdicts.pop("VOICE-007") == "pass"  # the secret was handed out, and went nowhere
    assert set(verdicts.values()) == {"skip"}


VANISHING = """
import asyncio, os, sys, httpx, aioice.ice
from aiortc import RTCConfiguration, RTCPeerConnection
aioice.ice.get_host_addresses = lambda use_ipv4, use_ipv6: ["127.0.0.1"]
url, token = sys.argv[1:3]
manifest = httpx.get(url).json()
bearer = {"authorization": "Bearer " + token}
sessions = manifest["issuer"] + manifest["endpoints"]["voiceSessions"]
session = httpx.post(sessions, json={}, headers=bearer).json()
async def offer():
    pc = RTCPeerConnection(RTCConfiguration(iceServers=[]))
    pc.createDataChannel("oai-events")
    pc.addTransceiver("audio")
    await pc.setLocalDescription(await pc.createOffer())
    headers = {"authorization": "Bearer " + session["clientSecret"], "content-type": "application/sdp"}
    httpx.post(session["signaling"]["url"], content=pc.localDescription.sdp, headers=headers)
    os._exit(0)
asyncio.run(offer())
"""


@pytest.mark.slow
def test_a_client_that_vanishes_after_its_offer_leaves_no_peer_open() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ResourceWarning)
        result = run_suite(f"{sys.executable} -c '{VANISHING}' {{url}} {{token}}", ("voice-tool",))
        gc.collect()
    verdicts = {r.rule: r.verdict for r in result.results()}
    assert verdicts["VOICE-003"] == "fail"  # the answer was never used: no data channel opened
    assert [str(w.message) for w in caught if issubclass(w.category, ResourceWarning)] == []
