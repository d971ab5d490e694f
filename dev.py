#!/usr/bin/env python3
"""The two fresh-machine entry points: `python3 dev.py serve` and `python3 dev.py test` (and `docs`, and
`mock ARGS` for any other `talkie-mock` command of the checkout, whose program is not on the PATH).

`python3 dev.py test --fast` is the quick tier: the tests in parallel without those marked `slow` (over 10 s
on the two-core machine, or sharing a setup that is: a real server, a browser, a site build) and without the
linters, in about a quarter of the full run's time. The full run (CI's `.ci/run`) runs everything.

Why a script and not a Makefile: a fresh machine with Python >= 3.11 is all we may assume. The script
keeps a private virtual environment in `.venv`, reinstalls it only when a project file that declares
dependencies changes (a stamp of their hashes), installs the Node tools of `tools/node` the same way, then
runs the command.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import venv
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows has no flock; installs are then not serialised
    fcntl = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("TALKIE_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"
NODE_DIR = ROOT / "tools" / "node"
DISTRIBUTIONS = ("models", "mock", "conformance")


def _run(*cmd: str | Path, cwd: Path = ROOT) -> int:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.call([str(c) for c in cmd], cwd=cwd)


def _must(*cmd: str | Path, cwd: Path = ROOT) -> None:
    code = _run(*cmd, cwd=cwd)
    if code:
        sys.exit(code)


def _stamp(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        if path.exists():
            digest.update(str(path.relative_to(ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


@contextlib.contextmanager
def _locked(name: str) -> Iterator[None]:
    """Serialise installs: two commands started at once must not run pip into one venv together."""
    lock_path = ROOT / f".{name}.lock"
    with lock_path.open("w") as handle:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield


SERVING = ("models", "mock")
"""What `dev.py serve` installs: the two distributions a running mock imports, with their runtime deps."""


def _step(text: str) -> None:
    print(f"dev.py: {text}", flush=True)


def ensure_python() -> None:
    """Create .venv and install every distribution editable, plus the pinned dev tools."""
    with _locked("venv"):
        _ensure_python()


def ensure_serving() -> None:
    """Create .venv with only what serving needs (talkie-models, talkie-mock): no dev toolchain, fast start.

    Satisfied as well by a full install (`dev.py test` or `setup`) of the same project files."""
    with _locked("venv"):
        _ensure_serving()


def _stamps(names: tuple[str, ...], *extra: Path) -> str:
    packages = [ROOT / d / "pyproject.toml" for d in names if (ROOT / d / "pyproject.toml").exists()]
    return _stamp([*extra, *packages])


def _create_venv() -> None:
    if not PY.exists():
        _step(f"creating the virtual environment {VENV}")
        venv.EnvBuilder(with_pip=True).create(VENV)


def _ensure_serving() -> None:
    stamp = _stamps(SERVING)
    stamp_file = VENV / ".talkie-serve-stamp"
    if stamp_file.exists() and stamp_file.read_text() == stamp:
        return
    full = VENV / ".talkie-stamp"
    if full.exists() and full.read_text() == _stamps(DISTRIBUTIONS, ROOT / "pyproject.toml"):
        return
    _create_venv()
    names = ", ".join(f"talkie-{d}" for d in SERVING)
    _step(f"installing {names} and their runtime dependencies (the dev tools come with `dev.py test`)")
    args: list[str | Path] = [PY, "-m", "pip", "install", "--disable-pip-version-check", "--progress-bar=on"]
    for name in SERVING:
        args += ["-e", ROOT / name]
    _must(*args)
    stamp_file.write_text(stamp)
    _step("installed; starting talkie-mock")


def _ensure_python() -> None:
    packages = [ROOT / d for d in DISTRIBUTIONS if (ROOT / d / "pyproject.toml").exists()]
    stamp = _stamps(DISTRIBUTIONS, ROOT / "pyproject.toml")
    stamp_file = VENV / ".talkie-stamp"
    if stamp_file.exists() and stamp_file.read_text() == stamp:
        return
    _create_venv()
    _step("installing every distribution and the development toolchain (pip's progress below)")
    _must(PY, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--upgrade", "pip")
    args: list[str | Path] = [PY, "-m", "pip", "install", "--disable-pip-version-check"]
    for package in packages:
        # the voice extra too: the voice tests need the realtime stack `dev.py serve` leaves out
        args += ["-e", f"{package}[voice]" if package.name == "mock" else package]
    args += ["-e", f"{ROOT}[dev]"]
    _must(*args)
    stamp_file.write_text(stamp)


def ensure_node() -> None:
    """Install the Node tools (Redocly, Spectral, the official AG-UI client) from the lock file."""
    with _locked("node"):
        _ensure_node()


def _ensure_node() -> None:
    if not (NODE_DIR / "package.json").exists():
        return
    if shutil.which("npm") is None:
        print("npm not found: the Node-based checks will be skipped", flush=True)
        return
    stamp = _stamp([NODE_DIR / "package.json", NODE_DIR / "package-lock.json"])
    stamp_file = NODE_DIR / "node_modules" / ".talkie-stamp"
    if stamp_file.exists() and stamp_file.read_text() == stamp:
        return
    _must("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error", cwd=NODE_DIR)
    stamp_file.write_text(stamp)


WORKERS = 2


FAST = "--fast"
"""`dev.py test --fast [pytest args]`: every test not marked slow, in parallel, no linters."""


def test(extra: list[str]) -> int:
    ensure_python()
    ensure_node()
    env_bin = str(BIN)
    os.environ["PATH"] = env_bin + os.pathsep + os.environ.get("PATH", "")
    if FAST in extra:
        rest = [arg for arg in extra if arg != FAST]
        return _run(PY, "-m", "pytest", "-n", str(WORKERS), "--dist", "loadfile", "-m", "not slow", *rest)
    failed = 0
    if not extra:  # a full run also lints; `dev.py test -k foo` only runs the selected tests
        failed |= _run(BIN / "ruff", "check", ".")
        failed |= _run(BIN / "ruff", "format", "--check", ".")
        failed |= _run(BIN / "mypy", ".")
    # A full run spreads test files over two workers: most tests wait on a server, a stream or a browser,
    # so two processes keep two cores busy (8 min instead of 13 on the two-core CI machine). One file
    # stays on one worker, so module-scoped servers and browsers are started once.
    parallel = [] if extra else ["-n", str(WORKERS), "--dist", "loadfile"]
    failed |= _run(PY, "-m", "pytest", *parallel, *extra)
    return 1 if failed else 0


def serve(extra: list[str]) -> int:
    return mock(["serve", *extra])


def mock(extra: list[str]) -> int:
    """`mock ARGS`: the checkout's `talkie-mock ARGS` (`mock report`, `mock serve --help`), which lives in
    .venv/bin and is not on the PATH."""
    ensure_serving()
    exe = BIN / "talkie-mock"
    if not exe.exists():
        print("talkie-mock is not installed yet (mock/ has no distribution)", file=sys.stderr)
        return 2
    try:
        return subprocess.call([str(exe), *extra])
    except KeyboardInterrupt:  # Ctrl+C reaches the server too; it shuts down on its own
        return 0


def docs(extra: list[str]) -> int:
    """`docs`: preview the spec site on 127.0.0.1:8000; `docs build`: strict build into site/."""
    ensure_python()
    ensure_node()  # from tools/node: Mermaid (drawn in Chromium at build time), Redocly (the OpenAPI page)
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    if extra[:1] == ["build"]:
        return _run(BIN / "mkdocs", "build", "--strict", "--site-dir", ROOT / "site", *extra[1:])
    return _run(BIN / "mkdocs", "serve", "--dev-addr", "127.0.0.1:8000", *extra)


def wheels(extra: list[str]) -> int:
    """`wheels [--out DIR] [--sdists] [--deps]`: every distribution's wheel in one folder (default dist/).

    Offline and quick: the build backend is the one the dev extras pin into .venv, nothing is downloaded, and
    each distribution is built from a clean copy so stale build/ files never end up in a wheel. `--sdists`
    adds each distribution's source archive (what a release uploads beside the wheel); `--deps` adds the
    wheels of every dependency, the voice extra's too, downloaded from the package index, so the folder
    alone installs the toolkit with `pip install --no-index --find-links DIR` (the container build does)."""
    parser = argparse.ArgumentParser(prog="python3 dev.py wheels")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the wheels go (default dist/)")
    parser.add_argument("--sdists", action="store_true", help="also each distribution's sdist (.tar.gz)")
    parser.add_argument("--deps", action="store_true", help="also every dependency's wheel (downloads)")
    args = parser.parse_args(extra)
    out = args.out.resolve()
    ensure_python()
    out.mkdir(parents=True, exist_ok=True)
    junk = shutil.ignore_patterns("build", "dist", "*.egg-info", "__pycache__", ".*cache")
    with tempfile.TemporaryDirectory(prefix="talkie-wheels-") as scratch:
        copies = [Path(shutil.copytree(ROOT / d, Path(scratch) / d, ignore=junk)) for d in DISTRIBUTIONS]
        pip = (PY, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check")
        code = _run(*pip, "--no-deps", "--no-build-isolation", "--wheel-dir", out, *copies)
        for copy in copies if args.sdists and code == 0 else []:
            code |= _run(PY, "-m", "build", "--sdist", "--no-isolation", "--outdir", out, copy)
    if code == 0 and args.deps:
        names = [f"talkie-{d}{EXTRAS.get(d, '')}" for d in DISTRIBUTIONS]
        download = (PY, "-m", "pip", "download", "--quiet", "--disable-pip-version-check")
        code = _run(*download, "--only-binary=:all:", "--find-links", out, "--dest", out, *names)
    if code == 0:
        _step(f"in {out}: " + ", ".join(sorted(p.name for p in out.glob("talkie_*"))))
    return code


EXTRAS = {"models": "[validation,fast]", "mock": "[voice]"}
"""The extras `wheels --deps` brings the dependencies of: every extra a user may ask for."""


VERSIONED = (
    *(Path(d) / "pyproject.toml" for d in DISTRIBUTIONS),
    Path("clients/typescript/package.json"),
    Path("clients/kotlin/pom.xml"),
    Path("action/action.yml"),
)
"""Every file that carries the toolkit's one version (RELEASING.md): they move together."""


