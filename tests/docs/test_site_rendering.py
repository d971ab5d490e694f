"""How the site reads in Chromium, on a desktop and a phone, light and dark: each test guards one fix.

Measured in the browser: table and diagram geometry at 1400 px and 420 px, label contrast from computed
colours, the Redoc frame's colours, the order of search results, the diagrams' palette, the notes' lists
and anchors, section links and the rule matrix's filters. Screenshots land in `test-artifacts/docs/`.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_site import ROOT, rules
from test_site_browser import ARTIFACTS, recording_page

pytestmark = pytest.mark.slow

WIDTHS = (1400, 420)
WIDE_TABLES = {
    "reference/rules/": ".talkie-matrix table",
    "reference/openapi/": ".talkie-operations table",
    "guides/server-checklist/": ".talkie-checklist table",
}
DIAGRAM_PAGES = ("guides/sequences/", "spec/actions/", "spec/authentication/")
MIN_TEXT_PX = 12
MIN_CONTRAST = 4.5

# Relative luminance and contrast (WCAG 2.x) of computed colours, with translucent backgrounds composited
# from the root down, so the ratio is the one the reader sees.
CONTRAST_JS = """
(selector) => {
  const parse = (value) => {
    const m = value.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return [0, 0, 0, 0];
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, bottom) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat([1]);
  };
  const background = (element) => {
    const layers = [];
    for (let node = element; node; node = node.parentElement) {
      layers.push(parse(getComputedStyle(node).backgroundColor));
    }
    let color = [255, 255, 255, 1];
    for (const layer of layers.reverse()) color = over(layer, color);
    return color;
  };
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  return Array.from(document.querySelectorAll(selector)).slice(0, 400).map((el) => {
    const bg = background(el);
    const fg = over(parse(getComputedStyle(el).color), bg);
    return [el.textContent.trim(), ratio(fg, bg), luminance(bg)];
  });
}
"""

SHOWN_DIAGRAMS = (  # the copy of each diagram in the palette in use
    "Array.from(document.querySelectorAll('.talkie-diagram svg')).filter((s) => s.getClientRects().length)"
)
TEXT_SIZES_JS = f"""
() => {SHOWN_DIAGRAMS}.map((svg) => {{
  const box = svg.viewBox.baseVal;
  const scale = box && box.width ? svg.getBoundingClientRect().width / box.width : 1;
  const labels = Array.from(svg.querySelectorAll('text, foreignObject span, foreignObject p'))
    .filter((el) => el.textContent.trim());
  const sizes = labels.map((el) => parseFloat(getComputedStyle(el).fontSize) * scale);
  const column = document.querySelector('article').getBoundingClientRect().width;
  return {{labels: labels.length, smallest: Math.min(...sizes), scale,
          width: svg.getBoundingClientRect().width, column}};
}})
"""


def _open(browser: Any, width: int = 1400, scheme: str = "light") -> tuple[Any, list[str]]:
    requested: list[str] = []
    page = recording_page(browser, requested, viewport={"width": width, "height": 900}, color_scheme=scheme)
    return page, requested


def _shot(page: Any, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


@pytest.mark.parametrize("width", WIDTHS)
def test_wide_tables_stay_inside_the_page(browser: Any, site_url: str, width: int) -> None:
    page, _ = _open(browser, width)
    try:
        for path, selector in WIDE_TABLES.items():
            page.goto(site_url + path)
            box = page.evaluate(
                """(selector) => {
                  const table = document.querySelector(selector);
                  const wrap = table.closest('.md-typeset__scrollwrap');
                  const article = document.querySelector('article').getBoundingClientRect();
                  return {page: document.documentElement.scrollWidth, viewport: innerWidth,
                          wrapRight: wrap.getBoundingClientRect().right, articleRight: article.right,
                          hidden: wrap.scrollWidth - wrap.clientWidth,
                          overflow: getComputedStyle(wrap).overflowX};
                }""",
                selector,
            )
            _shot(page, f"table-{path.strip('/').replace('/', '-')}-{width}")
            assert box["page"] <= box["viewport"], f"{path} scrolls sideways at {width} px: {box}"
            assert box["wrapRight"] <= box["articleRight"] + 1, f"{path} leaves its column at {width} px"
            if width >= 1400:
                assert box["hidden"] <= 1, f"{path}: {box['hidden']} px of the table hidden at {width} px"
            elif "checklist" not in path:  # a checklist is a list of cards on a phone: nothing to scroll
                assert box["overflow"] in ("auto", "scroll"), f"{path} cannot be scrolled at {width} px"
    finally:
        page.context.close()


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_requirement_labels_have_enough_contrast(browser: Any, site_url: str, scheme: str) -> None:
    page, _ = _open(browser, scheme=scheme)
    try:
        for path in ("spec/runs/", "reference/rules/", "guides/client-checklist/"):
            page.goto(site_url + path)
            palette = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
            assert palette == ("slate" if scheme == "dark" else "default")
            measured = page.evaluate(CONTRAST_JS, ".talkie-rule__level")
            assert measured, f"no level labels on {path}"
            levels = {text for text, _, _ in measured}
            assert levels >= {"MUST", "SHOULD", "MAY"} or path != "reference/rules/"
            worst = min(measured, key=lambda item: item[1])
            assert worst[1] >= MIN_CONTRAST, f"{path} ({scheme}): {worst[0]} at {worst[1]:.2f}:1"
            if scheme == "dark":
                assert all(bg < 0.1 for _, _, bg in measured), "dark mode but a light background"
        _shot(page, f"labels-{scheme}")
    finally:
        page.context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_diagrams_are_readable_and_scroll_on_a_phone(browser: Any, site_url: str, width: int) -> None:
    page, _ = _open(browser, width)
    try:
        for path in DIAGRAM_PAGES:
            page.goto(site_url + path)
            shown = page.evaluate(TEXT_SIZES_JS)
            assert len(shown) == page.locator(".talkie-diagram").count() > 0, f"{path}: one copy per diagram"
            for diagram in shown:
                assert diagram["labels"] > 0
                assert diagram["smallest"] >= MIN_TEXT_PX, f"{path} at {width} px: {diagram}"
                if width >= 1400:  # on a desktop every diagram fits the text column at full size
                    assert diagram["width"] <= diagram["column"], f"{path} at {width} px: {diagram}"
            geometry = page.evaluate(
                """() => Array.from(document.querySelectorAll('.talkie-diagram__canvas'))
                  .filter((c) => c.getClientRects().length).map((c) => (
                  {overflow: getComputedStyle(c).overflowX, wider: c.scrollWidth > c.clientWidth + 1}))"""
            )
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), path
            assert all(g["overflow"] in ("auto", "scroll") for g in geometry), geometry
            if width < 1400 and path == "guides/sequences/":
                assert any(g["wider"] for g in geometry), "a sequence diagram fits 420 px only by shrinking"
            page.locator(".talkie-diagram").first.scroll_into_view_if_needed()
            _shot(page, f"diagram-{path.strip('/').replace('/', '-')}-{width}")
    finally:
        page.context.close()


def test_embedded_redoc_follows_dark_mode(browser: Any, site_url: str) -> None:
    for scheme, rendering in (("dark", "redoc-dark.html"), ("light", "redoc.html")):
        page, requested = _open(browser, scheme=scheme)
        try:
            page.goto(site_url + "reference/openapi/")
            frame_element = page.locator("iframe.talkie-redoc")
            frame_element.scroll_into_view_if_needed()
            assert str(frame_element.get_attribute("src")).endswith(rendering)
            frame = frame_element.element_handle().content_frame()
            frame.wait_for_selector("h1", timeout=30_000)
            measured = frame.evaluate(CONTRAST_JS, "h1, p")
            assert measured
            background = measured[0][2]
            assert (background < 0.1) == (scheme == "dark"), (
                f"{scheme}: background luminance {background:.2f}"
            )
            assert min(ratio for _, ratio, _ in measured[:20]) >= MIN_CONTRAST
            _shot(page, f"redoc-openapi-{scheme}")
            if scheme == "light":  # toggling the palette swaps the rendering without a reload
                page.locator("label.md-header__button[for^='__palette']").first.click()
                page.wait_for_function(
                    "document.querySelector('iframe.talkie-redoc').getAttribute('src').endsWith('redoc-dark.html')"
                )
            assert not [url for url in requested if not url.startswith(site_url)]
        finally:
            page.context.close()


def test_control_api_links_its_redoc_rendering_in_the_palette_in_use(browser: Any, site_url: str) -> None:
    """The control API page loads no Redoc (over 2 MB) until it is opened; its link follows the palette."""
    for scheme, rendering in (("dark", "redoc-dark.html"), ("light", "redoc.html")):
        page, requested = _open(browser, scheme=scheme)
        try:
            page.goto(site_url + "reference/control-api/", wait_until="networkidle")
            assert not [url for url in requested if "redoc" in url]
            link = page.locator("a.talkie-redoc-link")
            assert link.get_attribute("href") == rendering
            if scheme == "light":
                page.locator("label.md-header__button[for^='__palette']").first.click()
                page.wait_for_function(
                    "document.querySelector('a.talkie-redoc-link').getAttribute('href') === 'redoc-dark.html'"
                )
            link.click()  # dark by now in both runs: the palette was dark, or the reader toggled it
            page.wait_for_url("**/reference/control-api/redoc-dark.html")
            page.locator("h1").first.wait_for(timeout=30_000)
            if scheme == "dark":
                assert page.evaluate(CONTRAST_JS, "h1")[0][2] < 0.1, "the dark rendering is not dark"
        finally:
            page.context.close()


@pytest.mark.parametrize("rule_id", ["ACT-010", "AUTH-010", "RUN-004", "VOICE-021"])
def test_searching_a_rule_id_finds_that_rule_first(browser: Any, site_url: str, rule_id: str) -> None:
    page, _ = _open(browser)
    try:
        page.goto(site_url)
        search = page.locator("input.md-search__input")
        search.click()
        search.press_sequentially(rule_id, delay=30)
        # Results are redrawn per keystroke: wait for those of the whole ID (both of its halves highlighted).
        halves = "+".join(rule_id.lower().split("-"))
        page.wait_for_function(
            "(halves) => Array.from(document.querySelectorAll('.md-search-result__link'))"
            ".some((a) => a.getAttribute('href').includes('h=' + halves))",
            arg=halves,
            timeout=20_000,
        )
        links = page.evaluate(
            "Array.from(document.querySelectorAll('.md-search-result__item a.md-search-result__link'))"
            ".map((a) => a.getAttribute('href'))"
        )
        _shot(page, f"search-{rule_id}")
        sections = [link for link in links if "#" in link]
        assert sections, f"no section results for {rule_id}"
        assert sections[0].endswith(f"#{rule_id}"), f"first result for {rule_id}: {links[:3]}"
        assert links[0].split("?")[0] == sections[0].split("?")[0], "the rule's page is not the first group"
    finally:
        page.context.close()


def test_no_page_loads_a_diagram_script_or_the_search_index_before_search_opens(
    browser: Any, site_url: str
) -> None:
    page, requested = _open(browser)
    try:
        for path in ("", "spec/runs/", "spec/actions/", "guides/sequences/"):
            page.goto(site_url + path, wait_until="networkidle")
        assert not [url for url in requested if "mermaid" in url or url.endswith(".mjs")]
        assert not [url for url in requested if "search_index" in url]
        page.locator("input.md-search__input").click()
        page.wait_for_function(
            "() => performance.getEntriesByType('resource')"
            ".some((e) => e.name.endsWith('search/search_index.json'))",
            timeout=20_000,
        )
    finally:
        page.context.close()


def test_notes_have_anchors_lists_and_section_links(browser: Any, site_url: str) -> None:
    source = (ROOT / "spec" / "notes.md").read_text(encoding="utf-8")
    lists = len(re.findall(r"^\*\*Decision\.\*\*\s*\n\n- ", source, re.M))
    page, _ = _open(browser)
    try:
        page.goto(site_url + "spec/notes/#N-04")
        heading = page.locator("#N-04")
        assert heading.is_visible()
        assert heading.inner_text().startswith("N-04")
        assert heading.bounding_box()["y"] < 200, "the anchor does not scroll to its note"
        rendered = page.evaluate(
            """() => Array.from(document.querySelectorAll('article p > strong'))
                 .filter((s) => s.parentElement.textContent.trim() === 'Decision.')
                 .filter((s) => s.parentElement.nextElementSibling?.tagName === 'UL').length"""
        )
        assert rendered == lists
        _shot(page, "notes")
        page.locator("a.talkie-section", has_text="§8").first.click()
        page.wait_for_url("**/spec/actions/")
    finally:
        page.context.close()


def test_rule_matrix_filters_by_side_level_and_section(browser: Any, site_url: str) -> None:
    catalogue = rules()
    page, _ = _open(browser)
    try:
        page.goto(site_url + "reference/rules/")
        form = page.locator("form.talkie-filter")
        assert form.is_visible()
        form.locator("select[name=side]").select_option("client")
        form.locator("select[name=level]").select_option("MUST")
        expected = [r for r in catalogue if r["side"] in ("client", "both") and r["level"] == "MUST"]
        visible = page.locator(".talkie-matrix tbody tr:not([hidden])")
        assert visible.count() == len(expected)
        assert form.locator("output").inner_text() == f"{len(expected)} of {len(catalogue)} rules"
        form.locator("select[name=section]").select_option("8")
        in_section = [r for r in expected if r["section"].split(".")[0] == "8"]
        assert visible.count() == len(in_section)
        _shot(page, "matrix-filtered")
    finally:
        page.context.close()


def test_the_diagram_shown_follows_the_palette(browser: Any, site_url: str) -> None:
    page, _ = _open(browser, scheme="light")
    # The theme's colours live in the diagram's own <style>; ids aside, it differs only with the theme.
    theme = (
        f"() => {{ const svg = {SHOWN_DIAGRAMS}[0]; const style = svg && svg.querySelector('style');"
        " return style ? style.textContent.replace(/#talkie-d[\\w-]+/g, '') : ''; }"
    )
    try:
        page.goto(site_url + "spec/actions/")
        light = page.evaluate(theme)
        assert "fill" in light
        assert page.locator(".talkie-diagram__canvas--light").first.is_visible()
        page.locator("label.md-header__button[for^='__palette']").first.click()
        page.wait_for_function("window.talkiePalette.dark()")
        assert page.locator(".talkie-diagram__canvas--dark").first.is_visible()
        assert page.locator(".talkie-diagram__canvas--light").first.is_hidden()
        dark = page.evaluate(theme)
        assert "fill" in dark
        assert dark != light
        _shot(page, "diagram-dark")
    finally:
        page.context.close()
