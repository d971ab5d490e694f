"""Prism, the mock server many app developers start from an OpenAPI file, on the 3.1 bundle with its
default options (loopback only): it streams the run's recorded example as SSE, answers each error status
of an endpoint with that status's own §3 example, and serves a manifest whose endpoints it answers.
"""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import yaml
from compat_support import BUNDLE_31, SCHEMAS, Tool

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

RUN_BODY = {
    "threadId": "thr_prism",
    "runId": "run_prism",
    "messages": [{"id": "msg_prism", "role": "user", "content": "Dobrý den"}],
    "tools": [],
    "context": [],
    "state": {},
    "forwardedProps": {"talkie": {"channel": "chat"}},
}
AUTH = {"authorization": "Bearer prism-token"}


@pytest.fixture(scope="module")
def prism(node_tool: Tool) -> Iterator[str]:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    process = subprocess.Popen(
        [str(node_tool("prism")), "mock", "-h", "127.0.0.1", "-p", str(port), str(BUNDLE_31)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    origin = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            if process.poll() is not None:
                pytest.fail(f"prism exited with {process.returncode}")
            try:
                httpx.get(origin + "/.well-known/talkie.json", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        else:
            pytest.fail("prism did not start")
        yield origin
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


@pytest.fixture(scope="module")
def bundle() -> Any:
    return yaml.safe_load(BUNDLE_31.read_text(encoding="utf-8"))


def test_run_streams_the_recorded_example(prism: str) -> None:
    headers = {**AUTH, "accept": "text/event-stream"}
    response = httpx.post(prism + "/api/talkie/run", json=RUN_BODY, headers=headers, timeout=10)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    events = [json.loads(line[6:]) for line in response.text.splitlines() if line.startswith("data: ")]
    assert events == json.loads((SCHEMAS / "examples" / "stream-card.json").read_text())


def test_each_error_status_answers_its_own_example(prism: str, bundle: Any) -> None:
    catalogue = json.loads((SCHEMAS / "error-code.json").read_text())["x-talkie-catalogue"]
    codes_for = {
        status: {e["code"] for e in catalogue if status in e["httpStatus"]} for status in range(400, 600)
    }
    responses = bundle["paths"]["/api/talkie/run"]["post"]["responses"]
    statuses = [int(code) for code in responses if code.startswith(("4", "5"))]
    assert len(statuses) >= 6
    seen = set()
    for status in statuses:
        headers = {**AUTH, "prefer": f"code={status}"}
        response = httpx.post(prism + "/api/talkie/run", json=RUN_BODY, headers=headers, timeout=10)
        assert response.status_code == status
        code = response.json()["error"]["code"]
        assert code in codes_for[status], (status, code)
        seen.add(code)
    assert len(seen) >= len(statuses) - 1  # 502 and 503 share upstream_unavailable


def test_the_manifest_lists_endpoints_prism_answers(prism: str, bundle: Any) -> None:
    manifest = httpx.get(prism + "/.well-known/talkie.json", timeout=10).json()
    assert manifest["spec"] == "talkie/1"
    assert set(manifest["endpoints"].values()) <= set(bundle["paths"])
    status = httpx.get(prism + manifest["endpoints"]["status"], headers=AUTH, timeout=10)
    assert status.status_code == 200
