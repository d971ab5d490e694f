"""The committed playground bundle is what its sources build, and the sources pass the strict compiler."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "clients" / "playground"
STATIC = ROOT / "mock" / "src" / "talkie_mock" / "devtools" / "static" / "playground"
NODE_BIN = ROOT / "tools" / "node" / "node_modules" / ".bin"
FILES = ("index.html", "playground.js", "playground.css")
BANNED = (": any", "<any>", "as any", "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write")

pytestmark = pytest.mark.node


def _tools() -> None:
    if not (NODE_BIN / "esbuild").exists() or shutil.which("node") is None:
        pytest.skip("the node tools are not installed (run `python3 dev.py setup`)")


def test_the_committed_bundle_is_what_the_sources_build(tmp_path: Path) -> None:
    """`python clients/playground/build.py` rebuilds byte for byte what is committed (rules table too)."""
    _tools()
    rules = tmp_path / "rules.ts"
    subprocess.run(
        [sys.executable, str(SOURCES / "build.py"), "--out", str(tmp_path), "--rules", str(rules)],
        check=True,
        cwd=ROOT,
        timeout=300,
    )
    assert rules.read_bytes() == (SOURCES / "src" / "generated" / "rules.ts").read_bytes(), (
        "clients/playground/src/generated/rules.ts is stale: run python clients/playground/build.py"
    )
    for name in FILES:
        assert (tmp_path / name).read_bytes() == (STATIC / name).read_bytes(), (
            f"{name} is stale: run python clients/playground/build.py"
        )


def test_every_committed_page_file_says_it_is_generated() -> None:
    generated = "Generated from clients/playground/ by clients/playground/build.py; do not edit."
    heads = {name: (STATIC / name).read_text(encoding="utf-8").splitlines()[:2] for name in FILES}
    assert heads["playground.js"][0] == f"// {generated}"
    assert heads["playground.css"][0] == f"/* {generated} */"
    assert heads["index.html"] == ["<!doctype html>", f"<!-- {generated} -->"]


def test_the_build_reads_the_rule_placement_without_the_sites_hooks() -> None:
    """The rule table's site addresses come from `codegen.rule_pages`, which the site reads too; the build
    imports nothing of the site's hooks."""
    probe = (
        "import runpy, sys; build = runpy.run_path('clients/playground/build.py'); "
        "table = build['rules_module'](); "
        "assert 'spec/runs/#RUN-004' in table, table[:200]; "
        "print(sorted(m for m in sys.modules if m.startswith('talkie_docs')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "[]"


@pytest.mark.slow
def test_the_page_sources_pass_the_strict_compiler() -> None:
    """The clients/typescript flags (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess)."""
    _tools()
    result = subprocess.run(
        [str(NODE_BIN / "tsc"), "-p", str(SOURCES / "tsconfig.json")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]


def test_the_page_sources_use_no_any_and_no_html_parsing() -> None:
    """No `any` type, and no API that parses a string as HTML (the page builds text nodes only)."""
    for path in (SOURCES / "src").glob("*.ts"):
        text = path.read_text(encoding="utf-8")
        for banned in BANNED:
            assert banned not in text, f"{path.name} uses {banned}"
