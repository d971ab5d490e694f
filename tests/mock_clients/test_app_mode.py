"""App mode: a running mock serves every scenario of the client suite under its own manifest URL, records what
the app does, and `talkie-mock report` scores each client rule from it."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import served
from starlette.testclient import TestClient
from talkie_mock import create_app
from talkie_mock.clientsuite import appmode, scores
from talkie_mock.clientsuite.base import GESTURES
from talkie_mock.clientsuite.catalogue import coverage
from talkie_mock.clientsuite.observe import MAX_BYTES, Record, Seen, read_shown
from talkie_mock.clientsuite.scenarios import SCENARIOS
from talkie_mock.clientsuite.servers import BODY_CAP
from talkie_mock.testing import TOKEN, LiveServer, make_config

HERE = Path(__file__).resolve().parent
CLIENT = [sys.executable, str(HERE / "reference_client.py")]
MOCK = [sys.executable, "-m", "talkie_mock.cli"]


@pytest.fixture
def keyed() -> Iterator[tuple[TestClient, str]]:
    """An in-process mock in app mode whose developer surfaces need its key."""
    app = create_app(make_config(open_devtools=False))
    appmode.install(app, TOKEN, app.state.mock.config.origin, (app.state.devtools_key,))
    with TestClient(app, raise_server_exceptions=False) as http:
        yield http, app.state.devtools_key


def test_nothing_asked_scores_no_rule_pass_or_fail() -> None:
    found = scores.judge({name: Record() for name in SCENARIOS})
    judged = sum(1 for row in coverage() if row.scenarios)
    assert found.count("not exercised") == judged
    assert found.count("not observable") == len(coverage()) - judged
    assert found.count("pass") == found.count("fail") == found.count("warn") == 0
    assert not found.failed


def test_a_rule_takes_the_worst_of_its_scenarios_and_only_a_must_fails() -> None:
    name = "version-2"
    record = Record()
    record.add(Seen("scenario", "GET", "manifest", "/m", False))
    record.add(Seen("scenario", "POST", "run", "/r", True, body={"messages": []}))
    found = scores.judge({name: record})
    by_rule = {r.rule: r for r in found.rules}
    version = next(c.rule for c in SCENARIOS[name].checks)
    assert by_rule[version].status == "fail", by_rule[version]
    assert by_rule[version].detail.startswith(name + ": ")
    assert found.failed
    # a rule that may not fail a client is only warned, whatever its scenario found
    assert all(r.status != "fail" or r.level in ("MUST", "MUST NOT") for r in found.rules)


def test_a_gesture_the_ui_test_says_the_app_cannot_make_leaves_its_scenario_not_exercised(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    name = "version-2"
    monkeypatch.setattr(type(SCENARIOS[name]), "person", ("voice",))
    record = Record()
    record.add(Seen("scenario", "GET", "manifest", "/m", False))
    record.add(Seen("scenario", "POST", "run", "/r", True, body={"messages": []}))
    record.shown = read_shown('{"kind": "unable", "gesture": "voice"}')
    found = scores.judge({name: record})
    mine = [r for r in found.results if r.scenario == name]
    assert mine
    assert all(r.verdict == "skip" and "cannot voice" in r.detail for r in mine), mine


def test_the_text_form_escapes_what_the_app_sent() -> None:
    data = {
        "scenarios": [{"name": "plain-run", "requests": 1}],
        "rules": [{"rule": "RUN-002", "level": "MUST", "status": "fail", "detail": "sent /a\x1b[2Jb"}],
        "summary": {"fail": 1},
    }
    text = scores.as_text(data)
    assert "\x1b" not in text
    assert "\\x1b[2J" in text
    assert "1 of 1 scenarios asked for" in text
    assert "0 passed, 1 failed" in text


def test_the_text_form_is_one_line_while_no_scenario_was_asked_for() -> None:
    data = scores.as_json(scores.judge({}))
    text = scores.as_text({"scenarios": [{"name": n, "requests": 0} for n in SCENARIOS], **data})
    assert text.count("\n") == 0
    assert f"none of the {len(SCENARIOS)} scenarios" in text


def test_the_clients_api_is_guarded_and_lists_every_scenario_with_its_person(
    keyed: tuple[TestClient, str],
) -> None:
    http, key = keyed
    assert http.get(appmode.API_PATH).status_code == 401
    assert http.get(appmode.API_PATH, headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    listed = http.get(appmode.API_PATH, headers={"Authorization": f"Bearer {key}"}).json()
    assert [s["name"] for s in listed["scenarios"]] == list(SCENARIOS)
    for row in listed["scenarios"]:
        scenario = SCENARIOS[row["name"]]
        assert row["manifestUrl"].endswith(f"/_scenarios/{scenario.name}/.well-known/talkie.json")
        assert row["person"] == [{"gesture": g, "text": GESTURES[g]} for g in scenario.person]
        assert row["requests"] == 0
    assert key not in json.dumps(listed)
    assert TOKEN not in json.dumps(listed)


def test_a_scenario_answers_on_the_mock_origin_and_its_record_is_kept_until_reset(
    keyed: tuple[TestClient, str],
) -> None:
    http, key = keyed
    dev = {"Authorization": f"Bearer {key}"}
    listed = http.get(appmode.API_PATH, headers=dev).json()["scenarios"]
    url = next(s["manifestUrl"] for s in listed if s["name"] == "plain-run")
    path = url.split("/", 3)[3]
    manifest = http.get("/" + path).json()
    assert url.startswith(manifest["issuer"] + "/_scenarios/plain-run/")
    run = http.post(
        manifest["endpoints"]["run"],
        headers={"Authorization": f"Bearer {TOKEN}", "Accept": "text/event-stream"},
        json={
            "threadId": "t_1",
            "runId": "r_1",
            "messages": [{"id": "m_1", "role": "user", "content": "hello"}],
            "tools": [],
            "context": [],
            "state": {},
            "forwardedProps": {},
        },
    )
    assert run.status_code == 200
    after = http.get(appmode.API_PATH, headers=dev).json()
    assert next(s["requests"] for s in after["scenarios"] if s["name"] == "plain-run") == 2
    assert after["summary"]["fail"] == 0
    assert any(r["status"] == "pass" for r in after["rules"])
    assert http.delete(appmode.API_PATH, headers=dev).status_code == 204
    cleared = http.get(appmode.API_PATH, headers=dev).json()
    assert all(s["requests"] == 0 for s in cleared["scenarios"])
    assert cleared["summary"]["pass"] == 0
    http.get("/" + path)
    assert http.post("/_mock/api/reset", headers=dev).status_code == 200
    after_reset = http.get(appmode.API_PATH, headers=dev).json()
    assert all(s["requests"] == 0 for s in after_reset["scenarios"])


def test_a_web_app_on_another_origin_may_call_a_scenario(keyed: tuple[TestClient, str]) -> None:
    http, _ = keyed
    page = "http://localhost:3000"
    path = "/_scenarios/plain-run/api/run"
    preflight = http.options(
        path,
        headers={
            "Origin": page,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type",
        },
    )
    assert preflight.status_code in (200, 204)
    assert preflight.headers["access-control-allow-origin"] == page
    manifest = http.get("/_scenarios/plain-run/.well-known/talkie.json", headers={"Origin": page})
    assert manifest.headers["access-control-allow-origin"] == page


def test_a_scenarios_record_is_bounded_in_bytes(keyed: tuple[TestClient, str]) -> None:
    http, key = keyed
    big = b'{"pad": "' + b"x" * BODY_CAP + b'"}'
    sent = MAX_BYTES // BODY_CAP + 4
    for _ in range(sent):
        http.post("/_scenarios/plain-run/api/run", content=big, headers={"Content-Type": "application/json"})
    listed = http.get(appmode.API_PATH, headers={"Authorization": f"Bearer {key}"}).json()
    row = next(s for s in listed["scenarios"] if s["name"] == "plain-run")
    assert row["flooded"] is True
    assert 0 < row["requests"] <= MAX_BYTES // BODY_CAP < sent


def test_a_live_server_in_app_mode_judges_a_token_sent_to_the_decoy() -> None:
    with LiveServer(make_config(), clients=True) as server:
        assert server.clients is not None
        url = f"{server.url}/_scenarios/token-redirect/.well-known/talkie.json"
        argv = [*CLIENT, url, TOKEN, "--break", "token-everywhere"]
        subprocess.run(argv, capture_output=True, timeout=60, check=False)
        found = scores.judge(server.clients.suite.records)
    assert {r.rule: r.status for r in found.rules}["AUTH-019"] == "fail"
    decoy = [s for s in server.clients.suite.records["token-redirect"].seen("decoy") if s.carries_token]
    assert decoy, "the decoy beside the live server received the token"


@pytest.mark.parametrize(("broken", "verdict"), [((), "pass"), (("--break", "hide-unknown-cards"), "fail")])
def test_what_a_ui_test_says_the_app_showed_is_judged(broken: tuple[str, ...], verdict: str) -> None:
    with LiveServer(make_config(), clients=True) as server:
        assert server.clients is not None
        url = f"{server.url}/_scenarios/unknown-block/.well-known/talkie.json"
        ran = subprocess.run([*CLIENT, url, TOKEN, *broken], capture_output=True, text=True, timeout=60)

        def card_004() -> str:
            found = scores.judge(server.clients.suite.records) if server.clients else None
            return next(r.status for r in found.rules if r.rule == "CARD-004") if found else ""

        assert card_004() == "not exercised"  # an app has no adapter: nothing said what it showed
        posted = httpx.post(f"{server.url}{appmode.API_PATH}/unknown-block/shown", content=ran.stdout)
        assert posted.status_code == 200
        assert posted.json()["kept"] >= 1
        assert card_004() == verdict
        unknown = httpx.post(f"{server.url}{appmode.API_PATH}/no-such-scenario/shown", content=ran.stdout)
        assert unknown.status_code == 404
        assert unknown.json()["error"]["code"] == "not_found"


def _drive(origin: str, name: str, *extra: str) -> None:
    """The reference client, pointed at one scenario of the running mock as an app's UI test would, making
    the person's gestures the scenario names."""
    url = f"{origin}/_scenarios/{name}/.well-known/talkie.json"
    person = ",".join(SCENARIOS[name].person)
    argv = [*CLIENT, url, served.TOKEN, "--person", person, *extra]
    subprocess.run(argv, capture_output=True, timeout=60, check=False)


