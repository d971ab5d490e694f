"""The tutorials' code: shown whole on their pages, and working — the client against the mock, the server
through `talkie-conformance run`, the client against the server, and the TypeScript sign-in (OAuth with PKCE
and a loopback redirect) against the mock's authorization server, and the voice client in Chromium with the
mock as the speech provider.

Every process started here listens on a free loopback port and is stopped by its test.
"""

from __future__ import annotations

import dataclasses
import html
import importlib
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import sample_servers
import served
import yaml
from starlette.testclient import TestClient
from test_site import ROOT, page
from waiting import until

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

SAMPLES = sample_servers.SAMPLES
TUTORIALS = {
    "guides/build-a-server/index.html": [SAMPLES / "minimal_server.py"],
    "guides/build-a-client/index.html": [
        SAMPLES / "minimal_client.py",
        SAMPLES / "minimal_client.ts",
        SAMPLES / "sign_in.ts",
    ],
    "guides/typescript-client/index.html": [SAMPLES / "voice_client.ts"],
}
TS_SAMPLES = ("minimal_client.ts", "sign_in.ts", "voice_client.ts")  # compiled together, as printed
TS_PROJECT = ("package.json", "tsconfig.json")
"""The TypeScript project's files the tutorial prints (docs/samples/), which the samples compile with."""
CLI_CLIENT = SAMPLES / "cli_client.json"  # the sign-in sample's Client ID Metadata Document
SECTION_RE = re.compile(r"^(#|//) --8<-- \[start:(\w+)\]\n(.*?)^\1 --8<-- \[end:\2\]\n", re.M | re.S)
HEADER_RE = re.compile(r'\s*("""|/\*\*).*?("""|\*/)\s*', re.S)  # the module docstring / file comment
NODE_BIN = ROOT / "tools" / "node" / "node_modules" / ".bin"
TS_PACKAGE = ROOT / "clients" / "typescript"
TOKEN = "tutorial-dev-token"
TOKEN_ON_PAGE = "dev-token"  # the token the server tutorial's commands use


