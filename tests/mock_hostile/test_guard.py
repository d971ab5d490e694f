"""The developer surfaces let no one in: no secret, another site, or a foreign Host → refused, nothing done.

`/_mock/api/…` (the control API) and the OAuth account pages need the instance's developer secret (bearer,
the `X-Talkie-Mock-Key` header the inspector page sends, or `?key=`; never a cookie) and a same-site
request; the inspector page and its files hold no data and need only the same site. Every request needs a
Host that names the mock (DNS rebinding). The app's own endpoints are not affected beyond the Host check:
the voice signalling endpoint and CORS preflights still work.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from hostile import TOKEN, Served, action_of, hidden_fields, new_id, problem, run, serving, sign_in

PUBLIC = ["/_mock/", "/_mock/inspector.js", "/_mock/inspector.css"]
pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

PAGES = [
    "/oauth/account",
    "/oauth/account?user=u_1",
]
API_READS = [
    "/_mock/api/state",
    "/_mock/api/traffic",
    "/_mock/api/violations",
    "/_mock/api/faults",
    "/_mock/api/clock",
]
API_WRITES = [
    ("POST", "/_mock/api/reset"),
    ("POST", "/_mock/api/clock/advance"),
    ("POST", "/_mock/api/clock/freeze"),
    ("POST", "/_mock/api/faults"),
    ("DELETE", "/_mock/api/faults"),
    ("DELETE", "/_mock/api/traffic"),
    ("POST", "/_mock/api/actions/a_x/confirm"),
    ("POST", "/oauth/account/devices/d_x/revoke"),
]
EVERY = [("GET", p) for p in PAGES + API_READS] + API_WRITES
OLD_COOKIE = "talkie_mock_{port}=dk_0123456789abcdef0123456789abcdef0123456789abcdef"


@pytest.fixture
def anonymous(mock: Served) -> Iterator[httpx.Client]:
    """A client with no credentials (a fresh one per test: httpx keeps cookies)."""
    with httpx.Client(base_url=mock.origin, timeout=30) as client:
        yield client


def test_every_developer_surface_needs_the_secret(mock: Served, anonymous: httpx.Client) -> None:
    wrong = [
        {},
        {"Authorization": f"Bearer {TOKEN}"},
        {"Authorization": "Bearer dk_guess"},
        {"X-Talkie-Mock-Key": "dk_guess"},
        {"Cookie": "x=1"},
        {"Cookie": OLD_COOKIE.format(port=mock.port)},
    ]
    with mock.dev() as dev:
        clock = dev.get("/_mock/api/clock").json()
        dev.post("/_mock/api/clock/freeze")
        frozen = dev.get("/_mock/api/clock").json()
    for method, path in EVERY:
        for headers in wrong:
            answer = anonymous.request(method, path, headers=headers, json={"seconds": 86400})
            problem(answer, 401, "unauthorized")
            assert answer.headers["www-authenticate"].startswith("Bearer")
    with mock.dev() as dev:  # nothing happened: the clock stands where it was frozen
        assert dev.get("/_mock/api/clock").json() == frozen
        dev.post("/_mock/api/clock/resume")
    assert clock["now"] <= frozen["now"]


def test_the_secret_opens_every_surface(mock: Served, anonymous: httpx.Client) -> None:
    with mock.dev() as dev:
        for path in PUBLIC + PAGES + API_READS:
            assert dev.get(path).status_code == 200, path
    for path in PAGES + API_READS:  # the inspector page's header
        assert anonymous.get(path, headers={"X-Talkie-Mock-Key": mock.key}).status_code == 200, path
        assert anonymous.get(path, params={"key": mock.key}).status_code == 200, path


def test_the_inspector_page_without_the_key_says_how_to_open_it_and_sets_no_cookie(
    mock: Served, anonymous: httpx.Client
) -> None:
    for path in PUBLIC:
        answer = anonymous.get(path)
        assert answer.status_code == 200, path
        assert "set-cookie" not in answer.headers
    page = anonymous.get("/_mock/")
    assert page.headers["content-type"].startswith("text/html")
    assert "How to open the inspector" in page.text
    assert "/_mock/#key=" in page.text
    assert mock.key not in page.text
    assert (
        "set-cookie" not in anonymous.get("/_mock/api/state", headers={"X-Talkie-Mock-Key": mock.key}).headers
    )


def test_a_key_on_a_hook_call_works_but_only_the_right_one(mock: Served, anonymous: httpx.Client) -> None:
    assert anonymous.post(f"/_mock/api/clock/advance?key={mock.key}", json={"seconds": 1}).status_code == 200
    problem(anonymous.post("/_mock/api/clock/advance?key=dk_no", json={"seconds": 1}), 401, "unauthorized")


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Origin": "http://127.0.0.1:1"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
    ],
)
def test_cross_site_requests_are_refused_even_with_the_secret(mock: Served, headers: dict[str, str]) -> None:
    with mock.dev() as dev:
        for method, path in EVERY:
            problem(dev.request(method, path, headers=headers, json={}), 403, "forbidden")
        for path in PUBLIC:
            problem(dev.get(path, headers=headers), 403, "forbidden")


def test_same_origin_browser_requests_pass(mock: Served) -> None:
    with mock.dev() as dev:
        same = {"Origin": mock.origin, "Sec-Fetch-Site": "same-origin"}
        assert dev.get("/_mock/api/state", headers=same).status_code == 200
        assert dev.get("/_mock/", headers={"Sec-Fetch-Site": "none"}).status_code == 200


@pytest.mark.parametrize(
    "host",
    [
        "evil.example",
        "evil.example:8765",
        "127.0.0.1.nip.io",
        "attacker.com.",
        # not a plain host[:port]: user info, a path, a space, junk after a literal, an unclosed bracket
        "127.0.0.1:8765@evil.example",
        "localhost:x@evil.example",
        "localhost:8765/x",
        "127.0.0.1:8765 evil.example",
        "[::1].evil.example",
        "[::1]evil.example:8765",
        "[::1",
        "127.0.0.1:99999",
        "127.0.0.1:0",
    ],
)
def test_a_foreign_host_gets_nothing_anywhere(mock: Served, host: str) -> None:
    with mock.client(Host=host) as http:
        for path in [
            "/.well-known/talkie.json",
            "/api/talkie/status",
            "/api/talkie/threads",
            "/oauth/authorize",
        ]:
            problem(http.get(path), 400, "invalid_request")
        problem(
            http.get("/_mock/api/state", headers={"Authorization": f"Bearer {mock.key}"}),
            400,
            "invalid_request",
        )


def test_the_issuer_writes_the_port_as_an_origin_does(mock: Served) -> None:
    with mock.client(Host=f"127.0.0.1:0{mock.port}") as http:
        assert http.get("/.well-known/talkie.json").json()["issuer"] == f"http://127.0.0.1:{mock.port}"


def test_a_request_without_host_is_refused_on_http_1_1_only(mock: Served) -> None:
    """RFC 9112 §3.2: an HTTP/1.1 request without Host is a 400; HTTP/1.0 had no Host to send."""
    import json
    import socket

    for version, status in (("1.1", 400), ("1.0", 200)):
        with socket.create_connection(("127.0.0.1", mock.port), timeout=30) as conn:
            conn.sendall(f"GET /.well-known/talkie.json HTTP/{version}\r\nConnection: close\r\n\r\n".encode())
            raw = b""
            while chunk := conn.recv(65536):
                raw += chunk
        head, _, body = raw.partition(b"\r\n\r\n")
        assert head.split()[1] == str(status).encode(), raw[:300]
        if status == 400:
            assert json.loads(body)["error"]["code"] == "invalid_request"


@pytest.mark.parametrize("origin", ["http://[::1", "http://[", "//[x"])
def test_a_malformed_origin_is_cross_site_not_a_crash(mock: Served, origin: str) -> None:
    with mock.dev() as dev:
        for method, path in [("GET", "/_mock/"), ("GET", "/_mock/api/state"), ("POST", "/_mock/api/reset")]:
            problem(dev.request(method, path, headers={"Origin": origin}), 403, "forbidden")
        assert dev.get("/_mock/api/state").status_code == 200  # and nothing was reset or broken


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "[::1]", "10.0.2.2", "app.localhost"])
def test_loopback_names_and_ip_literals_are_served(mock: Served, host: str) -> None:
    with mock.client(Host=f"{host}:{mock.port}") as http:
        assert http.get("/.well-known/talkie.json").status_code == 200
        assert http.get("/api/talkie/status").status_code == 200


def test_the_apps_own_endpoints_are_not_guarded(mock: Served, anonymous: httpx.Client) -> None:
    """The voice signalling endpoint belongs to the app; CORS preflights of talkie/1 are not refused."""
    answer = anonymous.post("/_mock/voice/sdp", content=b"v=0", headers={"Content-Type": "application/sdp"})
    assert answer.status_code != 403
    assert "developer secret" not in answer.text
    preflight = anonymous.options(
        "/api/talkie/run",
        headers={"Origin": "http://localhost:3000", "Access-Control-Request-Method": "POST"},
    )
    assert preflight.status_code < 500
    assert preflight.status_code not in (401, 403)


def test_the_consent_form_needs_its_csrf_token_and_the_same_site(
    mock: Served, anonymous: httpx.Client
) -> None:
    params = {
        "response_type": "code",
        "client_id": "https://talkie.firemni-crm.cz/oauth/client.json",
        "redirect_uri": "cz.firemnicrm.talkie:/oauth/callback",
        "scope": "talkie",
        "state": "st_csrf",
        "code_challenge": "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        "code_challenge_method": "S256",
    }
    page = anonymous.get("/oauth/authorize", params=params)
    assert page.status_code == 200
    fields = hidden_fields(page.text)
    assert fields.get("csrf")
    approve = {**fields, "user": "u_1", "decision": "approve"}
    forged = {k: v for k, v in approve.items() if k != "csrf"}
    for body, headers in [
        (forged, {}),
        ({**approve, "csrf": "0" * 32}, {}),
        ({**approve, "csrf": "é"}, {}),  # not ASCII: hmac.compare_digest used to raise on it (a 500)
        ({**approve, "state": "st_other"}, {}),  # the token is bound to this very request
        (approve, {"Origin": "http://evil.example"}),
        (approve, {"Sec-Fetch-Site": "cross-site"}),
    ]:
        answer = anonymous.post("/oauth/authorize", data=body, headers=headers)
        assert answer.status_code in (400, 403), answer.status_code
        assert "code=" not in answer.headers.get("location", "")
    ok = anonymous.post("/oauth/authorize", data=approve, headers={"Origin": mock.origin})
    assert ok.status_code == 303
    assert "code=" in ok.headers["location"]


def test_the_account_page_form_carries_a_csrf_token(mock: Served) -> None:
    sign_in(mock, "u_2")
    with mock.dev() as dev:
        page = dev.get("/oauth/account", params={"user": "u_2"})
        assert page.status_code == 200
        fields = hidden_fields(page.text)
        assert fields["user"] == "u_2"
        assert fields.get("csrf")
        forged = dev.post("/oauth/account/devices/d_x/revoke", data={"user": "u_2", "csrf": "é"})
        assert forged.status_code in (400, 403), forged.status_code


def test_the_control_api_confirms_only_with_the_params_hash(mock: Served) -> None:
    """Through the same decision path as the app: no hash → 400, another hash → 409 stale, then done."""
    with mock.client() as http, mock.dev() as dev:
        action = action_of(run(http, "talkie-test:action", thread_id=new_id("t")))
        path = f"/_mock/api/actions/{action['id']}/confirm"
        problem(dev.post(path), 400, "invalid_request")
        problem(dev.post(path, json={}), 400, "invalid_request")
        problem(dev.post(path, json={"paramsHash": "sha256:" + "0" * 64}), 409, "stale")
        assert http.get(f"/api/talkie/actions/{action['id']}").json()["status"] == "pending"
        done = dev.post(path, json={"paramsHash": action["paramsHash"]})
        assert done.status_code == 200, done.text
        assert done.json()["action"]["status"] == "done"


def test_a_restart_makes_a_new_secret_and_the_old_one_opens_nothing(tmp_path: Path) -> None:
    with serving(tmp_path) as first:
        key = first.key
    with serving(tmp_path) as second:
        assert second.key != key
        with second.dev() as dev:
            assert dev.get("/_mock/api/state").status_code == 200
        with httpx.Client(base_url=second.origin, timeout=30) as old:
            problem(old.get("/_mock/api/state", headers={"X-Talkie-Mock-Key": key}), 401, "unauthorized")


def test_open_devtools_drops_the_secret_but_not_the_site_check(tmp_path: Path) -> None:
    with serving(tmp_path, "--open-devtools") as served, httpx.Client(base_url=served.origin) as anonymous:
        assert anonymous.get("/_mock/api/state").status_code == 200
        problem(
            anonymous.get("/_mock/api/state", headers={"Origin": "http://evil.example"}), 403, "forbidden"
        )
        problem(anonymous.get("/_mock/api/state", headers={"Host": "evil.example"}), 400, "invalid_request")


@pytest.mark.parametrize("where", [["--host", "0.0.0.0"], ["--lan"]])
def test_open_devtools_is_refused_off_loopback(tmp_path: Path, where: list[str]) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "talkie_mock.cli",
            "serve",
            "--quiet",  # no request log into a pipe nobody reads
            "--port",
            "0",
            "--state",
            str(tmp_path / "s.db"),
            *where,
            "--open-devtools",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert "--open-devtools" in done.stderr
    assert "Traceback" not in done.stderr


def test_an_account_page_opened_with_the_key_carries_it_to_its_forms(
    mock: Served, anonymous: httpx.Client
) -> None:
    """A browser holds no cookie of the secret: the page's sign-out form and its redirect carry `?key=`."""
    sign_in(mock, "u_2")
    page = anonymous.get("/oauth/account", params={"user": "u_2", "key": mock.key})
    assert page.status_code == 200
    actions = page.text.split('action="')[1:]
    assert actions
    action = actions[0].split('"', 1)[0].replace("&amp;", "&")
    assert action.endswith(f"?key={mock.key}")
    done = anonymous.post(action, data=hidden_fields(page.text))
    assert done.status_code == 303, done.text
    assert done.headers["location"].endswith(f"&key={mock.key}")
    assert anonymous.get(done.headers["location"]).status_code == 200