def _report(origin: str, key: str, *extra: str) -> subprocess.CompletedProcess[str]:
    argv = [*MOCK, "report", "--url", origin, "--key", key, *extra]
    return subprocess.run(argv, capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.slow
def test_a_served_mock_scores_a_client_that_follows_the_text_and_fails_a_broken_one() -> None:
    with served.serving_keyed() as mock:
        assert mock.dev_key is not None
        for name in SCENARIOS:
            _drive(mock.origin, name)
        found = _report(mock.origin, mock.dev_key, "--json")
        assert found.returncode == 0, found.stdout + found.stderr
        clients = json.loads(found.stdout)["clients"]
        assert clients["summary"]["fail"] == 0
        # every scenario was asked for but production's, where a build from the text asks nothing over http
        asked = {s["name"] for s in clients["scenarios"] if s["requests"]}
        assert asked == {name for name, scenario in SCENARIOS.items() if "production" not in scenario.person}
        statuses = {r["rule"]: r["status"] for r in clients["rules"]}
        assert statuses["MAN-004"] == "pass"
        assert statuses["MAN-008"] == "pass"
        # the decoy beside the mock received nothing from a client that follows the text
        assert statuses["AUTH-019"] == "pass"
        assert statuses["MAN-011"] == "pass"

        _drive(mock.origin, "version-2", "--break", "accept-any-version")
        _drive(mock.origin, "token-redirect", "--break", "token-everywhere")
        broken = _report(mock.origin, mock.dev_key)
        assert broken.returncode == 1, broken.stdout + broken.stderr
        failing = {line.split()[1] for line in broken.stdout.splitlines() if line.startswith("FAIL ")}
        assert failing == {"MAN-004", "AUTH-019"}, broken.stdout
