"""The text-only mock (notes N-92): without the `voice` extra it imports, starts and serves, and says how to
add voice. A subprocess hides the voice stack (aiortc, av, aioice, espeakng-loader) with an import blocker,
as a fresh `pip install talkie-mock` would lack it."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import httpx
import pytest
from served import Banner, launch, stop, wait_ready
from starlette.testclient import TestClient
from talkie_mock.app import create_app
from talkie_mock.engine.realtime import stack
from talkie_mock.testing import AUTH, make_config, parse_sse, run_input

TOKEN = "tk_text_only_token"
HIDDEN = ("aiortc", "av", "aioice", "espeakng_loader")
BLOCKER = f"""
import sys

class Hidden:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {HIDDEN!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}} (hidden by the test)")
        return None

sys.meta_path.insert(0, Hidden())
"""
IMPORTS = (
    BLOCKER
    + """
import talkie_mock.cli, talkie_mock.app
from talkie_mock.engine.realtime import stack
loaded = sorted(m for m in sys.modules if m.split(".")[0] in {hidden!r})
print("loaded:", loaded, "missing:", stack.missing())
""".replace("{hidden!r}", repr(HIDDEN))
)
SERVE = (
    BLOCKER
    + """
from talkie_mock.cli import main
sys.argv = ["talkie-mock", *sys.argv[1:]]
main()
"""
)


def test_importing_the_mock_needs_no_voice_stack() -> None:
    result = subprocess.run(
        [sys.executable, "-c", IMPORTS], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "loaded: [] missing: aiortc" in result.stdout


@pytest.fixture(scope="module")
def text_only() -> Iterator[Banner]:
    argv = [sys.executable, "-c", SERVE, "serve", "--quiet", "--port", "0", "--state", ":memory:"]
    process, banner = launch([*argv, "--token", TOKEN])
    try:
        wait_ready(banner.origin)
        yield banner
    finally:
        stop(process)


def test_the_banner_says_how_to_add_voice(text_only: Banner) -> None:
    assert f"voice:     not installed (text only); add it with {stack.INSTALL}" in text_only.text
    assert stack.INSTALL == "pip install 'talkie-mock[voice]'"


def test_the_manifest_and_status_leave_voice_out(text_only: Banner) -> None:
    auth = {"Authorization": f"Bearer {TOKEN}"}
    manifest = httpx.get(f"{text_only.origin}/.well-known/talkie.json", timeout=10).json()
    assert not [name for name in manifest["endpoints"] if name.startswith("voice")]
    assert "run" in manifest["endpoints"]
    assert "voice" not in manifest["capabilities"]
    assert manifest["capabilities"]["actions"] == {"voiceConfirm": False}
    status = httpx.get(f"{text_only.origin}/api/talkie/status", headers=auth, timeout=10).json()
    assert (status["chat"], status["voice"]) == (True, False)


def test_a_voice_session_request_answers_how_to_add_voice(text_only: Banner) -> None:
    auth = {"Authorization": f"Bearer {TOKEN}"}
    answer = httpx.post(f"{text_only.origin}/api/talkie/voice/sessions", json={}, headers=auth, timeout=10)
    assert answer.status_code == 404
    error = answer.json()["error"]
    assert error["code"] == "not_found"
    assert stack.INSTALL in error["message"]
    offer = httpx.post(
        f"{text_only.origin}/_mock/voice/sdp",
        content=b"v=0\r\n",
        headers={"Authorization": "Bearer ek_mock_any", "Content-Type": "application/sdp"},
        timeout=10,
    )
    assert offer.status_code == 404  # no peer to answer with, whatever the secret: never a 500
    assert stack.INSTALL in offer.json()["error"]["message"]


def test_text_runs_work_without_voice(text_only: Banner) -> None:
    auth = {"Authorization": f"Bearer {TOKEN}", "Accept": "text/event-stream"}
    body = run_input("talkie-test:echo still here", "r_text")
    answer = httpx.post(f"{text_only.origin}/api/talkie/run", json=body, headers=auth, timeout=30)
    assert answer.status_code == 200
    deltas = [e["delta"] for e in parse_sse(answer.content) if e["type"] == "TEXT_MESSAGE_CONTENT"]
    assert "".join(deltas) == "still here"


def test_with_the_extra_the_same_switch_turns_voice_off_in_process() -> None:
    """`MockConfig.voice` is what the missing extra turns off; set by hand it gives the same manifest."""
    with TestClient(create_app(make_config(voice=False))) as http:
        manifest = http.get("/.well-known/talkie.json").json()
        answer = http.post("/api/talkie/voice/sessions", json={}, headers=AUTH)
    assert "voiceSessions" not in manifest["endpoints"]
    assert answer.status_code == 404
    assert stack.available()  # the dev install has the extra: the voice tests run
