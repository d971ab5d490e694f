"""Secrets are never shown: every credential this test mints is searched for on every developer surface.

Minted here: the dev token, the developer secret, an OAuth code, its PKCE verifier, access and refresh
tokens (before and after a rotation), and voice client secrets. Each is then used the way an app uses it,
so it crosses the wire and lands in the traffic record; then the inspector's page and assets, every
control API answer, the account page, the report (from the API and from the state file) and the server's
log (with the access log on) are searched for each of them. A short recognisable head may stay.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from hostile import RUN, TOKEN, new_id, refresh, run_body, serving, sign_in, voice_session

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

SURFACES = [
    "/_mock/",
    "/_mock/inspector.js",
    "/_mock/inspector.css",
    "/_mock/api/state",
    "/_mock/api/traffic",
    "/_mock/api/traffic?since=0",
    "/_mock/api/traffic.har",
    "/_mock/api/stubs",
    "/_mock/api/violations",
    "/_mock/api/faults",
    "/_mock/api/clock",
    "/oauth/account?user=u_1",
    "/oauth/account?user=u_2",
]


def test_no_surface_shows_a_secret(tmp_path: Path) -> None:
    with serving(tmp_path, "--access-log", quiet=False) as mock:  # both logs: the mock's and uvicorn's
        minted = [TOKEN, mock.key]
        first = sign_in(mock, "u_1")
        second = refresh(mock, first)
        minted += [*first.secrets(), second.access_token, second.refresh_token]
        with httpx.Client(base_url=mock.origin, timeout=30) as http:
            http.get(f"/_mock/?key={mock.key}")  # the inspector link: its key is in the access log's line
            for token in (TOKEN, first.access_token, second.access_token):
                auth = {"Authorization": f"Bearer {token}"}
                assert http.get("/api/talkie/status", headers=auth).status_code in (200, 401)
                http.post(RUN, json=run_body("talkie-test:echo ahoj", thread_id=new_id("t")), headers=auth)
            http.get("/api/talkie/status", headers={"Authorization": "Bearer tk_not_a_token_but_secret_like"})
            # the dev token pasted without its scheme: the inspector's finding must not quote it
            http.get("/api/talkie/status", headers={"Authorization": TOKEN})
            # names and values percent-encoded, which the patterns would not see as they are
            encoded_key = "".join(f"%{ord(c):02X}" if c in "_i" else c for c in mock.key)
            http.post(f"/_mock/api/clock/freeze?k%65y={encoded_key}")
            http.get(f"/api/talkie/status?access%5Ftoken={TOKEN.replace('_', '%5F')}")
            # the token JSON-escaped inside a message: the record shows the body as it was sent
            escaped = TOKEN.replace("_", "\\u005f")
            signed = {
                "Content-Type": "application/json",
                "Authorization": f"Bearer {TOKEN}",
            }  # read, not refused
            http.post(RUN, content=f'{{"note":"{escaped}"}}', headers=signed)
            # a body cut by the traffic record right inside the token (its first 12 characters kept)
            filler = "x" * (16 * 1024 - len('{"note":"') - 12)
            http.post(RUN, content=f'{{"note":"{filler}{TOKEN}"}}', headers=signed)
            with mock.client() as app:
                session = voice_session(app)
            with mock.client(Authorization=f"Bearer {second.access_token}") as app:
                other = voice_session(app)
            minted += [session["clientSecret"], other["clientSecret"]]
            for secret in (session["clientSecret"], other["clientSecret"]):
                http.post(
                    "/_mock/voice/sdp",
                    content=b"v=0\r\n",
                    headers={"Authorization": f"Bearer {secret}", "Content-Type": "application/sdp"},
                )
            # the app signs out: the revocation request carries the refresh token
            http.post("/oauth/revoke", data={"token": second.refresh_token, "client_id": "x"})
        shown: dict[str, str] = {}
        with mock.dev() as dev:
            for path in SURFACES:
                answer = dev.get(path)
                assert answer.status_code == 200, (path, answer.status_code)
                shown[path] = answer.text
        traffic = shown["/_mock/api/traffic"]
        assert "/oauth/token" in traffic
        assert "/_mock/voice/sdp" in traffic
        for args in (["--json"], []):
            report = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "talkie_mock.cli",
                    "report",
                    "--url",
                    mock.origin,
                    "--key",
                    mock.key,
                    *args,
                ],
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert report.returncode in (0, 1), report.stderr
            shown[f"report {args}"] = report.stdout + report.stderr
    offline = subprocess.run(
        [sys.executable, "-m", "talkie_mock.cli", "report", "--state", str(mock.state), "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    shown["report --state"] = offline.stdout + offline.stderr
    shown["log"] = mock.log() + mock.stdout
    assert "GET /_mock/" in mock.stdout  # the access log was on
    assert "/oauth/token" in mock.stdout  # and the mock's own request log
    leaks = [(secret[:12], where) for secret in minted for where, text in shown.items() if secret in text]
    assert leaks == [], leaks
    # nor a piece of one, nor one spelled with JSON escapes (`\u005f`, shown as `\\u005f` inside JSON):
    # what stays of a secret is its minting prefix and two characters at most
    plain = {where: re.sub(r"\\+u005f", "_", text) for where, text in shown.items()}
    pieces = [
        (secret[:12], where) for secret in minted for where, text in plain.items() if secret[:12] in text
    ]
    assert pieces == [], pieces
