"""The app developers guide against the tools it describes: every flag, command and control API call it
prints must exist and be accepted as written.

Flags are checked against the `--help` output of `talkie-mock serve` and `talkie-mock report` (through click's
CliRunner), and every command line of the guide is parsed by the real click command. Every `/_mock/api/…`
path must be a path of the mock's `control-api.yaml`, every curl call must use a method the document defines
for that path with a body its schema accepts, and the verdict table must list exactly the rules the mock's
`verdicts.py` can name. Nothing here needs a running mock.
"""

from __future__ import annotations

import json
import re
import shlex
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import click
import pytest
import yaml
from click.testing import CliRunner
from jsonschema import Draft202012Validator
from talkie_mock import cli
from talkie_mock.devtools.verdicts import RULES as VERDICT_RULES

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "guides" / "app-developers.md"
CONTROL_API = ROOT / "mock" / "src" / "talkie_mock" / "devtools" / "control-api.yaml"
FLAG_RE = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*)")
API_PATH_RE = re.compile(r"/_mock/api/[A-Za-z0-9_{}./-]*[A-Za-z0-9_}]")  # the bare prefix names no path
PROSE_CALL_RE = re.compile(r"`(GET|POST|PUT|PATCH|DELETE) (/_mock/api/[^`\s?]*)[^`]*`")
RULE_RE = re.compile(r"\b([A-Z]+-\d{3})\b")
METHODS = ("get", "put", "post", "delete", "patch")


@cache
def guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def logical_lines() -> list[str]:
    """The guide's lines with shell continuations (a trailing backslash) joined."""
    joined: list[str] = []
    pending = ""
    for line in guide().splitlines():
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        joined.append((pending + line).strip() if pending else line)
        pending = ""
    return joined


def commands(prefixes: tuple[str, ...]) -> list[list[str]]:
    """Arguments after one of `prefixes`, for every command line of the guide that starts with it."""
    found = []
    for line in logical_lines():
        for prefix in prefixes:
            if line.startswith(prefix + " ") or line == prefix:
                found.append(shlex.split(line)[len(prefix.split()) :])
    return found