def versions() -> dict[str, str]:
    """The version each of VERSIONED declares, and what the two dependent distributions require of
    talkie-models (the same version, exactly)."""
    import json
    import re
    import tomllib

    found: dict[str, str] = {}
    for path in VERSIONED:
        text = (ROOT / path).read_text(encoding="utf-8")
        if path.name == "pyproject.toml":
            project = tomllib.loads(text)["project"]
            found[str(path)] = project["version"]
            for requirement in project.get("dependencies", []):
                pinned = re.fullmatch(r"talkie-models(?:\[[\w,]+\])?==(\S+)", requirement)
                if requirement.startswith("talkie-models"):
                    found[f"{path}: {requirement}"] = pinned.group(1) if pinned else requirement
        elif path.suffix == ".json":
            found[str(path)] = json.loads(text)["version"]
        elif path.suffix == ".xml":
            match = re.search(r"<artifactId>talkie-client</artifactId>\s*<version>([^<]+)</version>", text)
            found[str(path)] = match.group(1) if match else "(none)"
        else:
            match = re.search(r"^  version:\n(?:    .*\n)*?    default: \"([^\"]+)\"", text, re.M)
            found[f"{path} (the version input's default)"] = match.group(1) if match else "(none)"
    return found


def changelog_section(version: str) -> str | None:
    """The CHANGELOG's section of `version` (without its heading), or None when it has none."""
    lines = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").splitlines()
    heading = f"## [{version}]"
    starts = [i for i, line in enumerate(lines) if line.startswith(heading)]
    if not starts:
        return None
    rest = lines[starts[0] + 1 :]
    end = next((i for i, line in enumerate(rest) if line.startswith("## [")), len(rest))
    return "\n".join(rest[:end]).strip() + "\n"