def _compact(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("relative", sorted(TUTORIALS))
def test_tutorial_page_shows_every_line_of_its_samples(built_site: Path, relative: str) -> None:
    shown = page(built_site, relative).compact
    for sample in TUTORIALS[relative]:
        source = sample.read_text(encoding="utf-8")
        sections = SECTION_RE.findall(source)
        assert len(sections) >= 5, f"{sample.name} is not split into the tutorial's steps"
        for _, name, code in sections:
            assert _compact(code) in shown, f"section {name} of {sample.name} is not on {relative}"
        rest = SECTION_RE.sub("", source)
        header = HEADER_RE.match(rest)
        assert header, f"{sample.name} starts with its docstring"
        assert rest[header.end() :].strip() == "", f"{sample.name} has code outside the tutorial's sections"


@contextmanager
def _mock() -> Iterator[str]:
    with served.serving_memory(token=TOKEN) as origin:
        yield origin


@contextmanager
def _minimal_server(oauth_issuer: str) -> Iterator[str]:
    with sample_servers.minimal_server(TOKEN, oauth_issuer) as server:
        yield server.origin


def _run_client(command: list[str], cwd: Path) -> str:
    """Run a tutorial client with the development token; it must exit 0. Returns what it printed."""
    env = {**os.environ, "TALKIE_TOKEN": TOKEN}
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def _client(address: str, message: str) -> str:
    return _run_client([sys.executable, str(SAMPLES / "minimal_client.py"), address, message], ROOT)


def test_minimal_client_talks_to_the_mock() -> None:
    with _mock() as origin:
        address = origin.removeprefix(
            "http://"
        )  # what a person types: the host, the client finds the manifest
        out = _client(address, "talkie-test:action")
        assert re.search(r"^action: .+ \[low\]$", out, re.M), out
        assert "after a tap on confirm: done" in out
        assert re.search(r"^thread \S+: 2 messages, 1 actions$", out, re.M), out
        echoed = _client(origin + "/.well-known/talkie.json", "talkie-test:echo Dobrý den, Vendulo")
        assert "assistant: Dobrý den, Vendulo" in echoed
        carded = _client(origin, "talkie-test:card")
        assert re.search(r"^card: \S.+$", carded, re.M), carded


def _run_it_and_test_it() -> list[str]:
    """The shell lines of the server tutorial's "Run it and test it" block, as the page prints them."""
    text = (ROOT / "docs" / "guides" / "build-a-server.md").read_text(encoding="utf-8")
    section = text.split("## Run it and test it", 1)[1]
    block = re.search(r"```bash\n(.*?)```", section, re.S)
    assert block, "the server tutorial shows its commands in a bash block"
    return [line.strip() for line in block.group(1).splitlines() if line.strip()]


def test_the_server_tutorial_commands_are_the_ones_tested() -> None:
    """The page's commands start the mock, the server with the environment shown, then the suite."""
    lines = _run_it_and_test_it()
    assert lines[0].startswith("pip install ./models ./mock ./conformance")
    assert lines[1] == "talkie-mock serve --port 8765 &"
    server_env = dict(re.findall(r"\b(TALKIE_\w+)=(\S+)", lines[2]))
    assert server_env == {"TALKIE_TOKEN": TOKEN_ON_PAGE, "TALKIE_OAUTH_ISSUER": "http://127.0.0.1:8765/oauth"}
    assert lines[3] == f"talkie-conformance run http://127.0.0.1:8600 --token {TOKEN_ON_PAGE}"


@pytest.mark.slow
def test_minimal_server_passes_the_conformance_suite(tmp_path: Path) -> None:
    """The page's commands, with free ports in place of 8765 and 8600: the suite passes, exit 0."""
    lines = _run_it_and_test_it()
    page_env = dict(re.findall(r"\b(TALKIE_\w+)=(\S+)", lines[2]))
    junit = tmp_path / "junit.xml"
    with served.serving_memory(token=TOKEN_ON_PAGE) as mock:
        env = {name: value.replace("http://127.0.0.1:8765", mock) for name, value in page_env.items()}
        command = [sample_servers.tool("uvicorn"), *sample_servers.minimal_server_args()]
        with sample_servers.serving(command, env) as running:
            server = running.origin
            args = lines[3].split()[1:]
            args = [server if arg == "http://127.0.0.1:8600" else arg for arg in args]
            result = subprocess.run(
                [sample_servers.tool("talkie-conformance"), *args, "--junit", str(junit)],
                cwd=ROOT,
                env={name: value for name, value in os.environ.items() if not name.startswith("TALKIE_")},
                capture_output=True,
                text=True,
                timeout=600,
            )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-6000:]
    assert re.search(r"PASSED in [\d.]+ s: (\d+) pass, 0 fail", output), output[-2000:]
    passed = int(re.search(r"(\d+) pass", output).group(1))  # type: ignore[union-attr]
    assert passed >= 60, "the suite tested too little of the server to mean anything"
    assert 'failures="0"' in junit.read_text(encoding="utf-8")


def test_minimal_client_talks_to_the_minimal_server() -> None:
    with _mock() as mock, _minimal_server(mock + "/oauth") as server:
        out = _client(server, "talkie-test:action")
        assert "after a tap on confirm: done" in out
        assert re.search(r"^thread \S+: 2 messages, 1 actions$", out, re.M), out
        carded = _client(server, "talkie-test:card")
        assert "card: Horizont Logistika s.r.o." in carded


def test_the_typescript_project_the_page_prints_is_the_one_compiled() -> None:
    """The page prints the project's two files whole (the compile below copies exactly them): an ES module
    package, for the samples' top-level `await`, with Node's types, for `process` and the loopback server."""
    text = (ROOT / "docs" / "guides" / "build-a-client.md").read_text(encoding="utf-8")
    for name in TS_PROJECT:
        assert f'```json title="{name}"\n--8<-- "docs/samples/{name}"\n```' in text, name
    package = json.loads((SAMPLES / "package.json").read_text(encoding="utf-8"))
    assert package["type"] == "module"
    tools = json.loads((ROOT / "tools" / "node" / "package.json").read_text(encoding="utf-8"))
    for name, version in package["devDependencies"].items():  # what the tests compile with
        assert tools["devDependencies"][name] == version, name
    config = json.loads((SAMPLES / "tsconfig.json").read_text(encoding="utf-8"))
    assert config["compilerOptions"]["types"] == ["node"]
    assert "typeRoots" not in config["compilerOptions"]  # from node_modules, where npm puts them