def _report(mock: Served, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "talkie_mock.cli", "report", "--url", mock.origin],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


def test_report_finds_the_key_of_this_users_mock_by_itself(mock: Served, tmp_path: Path) -> None:
    import os

    from talkie_mock.devtools import runtime

    found = _report(mock)
    assert found.returncode in (0, 1), found.stderr
    assert "rule finding" in found.stdout.lower()
    kept = runtime.path_for(mock.port)
    assert kept.stat().st_mode & 0o777 == 0o600
    assert kept.parent.stat().st_mode & 0o777 == 0o700
    # another user (here: another home and runtime folder) finds no file: told how to pass the key
    elsewhere = {**os.environ, "HOME": str(tmp_path), "XDG_RUNTIME_DIR": "", "XDG_DATA_HOME": str(tmp_path)}
    elsewhere.pop("TALKIE_MOCK_KEY", None)
    lost = _report(mock, elsewhere)
    assert lost.returncode == 2
    assert "--key" in lost.stderr, lost.stderr
    assert "TALKIE_MOCK_KEY" in lost.stderr
    assert "HTTP Error" not in lost.stderr


def test_the_runtime_file_goes_with_the_mock(tmp_path: Path) -> None:
    from talkie_mock.devtools import runtime

    with serving(tmp_path) as other:
        kept = runtime.path_for(other.port)
        assert other.key in kept.read_text()
    assert not kept.exists()
