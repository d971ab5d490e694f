"""What a newcomer checks first on the site: links with a name and none inside another, honest levels, whole
quotes, a footer that says whose it is, the downloads, a changelog that reads as releases, and search that
finds a word next to punctuation. The built HTML is read as text: markup alone decides these.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import yaml
from test_site import ROOT, rules


class _Links(HTMLParser):
    """Counts links inside links and links with no accessible name."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.nested = 0
        self.unnamed = 0
        self._text: list[str] = []
        self._named = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a" and dict(attrs).get("href") is not None:
            self.depth += 1
            if self.depth > 1:
                self.nested += 1
            self._text = []
            values = dict(attrs)
            self._named = bool(values.get("aria-label") or values.get("title"))
        elif tag in ("img", "svg") and self.depth:
            self._named = self._named or bool(dict(attrs).get("alt") or dict(attrs).get("aria-label"))

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self.depth:
            if not self._named and not "".join(self._text).strip():
                self.unnamed += 1
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self._text.append(data)


def _html_pages(site: Path) -> list[tuple[str, str]]:
    """Every page of the site built by MkDocs (site-relative path, HTML); Redoc's own pages left out."""
    found = []
    for path in sorted(site.rglob("index.html")):
        relative = path.relative_to(site).as_posix()
        found.append((relative, path.read_text(encoding="utf-8")))
    return found


def _content(html: str) -> str:
    """The article of a page (Material's own chrome is tested by its authors)."""
    match = re.search(r"<article[^>]*>(.*)</article>", html, re.S)
    return match.group(1) if match else html


def test_no_page_nests_a_link_or_has_a_link_without_a_name(built_site: Path) -> None:
    found: list[str] = []
    for relative, html in _html_pages(built_site):
        parser = _Links()
        parser.feed(_content(html))
        if parser.nested or parser.unnamed:
            found.append(f"{relative}: {parser.nested} nested, {parser.unnamed} without a name")
    assert found == []


def test_a_level_says_where_it_comes_from(built_site: Path) -> None:
    """A keyword in capitals only where the specification has it; our readings and notes say so."""
    html = (built_site / "reference" / "rules" / "index.html").read_text(encoding="utf-8")
    labels = re.findall(
        r'<span class="talkie-rule__level [^"]*talkie-rule__level--(\w+)"[^>]*>(.*?)</span>', html
    )
    kinds = {kind for kind, _ in labels}
    assert {"specification", "inferred"} <= kinds, kinds
    for kind, text in labels:
        if kind == "specification":
            assert text.isupper(), text
        elif kind in ("inferred", "note"):
            assert not re.match(r"[A-Z]{3}", text), f"a {kind} level shown as a keyword: {text}"
            assert ("our reading" if kind == "inferred" else "note") in text, text
    catalogue = {rule["id"]: rule for rule in rules()}
    block = re.compile(
        r'<div class="talkie-rule" id="([A-Z]+-\d{3})">.*?talkie-rule__level--(\w+)"[^>]*>([^<]*)'
    )
    shown: dict[str, tuple[str, str]] = {}
    for path in (built_site / "spec").rglob("index.html"):
        for rule_id, kind, text in block.findall(path.read_text(encoding="utf-8")):
            shown[rule_id] = (kind, text)
    for rule_id, rule in catalogue.items():
        if rule.get("basis") == "note":
            kind, text = shown[rule_id]
            assert kind == "note", f"{rule_id} is note-based, shown as {kind}"
            assert text == text.lower(), f"{rule_id} is note-based, shown as {text!r}"


def test_basis_quotes_are_whole_sentences(built_site: Path) -> None:
    cut: list[str] = []
    for name in ("server-checklist", "client-checklist"):
        html = (built_site / "guides" / name / "index.html").read_text(encoding="utf-8")
        for quote in re.findall(r'<q class="talkie-basis__quote">(.*?)</q>', html, re.S):
            if re.fullmatch(r"\s*<code>[^<]*</code>\s*", quote):
                continue  # a line of one of the specification's examples, quoted as it stands
            text = re.sub(r"<[^>]+>", "", quote).strip()
            # a sentence ends with its punctuation; a table row's cells, a code line or an arrow to an example
            # are quoted whole too
            if not re.search(r"[.!?:)\]}→`*]$", text) and " · " not in text:
                cut.append(f"{name}: {text[-60:]}")
    assert cut == [], f"{len(cut)} quotes stop mid-sentence: {cut[:5]}"


