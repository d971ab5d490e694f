"""The voice control API in process: a session without a connection, and a reset that hangs up."""

from __future__ import annotations

from starlette.testclient import TestClient
from talkie_mock import create_app
from talkie_mock.testing import AUTH, make_config
from voice_app import loopback_offer


def test_control_calls_need_a_connection_and_reset_hangs_up() -> None:
    app = create_app(make_config())
    with TestClient(app) as http:
        voice = http.post("/api/talkie/voice/sessions", json={}, headers=AUTH).json()
        say = f"/_mock/api/voice/sessions/{voice['voiceSessionId']}/say"
        assert http.post(say, json={"text": "Hello"}).status_code == 404  # not connected yet
        assert http.post(say, json={"text": ""}).status_code == 400
        script = f"/_mock/api/voice/sessions/{voice['voiceSessionId']}/script"
        assert http.post(script, json={"steps": [{"shout": "x"}]}).status_code == 400
        headers = {"Authorization": f"Bearer {voice['clientSecret']}", "Content-Type": "application/sdp"}
        answer = http.post(voice["signaling"]["url"], content=loopback_offer(), headers=headers)
        assert answer.status_code == 201
        state = http.get("/_mock/api/state").json()
        assert [v["connected"] for v in state["voiceSessions"]] == [True]
        assert http.post("/_mock/api/reset").status_code == 200
        assert app.state.mock.voice.connections == {}
        assert http.get("/_mock/api/state").json()["voiceSessions"] == []
