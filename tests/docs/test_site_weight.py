"""Page weight: every page of the built site, opened in Chromium, loads at most 1.5 MB (uncompressed).

A page's weight is its HTML plus every resource it loads (styles, scripts, workers, images, frames) until
the network is idle, each counted by the bytes of its decoded body, in a fresh browser context (nothing
cached). The OpenAPI page is the one exception: it embeds the Redoc rendering of the whole contract. The
Redoc renderings themselves are documents a reader opens on purpose (Redoc's renderer alone is over 2 MB);
no other page may load them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_site import REDOC_PAGES

pytestmark = pytest.mark.slow

LIMIT = 1_500_000
EXEMPT = {"reference/openapi/"}  # embeds Redoc, by design
HEAVIEST = 5  # resources named when a page is over the limit


def _site_pages(site: Path) -> list[str]:
    """Every HTML document of the site as a path under its root (`spec/runs/`, `404.html`), Redoc's aside."""
    redoc = {path.as_posix() for path in REDOC_PAGES}
    found = []
    for path in sorted(site.rglob("*.html")):
        relative = path.relative_to(site).as_posix()
        if relative in redoc:
            continue
        found.append(relative.removesuffix("index.html"))
    return found


def _weigh(browser: Any, url: str) -> list[tuple[int, str]]:
    """(bytes, URL) of the page and of every resource it loaded, heaviest first."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    responses: list[Any] = []
    context.on("response", lambda response: responses.append(response))
    try:
        page = context.new_page()
        page.goto(url, wait_until="networkidle")
        weighed = []
        for response in responses:
            if response.url.startswith(("data:", "blob:")):
                continue  # part of a resource already counted
            try:
                size = len(response.body())
            except Exception:  # a redirect or a body the browser did not keep: count its declared length
                size = int(response.headers.get("content-length", "0"))
            weighed.append((size, response.url))
        return sorted(weighed, reverse=True)
    finally:
        context.close()


def test_every_page_weighs_at_most_1_5_mb(browser: Any, site_url: str, built_site: Path) -> None:
    paths = _site_pages(built_site)
    assert len(paths) > 50, "the site has fewer pages than expected"
    heavy: dict[str, str] = {}
    redoc_loaded: dict[str, list[str]] = {}
    for path in paths:
        weighed = _weigh(browser, site_url + path)
        assert any(url.rstrip("/") == (site_url + path).rstrip("/") for _, url in weighed), path
        total = sum(size for size, _ in weighed)
        if path in EXEMPT:
            continue
        frames = [url for _, url in weighed if "redoc" in url.rsplit("/", 1)[-1]]
        if frames:
            redoc_loaded[path] = frames
        if total > LIMIT:
            named = weighed[:HEAVIEST]
            top = ", ".join(f"{url.removeprefix(site_url)} {n / 1000:.0f} kB" for n, url in named)
            heavy[path or "/"] = f"{total / 1e6:.2f} MB: {top}"
    assert heavy == {}
    assert redoc_loaded == {}
