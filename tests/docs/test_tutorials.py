"""The two tutorials' code: shown whole on their pages, and working — the client against the mock, the
server through `talkie-conformance run`, and the client against the server.

Every process started here listens on a free loopback port and is stopped by its test.
"""

from __future__ import annotations

import importlib
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import sample_servers
import served
from starlette.testclient import TestClient
from test_site import ROOT, page

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

SAMPLES = sample_servers.SAMPLES
TUTORIALS = {
    "guides/build-a-server/index.html": [SAMPLES / "minimal_server.py"],
    "guides/build-a-client/index.html": [SAMPLES / "minimal_client.py", SAMPLES / "minimal_client.ts"],
}
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


@pytest.fixture(scope="module")
def typescript_client(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """minimal_client.ts compiled by `tsc --strict` in a project with talkie-types installed, as npm would."""
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
    (project / "package.json").write_text('{"type": "module", "private": true}\n', encoding="utf-8")
    types = (ROOT / "tools" / "node" / "node_modules" / "@types").as_posix()
    (project / "tsconfig.json").write_text(
        '{"compilerOptions": {"target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext",'
        ' "strict": true, "noUnusedLocals": true, "lib": ["ES2022", "DOM"], "types": ["node"],'
        f' "typeRoots": ["{types}"]}}, "files": ["minimal_client.ts"]}}\n',
        encoding="utf-8",
    )
    shutil.copy(SAMPLES / "minimal_client.ts", project / "minimal_client.ts")
    compiled = subprocess.run([str(tsc), "-p", "tsconfig.json"], cwd=project, capture_output=True, text=True)
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    return project / "minimal_client.js"


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
