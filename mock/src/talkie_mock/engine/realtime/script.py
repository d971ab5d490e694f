"""Voice scripts: a conversation written down as steps (`voice-script.schema.json`), checked before it plays.

A step is `say` (the user speaks, with the same options as the control API), `assistant` (the assistant
speaks), `call` (the assistant asks for a function call), `wait` (until an event of a type crosses the data
channel) or `pause`. Scenario files carry one under `voice`; the control API takes one per session.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

import jsonschema

from talkie_mock.errors import MockError


class ScriptError(MockError):
    """A voice script that breaks `voice-script.schema.json`, or a step that timed out."""


@functools.cache
def script_schema() -> dict[str, Any]:
    text = (
        resources.files("talkie_mock.engine.realtime").joinpath("voice-script.schema.json").read_text("utf-8")
    )
    schema: dict[str, Any] = json.loads(text)
    return schema


def check_script(steps: Any) -> None:
    """Raise :class:`ScriptError` naming the first step that breaks the schema."""
    errors = sorted(jsonschema.Draft202012Validator(script_schema()).iter_errors(steps), key=lambda e: e.path)
    if errors:
        first = errors[0]
        where = "/".join(str(p) for p in first.absolute_path) or "(root)"
        raise ScriptError(f"voice script {where}: {first.message}")
