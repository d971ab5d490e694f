"""Starlette's router with an index of fixed paths, so a request does not try every route in turn.

The mock has about fifty routes (OAuth and the control API sit in front of the Talkie endpoints); Starlette
matches a request against each regular expression in order until one fits, which cost the manifest more
than answering it. For a path without parameters, the routes whose pattern can match it at all are found
once and kept; a request on such a path only asks those, in their original order, so the first full match
is the same route Starlette would pick. Anything else (a path with parameters, a wrong method, a redirect)
goes through Starlette's own loop unchanged.
"""

from __future__ import annotations

from typing import Any

from starlette.routing import BaseRoute, Match, Router
from starlette.types import Receive, Scope, Send


class IndexedRouter(Router):
    """A :class:`Router` that looks fixed paths up in a dict before falling back to the full scan."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._index: dict[str, list[BaseRoute]] = {}
        self._indexed_count = -1

    def _candidates(self, path: str) -> list[BaseRoute] | None:
        # Routes are added while the app is assembled (OAuth, control API); rebuild when their number changes.
        if self._indexed_count != len(self.routes):
            self._index = _build_index(self.routes)
            self._indexed_count = len(self.routes)
        return self._index.get(path)

    async def app(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not scope.get("root_path"):
            candidates = self._candidates(scope["path"])
            if candidates is not None:
                for route in candidates:
                    match, child_scope = route.matches(scope)
                    if match is Match.FULL:
                        if "router" not in scope:
                            scope["router"] = self
                        scope["route"] = route
                        scope.update(child_scope)
                        await route.handle(scope, receive, send)
                        return
        await super().app(scope, receive, send)


def _build_index(routes: list[BaseRoute]) -> dict[str, list[BaseRoute]]:
    """For each parameterless route path: every route whose pattern matches that path, in route order."""
    patterns = []
    for route in routes:
        regex = getattr(route, "path_regex", None)
        if regex is None:  # a route kind we cannot reason about: no index at all
            return {}
        patterns.append((route, regex))
    index: dict[str, list[BaseRoute]] = {}
    for route, _ in patterns:
        path = getattr(route, "path", None)
        if not isinstance(path, str) or getattr(route, "param_convertors", None) or path in index:
            continue
        index[path] = [other for other, regex in patterns if regex.match(path)]
    return index
