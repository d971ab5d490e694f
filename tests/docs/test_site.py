"""The built spec site against the contract: every schema, endpoint and rule is on it, links hold, and it
loads nothing from another host.

The site is built once per session with `mkdocs build --strict` (fixture `built_site` in conftest.py); the
tests walk the HTML it produced. Expected values come from the contract files themselves, read here
independently of the MkDocs hook that generates the pages.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from functools import cache
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
import served
import yaml

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = sorted((ROOT / "schemas").glob("*.json"))
RULE_ID_RE = re.compile(r"^[A-Z]{2,}-\d{3}$")  # area codes have two letters or more; N-101 is a note
BCP14_RE = re.compile(r"\b(MUST NOT|SHOULD NOT|MUST|SHOULD|MAY|REQUIRED|RECOMMENDED|OPTIONAL|SHALL)\b")
REDOC_PAGE = Path("reference/openapi/redoc.html")
CONTROL_REDOC_PAGE = Path("reference/control-api/redoc.html")
REDOC_PAGES = (
    REDOC_PAGE,
    Path("reference/openapi/redoc-dark.html"),
    CONTROL_REDOC_PAGE,
    Path("reference/control-api/redoc-dark.html"),
)
CONTROL_API = ROOT / "mock" / "src" / "talkie_mock" / "devtools" / "control-api.yaml"
SAMPLES = ROOT / "docs" / "samples"
VOID_TAGS = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}


class Page(HTMLParser):
    """What the tests need of one HTML page: ids, links, asset URLs, and text with its enclosing classes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.links: list[str] = []
        self.assets: list[tuple[str, str]] = []  # (tag/rel, url) of things the browser loads by itself
        self.styles: list[str] = []
        self.texts: list[tuple[str, frozenset[str]]] = []  # text and the classes/tags of its ancestors
        self._stack: list[tuple[str, frozenset[str]]] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if "id" in values:
            self.ids.append(values["id"])
        if tag == "a" and "name" in values:
            self.ids.append(values["name"])
        if tag == "a" and "href" in values:
            self.links.append(values["href"])
        if tag in ("script", "img", "iframe", "source", "audio", "video") and values.get("src"):
            self.assets.append((tag, values["src"]))
        if tag == "link" and values.get("href"):
            self.assets.append((f"link[{values.get('rel', '')}]", values["href"]))
        self._in_style = tag == "style"
        if tag not in VOID_TAGS:
            marks = frozenset({tag, *values.get("class", "").split()})
            self._stack.append((tag, marks))

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False
        for index in range(len(self._stack) - 1, -1, -1):
            if self._stack[index][0] == tag:
                del self._stack[index:]
                break

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.styles.append(data)
        if data.strip():
            marks: frozenset[str] = (
                frozenset().union(*(m for _, m in self._stack)) if self._stack else frozenset()
            )
            self.texts.append((data, marks))

    @property
    def text(self) -> str:
        return " ".join(text for text, _ in self.texts)

    @property
    def compact(self) -> str:
        """The text with all white space removed (code highlighting splits tokens into many nodes)."""
        return re.sub(r"\s+", "", "".join(text for text, _ in self.texts))


