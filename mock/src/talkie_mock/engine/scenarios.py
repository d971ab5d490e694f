"""Scenario files: message patterns mapped to scripted runs, like WireMock stubs.

A developer who needs a particular stream (a card of a given shape, an error after two seconds, a high-risk
action) writes it in YAML instead of hoping an intent produces it. The file is checked against
`scenario.schema.json` and every card, link and action is built through the contract's models at load time, so
a mistake shows when the mock starts, not in the middle of a client test.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import yaml
from pydantic import ValidationError
from referencing import Registry, Resource
from talkie_models import Card, OpenEvent, OpenLink

from talkie_mock.engine.content import Content
from talkie_mock.engine.plans import (
    ActionSpec,
    Emit,
    Fail,
    Propose,
    Request,
    Sleep,
    Step,
    Unsafe,
    Usage,
    card_step,
    text_message,
    tool_call,
)
from talkie_mock.engine.realtime.script import script_schema
from talkie_mock.errors import ScenarioError


def scenario_schema() -> dict[str, Any]:
    text = resources.files("talkie_mock").joinpath("scenario.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@functools.cache
def fault_schema() -> dict[str, Any]:
    """`fault.schema.json`: a scenario's `faults` section holds such objects (devtools applies them)."""
    text = resources.files("talkie_mock").joinpath("fault.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def _registry() -> Registry[Any]:
    """Lets the scenario schema refer to the fault and voice script schemas by their `$id`."""
    registry: Registry[Any] = Registry()
    for schema in (fault_schema(), script_schema()):
        registry = registry.with_resource(schema["$id"], Resource.from_contents(schema))
    return registry


LOG = logging.getLogger("talkie_mock")


def _first_line(exc: Exception) -> str:
    """A one-line reason (pydantic's messages span several lines)."""
    text = str(exc).strip()
    return " ".join(text.splitlines()[:3])[:300]


def _expand(template: str, match: re.Match[str]) -> str:
    """`\\1` and `\\g<name>` of the rule's pattern in one string (a reference it lacks stays literal)."""
    try:
        return match.expand(template)
    except (re.error, IndexError):
        return template


def _expanded(value: Any, match: re.Match[str]) -> Any:
    """Every string of a step (card fields and blocks, tool labels, links, action summaries) expanded."""
    if isinstance(value, str):
        return _expand(value, match)
    if isinstance(value, list):
        return [_expanded(v, match) for v in value]
    if isinstance(value, dict):
        return {k: _expanded(v, match) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Rule:
    name: str
    pattern: re.Pattern[str]
    steps: list[dict[str, Any]]


STUB = "stub"
"""The origin of a rule added through the control API: its body is one `scenarios` item, so the places named
in its problems start there (`steps/0/card/title`, not `scenarios/0/…`)."""


def _where(origin: str, path: str) -> str:
    return path.removeprefix("scenarios/0").lstrip("/") if origin == STUB else path


def _problems(exc: ValidationError, where: str, shown: int = 3) -> str:
    """A model's refusal as the places it names and what is wrong there, each a member of the author's own
    text (`steps/0/card/title: Field required`): no model dump, no value the check filled in."""
    found = exc.errors(include_url=False, include_input=False, include_context=False)
    parts = [
        f"{'/'.join(filter(None, [where, *(str(p) for p in error['loc'])]))}: {error['msg']}"
        for error in found[:shown]
    ]
    more = f" (and {len(found) - shown} more)" if len(found) > shown else ""
    return "; ".join(parts) + more


class Scenario:
    """The loaded rules; :meth:`plan` returns None when no rule matches."""

    def __init__(
        self,
        rules: list[Rule],
        faults: list[dict[str, Any]] | None = None,
        voice: list[dict[str, Any]] | None = None,
    ) -> None:
        self.rules = rules
        # The `faults` section: `fault.schema.json` objects switched on when the mock starts.
        self.faults = faults or []
        # The `voice` section: a `voice-script.schema.json` conversation played in every voice session.
        self.voice = voice or []

    path: Path | None = None
    mtime: float | None = None
    added = 0

    @classmethod
    def load(cls, path: Path) -> Scenario:
        try:
            mtime = path.stat().st_mtime
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as exc:
            raise ScenarioError(f"{path}: {exc}") from exc
        scenario = cls.from_data(data, str(path))
        scenario.path, scenario.mtime = path, mtime
        return scenario

    def add(self, data: Any) -> Rule:
        """Add one rule (a `scenarios` item of the file's schema) in front of the others; its name is its
        handle (made up when absent) and replaces a rule of the same name."""
        rule = Scenario.from_data({"scenarios": [data]}, STUB).rules[0]
        if not isinstance(data, dict) or "name" not in data:
            self.added += 1
            rule = Rule(f"stub-{self.added}", rule.pattern, rule.steps)
        self.remove(rule.name)
        self.rules.insert(0, rule)
        return rule

    def remove(self, name: str) -> bool:
        kept = [r for r in self.rules if r.name != name]
        found = len(kept) != len(self.rules)
        self.rules[:] = kept
        return found

    def fresh(self) -> Scenario:
        """This scenario, or the file read again when it changed since (live reload while the mock runs).

        A file that no longer loads keeps the rules that did, and says why on the mock's log."""
        if self.path is None:
            return self
        try:
            if self.path.stat().st_mtime == self.mtime:
                return self
            return Scenario.load(self.path)
        except (OSError, ScenarioError) as exc:
            LOG.warning("scenario not reloaded, the previous rules stay: %s", exc)
            with contextlib.suppress(OSError):
                self.mtime = self.path.stat().st_mtime  # say it once per change
            return self

    @classmethod
    def from_data(cls, data: Any, origin: str = "scenario") -> Scenario:
        validator = jsonschema.Draft202012Validator(scenario_schema(), registry=_registry())
        problems = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
        if problems:
            first = problems[0]
            where = _where(origin, "/".join(str(p) for p in first.absolute_path)) or "(top)"
            raise ScenarioError(f"{origin}: {where}: {first.message}")
        rules = []
        for index, raw in enumerate(data.get("scenarios", [])):
            try:
                pattern = re.compile(raw["match"])
            except re.error as exc:
                raise ScenarioError(f"{origin}: {_where(origin, f'scenarios/{index}/match')}: {exc}") from exc
            rule = Rule(name=raw.get("name", f"rule {index}"), pattern=pattern, steps=raw["steps"])
            cls._check(rule, origin, index)
            rules.append(rule)
        return cls(rules, list(data.get("faults", [])), list(data.get("voice", [])))

    @staticmethod
    def _check(rule: Rule, origin: str, index: int) -> None:
        """Build every model once so a malformed card or link fails at load time."""
        for number, step in enumerate(rule.steps):
            member = "card" if "card" in step else "open"
            try:
                if "card" in step:
                    Card.model_validate({"id": "c_check", "version": 1, **step["card"]})
                elif "open" in step:
                    OpenLink.model_validate(step["open"])
            except ValidationError as exc:
                where = _where(origin, f"scenarios/{index}/steps/{number}/{member}")
                raise ScenarioError(f"{origin}: {_problems(exc, where)}") from None

    def plan(self, text: str, content: Content, request: Request) -> list[Step] | None:
        for rule in self.rules:
            match = rule.pattern.search(text)
            if match is None:
                continue
            steps: list[Step] = []
            for number, step in enumerate(rule.steps):
                try:
                    steps += self._step(step, match, content)
                except (ValidationError, ValueError, re.error, IndexError) as exc:
                    # valid as written, broken once `\1` was filled in from this message: the run ends with
                    # RUN_ERROR naming the step, as a failing backend would, and nothing of it is stored
                    LOG.warning("scenario %r step %d fails on this message: %s", rule.name, number, exc)
                    return [Fail("internal", f"Scenario {rule.name!r}, step {number}: {_first_line(exc)}")]
            return steps
        return None

    @staticmethod
    def _step(step: dict[str, Any], match: re.Match[str], content: Content) -> list[Step]:
        if "text" in step:
            return text_message(content.ids, _expand(step["text"], match))
        step = _expanded(step, match)  # \1 and \g<name> in every string of the step
        if "tool" in step:
            tool = step["tool"]
            return tool_call(
                content.ids, tool["name"], tool.get("label"), tool.get("ok", True), tool.get("error")
            )
        if "card" in step:
            card = Card.model_validate({"id": content.ids.next("c"), "version": 1, **step["card"]})
            return [card_step(card)]
        if "open" in step:
            return [
                Emit(
                    OpenEvent(type="CUSTOM", name="talkie.open", value=OpenLink.model_validate(step["open"]))
                )
            ]
        if "action" in step:
            raw = step["action"]
            if not str(raw["summary"]).strip():
                raise ValueError("the action's summary is empty")
            spec = ActionSpec(
                action_id=content.ids.next("a"),
                tool_call_id=content.ids.next("call"),
                summary=raw["summary"],
                risk_level=raw["riskLevel"],
                methods=tuple(raw.get("methods", ["button"])),
                params=raw.get("params", {"summary": raw["summary"]}),
                ttl_seconds=raw.get("ttlSeconds", 600),
                keyword=raw.get("keyword"),
                outbound=raw.get("outbound", False),
            )
            return [Propose(spec)]
        if "unsafe" in step:
            return [Unsafe(dict(step["unsafe"]))]
        if "usage" in step:
            return [Usage(tokens=int(step["usage"]))]
        if "sleep" in step:
            return [Sleep(float(step["sleep"]))]
        error = step["error"]
        return [Fail(error["code"], error.get("message"))]
