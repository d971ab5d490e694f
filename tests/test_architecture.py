"""The architecture holds: import contracts, no import cycles, and an ARCHITECTURE.md that names real modules.

Who may import what is the `[tool.importlinter]` section of the root pyproject.toml; `lint-imports` checks it
and this file runs it, so the README's test command does. Cycles are looked for in the full import graph of
each distribution, imports inside functions included (grimp reads every import statement, not only the
module-level ones); only imports guarded by `if TYPE_CHECKING:` are left out, since they never run.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
DISTRIBUTIONS = {"talkie_models": "models", "talkie_mock": "mock", "talkie_conformance": "conformance"}
MOCK = ROOT / "mock" / "src" / "talkie_mock"
LAYERS = ("api", "engine", "devtools", "oauth", "clientsuite")
PACKAGES = (*LAYERS, "engine/realtime")
"""Every package of talkie_mock whose `__init__` docstring names each of its modules."""
ROOTS = {"talkie_models": "TalkieModelsError", "talkie_mock": "MockError"}
"""The one exception root of each distribution (exported by its package, or by its `errors` module)."""
SITE_AND_TOOLS = [ROOT / "docs" / "hooks", ROOT / "codegen"]


def test_import_contracts_hold() -> None:
    lint_imports = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run(
        [str(lint_imports), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (or a module importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:  # iterative Tarjan: the graphs are deep enough to hit recursion limits
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or graph.direct_import_exists(importer=node, imported=node):
                    found.append(sorted(component))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


@pytest.mark.parametrize("package", sorted(DISTRIBUTIONS))
def test_no_distribution_has_an_import_cycle(package: str) -> None:
    graph = grimp.build_graph(package, exclude_type_checking_imports=True, cache_dir=None)
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = grimp.ImportGraph()
    for name in ("p", "p.a", "p.b", "p.c"):
        graph.add_module(name)
    graph.add_import(importer="p.a", imported="p.b")
    graph.add_import(importer="p.b", imported="p.a")
    graph.add_import(importer="p.c", imported="p.a")
    assert _cycles(graph) == [["p.a", "p.b"]]


def test_talkie_mock_has_at_most_a_dozen_top_level_modules_and_each_layer_states_its_rule() -> None:
    top = [path.stem for path in MOCK.glob("*.py")]
    assert len(top) <= 12, sorted(top)
    for layer in LAYERS:
        docstring = (MOCK / layer / "__init__.py").read_text(encoding="utf-8")
        assert "Rule of the layer" in docstring, layer


@pytest.mark.parametrize("package", PACKAGES)
def test_each_layer_docstring_names_every_module_of_the_layer(package: str) -> None:
    folder = MOCK / package
    docstring = ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8"))) or ""
    modules = [p.stem for p in folder.glob("*.py") if p.stem != "__init__"]
    modules += [p.name for p in folder.iterdir() if (p / "__init__.py").exists()]
    missing = sorted(m for m in modules if f"`{m}`" not in docstring)
    assert missing == [], f"talkie_mock/{package}/__init__.py does not name {missing}"


def _exception_classes(package: str) -> list[type[BaseException]]:
    """Every exception class defined in a distribution's modules (the modules are imported to find them)."""
    root = importlib.import_module(package)
    found: dict[str, type[BaseException]] = {}
    for info in pkgutil.walk_packages(root.__path__, package + "."):
        if "._generated" in info.name:
            continue
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, BaseException) and cls.__module__ == module.__name__:
                found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return list(found.values())


def _root_of(package: str, name: str) -> type[BaseException]:
    for place in (package, f"{package}.errors"):
        root = getattr(importlib.import_module(place), name, None)
        if isinstance(root, type) and issubclass(root, BaseException):
            return root
    raise AssertionError(f"{package} exports no exception root {name}")


def _strays(package: str, root: str) -> list[str]:
    """Exception classes of `package` that do not derive from its root (pytest's failures excepted)."""
    base = _root_of(package, root)
    return sorted(
        f"{cls.__module__}.{cls.__qualname__}"
        for cls in _exception_classes(package)
        if not issubclass(cls, base) and not issubclass(cls, AssertionError)
    )


@pytest.mark.parametrize(
    ("package", "root"),
    [*ROOTS.items(), ("talkie_conformance", "ConformanceError")],
)
def test_every_exception_of_a_distribution_derives_from_its_root(package: str, root: str) -> None:
    strays = _strays(package, root)
    assert strays == [], f"exceptions of {package} that do not derive from {root}: {strays}"


def test_the_root_check_finds_a_stray_exception(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "stray_distribution"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "errors.py").write_text("class StrayRootError(Exception):\n    pass\n")
    (package / "parts.py").write_text(
        "from stray_distribution.errors import StrayRootError\n\n\n"
        "class KeptError(StrayRootError):\n    pass\n\n\nclass LooseError(ValueError):\n    pass\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert _strays("stray_distribution", "StrayRootError") == ["stray_distribution.parts.LooseError"]


def _named_paths(text: str) -> set[str]:
    """Every `code` span of ARCHITECTURE.md that looks like a path in the checkout (has a slash or .py)."""
    spans = re.findall(r"`([^`\s]+)`", text)
    return {span for span in spans if ("/" in span or span.endswith(".py")) and not span.startswith("/")}


def _exists(name: str) -> bool:
    """A path from the checkout root, or a module (or folder) inside a distribution's package, the site's
    hooks or codegen — the page names modules relative to the package or layer it describes."""
    candidate = name.rstrip("/")
    if (ROOT / candidate).exists():
        return True
    roots = [ROOT / folder / "src" / package for package, folder in DISTRIBUTIONS.items()] + SITE_AND_TOOLS
    return any(next(root.rglob(candidate), None) is not None for root in roots)


def test_every_module_architecture_md_names_exists() -> None:
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    named = _named_paths(text)
    assert named, "ARCHITECTURE.md names no module"
    missing = sorted(name for name in named if not _exists(name))
    assert missing == [], f"ARCHITECTURE.md names modules that do not exist: {missing}"
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    for contract in contracts["contracts"]:
        name = contract["name"].split(":")[0]
        assert name in text, f"ARCHITECTURE.md does not name the import contract {name!r}"
