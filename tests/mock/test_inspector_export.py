"""The inspector's HAR 1.2 export and the UNSAFE mark, over the control API (no browser).

HAR is checked against the members HAR 1.2 requires (written out here from the format's text, not taken
from our control-api.yaml), then against the control API's own schema, so neither can drift from the other.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from talkie_mock.testing import AUTH, TOKEN, Client, run_input
from unsafe_scenario import TRIGGER, unsafe_scenario

CONTROL_API = (
    Path(__file__).resolve().parents[2] / "mock" / "src" / "talkie_mock" / "devtools" / "control-api.yaml"
)
STREAM = {**AUTH, "Accept": "text/event-stream"}
HAR_REQUIRED = {
    "log": {"version", "creator", "entries"},
    "creator": {"name", "version"},
    "entry": {"startedDateTime", "time", "request", "response", "cache", "timings"},
    "request": {
        "method",
        "url",
        "httpVersion",
        "cookies",
        "headers",
        "queryString",
        "headersSize",
        "bodySize",
    },
    "response": {
        "status",
        "statusText",
        "httpVersion",
        "cookies",
        "headers",
        "content",
        "redirectURL",
        "headersSize",
        "bodySize",
    },
    "content": {"size", "mimeType"},
    "timings": {"send", "wait", "receive"},
}


def assert_har_1_2(har: dict[str, Any]) -> None:
    """The members and types HAR 1.2 requires of a log, its entries and their parts."""
    log = har["log"]
    assert HAR_REQUIRED["log"] <= set(log)
    assert log["version"] == "1.2"
    assert HAR_REQUIRED["creator"] <= set(log["creator"])
    for entry in log["entries"]:
        assert HAR_REQUIRED["entry"] <= set(entry), set(entry)
        datetime.fromisoformat(entry["startedDateTime"].replace("Z", "+00:00"))
        request, response, timings = entry["request"], entry["response"], entry["timings"]
        assert HAR_REQUIRED["request"] <= set(request)
        assert HAR_REQUIRED["response"] <= set(response)
        assert HAR_REQUIRED["content"] <= set(response["content"])
        assert HAR_REQUIRED["timings"] <= set(timings)
        assert request["url"].startswith("http://")
        for pair in [*request["headers"], *request["queryString"], *response["headers"]]:
            assert set(pair) >= {"name", "value"}
            assert isinstance(pair["name"], str)
            assert isinstance(pair["value"], str)
        assert isinstance(response["status"], int)
        # `time` is the sum of the timings that apply (-1: does not apply)
        assert entry["time"] == sum(v for v in timings.values() if v != -1)
        assert all(
            k.startswith("_") for k in set(entry) - HAR_REQUIRED["entry"] - {"serverIPAddress", "comment"}
        )


def control_api_validator(name: str) -> Draft202012Validator:
    document = yaml.safe_load(CONTROL_API.read_text(encoding="utf-8"))
    resource = Resource.from_contents({"$schema": "https://json-schema.org/draft/2020-12/schema", **document})
    registry: Registry[Any] = Registry().with_resource("urn:control-api", resource)
    return Draft202012Validator({"$ref": f"urn:control-api#/components/schemas/{name}"}, registry=registry)


def test_har_export_is_valid_har_1_2_with_the_stream_and_timings(client: Client) -> None:
    client.http.get("/api/talkie/status", headers=AUTH)
    client.http.get("/api/talkie/threads?limit=5", headers=AUTH)
    client.http.post("/api/talkie/run", json=run_input("talkie-test:echo ahoj", "r_har"), headers=STREAM)
    answer = client.http.get("/_mock/api/traffic.har")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/json")
    assert 'filename="talkie-mock.har"' in answer.headers["content-disposition"]
    har = answer.json()
    assert_har_1_2(har)
    control_api_validator("Har").validate(har)
    assert har["log"]["creator"]["name"] == "talkie-mock"
    entries = har["log"]["entries"]
    assert [e["request"]["url"] for e in entries] == [
        "http://testserver/api/talkie/status",
        "http://testserver/api/talkie/threads?limit=5",
        "http://testserver/api/talkie/run",
    ]
    assert entries[1]["request"]["queryString"] == [{"name": "limit", "value": "5"}]
    status, _, run = entries
    assert status["response"]["status"] == 200
    assert json.loads(status["response"]["content"]["text"])["user"]["name"]
    assert status["timings"]["wait"] == status["time"]
    assert run["request"]["postData"]["mimeType"] == "application/json"
    assert json.loads(run["request"]["postData"]["text"])["runId"] == "r_har"
    stream = run["response"]["content"]
    assert stream["mimeType"].startswith("text/event-stream")
    events = [json.loads(line[len("data: ") :]) for line in stream["text"].split("\n\n") if line]
    assert events[0]["type"] == "RUN_STARTED"
    assert events[-1]["type"] == "RUN_FINISHED"
    assert any(e.get("delta") == "ahoj" for e in events)
    assert run["timings"]["receive"] == run["time"]  # a stream's time is its download
    assert run["_talkie"]["stream"] == "complete"
    traffic = client.http.get("/_mock/api/traffic").json()["entries"]
    assert [e["_talkie"]["exchange"] for e in entries] == [e["id"] for e in traffic]


def test_har_export_redacts_every_secret_as_the_traffic_view_does(client: Client) -> None:
    voice = client.http.post("/api/talkie/voice/sessions", json={}, headers=AUTH).json()
    minted = voice["clientSecret"]
    assert minted.startswith("ek_mock_")
    client.http.get(
        "/api/talkie/status", headers={"Authorization": "Bearer tka_not_a_real_access_token_0123"}
    )
    har_text = client.http.get("/_mock/api/traffic.har").text
    traffic_text = client.http.get("/_mock/api/traffic").text
    for secret in (minted, TOKEN, "tka_not_a_real_access_token_0123"):
        assert secret not in har_text
        assert secret not in traffic_text
    assert minted[: len("ek_mock_") + 2] + "…" in har_text  # cut to its head, as the traffic view shows it
    har = json.loads(har_text)
    shown = {h["name"]: h["value"] for h in har["log"]["entries"][0]["request"]["headers"]}
    traffic = client.http.get("/_mock/api/traffic").json()["entries"][0]["request"]["headers"]
    assert shown["authorization"] == traffic["authorization"]


def test_har_export_needs_the_developer_secret(make_client: Callable[..., Client]) -> None:
    guarded = make_client(open_devtools=False)
    assert guarded.http.get("/_mock/api/traffic.har").status_code == 401
    key = guarded.app.state.devtools_key
    answer = guarded.http.get("/_mock/api/traffic.har", headers={"Authorization": f"Bearer {key}"})
    assert answer.status_code == 200
    assert key not in answer.text


def test_unsafe_is_its_own_mark_not_a_variation(make_client: Callable[..., Client], tmp_path: Path) -> None:
    client = make_client(scenario=unsafe_scenario(tmp_path), self_check=False, vary=3)
    client.http.post("/api/talkie/run", json=run_input(TRIGGER, "r_bad", thread_id="t_bad"), headers=STREAM)
    client.http.post("/api/talkie/run", json=run_input("talkie-test:echo hi", "r_ok"), headers=STREAM)
    runs = [
        e for e in client.http.get("/_mock/api/traffic").json()["entries"] if e["path"] == "/api/talkie/run"
    ]
    bad, good = runs
    for entry in runs:
        control_api_validator("Exchange").validate(entry)
    assert bad["unsafe"].startswith("UNSAFE")
    assert "schemas forbid" in bad["unsafe"]
    assert good["unsafe"] is None
    assert not any("UNSAFE" in label for entry in runs for label in entry["variations"])
    assert any(not e["valid"] for e in bad["events"])
    har = client.http.get("/_mock/api/traffic.har").json()
    marks = [e["_talkie"]["unsafe"] for e in har["log"]["entries"] if e["request"]["url"].endswith("/run")]
    assert marks == [bad["unsafe"], None]


def test_voice_data_channels_are_left_out_of_the_har_and_said_so(client: Client) -> None:
    from talkie_mock.devtools.voice import ChannelLog

    client.http.get("/api/talkie/status", headers=AUTH)
    traffic = client.app.state.devtools.traffic
    channel = ChannelLog(traffic.next_id(), "v_0123abcd", client.mock.now_ms())
    channel.add("in", {"type": "session.created"})
    traffic.items.append(channel)
    har = client.http.get("/_mock/api/traffic.har").json()
    assert [e["request"]["method"] for e in har["log"]["entries"]] == ["GET"]
    assert har["log"]["comment"].startswith("1 voice data channel(s) left out")
    assert_har_1_2(har)
