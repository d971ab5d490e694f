"""MkDocs event handlers: load the contract, add the generated pages, expand rule markers, draw diagrams.

Nothing generated is committed: every reference page exists only in the build, created here with
`File.generated`, and is rebuilt from schemas/, spec/ and the conformance registry on every build.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.livereload import LiveReloadServer
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from . import (
    assets,
    basis,
    checklists,
    checks,
    client_suite,
    control_api,
    diagrams,
    endpoints,
    error_codes,
    examples_page,
    facts,
    inspector,
    openapi,
    published,
    rules,
    schema_pages,
    search,
    sections,
    voice,
)
from .contract import Contract, load_contract

log = logging.getLogger("mkdocs.plugins.talkie")
SCHEMA_INDEX_URI = "reference/schemas/index.md"
WATCHED = (
    "schemas",
    "spec",
    "models/examples",
    "docs/hooks",
    "mock/src/talkie_mock/devtools",  # the control API document and the inspector's verdicts
)


@dataclass
class _Site:
    """Per-build state shared between the events of one build."""

    contract: Contract | None = None
    placement: rules.Placement | None = None
    linker: sections.SectionLinker | None = None
    rule_urls: dict[str, str] = field(default_factory=dict)
    diagram_sources: list[str] = field(default_factory=list)
    drawn: dict[str, diagrams.Drawn] = field(default_factory=dict)


_site = _Site()


def _root(config: MkDocsConfig) -> Path:
    return Path(config.config_file_path).resolve().parent


def _nav_entries(contract: Contract) -> list[Any]:
    entries: list[Any] = [SCHEMA_INDEX_URI]
    for group, files in schema_pages.grouped(contract):
        entries.append({group: [{s.title: schema_pages.schema_uri(s.stem)} for s in files]})
    return entries


def _expand_nav(items: Any, contract: Contract) -> Any:
    """Replace the schema index entry of the nav by the index plus one entry per schema, grouped."""
    if isinstance(items, list):
        expanded: list[Any] = []
        for item in items:
            if item == SCHEMA_INDEX_URI:
                expanded += _nav_entries(contract)
            elif isinstance(item, dict) and SCHEMA_INDEX_URI in item.values():
                title = next(iter(item))
                expanded.append({title: _nav_entries(contract)})
            else:
                expanded.append(_expand_nav(item, contract))
        return expanded
    if isinstance(items, dict):
        return {key: _expand_nav(value, contract) for key, value in items.items()}
    return items


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Load the contract, anchor snippets at the repository root, add the site scripts and the schema nav."""
    root = _root(config)
    contract = load_contract(root)
    _site.contract = contract
    _site.diagram_sources = []
    _site.drawn = {}
    snippets = config.mdx_configs.setdefault("pymdownx.snippets", {})
    snippets["base_path"] = [str(root)]
    for script in assets.SITE_SCRIPTS:
        if script not in config.extra_javascript:
            config.extra_javascript.append(script)
    config.extra["talkie"] = facts.banner(root)
    linker = sections.SectionLinker(
        sections.section_pages(contract, rules.AREA_PAGE), sections.section_titles(basis.spec_lines(contract))
    )
    _site.linker = linker
    # Python-Markdown takes Extension instances beside names; MkDocs passes the list on unchanged.
    config.markdown_extensions.append(sections.SectionExtension(linker))  # type: ignore[arg-type]
    if config.nav is not None:
        config.nav = _expand_nav(config.nav, contract)
    return config


