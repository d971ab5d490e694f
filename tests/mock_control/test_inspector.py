"""Inspector verdicts (rule IDs of client mistakes), the violation report, and the control API document."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from click.testing import CliRunner
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate as validate_openapi
from referencing import Registry, Resource
from starlette.testclient import TestClient
from talkie_mock.cli import main
from talkie_mock.devtools import verdicts
from talkie_mock.testing import AUTH, LiveServer, make_config, parse_sse, run_input
from talkie_models.rules import catalogue

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "mock" / "src" / "talkie_mock"
SCRIPT = "<script>alert('Horizont Logistika s.r.o.')</script>"

SSE = {"Accept": "text/event-stream"}
STREAM = {**AUTH, **SSE}


def pkce_pair() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def findings(http: TestClient, path: str) -> list[tuple[str | None, str]]:
    entries = http.get("/_mock/api/traffic").json()["entries"]
    last = [e for e in entries if e["path"] == path][-1]
    return [(f["rule"], f["level"]) for f in last["findings"]]


def action_of(http: TestClient, run_id: str) -> dict[str, Any]:
    events = parse_sse(
        http.post("/api/talkie/run", json=run_input("talkie-test:action", run_id), headers=STREAM).content
    )
    value: dict[str, Any] = next(e["value"] for e in events if e.get("name") == "talkie.action")
    return value


def test_bad_body_missing_auth_and_history(http: TestClient) -> None:
    http.post("/api/talkie/run", json={"threadId": "t_x", "runId": 5}, headers=STREAM)
    assert findings(http, "/api/talkie/run") == [("RUN-001", "error")]
    http.get("/api/talkie/status")
    assert findings(http, "/api/talkie/status") == [("AUTH-016", "error")]
    body = run_input("talkie-test:echo ahoj", "r_hist")
    body["messages"].insert(0, {"id": "m_old", "role": "assistant", "content": "dříve"})
    body["futureOption"] = True
    http.post("/api/talkie/run", json=body, headers=AUTH)  # no Accept: text/event-stream either
    assert set(findings(http, "/api/talkie/run")) == {
        ("RUN-002", "error"),
        ("RUN-001", "warning"),
        ("RUN-003", "warning"),
    }
    http.get("/api/talkie/status", headers={"Authorization": "Bearer tk_unknown"})
    http.get("/api/talkie/status", headers={"Authorization": "Bearer tk_unknown"})
    assert findings(http, "/api/talkie/status") == [("AUTH-018", "warning")]


def test_decision_mistakes(http: TestClient) -> None:
    action = action_of(http, "r_a1")
    url = f"/api/talkie/actions/{action['id']}/decision"
    http.post(
        url,
        json={"decision": "confirm", "paramsHash": "sha256:" + "0" * 64, "method": "button"},
        headers=AUTH,
    )
    assert findings(http, url) == [("ACT-007", "error")]
    http.post(url, json={"decision": "confirm"}, headers=AUTH)
    assert findings(http, url) == [("ACT-007", "error")]  # paramsHash missing altogether
    second = action_of(http, "r_a2")
    http.post("/_mock/api/clock/advance", json={"seconds": 3600})
    url2 = f"/api/talkie/actions/{second['id']}/decision"
    http.post(
        url2,
        json={"decision": "confirm", "paramsHash": second["paramsHash"], "method": "button"},
        headers=AUTH,
    )
    assert findings(http, url2) == [("ACT-011", "info")]  # the server's outcome, not the client's fault


def test_method_outside_confirm_methods(make_http: Any, tmp_path: Path) -> None:
    scenario = tmp_path / "high.yaml"
    scenario.write_text(
        "scenarios:\n  - match: smazat\n    steps:\n"
        "      - action: {summary: Smazat firmu Horizont Logistika, riskLevel: high, methods: [button]}\n"
    )
    http = make_http(scenario=scenario)
    events = parse_sse(http.post("/api/talkie/run", json=run_input("smazat", "r_h"), headers=STREAM).content)
    action = next(e["value"] for e in events if e.get("name") == "talkie.action")
    url = f"/api/talkie/actions/{action['id']}/decision"
    answer = http.post(
        url, json={"decision": "confirm", "paramsHash": action["paramsHash"], "method": "voice"}, headers=AUTH
    )
    assert answer.status_code == 200  # accepted and recorded (N-06), but flagged
    assert findings(http, url) == [("ACT-015", "error")]


def test_oauth_mistakes(http: TestClient) -> None:
    _, challenge = pkce_pair()
    base = {
        "response_type": "code",
        "client_id": "https://talkie.firemni-crm.cz/oauth/client.json",
        "redirect_uri": "cz.firemnicrm.talkie:/oauth/callback",
    }
    http.get("/oauth/authorize", params=base, follow_redirects=False)
    assert set(findings(http, "/oauth/authorize")) == {("AUTH-007", "error"), ("AUTH-008", "error")}
    plain = {**base, "state": "st_1", "code_challenge": challenge, "code_challenge_method": "plain"}
    http.get("/oauth/authorize", params=plain, follow_redirects=False)
    assert findings(http, "/oauth/authorize") == [("AUTH-007", "error")]
    token = {"grant_type": "authorization_code", "code": "c_none", "client_id": base["client_id"]}
    http.post("/oauth/token", data=token)
    assert findings(http, "/oauth/token") == [("AUTH-007", "error")]


def test_every_rule_id_used_exists() -> None:
    used = set(verdicts.RULES)
    assert used
    assert used <= set(catalogue())


def test_the_inspector_makes_only_the_findings_its_registry_lists() -> None:
    found = verdicts.verdict("AUTH-016", "error", "no Authorization header")
    assert (found.rule_id, found.severity.value, found.origin) == ("AUTH-016", "error", "inspector")
    assert verdicts.finding_json(found)["ruleLevel"] == catalogue()["AUTH-016"].level
    with pytest.raises(KeyError, match="RULES"):
        verdicts.verdict("AUTH-016", "info", "not a level the registry gives AUTH-016")
    with pytest.raises(KeyError):
        verdicts.verdict("MAN-001", "error", "not a rule the inspector names")


def test_report_text_json_and_restart(tmp_path: Path) -> None:
    state = tmp_path / "state.db"
    config = make_config(state=str(state))
    with LiveServer(config) as server:
        httpx.get(server.url + "/api/talkie/status")
        httpx.post(server.url + "/api/talkie/run", json={"runId": "r"}, headers=STREAM)
        runner = CliRunner()
        text = runner.invoke(main, ["report", "--url", server.url])
        assert text.exit_code == 1, text.output
        assert "AUTH-016" in text.output
        assert "RUN-001" in text.output
        assert catalogue()["AUTH-016"].statement in text.output
        # RUN-001 is the server's duty: the client's mistake is told in the finding's words, not that duty
        run_line = next(line for line in text.output.splitlines() if "RUN-001" in line)
        assert catalogue()["RUN-001"].statement not in text.output
        assert "A server MUST" not in run_line
        as_json = runner.invoke(main, ["report", "--url", server.url, "--json"])
        data = json.loads(as_json.output)
        assert sorted(v["rule"] for v in data["violations"]) == ["AUTH-016", "RUN-001"]
        assert {s["rule"]: s["count"] for s in data["summary"]} == {"AUTH-016": 1, "RUN-001": 1}
    # the mock is stopped: the state file still has them, and a restarted mock still reports them
    offline = CliRunner().invoke(main, ["report", "--state", str(state), "--json"])
    assert offline.exit_code == 1
    assert len(json.loads(offline.output)["violations"]) == 2
    with LiveServer(config) as server:
        again = CliRunner().invoke(main, ["report", "--url", server.url, "--json"])
        assert len(json.loads(again.output)["violations"]) == 2
        assert httpx.post(server.url + "/_mock/api/reset").json() == {"ok": True}
        clean = CliRunner().invoke(main, ["report", "--url", server.url])
        assert clean.exit_code == 0
        assert "No rule findings" in clean.output
    unreachable = CliRunner().invoke(main, ["report", "--url", "http://127.0.0.1:9"])
    assert unreachable.exit_code == 2


def _api_validator(name: str) -> Draft202012Validator:
    document = yaml.safe_load((PACKAGE / "devtools" / "control-api.yaml").read_text())
    resource = Resource.from_contents({"$schema": "https://json-schema.org/draft/2020-12/schema", **document})
    registry: Registry[Any] = Registry().with_resource("urn:control-api", resource)
    return Draft202012Validator({"$ref": f"urn:control-api#/components/schemas/{name}"}, registry=registry)


@pytest.mark.slow
def test_control_api_document_matches_the_answers(http: TestClient) -> None:
    document = yaml.safe_load((PACKAGE / "devtools" / "control-api.yaml").read_text())
    validate_openapi(document)
    fault_schema = json.loads((PACKAGE / "fault.schema.json").read_text())
    assert set(document["components"]["schemas"]["FaultFields"]["properties"]) == set(
        fault_schema["properties"]
    )
    action_of(http, "r_doc")
    http.post("/api/talkie/voice/sessions", json={}, headers=AUTH)
    http.post("/_mock/api/faults", json={"kind": "error", "code": "rate_limited", "count": 3})
    http.get("/api/talkie/status")
    state = http.get("/_mock/api/state").json()
    _api_validator("State").validate(state)
    assert state["faults"]
    assert state["actions"]
    assert state["voiceSessions"]
    _api_validator("Fault").validate({"kind": "slowStream", "delay": 1})
    assert not _api_validator("Fault").is_valid({"kind": "slowStream", "bogus": 1})
    for entry in http.get("/_mock/api/traffic").json()["entries"]:
        _api_validator("Exchange").validate(entry)
    for violation in http.get("/_mock/api/violations").json()["violations"]:
        _api_validator("Violation").validate(violation)


@pytest.mark.parametrize("name", ["index.html", "inspector.js"])
def test_inspector_files_load_nothing_from_outside(http: TestClient, name: str) -> None:
    response = http.get("/_mock/" if name == "index.html" else f"/_mock/{name}")
    assert response.status_code == 200
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert "http://" not in response.text
    assert "https://" not in response.text
    assert "innerHTML" not in response.text


def test_report_finds_the_running_mock_by_its_runtime_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not only port 8765: the one running mock of this user is found wherever it listens; with several,
    `report` asks which one."""
    from talkie_mock.devtools import runtime

    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    config = make_config(
        state=str(tmp_path / "state.db"), open_devtools=False, devtools_key="dk_runtime_0123456789abcdef"
    )
    with LiveServer(config) as server:
        port = int(server.url.rsplit(":", 1)[1])
        runtime.write(port, server.url, "dk_runtime_0123456789abcdef")
        httpx.get(server.url + "/api/talkie/status")  # AUTH-016
        found = CliRunner().invoke(main, ["report"])
        assert found.exit_code == 1, found.output
        assert "AUTH-016" in found.output
        runtime.write(port + 1, "http://127.0.0.1:" + str(port + 1), "dk_other")  # a second one, same process
        several = CliRunner().invoke(main, ["report"])
        assert several.exit_code == 2
        assert "--url" in several.output
        assert server.url in several.output
