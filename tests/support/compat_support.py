"""Paths and types shared by the compatibility tests (fixtures live in conftest.py)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"
NODE_DIR = ROOT / "tools" / "node"
NODE_BIN = NODE_DIR / "node_modules" / ".bin"
BUNDLE_31 = ROOT / "spec" / "generated" / "openapi-3.1.bundled.yaml"
HERE = ROOT / "tests" / "compat"

Run = Callable[..., subprocess.CompletedProcess[str]]
Typecheck = Callable[[Path, list[str]], subprocess.CompletedProcess[str]]
Tool = Callable[[str], Path]
