"""Which surface a path belongs to, decided once for CORS (`api.cors`) and the guard (`devtools.guard`).

The talkie/1 surface is what an app calls: open to pages on other origins, never behind the developer
secret. The developer surfaces (`/_mock/…`, the OAuth account pages) are guarded and never CORS-open. One
talkie/1 endpoint lives under `/_mock/`: the signalling URL the mock hands to apps as `signaling.url`,
because there the mock stands for the speech provider (notes N-70), authenticated by the session's client
secret. It is listed here once, and both middlewares read it from here.

Inside the developer surfaces, the pages hold no data and are fetched without the secret (same site still):
the inspector's page and files, and the playground's page, files and OAuth client document
(`PUBLIC_PAGES`). Of those, the playground's OAuth callback is opened from another site too, as a page
(`LANDING_PAGES`): the authorization server's redirect comes from wherever that server is.
"""

from __future__ import annotations

SIGNALING_PATH = "/_mock/voice/sdp"
"""Where an app posts its SDP offer (§10.1 `signaling.url`)."""

PROTOCOL_PREFIXES = ("/.well-known/", "/api/talkie/", "/talkie/", "/_scenarios/")
"""Discovery, the endpoints and the logo; and the client suite's scenarios a running mock serves, each a
talkie/1 server of its own under its path (app mode), which a web app calls as it calls the mock."""
PROTOCOL_PATHS = frozenset({SIGNALING_PATH})
"""talkie/1 endpoints outside those prefixes."""
DEVELOPER_PREFIXES = ("/_mock", "/oauth/account")
"""The control API, the inspector and the OAuth account pages."""
_UNDER = tuple(prefix + "/" for prefix in DEVELOPER_PREFIXES)
PLAYGROUND_PREFIX = "/_mock/playground"
"""The playground: the same paths on the mock and on `talkie-mock playground`'s own server."""
PLAYGROUND_PAGES = frozenset(
    PLAYGROUND_PREFIX + name
    for name in ("/", "/playground.js", "/playground.css", "/callback", "/client.json")
)
"""The playground's page, its files, the OAuth redirect landing on the page, its client document."""
PUBLIC_PAGES = frozenset({"/_mock/", "/_mock/inspector.js", "/_mock/inspector.css"}) | PLAYGROUND_PAGES
"""The developer pages fetched (GET, HEAD) without the developer secret: no data in them."""
LANDING_PAGES = frozenset({PLAYGROUND_PREFIX + "/callback"})
"""The developer pages a browser is sent to from another site on purpose: an authorization server
elsewhere redirects the person back to the playground's OAuth callback (notes N-98)."""


def protocol(path: str) -> bool:
    """Whether a path is one of the talkie/1 surface (a browser client may call it cross-origin)."""
    return path.startswith(PROTOCOL_PREFIXES) or path in PROTOCOL_PATHS


def developer(path: str) -> bool:
    """Whether a path belongs to the developer surfaces (one C-level prefix test for most paths)."""
    if not path.startswith(DEVELOPER_PREFIXES) or path in PROTOCOL_PATHS:
        return False
    return path in DEVELOPER_PREFIXES or path.startswith(_UNDER)