@pytest.fixture(scope="module")
def typescript_samples(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The TypeScript samples compiled by `tsc --strict` in a project with talkie-types installed, as npm
    would; returns the project folder (each `x.ts` beside its `x.js`)."""
    tsc = NODE_BIN / "tsc"
    if not tsc.exists() or shutil.which("node") is None:
        pytest.skip("the node tools are not installed (run `python3 dev.py setup`)")
    project = tmp_path_factory.mktemp("ts-tutorial")
    installed = project / "node_modules" / "talkie-types"
    installed.mkdir(parents=True)
    for name in ("package.json", "tsconfig.json"):
        shutil.copy(TS_PACKAGE / name, installed / name)
    shutil.copytree(TS_PACKAGE / "src", installed / "src")
    built = subprocess.run([str(tsc), "-p", "tsconfig.json"], cwd=installed, capture_output=True, text=True)
    assert built.returncode == 0, built.stdout + built.stderr
    # the project the page prints, nothing more: its two files, and what `npm install` puts in node_modules
    # (Node's types, the same version as the page's package.json asks; the compiler is tools/node's)
    for name in TS_PROJECT:
        shutil.copy(SAMPLES / name, project / name)
    (project / "node_modules" / "@types").symlink_to(ROOT / "tools" / "node" / "node_modules" / "@types")
    for name in TS_SAMPLES:
        shutil.copy(SAMPLES / name, project / name)
    compiled = subprocess.run([str(tsc), "-p", "tsconfig.json"], cwd=project, capture_output=True, text=True)
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    return project


@pytest.fixture(scope="module")
def typescript_client(typescript_samples: Path) -> Path:
    """minimal_client.ts, compiled."""
    return typescript_samples / "minimal_client.js"


def _node_client(script: Path, address: str, message: str) -> str:
    return _run_client(["node", str(script), address, message], script.parent)


@pytest.mark.node
def test_typescript_client_talks_to_the_mock_and_the_minimal_server(typescript_client: Path) -> None:
    with _mock() as mock, _minimal_server(mock + "/oauth") as server:
        for origin in (mock, server):
            out = _node_client(typescript_client, origin.removeprefix("http://"), "talkie-test:action")
            assert re.search(r"^action: .+ \[low\]$", out, re.M), out
            assert "after a tap on confirm: done" in out
            assert re.search(r"^thread \S+: 2 messages, 1 actions$", out, re.M), out
        echoed = _node_client(typescript_client, mock, "talkie-test:echo Dobrý den, Vendulo")
        assert "assistant: Dobrý den, Vendulo" in echoed
        carded = _node_client(typescript_client, server + "/.well-known/talkie.json", "talkie-test:card")
        assert "card: Horizont Logistika s.r.o." in carded


@pytest.fixture
def tutorial_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The tutorial server's module, imported in-process with a fresh state."""
    monkeypatch.syspath_prepend(str(SAMPLES))
    monkeypatch.setenv("TALKIE_TOKEN", TOKEN)
    sys.modules.pop("minimal_server", None)
    module = importlib.import_module("minimal_server")
    yield module
    sys.modules.pop("minimal_server", None)


def _proposed(module: Any) -> tuple[TestClient, dict[str, Any]]:
    client = TestClient(module.app, base_url="http://127.0.0.1:8600")
    client.headers["Authorization"] = f"Bearer {TOKEN}"
    body = {
        "threadId": "t_tutorial",
        "runId": "r_tutorial",
        "messages": [{"id": "m_tutorial", "role": "user", "content": "talkie-test:action"}],
        "tools": [],
        "context": [],
        "state": {},
        "forwardedProps": {},
    }
    client.post("/api/talkie/run", json=body, headers={"Accept": "text/event-stream"})
    (action,) = module.actions.values()
    return client, action


def test_the_tutorial_server_refuses_a_decision_without_method(tutorial_server: Any) -> None:
    client, action = _proposed(tutorial_server)
    url = f"/api/talkie/actions/{action['id']}/decision"
    answer = client.post(url, json={"decision": "confirm", "paramsHash": action["paramsHash"]})
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["code"] == "invalid_request"
    assert "method" in answer.json()["error"]["message"]
    assert tutorial_server.actions[action["id"]]["status"] == "pending", "a refused decision changed nothing"


def test_the_tutorial_server_answers_stale_before_expired(tutorial_server: Any) -> None:
    """Notes N-06: a changed paramsHash is 409 stale even when the action has expired too."""
    client, action = _proposed(tutorial_server)
    action["expiresAt"] = "2000-01-01T00:00:00Z"
    url = f"/api/talkie/actions/{action['id']}/decision"
    wrong = client.post(url, json={"decision": "confirm", "paramsHash": "sha256:0", "method": "button"})
    assert (wrong.status_code, wrong.json()["error"]["code"]) == (409, "stale")
    right = client.post(
        url, json={"decision": "confirm", "paramsHash": action["paramsHash"], "method": "button"}
    )
    assert (right.status_code, right.json()["error"]["code"]) == (410, "expired")


@contextmanager
def _mock_with_cli_client() -> Iterator[str]:
    """`talkie-mock serve` that knows the sign-in sample's client (its document as `--client-file`)."""
    process, banner = served.launch(
        served.command(":memory:", "--client-file", str(CLI_CLIENT), token=TOKEN, locale=None)
    )
    try:
        served.wait_ready(banner.origin, process=process)
        yield banner.origin
    finally:
        served.stop(process)


def _lines(process: subprocess.Popen[str]) -> queue.Queue[str | None]:
    """Every line the process prints, as it prints them (None when its output ends)."""
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        if process.stdout is None:
            lines.put(None)
            return
        with process.stdout:  # closed at its end: an open pipe is a ResourceWarning
            for line in process.stdout:
                lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    return lines


def _approve(sign_in_url: str) -> str:
    """The person's part: open the sign-in page, choose the first user, approve; returns the redirect."""
    page = httpx.get(sign_in_url, timeout=30)
    assert page.status_code == 200, page.text
    fields = dict(re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', page.text))
    fields = {html.unescape(k): html.unescape(v) for k, v in fields.items()}
    user = re.search(r'<input type="radio" name="user" value="([^"]*)"', page.text)
    action = re.search(r'<form method="post" action="([^"]*)"', page.text)
    assert user, page.text
    assert action, page.text
    target = urllib.parse.urljoin(sign_in_url, html.unescape(action.group(1)))
    answer = httpx.post(target, data={**fields, "user": html.unescape(user.group(1)), "decision": "approve"})
    assert answer.status_code == 303, answer.text
    return answer.headers["location"]


@pytest.mark.node
def test_typescript_sign_in_runs_oauth_with_pkce_against_the_mock(typescript_samples: Path) -> None:
    """The sign-in sample as printed: discovery, PKCE S256, the loopback redirect, the code exchange, a call
    with the token, a refresh, another call and sign-out, against the mock's authorization server."""
    document = json.loads(CLI_CLIENT.read_text(encoding="utf-8"))
    source = (SAMPLES / "sign_in.ts").read_text(encoding="utf-8")
    assert f'const CLIENT_ID = "{document["client_id"]}";' in source, "the sample and its document disagree"
    with _mock_with_cli_client() as origin:
        process = subprocess.Popen(
            ["node", str(typescript_samples / "sign_in.js"), origin],
            cwd=typescript_samples,
            env={**os.environ, "TALKIE_DEVELOPMENT": "1"},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            lines = _lines(process)
            printed: list[str] = []
            sign_in_url = None
            while sign_in_url is None:
                line = lines.get(timeout=60)
                assert line is not None, "the sample ended before the sign-in:\n" + "".join(printed)
                printed.append(line)
                found = re.search(r"^Open this address to sign in to .+: (\S+)$", line)
                sign_in_url = found.group(1) if found else None
            query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(sign_in_url).query))
            assert sign_in_url.startswith(origin + "/oauth/")
            assert query["client_id"] == document["client_id"]
            assert query["code_challenge_method"] == "S256"
            assert re.fullmatch(r"[A-Za-z0-9_-]{43}", query["code_challenge"])
            assert query["scope"] == "talkie offline_access"
            assert re.fullmatch(r"http://127\.0\.0\.1:\d+/callback", query["redirect_uri"])
            redirect = _approve(sign_in_url)
            assert redirect.startswith(query["redirect_uri"] + "?"), redirect
            back = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(redirect).query))
            assert back["state"] == query["state"]
            assert back["iss"] == origin + "/oauth"
            assert httpx.get(redirect, timeout=30).status_code == 200  # the browser comes back to the program
            while (line := lines.get(timeout=120)) is not None:
                printed.append(line)
            assert process.wait(timeout=30) == 0, "".join(printed)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait(timeout=15)
    out = "".join(printed)
    name = re.search(r"^signed in as (\S.*)$", out, re.M)
    assert name, out
    assert "access token refreshed" in out
    assert f"still signed in as {name.group(1)}" in out
    assert out.rstrip().endswith("signed out"), out


