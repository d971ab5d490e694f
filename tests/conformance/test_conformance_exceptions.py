"""talkie_conformance has one exception root, and its module docstring draws every exception under it."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import talkie_conformance
from talkie_conformance import errors
from talkie_conformance.errors import ConformanceError


def exception_classes() -> list[type[BaseException]]:
    """Every exception class defined in a module of talkie_conformance."""
    found: list[type[BaseException]] = []
    prefix = talkie_conformance.__name__ + "."
    for info in pkgutil.walk_packages(talkie_conformance.__path__, prefix):
        module = importlib.import_module(info.name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, BaseException) and value.__module__ == module.__name__:
                found.append(value)
    return found


def test_the_walk_finds_the_exceptions_of_every_layer() -> None:
    names = {cls.__name__ for cls in exception_classes()}
    assert {"ConformanceError", "ServerLimitError", "SignInError", "TalkieSuiteError"} <= names


def test_every_exception_derives_from_the_root() -> None:
    strays = [
        f"{cls.__module__}.{cls.__name__}"
        for cls in exception_classes()
        if not issubclass(cls, ConformanceError)
    ]
    assert not strays, f"exceptions outside ConformanceError: {strays}"


def test_the_root_module_draws_every_exception() -> None:
    drawn = errors.__doc__ or ""
    missing = [cls.__name__ for cls in exception_classes() if cls.__name__ not in drawn]
    assert not missing, f"errors.py's docstring does not draw {missing}"
