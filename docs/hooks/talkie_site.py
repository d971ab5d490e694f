"""MkDocs hook of the talkie/1 site (registered under `hooks:` in mkdocs.yml).

MkDocs imports a hook file as a lone module, so this file loads its sibling package `talkie_docs` (where the
typed code lives, split by job) and re-exports the package's event handlers under the names MkDocs calls.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

_PACKAGE = "talkie_docs"
_PACKAGE_DIR = Path(__file__).resolve().parent / _PACKAGE


def _load_events() -> ModuleType:
    """Import `talkie_docs` from beside this file (without touching sys.path) and return its events."""
    if _PACKAGE not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            _PACKAGE, _PACKAGE_DIR / "__init__.py", submodule_search_locations=[str(_PACKAGE_DIR)]
        )
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {_PACKAGE_DIR}")
        package = importlib.util.module_from_spec(spec)
        sys.modules[_PACKAGE] = package
        spec.loader.exec_module(package)
    return importlib.import_module(f"{_PACKAGE}.events")


_events = _load_events()
on_config = _events.on_config
on_files = _events.on_files
on_page_markdown = _events.on_page_markdown
on_serve = _events.on_serve
on_env = _events.on_env
on_post_page = _events.on_post_page
on_post_build = _events.on_post_build
