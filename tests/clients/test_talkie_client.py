"""talkie-types as an app team adopts it: one install, strict compiler settings, TypeScript 5.9 and 7.

What must hold: installed from its own build (ESM and CommonJS), the package lets a strict app
(`strict`, `exactOptionalPropertyTypes`, `noUncheckedIndexedAccess`, no type assertion) run a chat, a card,
an action with a decision, a cancel and a disconnect-then-recover against a live `talkie-mock serve`, in
Node and in Chromium; a CommonJS project with `node16` resolution compiles and runs; its run input and
event types line up with `@ag-ui/core`; the README's quickstart compiles as printed and runs against the mock
at the address it prints; aborting a run after a forced garbage collection closes its stream at once.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import served

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "clients" / "typescript"
NODE_MODULES = ROOT / "tools" / "node" / "node_modules"
NODE_BIN = NODE_MODULES / ".bin"
APP = Path(__file__).resolve().parent / "ts"
SOURCES = ("app.ts", "node_app.ts", "browser_app.ts")
CORPUS = ROOT / "tests" / "compat" / "corpus"
TOKEN = "talkie-client-token"
# Both compilers, by the package each comes from (tools/node pins them: 5.9 as `typescript`, 7 as an alias).
COMPILERS = {
    "5.9": NODE_MODULES / "typescript" / "bin" / "tsc",
    "7": NODE_MODULES / "typescript7" / "bin" / "tsc",
}
STRICT = {
    "strict": True,
    "exactOptionalPropertyTypes": True,
    "noUncheckedIndexedAccess": True,
    "skipLibCheck": False,
}

pytestmark = [pytest.mark.node, pytest.mark.slow]


def _env() -> dict[str, str]:
    if not all(path.exists() for path in COMPILERS.values()) or shutil.which("node") is None:
        pytest.skip("the node tools are not installed (run `python3 dev.py setup`)")
    return {**os.environ, "PATH": f"{NODE_BIN}{os.pathsep}{os.environ.get('PATH', '')}"}


def _run(command: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, env=_env(), capture_output=True, text=True, timeout=timeout)


def _ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    return result.stdout


def _tsconfig(module: str, files: list[str], out: str) -> str:
    options = {
        "target": "ES2022",
        "module": module,
        "moduleResolution": module,
        "lib": ["ES2022", "DOM"],
        "types": ["node"],
        "typeRoots": [(NODE_MODULES / "@types").as_posix()],
        "outDir": out,
        **STRICT,
    }
    return json.dumps({"compilerOptions": options, "files": files}, indent=1)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """talkie-types built by its own `npm run build` and laid out as `npm install` would."""
    root = tmp_path_factory.mktemp("ts-app")
    # built outside node_modules, as in the repository (tsc keeps ESM syntax for files under node_modules)
    stage = tmp_path_factory.mktemp("ts-build") / "talkie-types"
    stage.mkdir()
    for name in ("package.json", "tsconfig.json", "tsconfig.cjs.json", "README.md"):
        shutil.copy(PACKAGE / name, stage / name)
    for folder in ("src", "scripts"):
        shutil.copytree(PACKAGE / folder, stage / folder)
    _ok(_run(["npm", "run", "build", "--silent"], stage))
    assert "require(" in (stage / "dist" / "cjs" / "index.js").read_text()
    (root / "node_modules").mkdir()
    shutil.copytree(stage, root / "node_modules" / "talkie-types")
    # @ag-ui/core beside it, for the compatibility check
    (root / "node_modules" / "@ag-ui").symlink_to(NODE_MODULES / "@ag-ui", target_is_directory=True)
    return root


@pytest.fixture(scope="module")
def app(installed: Path) -> Path:
    """The strict app, compiled by TypeScript 5.9 (emitting) and 7 (type-checking the same files)."""
    project = installed
    (project / "package.json").write_text('{"type": "module", "private": true}\n')
    files = [*SOURCES, "corpus.ts", "abort_gc.ts"]
    for name in files:
        shutil.copy(APP / name, project / name)
    for version, tsc in COMPILERS.items():
        (project / f"tsconfig.{version}.json").write_text(_tsconfig("NodeNext", files, f"out{version}"))
        _ok(_run(["node", str(tsc), "-p", f"tsconfig.{version}.json"], project))
    return project


def test_the_app_uses_no_type_assertion() -> None:
    text = "\n".join((APP / name).read_text() for name in (*SOURCES, "corpus.ts"))
    source = re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S)  # code only, not its comments
    assert "talkieApp" in source
    assert "TalkieClient.connect" in source
    assert re.search(r"\bas\s+(?!const\b)[A-Za-z{(\[]", source) is None
    assert re.search(r"[\w)\]]!\.|[\w)\]]!\)|[\w)\]]!;", source) is None  # no non-null assertion


def _report(lines: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for line in lines:
        step, _, body = line.partition(" ")
        out[step] = json.loads(body)
    return out


def _check_report(report: dict[str, Any]) -> None:
    assert report["status"]["chat"] is True
    assert report["chat"]["text"] == "Dobrý den, Jano"
    assert report["chat"]["end"] == "finished"
    assert report["chat"]["threadId"].startswith("thr_")
    card = report["card"]
    assert card["cards"] == 1, card
    assert card["blocks"], card
    assert card["tools"], card
    assert all(tool["ok"] is True for tool in card["tools"]), card
    action = report["action"]
    assert action["status"] in ("done", "running"), action
    assert action["opposite"] == {"status": 409, "code": "conflict"}, action
    assert report["cancel"] == {"outcome": "cancelled", "dropped": False}
    recover = report["recover"]
    assert recover["dropped"] is True, recover
    assert recover["before"], recover
    assert recover["longer"] is True, recover
    assert report["threads"] == {"listed": True}
    assert report["warnings"] == [], "the mock's streams break no §5 rule"


@pytest.fixture(scope="module")
def mock_origin() -> Iterator[str]:
    """`talkie-mock serve` on a free loopback port; always stopped."""
    with served.serving_memory(token=TOKEN) as origin:
        yield origin


def test_the_strict_app_runs_against_the_mock_in_node(app: Path, mock_origin: str) -> None:
    lines = _ok(_run(["node", "out5.9/node_app.js", mock_origin, TOKEN], app, timeout=180)).splitlines()
    _check_report(_report(lines))


def test_the_strict_app_runs_against_the_mock_in_chromium(app: Path, mock_origin: str, chromium: Any) -> None:
    from playwright.sync_api import sync_playwright

    bundle = app / "bundle.js"
    esbuild = [str(NODE_BIN / "esbuild")]  # a JS launcher or, after its install script, the binary
    _ok(
        _run(
            [
                *esbuild,
                "browser_app.ts",
                "--bundle",
                "--format=iife",
                "--platform=browser",
                f"--outfile={bundle}",
            ],
            app,
        )
    )
    page_url = f"{mock_origin}/_talkie_client_test.html"  # answered by the test, so the page is same-origin
    with sync_playwright() as pw:
        browser = chromium.launch(pw.chromium)
        try:
            page = browser.new_page()
            page.route(
                page_url,
                lambda route: route.fulfill(
                    body="<!doctype html><title>app</title>", content_type="text/html"
                ),
            )
            page.goto(page_url)
            page.add_script_tag(content=bundle.read_text())
            lines = page.evaluate(
                "([origin, token]) => globalThis.talkieApp(origin, token)", [mock_origin, TOKEN]
            )
        finally:
            browser.close()
    _check_report(_report(lines))


def test_a_commonjs_project_with_node16_resolution_compiles_and_runs(installed: Path, tmp_path: Path) -> None:
    project = tmp_path / "cjs"
    project.mkdir()
    (project / "node_modules").symlink_to(installed / "node_modules", target_is_directory=True)
    (project / "package.json").write_text('{"type": "commonjs", "private": true}\n')
    (project / "index.ts").write_text(
        'import { EventType, TalkieClient, parseEvent } from "talkie-types";\n'
        'const result = parseEvent({ type: EventType.RUN_STARTED, threadId: "thr_1", runId: "run_1" });\n'
        "console.log(typeof TalkieClient.connect, result.kind, EventType.CUSTOM);\n"
    )
    for version, tsc in COMPILERS.items():
        (project / "tsconfig.json").write_text(_tsconfig("Node16", ["index.ts"], f"out{version}"))
        _ok(_run(["node", str(tsc), "-p", "tsconfig.json"], project))
        assert "require(" in (project / f"out{version}" / "index.js").read_text()
        assert _ok(_run(["node", f"out{version}/index.js"], project)).split() == [
            "function",
            "event",
            "CUSTOM",
        ]


def test_run_input_and_event_types_line_up_with_ag_ui_and_fetch(installed: Path, tmp_path: Path) -> None:
    project = tmp_path / "agui"
    project.mkdir()
    (project / "node_modules").symlink_to(installed / "node_modules", target_is_directory=True)
    (project / "package.json").write_text('{"type": "module", "private": true}\n')
    (project / "agui.ts").write_text(
        'import { EventType as AgUiEventType, type RunAgentInput as AgUiRunAgentInput } from "@ag-ui/core";\n'
        'import { EventType, readEvents, type RunInput, TalkieClient } from "talkie-types";\n'
        "export async function count(response: Response): Promise<number> {\n"
        "  let n = 0;\n"
        '  for await (const result of readEvents(response.body!)) if (result.kind === "event") n++;\n'
        "  return n; // a fetch body is a ChunkSource under exactOptionalPropertyTypes and the DOM lib\n"
        "}\n"
        "export function body(client: TalkieClient): AgUiRunAgentInput {\n"
        '  const input: RunInput = client.runInput("Dobrý den");\n'
        "  return input; // what the client sends is an AG-UI RunAgentInput, tools included\n"
        "}\n"
        "export const custom: EventType = AgUiEventType.CUSTOM;\n"
        "export const same: boolean = AgUiEventType.CUSTOM === EventType.CUSTOM;\n"
    )
    for version, tsc in COMPILERS.items():
        config = json.loads(_tsconfig("NodeNext", ["agui.ts"], "out"))
        config["compilerOptions"]["noEmit"] = True
        (project / "tsconfig.json").write_text(json.dumps(config))
        result = _run(["node", str(tsc), "-p", "tsconfig.json"], project)
        assert result.returncode == 0, f"TypeScript {version}: {result.stdout}"


def test_the_readme_quickstart_compiles_as_printed(installed: Path, tmp_path: Path) -> None:
    readme = (PACKAGE / "README.md").read_text()
    blocks = re.findall(r"```ts\n(.*?)```", readme, re.S)
    assert blocks, "the README has TypeScript examples"
    project = tmp_path / "readme"
    project.mkdir()
    (project / "node_modules").symlink_to(installed / "node_modules", target_is_directory=True)
    (project / "package.json").write_text('{"type": "module", "private": true}\n')
    names = []
    for index, block in enumerate(blocks):
        name = f"example{index}.ts"
        (project / name).write_text(
            block if "export" in block or "import" in block else block + "\nexport {};\n"
        )
        names.append(name)
    for version, tsc in COMPILERS.items():
        config = json.loads(_tsconfig("NodeNext", names, "out"))
        config["compilerOptions"]["noEmit"] = True
        (project / "tsconfig.json").write_text(json.dumps(config))
        result = _run(["node", str(tsc), "-p", "tsconfig.json"], project)
        assert result.returncode == 0, f"TypeScript {version}: {result.stdout}"


def test_an_abort_after_a_forced_gc_closes_the_stream_at_once(app: Path, tmp_path: Path) -> None:
    """Node's fetch stops following an abort signal once its request object is collected: the run closes the
    stream itself, so not one result comes after the abort and the server sees the connection close."""
    example = json.loads((ROOT / "schemas" / "manifest.json").read_text())["examples"][0]
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps(example))
    out = _ok(_run(["node", "--expose-gc", "out5.9/abort_gc.js", str(manifest)], app, timeout=120))
    report = json.loads(out.splitlines()[-1])
    assert report["before"] == 50, report
    assert report["after"] == 0, report
    assert report["dropped"] is True, report
    assert report["serverClosed"] is True, report


def test_the_readme_quickstart_runs_as_printed(installed: Path, tmp_path: Path, mock_origin: str) -> None:
    """The quickstart's `connect("127.0.0.1:8000", { development: true, tokens })`, with the mock's own port
    and token in their place, runs to its end against the mock (a bare local address in a development build
    is http, notes N-131)."""
    readme = (PACKAGE / "README.md").read_text()
    quickstart = re.findall(r"```ts\n(.*?)```", readme, re.S)[0]
    assert 'TalkieClient.connect("127.0.0.1:8000", {' in quickstart
    host = mock_origin.removeprefix("http://")
    source = quickstart.replace('"127.0.0.1:8000"', json.dumps(host))
    source = source.replace('"tk_dev_token"', json.dumps(TOKEN))
    project = tmp_path / "quickstart"
    project.mkdir()
    (project / "node_modules").symlink_to(installed / "node_modules", target_is_directory=True)
    (project / "package.json").write_text('{"type": "module", "private": true}\n')
    (project / "quickstart.ts").write_text(source)
    (project / "tsconfig.json").write_text(_tsconfig("NodeNext", ["quickstart.ts"], "out"))
    _ok(_run(["node", str(COMPILERS["5.9"]), "-p", "tsconfig.json"], project))
    lines = _ok(_run(["node", "out/quickstart.js"], project, timeout=120)).splitlines()
    assert lines, "the quickstart printed nothing"
    # it ends by printing the thread id RUN_STARTED named (after the streamed text, on the same line)
    assert re.search(r"thr_\w+$", lines[-1]), lines[-5:]


def test_every_corpus_case_decodes_as_expected(app: Path) -> None:
    """The forward-compatibility corpus: each case read with the tolerant parser reaches its `expect`."""
    lines = _ok(_run(["node", "out5.9/corpus.js", str(CORPUS)], app)).splitlines()
    results = [json.loads(line) for line in lines]
    assert len(results) == len(list(CORPUS.glob("*.json"))) >= 6
    assert {r["file"] for r in results} >= {f"forward-{n}.json" for n in ("future-block", "unknown-outcome")}
    failed = [r for r in results if r["problems"]]
    assert not failed, failed[:10]
