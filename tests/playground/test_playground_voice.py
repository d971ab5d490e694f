"""The playground's voice call against the mock in Chromium, with the fake microphone (§10).

Talk creates the session, shows its limits and connects over loopback (host candidates only); the mock's
control API makes the user "say" a request, and the mock's provider asks for a function call. The page
relays it to voiceTool, shows the proposed action, switches automatic responses off and opens the consent
window after the spoken proposal; a scripted, duplicated "Ano, odeslat" decides it once, with method voice,
and the action ends as the server says; two sentences that are no answer close the window and leave the
action to its button. The mock records the decisions, the transcripts and the usage, and its voice rules
find nothing wrong with how the page talked.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
import served
from playground_page import WAIT, open_page, serious_axe, sign_in
from playground_shots import screenshot
from waiting import until

pytestmark = pytest.mark.slow

PROPOSAL = "Pošli nabídku Novákovi"  # the mock's brain answers it with a send_email call
YES = "Ano, odeslat"


def _control(mock: served.Served, sid: str, verb: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = httpx.post(
        f"{mock.origin}/_mock/api/voice/sessions/{sid}/{verb}", json=body, headers=mock.dev, timeout=30
    )
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def _traffic(mock: served.Served) -> list[dict[str, Any]]:
    answer = httpx.get(f"{mock.origin}/_mock/api/traffic", headers=mock.dev, timeout=30)
    entries: list[dict[str, Any]] = answer.json()["entries"]
    return entries


def test_a_voice_call_confirms_an_action_by_voice(browser: Any, mock: served.Served) -> None:
    page = open_page(browser, mock)
    try:
        sign_in(page, mock)
        voice = page.locator("#voice")
        voice.wait_for(state="visible")
        page.click("#talk")
        page.wait_for_selector("#voice[data-state=connected]")
        page.wait_for_selector("#voice-connection:has-text('Connection: connected')")
        assert "data channel: open" in page.locator("#voice-connection").inner_text()
        sid = voice.get_attribute("data-voice-session-id")
        assert sid
        limits = page.locator("#voice-limits").inner_text()
        assert "Longest call" in limits
        assert sid in limits
        assert page.locator("#hang-up").is_enabled()
        assert page.locator("#talk").is_disabled()

        # the user asks; the provider wants send_email; the page relays it and shows the proposed action
        _control(mock, sid, "say", {"text": PROPOSAL})
        action = page.locator("#messages li.voice section.action")
        action.wait_for()
        assert action.get_attribute("data-status") == "pending"
        action_id = action.get_attribute("data-action-id")
        page.wait_for_selector(f"#messages li.user.voice:has-text('{PROPOSAL}')")

        # the proposal is read out; only after its audio stopped does the window open
        page.wait_for_selector("#consent-state[data-state=open]")
        assert "Say yes or no" in page.locator("#consent-state").inner_text()
        _control(mock, sid, "say", {"text": YES, "duplicate": True})
        page.wait_for_selector("#consent-heard li[data-verdict=confirm]")
        page.wait_for_selector("#consent-state[data-state=closed]")
        page.wait_for_function(
            "id => ['running', 'done'].includes("
            "document.querySelector(`section.action[data-action-id='${id}']`)?.dataset.status)",
            arg=action_id,
        )
        assert page.locator("#consent-heard li").count() == 1  # the duplicate came to a closed window
        voice.scroll_into_view_if_needed()
        screenshot(page, "voice")

        # the trace: one voice session turn holding the requests and the data-channel events
        turn = page.locator("#trace-turns article.turn", has=page.locator("h3:text-is('voice session')"))
        entries = turn.locator(".entries").inner_text()
        for line in ("→ session.update", "← output_audio_buffer.stopped", "→ conversation.item.create"):
            assert line in entries, line
        assert "/_mock/voice/sdp" in entries
        assert " ms" in entries
        assert entries.count("← conversation.item.input_audio_transcription.completed") >= 3  # one duplicated

        page.click("#hang-up")
        page.wait_for_selector("#voice[data-state=ended]")
        assert page.locator("#consent-state").get_attribute("data-state") == "closed"
        assert "Connection: closed" in page.locator("#voice-connection").inner_text()
        assert page.locator("#talk").is_enabled()
    finally:
        page.context.close()

    # what the mock recorded: one decision, method voice, answered with the action as the server holds it
    decisions = [
        e for e in _traffic(mock) if e["method"] == "POST" and e["path"].endswith(f"/{action_id}/decision")
    ]
    assert len(decisions) == 1, "a duplicated transcript cannot decide twice"
    sent = json.loads(decisions[0]["request"]["body"])
    assert sent["decision"] == "confirm"
    assert sent["method"] == "voice"
    assert decisions[0]["response"]["status"] == 200
    status = json.loads(decisions[0]["response"]["body"])["action"]["status"]
    assert status in ("running", "done")
    manifest = httpx.get(f"{mock.origin}/.well-known/talkie.json", timeout=30).json()
    url = mock.origin + manifest["endpoints"]["action"].format(actionId=action_id)
    held = httpx.get(url, headers=mock.auth, timeout=30).json()
    assert held["status"] in ("running", "done")

    # the transcripts are stored in the voice thread; the final usage report arrived
    voice_paths = [e["path"] for e in _traffic(mock) if sid in e["path"]]
    assert any(p.endswith("/usage") for p in voice_paths), voice_paths
    _no_voice_findings(mock)


def _no_voice_findings(mock: served.Served) -> None:
    """Once every voice connection's end-of-session checks ran, the mock found no VOICE rule broken."""

    def checked() -> bool:
        channels = [e for e in _traffic(mock) if e["method"] == "RTC"]
        return bool(channels) and all(e["stream"] == "complete" for e in channels)

    until(checked, "the voice connections' end-of-session checks", WAIT / 1000)
    violations = httpx.get(f"{mock.origin}/_mock/api/violations", headers=mock.dev, timeout=30).json()
    assert [v for v in violations["violations"] if str(v["rule"]).startswith("VOICE")] == []