def version(extra: list[str]) -> int:
    """`version`: the toolkit's one version; `--check V`: fail unless every manifest says V and the CHANGELOG
    has its section; `--notes V`: print that section (the release's notes). Needs no virtual environment."""
    parser = argparse.ArgumentParser(prog="python3 dev.py version")
    parser.add_argument("--check", metavar="VERSION", help="the version a release tag names")
    parser.add_argument("--notes", metavar="VERSION", help="print the CHANGELOG's section of VERSION")
    args = parser.parse_args(extra)
    if args.notes:
        section = changelog_section(args.notes)
        if section is None:
            print(f"CHANGELOG.md has no section [{args.notes}]", file=sys.stderr)
            return 1
        print(section, end="")
        return 0
    found = versions()
    wanted = args.check or found[str(VERSIONED[0])]
    wrong = {where: value for where, value in found.items() if value != wanted}
    for where, value in wrong.items():
        print(f"{where}: {value}, not {wanted}", file=sys.stderr)
    if args.check and changelog_section(wanted) is None:
        print(f"CHANGELOG.md has no section [{wanted}]", file=sys.stderr)
        return 1
    if wrong:
        return 1
    print(wanted)
    return 0


def main(argv: list[str]) -> int:
    commands = {
        "test": test,
        "serve": serve,
        "mock": mock,
        "docs": docs,
        "wheels": wheels,
        "version": version,
    }
    if not argv or argv[0] not in {*commands, "setup", "codegen"}:
        print(
            "usage: python3 dev.py {serve|test|mock|docs|wheels|version|setup|codegen} [args...]\n"
            "       python3 dev.py test --fast [pytest args]   (the tests not marked slow, ~1/4 of the time)"
            "\n       python3 dev.py mock report                 (any talkie-mock command of this checkout)",
            file=sys.stderr,
        )
        return 2
    if argv[0] == "setup":
        ensure_python()
        ensure_node()
        return 0
    if argv[0] == "codegen":
        ensure_python()
        return _run(PY, "-m", "codegen", *argv[1:])
    return commands[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