@cache
def help_flags(subcommand: str) -> frozenset[str]:
    result = CliRunner().invoke(cli.main, [subcommand, "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    return frozenset(FLAG_RE.findall(result.output))


def subcommand(name: str) -> click.Command:
    command = cli.main.commands[name]
    assert isinstance(command, click.Command)
    return command


@cache
def control_api() -> dict[str, Any]:
    loaded = yaml.safe_load(CONTROL_API.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def template_regex(template: str) -> re.Pattern[str]:
    parts = re.split(r"(\{[^}]+\})", template)
    pattern = "".join(
        f"(?P<{part[1:-1]}>[^/]+)" if part.startswith("{") else re.escape(part) for part in parts
    )
    return re.compile(pattern + "$")


def match_operation(method: str, path: str) -> tuple[str, dict[str, Any], dict[str, str]] | None:
    """The operation of the control API serving `method path` (literal segments win), its path parameters."""
    candidates = []
    for template, item in control_api()["paths"].items():
        found = template_regex(template).match(path)
        if found and method.lower() in item:
            candidates.append((template.count("{"), template, item[method.lower()], found.groupdict()))
    if not candidates:
        return None
    _, template, operation, params = min(candidates, key=lambda c: c[0])
    for listed in operation.get("parameters", []):
        parameter = _resolved(listed)
        if parameter["in"] == "path":
            assert Draft202012Validator(parameter["schema"]).is_valid(params[parameter["name"]]), (
                f"{path}: {parameter['name']}={params[parameter['name']]!r} is not allowed by {template}"
            )
    return template, operation, params


def _resolved(item: dict[str, Any]) -> dict[str, Any]:
    """A `{$ref: "#/components/…"}` of the control API replaced by what it names."""
    if "$ref" not in item:
        return item
    found: Any = control_api()
    for part in item["$ref"].removeprefix("#/").split("/"):
        found = found[part]
    return dict(found)


def document_validator(pointer: str) -> Draft202012Validator:
    """A validator for the schema at `pointer` of the control API, its `#/components/…` refs resolvable."""
    return Draft202012Validator({**control_api(), "$ref": pointer})


def body_pointer(template: str, method: str) -> str:
    """The JSON pointer of an operation's JSON request body schema."""
    escaped = template.replace("~", "~0").replace("/", "~1")
    return f"#/paths/{escaped}/{method.lower()}/requestBody/content/application~1json/schema"


# -- flags and commands -----------------------------------------------------------------------------------


def test_every_flag_in_the_guide_is_a_talkie_mock_option() -> None:
    known = help_flags("serve") | help_flags("report")
    used = {
        flag for line in logical_lines() if not line.startswith("curl ") for flag in FLAG_RE.findall(line)
    }
    assert {"--auto-approve", "--fast-expiry", "--oauth-fault", "--lan", "--fail", "--json"} <= used
    assert used - known == set(), "the guide names options talkie-mock does not have"


def test_serve_command_lines_parse_with_the_real_cli() -> None:
    lines = commands(("talkie-mock serve", "python3 dev.py serve"))
    assert len(lines) >= 4
    for args in lines:
        assert set(FLAG_RE.findall(" ".join(args))) <= help_flags("serve"), args
        subcommand("serve").make_context("serve", list(args))  # raises on an unknown option or bad value


def test_report_command_lines_parse_with_the_real_cli() -> None:
    lines = commands(("talkie-mock report",))
    assert len(lines) >= 2
    for args in lines:
        assert set(FLAG_RE.findall(" ".join(args))) <= help_flags("report"), args
        subcommand("report").make_context("report", list(args))


def test_oauth_fault_table_lists_exactly_the_switches_the_mock_has() -> None:
    option = next(p for p in subcommand("serve").params if p.name == "oauth_fault")
    assert isinstance(option.type, click.Choice)
    lines = guide().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| `--oauth-fault` |"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append(re.match(r"\| `([a-z0-9-]+)` \|", line))
    assert all(rows)
    assert {row.group(1) for row in rows if row} == set(option.type.choices)


# -- the control API --------------------------------------------------------------------------------------


def test_every_control_api_path_in_the_guide_exists_and_every_path_is_shown() -> None:
    mentioned = {match.group(0).rstrip(".") for match in API_PATH_RE.finditer(guide())}
    templates = list(control_api()["paths"])
    shown: set[str] = set()
    for path in mentioned:
        matching = [t for t in templates if template_regex(t).match(path)]
        assert matching, f"{path} is no path of control-api.yaml"
        shown.update(matching)
    assert set(templates) - shown == set(), "control API paths the guide never shows"


def test_method_and_path_pairs_in_prose_exist() -> None:
    pairs = PROSE_CALL_RE.findall(guide())
    assert len(pairs) >= 5
    for method, path in pairs:
        assert match_operation(method, path) is not None, f"{method} {path} is not in control-api.yaml"


def test_curl_examples_match_the_control_api() -> None:
    calls = [shlex.split(line) for line in logical_lines() if line.startswith("curl ")]
    assert len(calls) >= 12
    for argv in calls:
        method, body, headers, url = None, None, [], None
        args = iter(argv[1:])
        for arg in args:
            if arg == "-X":
                method = next(args)
            elif arg == "-H":
                headers.append(next(args).lower())
            elif arg == "-d":
                body = next(args)
            elif arg.startswith("http"):
                url = arg
            else:
                pytest.fail(f"unexpected curl argument {arg!r} in {argv}")
        assert url is not None, argv
        method = method or ("POST" if body is not None else "GET")
        path = urlsplit(url).path
        matched = match_operation(method, path)
        assert matched is not None, f"{method} {path} is not in control-api.yaml"
        template, operation, _ = matched
        request = operation.get("requestBody")
        if request is None:
            assert body is None, f"{method} {template} takes no body"
            continue
        assert body is not None or not request.get("required"), f"{method} {template} needs a body"
        if body is not None:
            assert "content-type: application/json" in headers, argv
            validator = document_validator(body_pointer(template, method))
            errors = [e.message for e in validator.iter_errors(json.loads(body))]
            assert errors == [], f"{method} {template} body {body}: {errors}"


def test_the_fault_answer_shown_is_an_active_fault() -> None:
    blocks = re.findall(r"```json\n(.*?)```", guide(), re.S)
    answers = [json.loads(block) for block in blocks if '"hits"' in block]
    assert len(answers) == 1
    validator = document_validator("#/components/schemas/ActiveFault")
    assert list(validator.iter_errors(answers[0])) == []
    fault = {k: v for k, v in answers[0].items() if k not in ("id", "label", "hits")}
    post = document_validator(body_pointer("/_mock/api/faults", "post"))
    assert list(post.iter_errors(fault)) == []


def test_a_wrong_body_would_be_caught() -> None:
    """The validation above is not vacuous: an unknown fault kind and a clock without seconds fail."""
    faults = body_pointer("/_mock/api/faults", "post")
    assert not document_validator(faults).is_valid({"kind": "earthquake"})
    assert not document_validator(faults).is_valid({"kind": "error", "code": "rate_limited", "colour": 1})
    advance = body_pointer("/_mock/api/clock/advance", "post")
    assert not document_validator(advance).is_valid({"minutes": 10})
    assert match_operation("PUT", "/_mock/api/faults") is None
    with pytest.raises(AssertionError):
        match_operation("POST", "/_mock/api/actions/a_1/approve")


# -- the inspector ----------------------------------------------------------------------------------------


def _verdict_rows() -> dict[str, str]:
    text = guide()
    section = text[text.index("### Verdicts") :]
    section = section[: section.index("\n## ")]
    rows = {}
    for line in section.splitlines():
        if line.startswith("| [") and (found := RULE_RE.search(line)):
            rows[found.group(1)] = line
    return rows


def test_verdict_table_lists_exactly_the_rules_the_inspector_names() -> None:
    rows = _verdict_rows()
    assert set(rows) == set(VERDICT_RULES)
    for rule_id, levels in VERDICT_RULES.items():
        level_cell = rows[rule_id].split("|")[2]
        for level in levels:
            assert level in level_cell, (
                f"{rule_id} is reported as {level}, the guide says {level_cell.strip()}"
            )


def test_guide_has_no_placeholder_marks_and_links_the_control_api_reference() -> None:
    assert not re.search(r"\bcoming\b", guide(), re.I)
    assert "../reference/control-api.md" in guide()