def _generated(config: MkDocsConfig, files: Files, uri: str, content: str | bytes) -> None:
    existing = files.get_file_from_path(uri)
    if existing is not None:
        files.remove(existing)
    files.append(File.generated(config, uri, content=content))


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated reference pages and assets, and place every rule on a spec page."""
    contract = _site.contract
    assert contract is not None, "on_config runs first"
    if not contract.schemas:
        log.warning("talkie: no schemas found in %s", contract.schemas_dir)
    referrers = schema_pages.used_by(contract)
    _generated(config, files, SCHEMA_INDEX_URI, schema_pages.render_index_page(contract))
    for stem, schema in contract.schemas.items():
        page = schema_pages.render_schema_page(contract, schema, referrers[stem])
        _generated(config, files, schema_pages.schema_uri(stem), page)
    _generated(config, files, "reference/errors.md", error_codes.render_error_page(contract))
    _generated(config, files, "reference/examples.md", examples_page.render_examples_page(contract))

    placement = rules.place_rules(contract.rules, rules.spec_sources(Path(config.docs_dir)))
    _site.placement = placement
    if _site.linker is not None:
        _site.linker.rules = dict(placement.page_of)
    for uri, rule_id in placement.unknown:
        log.warning("talkie: %s names rule %s, which spec/rules.yaml does not have", uri, rule_id)
    for uri, rule_id in placement.duplicates:
        log.warning("talkie: rule %s is placed twice (again in %s)", rule_id, uri)
    for uri, rule_ids in placement.leftovers.items():
        log.info("talkie: %s gets unplaced rules under 'Further rules': %s", uri, ", ".join(rule_ids))
    coverage = rules.Coverage(
        checks=checks.checks_by_rule(),
        fuzz=checks.fuzz_checks_by_rule(),
        inspector=inspector.inspector_rules(contract.root),
        scenarios=client_suite.scenarios_by_rule(),
    )
    matrix = rules.render_matrix(contract, placement, coverage)
    _generated(config, files, rules.MATRIX_URI, matrix)
    for role in checklists.ROLES:
        _generated(config, files, role.uri, checklists.render(role, contract, placement, coverage))
    _generated(config, files, endpoints.PAGE_URI, endpoints.render_page(contract))
    _generated(config, files, basis.SPEC_URI, basis.render_protocol_text(contract))
    _site.rule_urls = {
        rule_id: file.url
        for rule_id, uri in placement.page_of.items()
        if (file := files.get_file_from_path(uri)) is not None
    }

    redoc = openapi.build_redoc(contract)
    redoc_dark = openapi.build_redoc(contract, dark=True) if redoc is not None else None
    if redoc is None or redoc_dark is None:
        log.warning("talkie: the Redoc rendering of spec/openapi.yaml was not built")
    else:
        files.append(File.generated(config, openapi.REDOC_URI, content=redoc))
        files.append(File.generated(config, openapi.REDOC_DARK_URI, content=redoc_dark))
    _generated(
        config, files, "reference/openapi.md", openapi.render_openapi_page(contract, redoc is not None)
    )

    _control_api(config, files, contract.root)

    # The contract files themselves, each at the URL its `$id` names (see `published`), and the page
    # that links the single-file bundles.
    _generated(config, files, published.DOWNLOADS_URI, published.render_downloads_page(contract.root))
    for uri, content in published.published(contract.root).items():
        _generated(config, files, uri, content)

    return files


def _control_api(config: MkDocsConfig, files: Files, root: Path) -> None:
    """The mock's control API page and its Redoc rendering."""
    document = control_api.load(root)
    if not document:
        log.warning("talkie: %s not found; the control API page is empty", control_api.SOURCE)
    redoc = control_api.build_redoc(root) if document else None
    redoc_dark = control_api.build_redoc(root, dark=True) if redoc is not None else None
    if document and (redoc is None or redoc_dark is None):
        log.warning("talkie: the Redoc rendering of the mock's control API was not built")
        redoc = None
    if redoc is not None and redoc_dark is not None:
        files.append(File.generated(config, control_api.REDOC_URI, content=redoc))
        files.append(File.generated(config, control_api.REDOC_DARK_URI, content=redoc_dark))
    _generated(config, files, control_api.PAGE_URI, control_api.render_page(document, redoc is not None))


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Expand protocol values everywhere, and `[[RULE-ID]]` and `[[endpoint:KEY]]` markers of spec pages."""
    contract, placement, linker = _site.contract, _site.placement, _site.linker
    uri = page.file.src_uri
    if linker is not None:
        linker.current = uri  # pages are converted one at a time, right after this event
    _site.diagram_sources += diagrams.sources(markdown)
    markdown, unknown = facts.expand(markdown)
    for name in unknown:
        log.warning("talkie: %s names talkie_models.protocol.%s, which does not exist", uri, name)
    markdown, unknown = voice.expand(markdown)
    for name in unknown:
        log.warning("talkie: %s has an unknown marker [[voice:%s]]", uri, name)
    if contract is None or placement is None or not uri.startswith(rules.SPEC_DIR + "/"):
        return markdown
    markdown = endpoints.expand_markers(markdown, uri, contract)
    return rules.expand_markers(markdown, uri, contract, placement)


def on_env(env: Environment, config: MkDocsConfig, files: Files) -> Environment:
    """Draw every page's diagrams in one Chromium session (all pages' Markdown has been read by now)."""
    if _site.diagram_sources:
        try:
            _site.drawn = diagrams.draw(_root(config), _site.diagram_sources)
        except diagrams.DiagramError as exc:
            log.warning("talkie: the diagrams were not drawn: %s", exc)
    return env


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Put each diagram's inline SVG where its fence is."""
    output, missing = diagrams.replace(output, _site.drawn)
    if missing and _site.drawn:
        uri = page.file.src_uri
        log.warning("talkie: %s has diagrams that were not drawn: %s", uri, diagrams.describe(missing))
    return output


def on_post_build(config: MkDocsConfig) -> None:
    """Give every rule its own search entry (see `search`)."""
    contract = _site.contract
    if contract is None:
        return
    entries = search.rule_entries(contract.rules, _site.rule_urls)
    if not search.add_rule_entries(Path(config.site_dir), entries):
        log.warning("talkie: the site has no search index; rule IDs are not searchable")


def on_serve(server: LiveReloadServer, config: MkDocsConfig, builder: Any) -> LiveReloadServer:
    """Rebuild `mkdocs serve` when the contract, the notes or the included examples change."""
    root = _root(config)
    for name in WATCHED:
        if (root / name).exists():
            server.watch(str(root / name))
    return server