@cache
def _parse(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def pages(site: Path) -> Iterator[tuple[Path, Page]]:
    """Every HTML page of the site (site-relative path, parsed page)."""
    for path in sorted(site.rglob("*.html")):
        yield path.relative_to(site), _parse(path)


def page(site: Path, relative: str) -> Page:
    path = site / relative
    assert path.is_file(), f"{relative} is not on the site"
    return _parse(path)


@cache
def rules() -> list[dict[str, Any]]:
    loaded = yaml.safe_load((ROOT / "spec" / "rules.yaml").read_text(encoding="utf-8"))
    entries = loaded["rules"]
    assert isinstance(entries, list)
    return entries


@cache
def openapi() -> dict[str, Any]:
    loaded = yaml.safe_load((ROOT / "spec" / "openapi.yaml").read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def operations() -> list[tuple[str, str, str]]:
    """(operationId, method, path) of every operation of the OpenAPI document."""
    found = []
    for path, item in openapi()["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict) and "operationId" in operation:
                found.append((operation["operationId"], method.upper(), path))
    return found


# -- the build ---------------------------------------------------------------------------------------------


def test_strict_build_produces_every_section(built_site: Path) -> None:
    for section in ("index.html", "spec/runs/index.html", "guides/index.html", "reference/rules/index.html"):
        assert (built_site / section).is_file(), section
    assert (built_site / "search" / "search_index.json").is_file()


def test_nothing_generated_is_committed() -> None:
    reference = ROOT / "docs" / "reference"
    assert sorted(p.relative_to(reference).as_posix() for p in reference.rglob("*")) == ["index.md"]
    notes_page = (ROOT / "docs" / "spec" / "notes.md").read_text(encoding="utf-8")
    assert notes_page.strip() == '--8<-- "spec/notes.md"', (
        "the notes page must include spec/notes.md, not copy it"
    )


# -- completeness ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("schema_path", SCHEMAS, ids=[p.stem for p in SCHEMAS])
def test_every_schema_has_a_page_with_its_fields_and_examples(built_site: Path, schema_path: Path) -> None:
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    html = page(built_site, f"reference/schemas/{schema_path.stem}/index.html")
    assert schema["title"] in html.text
    assert schema["$id"] in html.text
    for name in schema.get("properties", {}):
        assert name in html.text, f"field {name} of {schema_path.name} missing"
    for name, node in schema.get("$defs", {}).items():
        assert node.get("title", name) in html.ids, f"definition {name} has no anchor"
    for example in schema.get("examples", []):
        rendered = re.sub(r"\s+", "", json.dumps(example, indent=2, ensure_ascii=False))
        assert rendered in html.compact, f"an example of {schema_path.name} is not shown"


def test_schema_pages_link_to_the_types_they_reference(built_site: Path) -> None:
    card = page(built_site, "reference/schemas/card/index.html")
    assert "../card-block/" in card.links
    action = page(built_site, "reference/schemas/action/index.html")
    assert "#ActionConfirm" in action.links
    assert "ActionConfirm" in action.ids
    used_by = page(built_site, "reference/schemas/card-block/index.html")
    assert "../card/" in used_by.links


def test_every_operation_and_endpoint_is_on_the_openapi_page(built_site: Path) -> None:
    html = page(built_site, "reference/openapi/index.html").text
    redoc = (built_site / REDOC_PAGE).read_text(encoding="utf-8")
    for operation_id, method, path in operations():
        assert operation_id in html
        assert f"{method} {path}" in html, operation_id
        assert operation_id in redoc, f"{operation_id} missing from the Redoc rendering"
    assert "3.2" in html


def test_redoc_renders_the_32_document_with_item_schema(built_site: Path) -> None:
    redoc = (built_site / REDOC_PAGE).read_text(encoding="utf-8")
    assert '"openapi":"3.2.0"' in redoc.replace(" ", "")
    assert "itemSchema" in redoc


def test_a_site_build_leaves_nothing_in_the_temporary_folder(
    built_site: Path, site_build_scratch: Path
) -> None:
    # each Redoc page is rendered in a scratch folder of its own; 283 of them were once left in /tmp
    assert (built_site / CONTROL_REDOC_PAGE).is_file()
    assert sorted(p.name for p in site_build_scratch.iterdir()) == []


def test_every_control_api_operation_is_on_its_page_and_in_redoc(built_site: Path) -> None:
    document = yaml.safe_load(CONTROL_API.read_text(encoding="utf-8"))
    html = page(built_site, "reference/control-api/index.html")
    redoc = (built_site / CONTROL_REDOC_PAGE).read_text(encoding="utf-8")
    found = [
        (operation["operationId"], method.upper(), path)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if isinstance(operation, dict) and "operationId" in operation
    ]
    assert len(found) >= 10
    for operation_id, method, path in found:
        assert operation_id in html.text
        assert f"{method} {path}" in html.text, operation_id
        assert operation_id in redoc, f"{operation_id} missing from the control API's Redoc rendering"
    assert "redoc.html" in html.links  # relative to reference/control-api/
    guide = page(built_site, "guides/app-developers/index.html")
    assert "../../reference/control-api/" in guide.links


def test_every_rule_has_exactly_one_anchor_and_every_anchor_is_a_rule(built_site: Path) -> None:
    known = {rule["id"] for rule in rules()}
    where: dict[str, list[str]] = {}
    for relative, html in pages(built_site):
        if relative in REDOC_PAGES:
            continue
        for anchor in html.ids:
            if RULE_ID_RE.match(anchor):
                where.setdefault(anchor, []).append(relative.as_posix())
    assert set(where) - known == set(), "anchors that are not rules"
    assert known - set(where) == set(), "rules without an anchor"
    repeated = {rule_id: places for rule_id, places in where.items() if len(places) != 1}
    assert repeated == {}
    assert all(places[0].startswith("spec/") for places in where.values())


def test_rule_blocks_show_the_catalogue_level_side_and_statement(built_site: Path) -> None:
    texts: dict[str, str] = {}
    statements: dict[str, str] = {}
    for relative, _ in pages(built_site):
        if relative.parts[0] != "spec":
            continue
        raw = (built_site / relative).read_text(encoding="utf-8")
        for match in re.finditer(r'<div class="talkie-rule" id="([A-Z]+-\d{3})">(.*?)</div>', raw, re.S):
            texts[match.group(1)] = re.sub(r"<[^>]+>", "", match.group(2))
            span = re.search(r'<span class="talkie-rule__text">(.*?)</span>', match.group(2), re.S)
            statements[match.group(1)] = re.sub(r"<[^>]+>", "", span.group(1)) if span else ""
    for rule in rules():
        text = " ".join(texts[rule["id"]].split())
        level = rule["level"] if rule.get("basis") == "specification" else rule["level"].lower()
        assert text.startswith(f"{rule['id']} {level}"), text
        assert f" {rule['side']} " in text, text
        # a level we read, or a note adds, is in plain words: only the specification's keywords are capitals
        own = rule.get("basis") == "specification"
        shown = rule["statement"] if own else BCP14_RE.sub(lambda m: m.group(0).lower(), rule["statement"])
        first_words = " ".join(shown.split()[:4])
        assert first_words in text
        if not own:  # the statement only: the sentence quoted after it is the text's own, keywords and all
            assert statements[rule["id"]], text
            assert not BCP14_RE.search(statements[rule["id"]]), text


def test_spec_pages_use_bcp14_keywords_only_in_rule_blocks(built_site: Path) -> None:
    offenders = []
    for relative, html in pages(built_site):
        if relative.parts[0] != "spec" or relative.parts[1] == "notes":
            continue
        for text, marks in html.texts:
            allowed = {"talkie-rule", "bcp14-conventions", "code", "pre", "script", "title"}
            if BCP14_RE.search(text) and not marks & allowed:
                offenders.append(f"{relative}: {text.strip()[:80]}")
    assert offenders == []


def test_rule_matrix_lists_every_rule_with_a_link_to_its_sentence(built_site: Path) -> None:
    html = page(built_site, "reference/rules/index.html")
    targets = {link.rsplit("#", 1)[-1]: link for link in html.links if "#" in link and "/spec/" in link}
    for rule in rules():
        assert rule["id"] in targets, rule["id"]
        assert targets[rule["id"]].startswith("../../spec/")


def test_rule_matrix_names_the_checks_of_the_conformance_registry(built_site: Path) -> None:
    text = page(built_site, "reference/rules/index.html").text
    try:
        __import__("talkie_conformance.checks")
        from talkie_conformance.checking import REGISTRY
    except Exception:  # the suite being unavailable must show as "—", not as invented checks
        assert "could not be loaded" in text
        return
    assert REGISTRY, "the conformance registry is empty"
    for spec in REGISTRY:
        assert f"{spec.section}.{spec.name}" in text


MATRIX_CHECKS, MATRIX_INSPECTOR = 7, 8  # columns: Rule, §, Level, Side, Basis, Suite, Testable, Checks, …


def _matrix_rows(site: Path) -> dict[str, list[str]]:
    """Rule ID → the text of each cell of its row in the rule matrix."""
    raw = (site / "reference/rules/index.html").read_text(encoding="utf-8")
    rows: dict[str, list[str]] = {}
    for row in re.findall(r"<tr>(.*?)</tr>", raw, re.S):
        cells = [
            " ".join(unescape(re.sub(r"<[^>]+>", " ", c)).split())
            for c in re.findall(r"<td>(.*?)</td>", row, re.S)
        ]
        if cells and RULE_ID_RE.match(cells[0]):
            rows[cells[0]] = cells
    return rows


def test_rule_matrix_names_the_fuzz_checks_beside_the_rules_they_judge(built_site: Path) -> None:
    from talkie_conformance import fuzz_checks

    rows = _matrix_rows(built_site)
    header = page(built_site, "reference/rules/index.html").text
    assert "Inspector flags it" in header
    judged: dict[str, set[str]] = {}
    for name, registered in fuzz_checks.FUZZ_CHECKS.items():
        assert registered.rules, f"fuzz check {name} names no rule"
        for rule_id in registered.rules:
            judged.setdefault(rule_id, set()).add(name)
    for rule_id, names in judged.items():
        checks_cell = rows[rule_id][MATRIX_CHECKS]
        assert "fuzz:" in checks_cell, rule_id
        assert all(name in checks_cell for name in names), (rule_id, checks_cell)
    others = [
        rule_id
        for rule_id, cells in rows.items()
        if rule_id not in judged and "fuzz:" in cells[MATRIX_CHECKS]
    ]
    assert others == []


def test_rule_matrix_shows_how_the_inspector_flags_client_rules(built_site: Path) -> None:
    from talkie_mock.devtools.verdicts import RULES

    named = set(RULES)
    assert {"AUTH-016", "RUN-002", "ACT-015"} <= named
    literal = [(rule_id, level) for rule_id, levels in RULES.items() for level in levels]
    rows = _matrix_rows(built_site)
    for rule_id, cells in rows.items():
        inspector = cells[MATRIX_INSPECTOR]
        if rule_id in named:
            assert inspector != "—", f"{rule_id} is in verdicts.RULES but the matrix shows no level"
            assert set(inspector.replace(",", " ").split()) <= {"error", "warning", "info"}, inspector
        else:
            assert inspector == "—", f"{rule_id} is not in verdicts.RULES but the matrix says {inspector}"
    for rule_id, level in literal:
        assert level in rows[rule_id][MATRIX_INSPECTOR], (rule_id, level)


def test_error_code_table_matches_the_catalogue(built_site: Path) -> None:
    schema = json.loads((ROOT / "schemas" / "error-code.json").read_text(encoding="utf-8"))
    raw = (built_site / "reference/errors/index.html").read_text(encoding="utf-8")
    rows = {
        unescape(re.sub(r"<[^>]+>", "", code)): unescape(re.sub(r"<[^>]+>", "", status))
        for status, code in re.findall(r"<tr>\s*<td>(.*?)</td>\s*<td>(.*?)</td>", raw, re.S)
    }
    for entry in schema["x-talkie-catalogue"]:
        statuses = " / ".join(str(status) for status in entry["httpStatus"])
        assert rows.get(entry["code"]) == statuses, entry["code"]


def test_notes_page_renders_spec_notes(built_site: Path) -> None:
    notes = (ROOT / "spec" / "notes.md").read_text(encoding="utf-8")
    text = page(built_site, "spec/notes/index.html").text
    decision_ids = set(re.findall(r"\bN-\d{2,}\b", notes))
    assert decision_ids, "spec/notes.md has no decisions"
    assert {note for note in decision_ids if note not in text} == set()


# -- links and assets --------------------------------------------------------------------------------------


def _target(site: Path, source: Path, url: str) -> tuple[Path, str]:
    parts = urlsplit(url)
    base = (site / source).parent
    target = (base / unquote(parts.path)).resolve() if parts.path else (site / source).resolve()
    if target.is_dir():
        target = target / "index.html"
    return target, unquote(parts.fragment)


def test_internal_links_and_anchors_resolve(built_site: Path) -> None:
    site = built_site.resolve()
    broken = []
    for relative, html in pages(site):
        if relative in (*REDOC_PAGES, Path("404.html")):
            continue  # Redoc's own links are client-side routes; the 404 page links absolutely on purpose
        for url in html.links + [url for _, url in html.assets]:
            parts = urlsplit(url)
            if parts.scheme or url.startswith("//") or url.startswith("mailto:"):
                continue
            target, fragment = _target(site, relative, url)
            if not target.is_file():
                broken.append(f"{relative}: {url} (no file)")
            elif (
                fragment
                and target not in {(site / redoc).resolve() for redoc in REDOC_PAGES}
                and fragment not in _parse(target).ids
            ):
                broken.append(f"{relative}: {url} (no anchor)")
    assert broken == []


def test_no_page_loads_scripts_styles_or_fonts_from_another_host(built_site: Path) -> None:
    external = re.compile(r"^(https?:)?//", re.I)
    loaded = []
    for relative, html in pages(built_site):
        for kind, url in html.assets:
            if kind.startswith("link[") and not re.search(r"stylesheet|preload|icon|preconnect|font", kind):
                continue  # canonical/alternate links are not fetched
            if external.match(url):
                loaded.append(f"{relative}: {kind} {url}")
        for style in html.styles:
            loaded += [
                f"{relative}: style {m}" for m in re.findall(r"url\(\s*['\"]?(?:https?:)?//[^)]*\)", style)
            ]
            loaded += [
                f"{relative}: @import {m}" for m in re.findall(r"@import\s+['\"](?:https?:)?//[^'\"]*", style)
            ]
    for css in built_site.rglob("*.css"):
        text = css.read_text(encoding="utf-8")
        loaded += [f"{css.name}: {m}" for m in re.findall(r"url\(\s*['\"]?(?:https?:)?//[^)]*\)", text)]
    assert loaded == []


def test_diagrams_are_inline_svg_and_no_mermaid_is_shipped(built_site: Path) -> None:
    """Every diagram is drawn at build time, in a light and a dark copy; no page loads a diagram script."""
    shipped = [p.name for p in built_site.rglob("*") if "mermaid" in p.name.lower()]
    assert shipped == []
    raw = (built_site / "guides/sequences/index.html").read_text(encoding="utf-8")
    assert raw.count('class="talkie-diagram"') == 3
    assert raw.count("talkie-diagram__canvas--light") == 3
    assert raw.count("talkie-diagram__canvas--dark") == 3
    for relative, _ in pages(built_site):
        html = (built_site / relative).read_text(encoding="utf-8")
        assert "talkie-mermaid" not in html, f"{relative}: a diagram was left undrawn"
        assert not re.search(r"<script[^>]+(mermaid|diagrams)", html), relative
        ids = re.findall(r'<svg[^>]* id="([^"]+)"', html)
        assert len(ids) == len(set(ids)), f"{relative}: two diagrams share an id"


def test_no_external_font_settings() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"^\s+font: false\b", config, re.M)


# -- code samples ------------------------------------------------------------------------------------------


def _run_sample(path: Path, *args: str, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        [sys.executable, str(path), *args],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_samples_are_included_in_pages_verbatim(built_site: Path) -> None:
    included = {
        "guides/python-backends/index.html": [
            ROOT / "models/examples/quickstart.py",
            SAMPLES / "parse_stream.py",
            SAMPLES / "validate_payload.py",
        ],
        "guides/app-developers/index.html": [SAMPLES / "chat_with_server.py"],
        "guides/server-teams/index.html": [
            SAMPLES / "conformance-ci.yml",
            SAMPLES / "conformance-baseline.yaml",
        ],
    }
    for relative, files in included.items():
        text = page(built_site, relative).compact
        for file in files:
            code = re.sub(r"\s+", "", file.read_text(encoding="utf-8"))
            assert code in text, f"{file.name} is not included in {relative}"


def test_quickstart_sample_runs() -> None:
    assert _run_sample(ROOT / "models" / "examples" / "quickstart.py").strip()


def test_parse_stream_sample_reads_the_recorded_stream() -> None:
    out = _run_sample(SAMPLES / "parse_stream.py")
    events = json.loads((ROOT / "schemas/examples/stream-card.json").read_text(encoding="utf-8"))
    text = "".join(e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")
    card = next(e["value"] for e in events if e.get("name") == "talkie.card")
    assert f"card: {card['title']}" in out
    assert out.strip().endswith(f"assistant text: {text}")
    assert [line for line in out.splitlines() if line.startswith("event:")] == [
        f"event: {e['type']}" for e in events
    ]


def test_validate_sample_accepts_the_card_and_names_the_broken_field() -> None:
    out = _run_sample(SAMPLES / "validate_payload.py")
    assert "valid card: Horizont Logistika s.r.o., blocks: ['BadgeBlock', 'FieldsBlock']" in out
    assert "broken card valid? False" in out
    assert "$.blocks[0].tone" in out


def test_chat_sample_talks_to_a_live_mock() -> None:
    token = "docs-sample-token"
    with served.serving_memory(token=token) as origin:
        message = "talkie-test:echo Ahoj, tady Vendula Králová"
        out = _run_sample(
            SAMPLES / "chat_with_server.py",
            message,
            env={"TALKIE_URL": origin, "TALKIE_TOKEN": token},
        )
    assert "assistant: Ahoj, tady Vendula Králová" in out
    assert re.search(r"thread thr_\w+ holds 2 messages", out)


def test_ci_sample_uses_only_options_the_conformance_cli_has() -> None:
    workflow = yaml.safe_load((SAMPLES / "conformance-ci.yml").read_text(encoding="utf-8"))
    lines = [
        line.strip()
        for step in workflow["jobs"]["conformance"]["steps"]
        for line in step.get("run", "").splitlines()
    ]
    commands = [line for line in lines if line.startswith("talkie-conformance ")]
    assert {command.split()[1] for command in commands} == {"run", "fuzz"}
    cli = shutil.which("talkie-conformance", path=str(Path(sys.executable).parent))
    assert cli, "talkie-conformance is not installed in this environment"
    for command in commands:
        subcommand = command.split()[1]
        help_text = subprocess.run(
            [cli, subcommand, "--help"], capture_output=True, text=True, timeout=60
        ).stdout
        for option in re.findall(r"(--[a-z][a-z-]*)", command):
            assert option in help_text, f"`talkie-conformance {subcommand}` has no {option}"


# -- the hook's guards -------------------------------------------------------------------------------------


def test_a_marker_naming_an_unknown_rule_fails_the_strict_build(tmp_path: Path) -> None:
    for name in (
        "schemas",
        "spec",
        "tools",
        "models",
        "conformance",
        "mock",
        "pyproject.toml",
        "CHANGELOG.md",
    ):
        (tmp_path / name).symlink_to(ROOT / name)
    shutil.copytree(ROOT / "docs", tmp_path / "docs", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    runs = tmp_path / "docs" / "spec" / "runs.md"
    runs.write_text(runs.read_text(encoding="utf-8") + "\n[[RUN-999]]\n", encoding="utf-8")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "out")]
    result = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode != 0, "a strict build accepted an unknown rule ID"
    assert "RUN-999" in result.stdout + result.stderr


def test_publishing_workflow_runs_the_strict_build() -> None:
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "docs.yml").read_text(encoding="utf-8"))
    runs = [step.get("run", "") for job in workflow["jobs"].values() for step in job.get("steps", [])]
    assert "python3 dev.py docs build" in runs
    uses = [step.get("uses", "") for job in workflow["jobs"].values() for step in job.get("steps", [])]
    assert any(use.startswith("actions/deploy-pages@") for use in uses)
    dev = (ROOT / "dev.py").read_text(encoding="utf-8")
    assert '"build", "--strict"' in dev


def test_baseline_sample_is_a_valid_baseline_of_real_rules() -> None:
    from talkie_conformance.baseline import load_baseline

    entries = load_baseline(SAMPLES / "conformance-baseline.yaml")
    known = {rule["id"] for rule in rules()}
    assert entries
    assert {entry.rule for entry in entries} <= known
    assert all(entry.reason for entry in entries)


def test_installs_by_name_name_their_release() -> None:
    """A `pip install talkie-…` or `npm install talkie-…` from a registry names, on its line, the release
    that brings it (N-141); otherwise pages install from a clone or its wheels (N-49)."""
    with (ROOT / "models" / "pyproject.toml").open("rb") as handle:
        release = f"release {tomllib.load(handle)['project']['version']}"
    found = []
    for path in [*(ROOT / "docs").rglob("*.md"), *(ROOT / "docs" / "samples").iterdir(), ROOT / "README.md"]:
        if not path.is_file():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for command in re.findall(r"(?:pip|npm) install ([^#;&|]*)", line):
                words = [word.strip("`'\"") for word in command.split()]
                names = [word for word in words if re.match(r"talkie[-_]", word)]
                if names and release not in line:
                    found.append(f"{path.relative_to(ROOT)}:{number}: {names}")
    assert found == []
