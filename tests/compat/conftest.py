"""Fixtures of the compatibility tests: third-party tools run on the contract with their default options.

Each tool comes from the project's own pins (npm ones in tools/node, the rest from the root dev extras), so
the results are the same on every machine. A test skips only when its tool is not installed at all.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from compat_support import NODE_BIN, ROOT, SCHEMAS, Run, Tool, Typecheck


def _env() -> dict[str, str]:
    return {
        **os.environ,
        "PATH": f"{NODE_BIN}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }


@pytest.fixture(scope="session")
def run() -> Run:
    """`run(cmd, cwd=…)`: a tool's process with the pinned tools on PATH; output captured as text."""

    def _run(
        command: list[str | Path], cwd: Path = ROOT, timeout: float = 240
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(c) for c in command], cwd=cwd, env=_env(), capture_output=True, text=True, timeout=timeout
        )

    return _run


@pytest.fixture(scope="session")
def node_tool() -> Tool:
    """The path of a pinned npm tool; skips when the node tools are not installed."""

    def _tool(name: str) -> Path:
        tool = NODE_BIN / name
        if not tool.exists() or shutil.which("node") is None:
            pytest.skip(f"{name} is not installed (run `python3 dev.py setup`)")
        return tool

    return _tool


@pytest.fixture(scope="session")
def python_tool() -> Tool:
    """The path of a console script of the dev extras; skips when it is not installed."""

    def _tool(name: str) -> Path:
        tool = Path(sys.executable).parent / name
        if not tool.exists():
            pytest.skip(f"{name} is not installed (run `python3 dev.py setup`)")
        return tool

    return _tool


@pytest.fixture(scope="session")
def schema_files() -> dict[str, Any]:
    """Every schema file by name."""
    return {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(SCHEMAS.glob("*.json"))}


@pytest.fixture(scope="session")
def union_members(schema_files: dict[str, Any]) -> dict[str, tuple[str, dict[str, str]]]:
    """Every tagged union of the contract: title -> (tag property, {tag: member title}), read from its
    `discriminator` mapping (a file name, `#/$defs/X` in the same file, or both)."""
    found: dict[str, tuple[str, dict[str, str]]] = {}

    def title(ref: str, here: str) -> str:
        file, _, pointer = ref.partition("#")
        node = schema_files[file or here]
        for part in filter(None, pointer.split("/")):
            node = node[part]
        return str(node["title"])

    def walk(node: Any, here: str) -> None:
        if isinstance(node, dict):
            disc = node.get("discriminator")
            if isinstance(disc, dict) and "title" in node:
                members = {tag: title(ref, here) for tag, ref in disc["mapping"].items()}
                found[node["title"]] = (disc["propertyName"], members)
            for value in node.values():
                walk(value, here)
        elif isinstance(node, list):
            for item in node:
                walk(item, here)

    for name, schema in schema_files.items():
        walk(schema, name)
    return found


@pytest.fixture(scope="session")
def union_tags(union_members: dict[str, tuple[str, dict[str, str]]]) -> dict[str, tuple[str, list[str]]]:
    """Every tagged union of the contract: title -> (tag property, tags)."""
    return {union: (tag, sorted(members)) for union, (tag, members) in union_members.items()}


@pytest.fixture
def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def typecheck(run: Run, node_tool: Tool) -> Typecheck:
    """`typecheck(folder, files)`: `tsc --strict --noEmit` as an app developer's build would run it."""
    tsc = node_tool("tsc")

    def _check(folder: Path, files: list[str]) -> subprocess.CompletedProcess[str]:
        flags = ["--strict", "--noEmit", "--target", "es2022", "--module", "nodenext", "--moduleResolution"]
        return run([tsc, *flags, "nodenext", *files], cwd=folder)

    return _check