VOICE_SCRIPT = [  # the mock's side (a scenario's `voice:` steps): a greeting, then the person speaks
    {"assistant": "Dobrý den, s čím vám pomohu?"},
    {"wait": "output_audio_buffer.stopped"},
    {"say": "Najdi firmu Alfa"},
]
VOICE_HARNESS = """
import { TalkieClient } from "talkie-types";
import { startVoice } from "./voice_client.js";

// The app around the sample: what its view was told, until the tool ran and the assistant answered.
window.voiceCall = async (token) => {
  const client = await TalkieClient.connect(location.origin, { tokens: token, development: true });
  const lines = [], events = [], statuses = [];
  const view = {
    status: (text) => statuses.push(text),
    events: (results) => events.push(...results.map((r) => r.kind === "event" ? r.event.type : r.kind)),
    line: (role, text) => lines.push([role, text]),
  };
  const call = await startVoice(client, view, new Audio(), { development: true });
  const answered = () => {
    const asked = lines.findIndex(([role]) => role === "user");
    const after = lines.slice(asked + 1);
    return asked >= 0 && statuses.length >= 2 && after.some(([role]) => role === "assistant");
  };
  const deadline = Date.now() + 90000;
  while (!answered() && Date.now() < deadline) await new Promise((next) => setTimeout(next, 100));
  await call.hangUp();
  return { threadId: call.threadId, lines, events, statuses };
};
"""
VOICE_FLAGS = (  # a fake microphone, no permission prompt, and ICE on loopback (the mock is the provider)
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    "--allow-loopback-in-peer-connection",
)


