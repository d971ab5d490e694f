"""talkie-types published and installed by its bare name, as a user installs it from the npm registry.

A registry of the same kind runs on loopback (`registries.npm_registry`: the protocol `npm publish` and
`npm install` speak). What must hold: `npm publish --dry-run` is clean (no warning: npm would otherwise
rewrite the package on publish); `npm publish` to the local registry sends a package whose files are the
built ESM and CommonJS modules with their types; a fresh app runs `npm install talkie-types` against that
registry alone, and a client importing it compiles under `strict` and runs, by ESM import and by require.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from registries import npm_registry

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "clients" / "typescript"
NODE_BIN = ROOT / "tools" / "node" / "node_modules" / ".bin"
TYPE_ROOTS = ROOT / "tools" / "node" / "node_modules" / "@types"
PUBLISH_TOKEN = "npm_local_publisher"

pytestmark = [pytest.mark.node, pytest.mark.slow]

CLIENT = """\
import { TalkieClient, TalkieError, type CardBlock } from "talkie-types";

function title(block: CardBlock): string {
  return block.type === "heading" || block.type === "text" ? block.text : block.type;
}

const shown: string = title({ type: "text", text: "installed by name" });
const known = (error: unknown): boolean => error instanceof TalkieError;
console.log(typeof TalkieClient.connect, known(new Error("plain")), shown);
"""


def _env(tmp_path: Path) -> dict[str, str]:
    if not (NODE_BIN / "tsc").exists() or shutil.which("npm") is None:
        pytest.skip("the node tools are not installed (run `python3 dev.py setup`)")
    return {
        **os.environ,
        "PATH": f"{NODE_BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        "npm_config_cache": str(tmp_path / "npm-cache"),  # nothing from an earlier install is reused
        "npm_config_userconfig": str(tmp_path / "npmrc"),
        "npm_config_audit": "false",
        "npm_config_fund": "false",
        "npm_config_update_notifier": "false",
    }


def _run(command: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def _package_copy(tmp_path: Path) -> Path:
    """The package's own files in a scratch folder: publishing builds dist/ there, not in the worktree."""
    copy = tmp_path / "talkie-types"
    ignore = shutil.ignore_patterns("node_modules", "dist", "build", "*.tgz")
    shutil.copytree(PACKAGE, copy, ignore=ignore)
    return copy


def test_publish_dry_run_is_clean(tmp_path: Path) -> None:
    env = _env(tmp_path)
    (tmp_path / "npmrc").write_text("")
    result = _run(["npm", "publish", "--dry-run"], _package_copy(tmp_path), env)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    # npm says a real publish needs a login to the registry: true of every package, nothing about this one
    warnings = [
        line
        for line in result.stderr.splitlines()
        if re.match(r"npm (warn|WARN)", line) and "requires you to be logged in" not in line
    ]
    assert warnings == [], warnings
    assert "talkie-types@" in result.stderr + result.stdout


def test_a_fresh_app_installs_it_by_name_and_compiles_strict(tmp_path: Path) -> None:
    env = _env(tmp_path)
    version = json.loads((PACKAGE / "package.json").read_text())["version"]
    with npm_registry(PUBLISH_TOKEN) as (url, registry):
        host = url.removeprefix("http:")
        (tmp_path / "npmrc").write_text(f"registry={url}\n{host}:_authToken={PUBLISH_TOKEN}\n")
        published = _run(["npm", "publish"], _package_copy(tmp_path), env)
        assert published.returncode == 0, published.stdout[-3000:] + published.stderr[-3000:]
        document = registry.documents["talkie-types"]
        assert document["dist-tags"]["latest"] == version
        assert document["versions"][version]["dist"]["tarball"].startswith(url)

        app = tmp_path / "app"
        app.mkdir()
        (app / "package.json").write_text('{"name": "an-app", "private": true, "type": "module"}\n')
        installed = _run(["npm", "install", "talkie-types"], app, env)
        assert installed.returncode == 0, installed.stdout[-3000:] + installed.stderr[-3000:]

    manifest = json.loads((app / "node_modules" / "talkie-types" / "package.json").read_text())
    assert manifest["version"] == version
    lock = json.loads((app / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/talkie-types"]["resolved"].startswith(url)
    assert json.loads((app / "package.json").read_text())["dependencies"]["talkie-types"] == f"^{version}"

    (app / "tsconfig.json").write_text(
        json.dumps(
            {
                "compilerOptions": {
                    "target": "ES2022",
                    "module": "NodeNext",
                    "moduleResolution": "NodeNext",
                    "strict": True,
                    "exactOptionalPropertyTypes": True,
                    "noUncheckedIndexedAccess": True,
                    "lib": ["ES2022", "DOM"],
                    "types": ["node"],
                    "typeRoots": [TYPE_ROOTS.as_posix()],
                },
                "files": ["client.ts"],
            }
        )
    )
    (app / "client.ts").write_text(CLIENT)
    compiled = _run([str(NODE_BIN / "tsc"), "-p", "tsconfig.json"], app, env)
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    ran = _run(["node", "client.js"], app, env)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "function false installed by name"
    required = _run(["node", "-e", "console.log(typeof require('talkie-types').TalkieClient)"], app, env)
    assert required.stdout.strip() == "function", required.stderr
