"""Command line of the generators: ``python -m codegen [--check] [--only NAME]``."""

from __future__ import annotations

import argparse
import difflib
import importlib
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Generator modules, in the order they run; each owns its outputs. Every one must be there: a missing one
# would leave its outputs unchecked, so `--check` could pass on stale files.
GENERATORS: tuple[str, ...] = ("openapi", "views", "corpus", "models", "typescript", "kotlin", "package_data")


class MissingGeneratorError(Exception):
    """A generator listed in GENERATORS whose module cannot be imported or has no `outputs`."""


def _load(name: str) -> Callable[[], dict[Path, bytes]]:
    try:
        module = importlib.import_module(f"codegen.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"codegen.{name}":
            raise MissingGeneratorError(
                f"generator codegen.{name} is listed but its module is missing"
            ) from None
        raise
    outputs: Callable[[], dict[Path, bytes]] | None = getattr(module, "outputs", None)
    if outputs is None:
        raise MissingGeneratorError(f"generator codegen.{name} has no outputs()")
    return outputs


def _diff(path: Path, want: bytes) -> str:
    have = path.read_bytes() if path.exists() else b""
    try:
        a, b = have.decode().splitlines(keepends=True), want.decode().splitlines(keepends=True)
    except UnicodeDecodeError:
        return f"binary file {path} differs\n"
    rel = path.relative_to(ROOT)
    return "".join(difflib.unified_diff(a, b, f"{rel} (committed)", f"{rel} (generated)"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m codegen", description=__doc__)
    parser.add_argument(
        "--check", action="store_true", help="fail with a diff when a generated file is stale"
    )
    parser.add_argument("--only", choices=GENERATORS, action="append", help="run only these generators")
    args = parser.parse_args(argv)
    stale: list[str] = []
    for name in args.only or GENERATORS:
        try:
            generate = _load(name)
        except MissingGeneratorError as exc:
            print(f"python -m codegen: {exc}", file=sys.stderr)
            return 2
        for path, content in sorted(generate().items()):
            current = path.read_bytes() if path.exists() else None
            if current == content:
                continue
            if args.check:
                stale.append(_diff(path, content))
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(content)
                print(f"wrote {path.relative_to(ROOT)}")
    if stale:
        sys.stdout.write("".join(stale))
        print(f"\n{len(stale)} generated file(s) are stale: run `python3 dev.py codegen`", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
