"""A dev token chosen by the developer is cut where it stands as a token, never inside other words.

With `--token a`, `--token ab` or `--token talkie`, the terminal log, the traffic API (what Copy-as-curl is
built from) and the HAR export keep `/api/talkie/status`, thread ids and message bodies as they were sent,
and still cut the token where it is a credential: after `Bearer`, as a query value, as a JSON value.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable

import pytest
from starlette.testclient import TestClient
from talkie_mock.devtools.log import TerminalLog
from talkie_mock.devtools.redact import Redactor
from talkie_mock.testing import run_input
from talkie_models.protocol import TALKIE_CLIENT_ID, TALKIE_REDIRECT_URI

MESSAGE = "talkie-test:echo a ab talkie talkies"
THREAD = "t_talkie_ab"


@pytest.mark.parametrize("token", ["a", "ab", "talkie"])
def test_short_tokens_keep_paths_and_bodies_intact(make_http: Callable[..., TestClient], token: str) -> None:
    http = make_http(token=token)
    log = TerminalLog(io.StringIO(), Redactor([token]), colour=False)
    http.app.state.devtools.traffic.listeners.append(log)  # type: ignore[attr-defined]
    auth = {"Authorization": f"Bearer {token}"}
    assert http.get("/api/talkie/status", headers=auth).status_code == 200
    body = run_input(MESSAGE, "r_short")
    body["threadId"] = THREAD
    run = http.post("/api/talkie/run", json=body, headers={**auth, "Accept": "text/event-stream"})
    assert run.status_code == 200
    http.get("/api/talkie/status", params={"access_token": token})
    http.post("/api/talkie/run", json={"note": token}, headers=auth)

    log.drain()
    assert isinstance(log.out, io.StringIO)
    lines = log.out.getvalue().splitlines()
    assert [line.split("  ")[2] for line in lines] == [
        "/api/talkie/status",
        "/api/talkie/run",
        "/api/talkie/status",
        "/api/talkie/run",
    ]

    entries = http.get("/_mock/api/traffic").json()["entries"]
    status, streamed, in_query, in_body = sorted(entries, key=lambda e: e["id"])
    for entry in entries:  # what Copy as curl prints: method, origin + path + query, headers, body
        assert entry["path"] in ("/api/talkie/status", "/api/talkie/run")
    assert status["request"]["headers"]["authorization"] != f"Bearer {token}"
    assert status["request"]["headers"]["authorization"].startswith("Bearer ")
    sent = json.loads(streamed["request"]["body"])
    assert sent["messages"][0]["content"] == MESSAGE
    assert sent["threadId"] == THREAD
    assert any("talkie talkies" in event["data"] for event in streamed["events"])
    assert in_query["query"] != f"access_token={token}"
    assert in_query["query"].startswith("access_token=")
    assert json.loads(in_body["request"]["body"])["note"] != token

    har = http.get("/_mock/api/traffic.har").json()["log"]["entries"]
    urls = [e["request"]["url"] for e in har]
    assert urls[:2] == ["http://testserver/api/talkie/status", "http://testserver/api/talkie/run"]
    assert json.loads(har[1]["request"]["postData"]["text"])["messages"][0]["content"] == MESSAGE
    assert all(f"Bearer {token}" != h["value"] for e in har for h in e["request"]["headers"])


KEY = "dk_" + "Q7x" * 14
GLUED = [
    ("Authorization: Bearertka_AbCdEfGhIjKlMnOpQrStUv0123", "Bearertka_Ab…"),
    ("Bearerek_mock_abcDEF123456789012345", "Bearerek_mock_ab…"),
    ("talkie-test:echo xtkr_AbCdEfGhIjKlMnOpQr12", "talkie-test:echo xtkr_Ab…"),
    ("page=1&x=_tkc_Zz9Zz9Zz9Zz9Zz9Zz9Zz9", "_tkc_Zz…"),
    (f"look{KEY}", "lookdk_Q7…"),
]
KEPT = [
    "sdk_version_info_and_more",  # a word with a minting prefix inside, no credential after it
    "/api/talkie/threads/t_ab12/status",
    "talkie-test:echo ahoj",
    "feedback_tka_",
]


@pytest.mark.parametrize(("text", "shown"), GLUED)
def test_minted_credentials_are_found_glued_to_a_word(text: str, shown: str) -> None:
    scrubbed = Redactor(["talkie", KEY]).scrub(text)
    assert shown in scrubbed
    assert scrubbed.count("…") == 1


@pytest.mark.parametrize("text", KEPT)
def test_words_that_only_look_like_secrets_stay(text: str) -> None:
    assert Redactor(["talkie", "ab", KEY]).scrub(text) == text


def test_the_csrf_token_of_a_recorded_consent_page_is_cut(make_http: Callable[..., TestClient]) -> None:
    http = make_http()
    params = {
        "response_type": "code",
        "client_id": TALKIE_CLIENT_ID,
        "redirect_uri": TALKIE_REDIRECT_URI,
        "scope": "talkie offline_access",
        "state": "st_short_tokens",
        "code_challenge": "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        "code_challenge_method": "S256",
    }
    page = http.get("/oauth/authorize", params=params)
    assert page.status_code == 200, page.text
    csrf = page.text.split('name="csrf" value="', 1)[1].split('"', 1)[0]
    assert len(csrf) >= 16
    (entry,) = http.get("/_mock/api/traffic").json()["entries"]
    assert 'name="csrf" value="' in entry["response"]["body"]
    assert csrf not in entry["response"]["body"]
    assert csrf not in http.get("/_mock/api/traffic.har").text


def test_a_short_token_under_another_scheme_is_cut_in_the_traffic_view_and_the_har(
    make_http: Callable[..., TestClient],
) -> None:
    http = make_http(token="tokA")
    for value in ("Token tokA", "tokA", "ApiKey tokA"):
        http.get("/api/talkie/status", headers={"Authorization": value})
    shown = [
        e["request"]["headers"]["authorization"] for e in http.get("/_mock/api/traffic").json()["entries"]
    ]
    har = http.get("/_mock/api/traffic.har").json()["log"]["entries"]
    in_har = [
        h["value"] for e in har for h in e["request"]["headers"] if h["name"].lower() == "authorization"
    ]
    assert len(shown) == len(in_har) == 3
    for value in (*shown, *in_har):
        assert "tokA" not in value, value
    assert sorted(v.split(" ")[0] for v in shown if " " in v) == ["ApiKey", "Token"]  # the scheme stays


@pytest.mark.parametrize(
    "text",
    [
        "A valid bearer token is required.",
        "The request carries a Bearer token of another server.",
        "Send Basic credentials or a bearer token",
    ],
)
def test_prose_after_bearer_keeps_its_words(text: str) -> None:
    assert Redactor(["talkie", KEY]).scrub(text) == text


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Authorization: Bearer abc", "Authorization: Bearer …"),
        ("Bearer someopaquevalue", "Bearer s"),
        ("a bearer eyJhbGciOiJIUzI1NiJ9.e30.x in a message", "a bearer eyJh…"),
        ("curl -H 'Authorization: Bearer talkie'", "Bearer t…"),
    ],
)
def test_a_credential_after_bearer_is_still_cut(text: str, kept: str) -> None:
    scrubbed = Redactor(["talkie"]).scrub(text)
    assert scrubbed != text
    assert kept in scrubbed
