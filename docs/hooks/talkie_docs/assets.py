"""The site's own browser scripts, added to every page (small; nothing is fetched from another host).

Diagrams need none: they are drawn at build time (see `diagrams`). The search index is fetched only when
the reader opens search (`search-on-demand.js`, loaded ahead of Material's bundle by overrides/main.html).
"""

from __future__ import annotations

FILTER_URI = "assets/javascripts/rule-filter.js"
PALETTE_URI = "assets/javascripts/palette.js"  # the palette for our scripts; dark Redoc in dark mode
SCROLL_URI = "assets/javascripts/scroll-regions.js"  # a table that scrolls sideways takes the focus
SITE_SCRIPTS = (FILTER_URI, PALETTE_URI, SCROLL_URI)
SEARCH_ON_DEMAND_URI = "assets/javascripts/search-on-demand.js"  # named in docs/overrides/main.html
