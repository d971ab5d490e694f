"""Headless Chromium with fake media devices connects to the mock's provider like a web app would.

The page (served by Playwright on the mock's own origin, so no CORS is involved) creates a voice session,
sends its microphone (Chromium's fake device) and the `oai-events` data channel in an SDP offer to
`signaling.url`, and waits for ICE to connect, the channel to open and `session.created` to arrive. ICE uses
host candidates only, no STUN server: nothing leaves loopback.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from served import Served

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

PAGE = """<!doctype html><meta charset="utf-8"><title>voice</title><script>
async function run(token, gathered) {
  const auth = { Authorization: "Bearer " + token };
  const manifest = await (await fetch("/.well-known/talkie.json")).json();
  const voice = await (await fetch(manifest.endpoints.voiceSessions, {
    method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: "{}" })).json();
  const pc = new RTCPeerConnection({ iceServers: [] });
  const mic = await navigator.mediaDevices.getUserMedia({ audio: true });
  for (const track of mic.getAudioTracks()) pc.addTrack(track, mic);
  const channel = pc.createDataChannel("oai-events");
  const created = new Promise((resolve) => channel.addEventListener("message", (m) => {
    const event = JSON.parse(m.data);
    if (event.type === "session.created") resolve(event);
  }));
  const opened = new Promise((resolve) => channel.addEventListener("open", resolve));
  const connected = new Promise((resolve) => pc.addEventListener("iceconnectionstatechange", () => {
    if (["connected", "completed"].includes(pc.iceConnectionState)) resolve(pc.iceConnectionState);
  }));
  await pc.setLocalDescription(await pc.createOffer());
  if (gathered) await new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && resolve());
  });
  const sent = pc.localDescription.sdp;
  const answer = await fetch(voice.signaling.url, {
    method: "POST",
    headers: { Authorization: "Bearer " + voice.clientSecret, "Content-Type": "application/sdp" },
    body: sent,
  });
  const sdp = await answer.text();
  await pc.setRemoteDescription({ type: "answer", sdp });
  const state = await connected;
  await opened;
  const event = await created;
  const offered = sent.split("\\r\\n").filter((l) => l.startsWith("a=candidate:"));
  pc.close();
  return { status: answer.status, state, channel: channel.label, session: event.session, offered, sdp };
}
</script>"""
FLAGS = (
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    "--allow-loopback-in-peer-connection",
)


@pytest.mark.parametrize("gathered", [True, False], ids=["full-offer", "offer-before-gathering"])
def test_chromium_connects_to_the_mock_provider(served: Served, chromium: Any, gathered: bool) -> None:
    """Both ways apps send offers work: after ICE gathering, or at once (the app's checks then arrive as
    peer-reflexive candidates, N-70)."""
    playwright = pytest.importorskip("playwright.sync_api")
    launch = dataclasses.replace(chromium, args=(*chromium.args, *FLAGS))
    with playwright.sync_playwright() as p:
        browser = launch.launch(p.chromium)
        try:
            page = browser.new_page()
            page.route(
                served.origin + "/voice-test.html",
                lambda route: route.fulfill(status=200, content_type="text/html", body=PAGE),
            )
            page.goto(served.origin + "/voice-test.html")
            result: dict[str, Any] = page.evaluate(f"run({json.dumps(served.token)}, {json.dumps(gathered)})")
        finally:
            browser.close()
    assert result["status"] == 201
    assert bool(result["offered"]) == gathered
    assert result["state"] in ("connected", "completed")
    assert result["channel"] == "oai-events"
    assert result["session"]["type"] == "realtime"
    assert result["session"]["tools"]
    answered = [line for line in result["sdp"].split("\r\n") if line.startswith("a=candidate:")]
    assert answered
    assert all(" 127.0.0.1 " in line and "typ host" in line for line in answered)