@pytest.mark.node
def test_typescript_voice_call_runs_against_the_mock_provider(
    typescript_samples: Path, chromium: Any, tmp_path: Path
) -> None:
    """The voice sample as printed, in Chromium against the mock as the speech provider: the session, the
    offer on `oai-events`, the person's words and the assistant's transcribed and stored, the tool call run
    by the server, usage reported, and no client-side rule broken."""
    playwright = pytest.importorskip("playwright.sync_api")
    (typescript_samples / "voice_harness.js").write_text(VOICE_HARNESS, encoding="utf-8")
    bundle = typescript_samples / "voice_harness.bundle.js"
    built = subprocess.run(
        [str(NODE_BIN / "esbuild"), "voice_harness.js", "--bundle", "--format=iife", f"--outfile={bundle}"],
        cwd=typescript_samples,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    script = bundle.read_text(encoding="utf-8")
    page_html = f"<!doctype html><meta charset='utf-8'><title>voice</title><script>{script}</script>"
    scenario = tmp_path / "voice.yaml"
    scenario.write_text(yaml.safe_dump({"voice": VOICE_SCRIPT}, allow_unicode=True), encoding="utf-8")
    launch = dataclasses.replace(chromium, args=(*chromium.args, *VOICE_FLAGS))
    with served.serving(tmp_path / "state.db", "--scenario", str(scenario)) as mock:
        with playwright.sync_playwright() as p:
            browser = launch.launch(p.chromium)
            try:
                page = browser.new_page()
                page.route(
                    mock.origin + "/voice-client.html",
                    lambda route: route.fulfill(status=200, content_type="text/html", body=page_html),
                )
                page.goto(mock.origin + "/voice-client.html")
                result: dict[str, Any] = page.evaluate("(token) => window.voiceCall(token)", mock.token)
            finally:
                browser.close()
        lines = [tuple(line) for line in result["lines"]]
        assert ("user", "Najdi firmu Alfa") in lines, result
        asked = lines.index(("user", "Najdi firmu Alfa"))
        assert any(role == "assistant" for role, _ in lines[asked + 1 :]), result
        assert result["statuses"][-1] == "", result  # the tool's label shown, then cleared
        assert "CUSTOM" in result["events"], result  # the tool's card, shown by the view
        stored = _stored_texts(mock, result["threadId"], len(lines))
        assert "Najdi firmu Alfa" in stored
        violations = httpx.get(mock.origin + "/_mock/api/violations", headers=mock.dev, timeout=30)
        assert violations.status_code == 200, violations.text
        assert violations.json()["violations"] == []


def _stored_texts(mock: served.Served, thread_id: str, count: int) -> list[str]:
    """The texts of the thread's messages once at least `count` are stored (the transcript posts run on)."""

    def stored() -> list[str] | None:
        answer = httpx.get(f"{mock.origin}/api/talkie/threads/{thread_id}", headers=mock.auth, timeout=30)
        if not answer.is_success:
            return None
        texts = [str(m.get("content", "")) for m in answer.json().get("messages", [])]
        return texts if len(texts) >= count else None

    return until(stored, f"{count} messages stored in {thread_id}")
