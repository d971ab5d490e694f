"""Manifest, status, threads, files and the §3 error bodies of every client mistake."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from talkie_mock.testing import AUTH, Client, checked, run_input


def test_manifest(client: Client) -> None:
    answer = client.http.get("/.well-known/talkie.json")
    manifest = checked(answer, "Manifest")
    assert manifest["testMode"] is True
    assert manifest["issuer"] == "http://127.0.0.1:8765"
    assert "max-age" in answer.headers["cache-control"]
    assert set(manifest["endpoints"]) >= {
        "voiceSessions",
        "voiceTool",
        "voiceTranscript",
        "voiceUsage",
        "decision",
    }
    assert all(path.startswith("/") for path in manifest["endpoints"].values())
    assert manifest["auth"]["oauth"]["issuer"].startswith(manifest["issuer"])
    assert sorted(manifest["capabilities"]["cards"]["blocks"]) == sorted(
        ["heading", "text", "fields", "list", "link", "file", "badge"]
    )
    assert len(answer.content) <= 64 * 1024


def test_public_url_is_the_issuer(make_client: Callable[..., Client]) -> None:
    client = make_client(public_url="http://192.168.1.20:9000")
    manifest = checked(client.http.get("/.well-known/talkie.json"), "Manifest")
    assert manifest["issuer"] == "http://192.168.1.20:9000"
    # notes N-50: host names without their port, as the specification lists
    # them (line 54); the port is not part of the comparison
    assert manifest["capabilities"]["voice"]["signalingHosts"] == ["192.168.1.20"]


def test_logo_is_a_small_png(client: Client) -> None:
    answer = client.http.get("/talkie/logo.png")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "image/png"
    assert answer.content.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(answer.content) <= 256 * 1024


def test_status_counts_tokens(client: Client) -> None:
    before = checked(client.http.get("/api/talkie/status", headers=AUTH), "Status")
    assert before["user"]["id"] == "u_dev"
    client.run("hello there", "r1")
    after = checked(client.http.get("/api/talkie/status", headers=AUTH), "Status")
    assert after["usage"][0]["used"] > before["usage"][0]["used"]


def test_threads_newest_first_and_at_most_50(client: Client) -> None:
    for index in range(53):
        client.mock.clock.advance(1)
        client.run(f"talkie-test:echo {index}", f"r{index}", thread_id=f"t_{index:02d}")
    listed = checked(client.http.get("/api/talkie/threads", headers=AUTH), "ThreadList")["threads"]
    assert len(listed) == 50
    assert [t["id"] for t in listed[:3]] == ["t_52", "t_51", "t_50"]
    client.mock.clock.advance(1)
    client.run("talkie-test:echo again", "r_again", thread_id="t_10")
    listed = checked(client.http.get("/api/talkie/threads", headers=AUTH), "ThreadList")["threads"]
    assert listed[0]["id"] == "t_10"


def test_thread_messages_are_chronological(client: Client) -> None:
    for index in range(3):
        client.mock.clock.advance(1)
        client.run(f"talkie-test:echo {index}", f"r{index}", thread_id="t_chrono")
    detail = checked(client.http.get("/api/talkie/threads/t_chrono", headers=AUTH), "ThreadDetail")
    assert [m["content"] for m in detail["messages"]] == [
        "talkie-test:echo 0",
        "0",
        "talkie-test:echo 1",
        "1",
        "talkie-test:echo 2",
        "2",
    ]


def test_files_download_with_the_token_only(client: Client) -> None:
    events = client.run("show the offer documents", "r_files")
    card = next(e["value"] for e in events if e.get("name") == "talkie.card")
    blocks = [b for b in card["blocks"] if b["type"] == "file"]
    assert {b["mime"] for b in blocks} == {"application/pdf", "image/png"}
    for block in blocks:
        assert client.http.get(block["url"]).status_code == 401
        answer = client.http.get(block["url"], headers=AUTH)
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith(block["mime"])
        assert len(answer.content) == block["size"]
        magic = b"%PDF-" if block["mime"] == "application/pdf" else b"\x89PNG"
        assert answer.content.startswith(magic)
    pdf = client.http.get(
        next(b["url"] for b in blocks if b["mime"] == "application/pdf"), headers=AUTH
    ).content
    assert pdf.rstrip().endswith(b"%%EOF")
    xref = int(pdf.rsplit(b"startxref", 1)[1].split()[0])
    assert pdf[xref:].startswith(b"xref")
    missing = client.http.get("/api/talkie/files/f_000000000000.txt", headers=AUTH)
    assert checked(missing, "ErrorResponse", 404)["error"]["code"] == "not_found"
    for odd in ("f_0123456789ab.pdf%0A", "f_0123456789ab.png%0a"):  # a newline would reach a header
        answer = client.http.get(f"/api/talkie/files/{odd}", headers=AUTH)
        assert checked(answer, "ErrorResponse", 404)["error"]["code"] == "not_found"


@pytest.mark.parametrize(
    "path",
    ["/api/talkie/status", "/api/talkie/threads", "/api/talkie/threads/t_x", "/api/talkie/actions/a_x"],
)
def test_missing_or_wrong_token_is_401_with_challenge(client: Client, path: str) -> None:
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic abc"}):
        answer = client.http.get(path, headers=headers)
        assert checked(answer, "ErrorResponse", 401)["error"]["code"] == "unauthorized"
        assert answer.headers["www-authenticate"].startswith("Bearer")


def test_unknown_route_is_json_404(client: Client) -> None:
    answer = client.http.get("/api/talkie/nothing-here", headers=AUTH)
    assert checked(answer, "ErrorResponse", 404)["error"]["code"] == "not_found"


def test_wrong_method_is_405_with_allow(client: Client) -> None:
    answer = client.http.put("/api/talkie/threads/t_x", headers=AUTH)
    error = checked(answer, "ErrorResponse", 405)
    assert error["error"]["code"] == "method_not_allowed"
    assert set(answer.headers["allow"].replace(" ", "").split(",")) >= {"GET", "DELETE"}
    answer = client.http.get("/api/talkie/run", headers=AUTH)
    assert checked(answer, "ErrorResponse", 405)["error"]["code"] == "method_not_allowed"
    assert "POST" in answer.headers["allow"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (b"{not json", None),
        (b"", None),
        (b"[]", None),
        (b'{"threadId": "t", "messages": []}', "runId"),
        (b'{"threadId": "t", "runId": "r", "messages": [{"id": "m", "role": "user"}]}', "messages"),
    ],
)
def test_bad_run_bodies_are_400_naming_the_field(client: Client, body: bytes, field: str | None) -> None:
    answer = client.http.post(
        "/api/talkie/run", content=body, headers={**AUTH, "Content-Type": "application/json"}
    )
    error = checked(answer, "ErrorResponse", 400)
    assert error["error"]["code"] == "invalid_request"
    if field:
        assert field in error["error"]["message"]


def test_odd_thread_ids_are_404(client: Client) -> None:
    for thread_id in ("..%2F..%2Fetc", "%3Cscript%3E", "x" * 300):
        answer = client.http.get(f"/api/talkie/threads/{thread_id}", headers=AUTH)
        assert checked(answer, "ErrorResponse", 404)["error"]["code"] == "not_found"


def test_error_messages_follow_accept_language(client: Client) -> None:
    cs = client.http.get("/api/talkie/status", headers={"Accept-Language": "cs-CZ,cs;q=0.9,en;q=0.5"})
    en = client.http.get("/api/talkie/status", headers={"Accept-Language": "en-GB"})
    assert (
        checked(cs, "ErrorResponse", 401)["error"]["message"]
        != checked(en, "ErrorResponse", 401)["error"]["message"]
    )
    assert "token" in en.json()["error"]["message"]


def test_locale_option_sets_the_default_language(make_client: Callable[..., Client]) -> None:
    client = make_client(locale="cs")
    message = client.http.get("/api/talkie/threads/t_none", headers=AUTH).json()["error"]["message"]
    assert "neexistuje" in message


def test_thread_of_another_user_is_not_visible(client: Client) -> None:
    from talkie_mock.api.auth import DevTokenAuthenticator, Principal

    client.mock.auth.add(
        DevTokenAuthenticator("other-token", Principal("u_other", "Lena Schmidt", "l@example.org"))
    )
    client.run("talkie-test:echo mine", "r_mine", thread_id="t_mine")
    other = {"Authorization": "Bearer other-token"}
    assert client.http.get("/api/talkie/threads/t_mine", headers=other).status_code == 404
    answer = client.http.post(
        "/api/talkie/run", json=run_input("talkie-test:echo x", "r_o", "t_mine"), headers=other
    )
    started = next(line for line in answer.text.split("\n\n") if "RUN_STARTED" in line)
    assert '"threadId":"t_mine"' not in started  # the server assigned its own thread id


def test_unexpected_exception_is_json_500(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: object) -> None:
        raise RuntimeError("bug")

    monkeypatch.setattr(client.mock.store.threads, "list_threads", boom)
    answer = client.http.get("/api/talkie/threads", headers=AUTH)
    assert checked(answer, "ErrorResponse", 500)["error"]["code"] == "internal"


def test_an_unexpected_500_is_recorded_and_readable_cross_origin(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The error layer sits inside the front door and the recorder: the inspector shows the 500 the
    client got, and a web client's page may read it (CORS marks it like any other answer)."""

    def boom(*args: object) -> None:
        raise RuntimeError("bug")

    monkeypatch.setattr(client.mock.store.threads, "list_threads", boom)
    page = "http://localhost:5173"
    answer = client.http.get("/api/talkie/threads", headers={**AUTH, "Origin": page})
    assert checked(answer, "ErrorResponse", 500)["error"]["code"] == "internal"
    assert answer.headers["access-control-allow-origin"] == page
    entries = client.http.get("/_mock/api/traffic").json()["entries"]
    recorded = [e for e in entries if e["path"] == "/api/talkie/threads"][-1]
    assert recorded["response"]["status"] == 500
    assert json.loads(recorded["response"]["body"])["error"]["code"] == "internal"