def test_every_page_names_its_licence_versions_and_repository(built_site: Path) -> None:
    config = yaml.safe_load(
        re.sub(r"!!python/name:\S+|!ENV \[(\w+), (\"[^\"]+\")\]", r"\2", (ROOT / "mkdocs.yml").read_text())
    )
    repository = config["extra"]["repository"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    for relative, html in _html_pages(built_site):
        footer = html[html.find('<footer class="md-footer"') :]
        links = {text: href for href, text in re.findall(r'<a href="([^"]*)">([^<]+)</a>', footer)}
        here = relative.removesuffix("index.html")
        assert links.get("MIT licence", "").endswith("license/" if here != "license/" else "./"), relative
        assert links.get("Versions", "").endswith("versioning/" if here != "versioning/" else "./"), relative
        assert links.get("Source repository") == repository, relative
    licence = (built_site / "license" / "index.html").read_text(encoding="utf-8")
    assert "Permission is hereby granted" in licence


def test_the_downloads_page_links_every_bundle(built_site: Path) -> None:
    html = (built_site / "reference" / "downloads" / "index.html").read_text(encoding="utf-8")
    linked = set(re.findall(r'href="\.\./\.\./((?:openapi|schemas)/[^"]+)"', html))
    bundles = {
        path.relative_to(built_site).as_posix()
        for path in [*built_site.glob("openapi/**/*.yaml"), *built_site.glob("schemas/talkie-*.json")]
    }
    assert bundles, "the site publishes no bundle"
    assert bundles <= linked, bundles - linked


def test_search_splits_words_at_punctuation(built_site: Path) -> None:
    """The index's separator (lunr splits both the pages and the query with it)."""
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    separator = re.compile(index["config"]["separator"])
    assert "idempotent" in separator.split("(idempotent retry)")
    assert "offline_access" in separator.split('["talkie", "offline_access"]')
    assert "offline_access" in separator.split("`offline_access`,")
    assert "§2.1" in separator.split("§2.1 OAuth")


def test_the_changelog_reads_as_releases(built_site: Path) -> None:
    """One heading per release, each kind of change once under it, nested lists that render nested, and the
    banner's version and status taken from the top release."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = re.split(r"^## ", text, flags=re.M)[1:]
    assert releases, "the changelog has no release"
    for release in releases:
        kinds = re.findall(r"^### (\w+)", release, re.M)
        assert len(kinds) == len(set(kinds)), f"{release.splitlines()[0]}: {kinds}"
        assert not re.search(r"^  - ", release, re.M), "a nested bullet needs four spaces to render nested"
    top = re.match(r"\[([^\]]+)\](?: — (.+))?", releases[0])
    assert top, releases[0].splitlines()[0]
    toolkit = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M)
    assert toolkit, "the workspace has a version"
    assert top.group(1) == toolkit.group(1), "the top release is the toolkit's version"
    html = (built_site / "changelog" / "index.html").read_text(encoding="utf-8")
    assert re.search(r"<li>(?:(?!</li>).)*<ul>", html, re.S), "nested bullets render flat"
    home = (built_site / "index.html").read_text(encoding="utf-8")
    banner = re.search(r'<p class="talkie-banner">(.*?)</p>', home, re.S)
    assert banner, "the version banner"
    shown = " ".join(re.sub(r"<[^>]+>", "", banner.group(1)).split())
    assert f"Talkie Toolkit {top.group(1)}" in shown
    if top.group(2):
        assert f"({top.group(2)})" in shown, shown
    for word in ("(issue ", "µs"):
        assert word not in text, f"the toolkit changelog speaks of {word!r}"
