"""§2 Authentication, as far as it shows without signing in: AS metadata, PKCE, scopes, public client.

The checks that need a sign-in (`--oauth`) live in `auth_oauth`.
"""

from __future__ import annotations

from typing import Any

from talkie_models.protocol import PKCE_METHOD, SCOPES

from talkie_conformance.checking import CheckContext, check
from talkie_conformance.client import Exchange
from talkie_conformance.oauth import metadata_locations


def _oauth(ctx: CheckContext) -> dict[str, Any]:
    auth = ctx.manifest.get("auth")
    oauth = auth.get("oauth") if isinstance(auth, dict) else None
    if not isinstance(oauth, dict) or not isinstance(oauth.get("issuer"), str):
        ctx.skip("the manifest offers no auth.oauth issuer (reported by MAN-017)")
    return oauth


def _fetch_metadata(ctx: CheckContext, as_issuer: str) -> tuple[dict[str, Any] | None, list[Exchange]]:
    tried: list[Exchange] = []
    for url in metadata_locations(as_issuer):
        answer = ctx.client.send("GET", url, auth=False)
        tried.append(answer)
        body = answer.json_or_none()
        if answer.status == 200 and isinstance(body, dict):
            return body, tried
    return None, tried


@check("AUTH-001", "AUTH-006", "AUTH-013", "AUTH-004")
def oauth_metadata(ctx: CheckContext) -> None:
    """The AS publishes RFC 8414 metadata for its issuer, offers PKCE S256, the scopes and public clients."""
    oauth = _oauth(ctx)
    as_issuer = str(oauth["issuer"])
    metadata, tried = _fetch_metadata(ctx, as_issuer)
    ctx.require(
        "AUTH-001",
        metadata is not None,
        "no authorization server metadata at " + ", ".join(e.url for e in tried),
        exchange=tried[-1] if tried else None,
    )
    assert metadata is not None
    ctx.expect(
        "AUTH-001",
        metadata.get("issuer") == as_issuer,
        f"metadata issuer {metadata.get('issuer')!r} differs from auth.oauth.issuer {as_issuer!r}",
    )
    for member in ("authorization_endpoint", "token_endpoint"):
        ctx.expect("AUTH-001", isinstance(metadata.get(member), str), f"metadata lacks {member}")
    response_types = metadata.get("response_types_supported")
    ctx.expect(
        "AUTH-001",
        isinstance(response_types, list) and "code" in response_types,
        f"response_types_supported is {response_types!r}; RFC 8414 requires it, with code for this flow",
    )
    # The app is a public client: it can only authenticate at the token endpoint with "none". RFC 8414
    # reads an absent list as client_secret_basic only, which would shut the app out.
    auth_methods = metadata.get("token_endpoint_auth_methods_supported")
    ctx.expect(
        "AUTH-004",
        isinstance(auth_methods, list) and "none" in auth_methods,
        f"token_endpoint_auth_methods_supported is {auth_methods!r}; the public Talkie client needs none",
    )
    methods = metadata.get("code_challenge_methods_supported")
    ctx.expect(
        "AUTH-006",
        isinstance(methods, list) and PKCE_METHOD in methods and "plain" not in methods,
        f"code_challenge_methods_supported is {methods!r}; S256 (and not plain) is required",
    )
    offered = oauth.get("scopes")
    if isinstance(offered, list):
        missing = [scope for scope in SCOPES if scope not in offered]
        ctx.expect("AUTH-013", not missing, f"auth.oauth.scopes lacks {missing}")
    supported = metadata.get("scopes_supported")
    if isinstance(supported, list):
        missing = [scope for scope in SCOPES if scope not in supported]
        ctx.expect("AUTH-013", not missing, f"scopes_supported lacks {missing}")