def test_two_non_answers_leave_the_action_to_the_button(browser: Any, mock: served.Served) -> None:
    page = open_page(browser, mock)
    try:
        sign_in(page, mock)
        page.click("#talk")
        page.wait_for_selector("#voice[data-state=connected]")
        sid = page.locator("#voice").get_attribute("data-voice-session-id")
        assert sid
        _control(mock, sid, "say", {"text": PROPOSAL})
        page.wait_for_selector("#consent-state[data-state=open]")
        action = page.locator("#messages li.voice section.action")
        action_id = action.get_attribute("data-action-id")
        _control(mock, sid, "say", {"text": "Kolik to stojí?"})
        page.wait_for_selector("#consent-heard li[data-verdict=other]")
        assert page.locator("#consent-state").get_attribute("data-state") == "open"
        _control(mock, sid, "say", {"text": "Asi ano"})
        page.wait_for_selector("#consent-state[data-state=closed]")
        assert page.locator("#consent-heard li[data-verdict=other]").count() == 2
        assert action.get_attribute("data-status") == "pending"
        turn = page.locator("#trace-turns article.turn", has=page.locator("h3:text-is('voice session')"))
        updated = turn.locator(".entry .text", has_text="← session.updated")
        page.wait_for_function(  # automatic responses went off for the proposal and are back on
            "() => [...document.querySelectorAll('#trace-turns .entry .text')]"
            ".filter(e => e.textContent === '← session.updated').length >= 2"
        )
        assert updated.count() >= 2
        assert "waits for the button" in turn.locator(".entries").inner_text()
        action.locator("button", has_text="Confirm").click()
        page.wait_for_function(
            "id => ['running', 'done'].includes("
            "document.querySelector(`section.action[data-action-id='${id}']`)?.dataset.status)",
            arg=action_id,
        )
        page.click("#hang-up")
        page.wait_for_selector("#voice[data-state=ended]")
    finally:
        page.context.close()
    decisions = [
        e for e in _traffic(mock) if e["method"] == "POST" and e["path"].endswith(f"/{action_id}/decision")
    ]
    assert [json.loads(e["request"]["body"])["method"] for e in decisions] == ["button"]
    _no_voice_findings(mock)


def test_the_voice_controls_pass_axe_and_fit_390_px(browser: Any, mock: served.Served) -> None:
    for width in (1280, 390):
        tab = open_page(browser, mock, width=width, axe=True)
        try:
            sign_in(tab, mock)
            tab.locator("#voice").wait_for(state="visible")
            tab.focus("#talk")
            tab.keyboard.press("Enter")  # keyboard: Talk is a plain button
            tab.wait_for_selector("#voice[data-state=connected]")
            assert tab.locator("#voice-limits dl").count() == 1
            assert tab.evaluate("document.documentElement.scrollWidth") <= width
            serious = serious_axe(tab)
            assert serious == [], json.dumps(serious, indent=1)[:4000]
            tab.focus("#hang-up")
            tab.keyboard.press("Enter")
            tab.wait_for_selector("#voice[data-state=ended]")
        finally:
            tab.context.close()
