"""§1 Discovery: the manifest's place, shape, origin, endpoints, brand, size and caching."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from talkie_conformance import rule_ids as rid
from talkie_conformance.checking import CheckContext, check
from talkie_conformance.client import WELL_KNOWN, is_development_host, origin_of

MAX_MANIFEST_BYTES = 64 * 1024
MAX_LOGO_BYTES = 256 * 1024
LOGO_TYPES = {"image/png", "image/jpeg"}
BRAND_MEMBERS = {"logo", "accent"}
_BARE_ORIGIN = re.compile(r"^https?://[^/?#@\s]+$")


@check(rid.MAN_SPEC)
def manifest_spec(ctx: CheckContext) -> None:
    """The manifest declares spec talkie/1."""
    spec = ctx.manifest.get("spec")
    ctx.expect(rid.MAN_SPEC, spec == "talkie/1", f"spec is {spec!r}, not 'talkie/1'")


@check(rid.MAN_WELL_KNOWN, rid.MAN_ISSUER_ORIGIN, rid.MAN_ISSUER_BARE, rid.MAN_HTTPS)
def manifest_origin(ctx: CheckContext) -> None:
    """The issuer is a bare https origin (or a dev host), serving the manifest at /.well-known/talkie.json."""
    discovery = ctx.client.discovery
    issuer = ctx.manifest.get("issuer")
    ctx.require(
        rid.MAN_ISSUER_BARE,
        isinstance(issuer, str) and bool(_BARE_ORIGIN.match(issuer)),
        f"issuer {issuer!r} is not a bare origin (scheme://host[:port], no path, query or fragment)",
    )
    assert isinstance(issuer, str)
    ctx.expect(
        rid.MAN_ISSUER_ORIGIN,
        origin_of(issuer) == discovery.served_origin,
        f"the manifest was served from {discovery.served_origin} but its issuer is {origin_of(issuer)}",
    )
    parts = urlsplit(issuer)
    ctx.expect(
        rid.MAN_HTTPS,
        parts.scheme == "https" or is_development_host(parts.hostname or ""),
        f"issuer {issuer} uses {parts.scheme}: plain http is only for localhost, loopback and LAN hosts",
    )
    if origin_of(issuer) != discovery.served_origin:
        return
    well_known = ctx.client.send("GET", origin_of(issuer) + WELL_KNOWN, auth=False)
    ctx.expect(
        rid.MAN_WELL_KNOWN,
        well_known.status == 200 and well_known.json_or_none() == ctx.manifest,
        f"GET {WELL_KNOWN} on the issuer answered {well_known.status}, not this manifest",
        exchange=well_known,
    )


@check(rid.MAN_SAME_ORIGIN)
def manifest_endpoints_same_origin(ctx: CheckContext) -> None:
    """Every endpoint is a path template on the issuer's origin."""
    endpoints = ctx.client.discovery.endpoints
    ctx.require(rid.MAN_SAME_ORIGIN, bool(endpoints), "the manifest lists no endpoints")
    issuer_origin = origin_of(ctx.client.discovery.issuer)
    for name, template in endpoints.items():
        if template.startswith("/") and not template.startswith("//"):
            continue
        where = origin_of(template) if "://" in template else "an unusable form"
        ctx.expect(
            rid.MAN_SAME_ORIGIN,
            where == issuer_origin,
            f"endpoint '{name}' is {template!r}: {where}, not a path on the issuer origin",
        )


@check(rid.MAN_SERVER_ID)
def manifest_server_id_stable(ctx: CheckContext) -> None:
    """serverId is present and does not change between two fetches of the manifest."""
    first = ctx.manifest.get("serverId")
    ctx.require(rid.MAN_SERVER_ID, isinstance(first, str) and bool(first), f"serverId is {first!r}")
    again = ctx.client.send("GET", ctx.client.discovery.final_url, auth=False)
    second = (again.json_or_none() or {}).get("serverId")
    ctx.expect(
        rid.MAN_SERVER_ID, second == first, f"serverId changed from {first!r} to {second!r}", exchange=again
    )


@check(rid.MAN_BRAND_MEMBERS, rid.MAN_BRAND_LOGO, rid.MAN_BRAND_ACCENT)
def manifest_brand(ctx: CheckContext) -> None:
    """brand holds only a logo (same-origin or https PNG/JPEG ≤ 256 kB) and an accent #rrggbb."""
    brand = ctx.manifest.get("brand")
    if brand is None:
        ctx.skip("the manifest has no brand")
    ctx.require(rid.MAN_BRAND_MEMBERS, isinstance(brand, dict), "brand is not an object")
    assert isinstance(brand, dict)
    extra = sorted(set(brand) - BRAND_MEMBERS)
    ctx.expect(rid.MAN_BRAND_MEMBERS, not extra, f"brand has members other than logo and accent: {extra}")
    accent = brand.get("accent")
    if accent is not None:
        ctx.expect(
            rid.MAN_BRAND_ACCENT,
            isinstance(accent, str) and bool(re.fullmatch(r"#[0-9a-fA-F]{6}", accent)),
            f"brand.accent {accent!r} is not #rrggbb",
        )
    logo = brand.get("logo")
    if logo is None:
        return
    same_origin = isinstance(logo, str) and logo.startswith("/") and not logo.startswith("//")
    https = isinstance(logo, str) and urlsplit(logo).scheme == "https"
    ctx.require(
        rid.MAN_BRAND_LOGO, same_origin or https, f"brand.logo {logo!r} is neither same-origin nor https"
    )
    if not same_origin:
        return  # the suite only talks to the server under test
    image = ctx.client.send("GET", origin_of(ctx.client.discovery.issuer) + str(logo), auth=False)
    ctx.require(
        rid.MAN_BRAND_LOGO, image.status == 200, f"GET {logo} answered {image.status}", exchange=image
    )
    ctx.expect(
        rid.MAN_BRAND_LOGO,
        image.content_type in LOGO_TYPES,
        f"the logo is {image.content_type or 'untyped'}, not PNG or JPEG",
        exchange=image,
    )
    ctx.expect(
        rid.MAN_BRAND_LOGO,
        len(image.body) <= MAX_LOGO_BYTES,
        f"the logo is {len(image.body)} bytes (limit {MAX_LOGO_BYTES})",
        exchange=image,
    )


@check(rid.MAN_AUTH_OAUTH)
def manifest_offers_oauth(ctx: CheckContext) -> None:
    """auth offers oauth with an issuer and scopes."""
    auth = ctx.manifest.get("auth")
    oauth = auth.get("oauth") if isinstance(auth, dict) else None
    ctx.expect(
        rid.MAN_AUTH_OAUTH,
        isinstance(oauth, dict) and isinstance(oauth.get("issuer"), str),
        "auth.oauth (with an issuer) is missing; every server must offer OAuth sign-in",
    )


@check(rid.MAN_OMIT_UNSUPPORTED, rid.VOI_OMITTED)
def manifest_voice_consistency(ctx: CheckContext) -> None:
    """Voice endpoints appear exactly when capabilities.voice does, and listed endpoints exist."""
    endpoints = ctx.client.discovery.endpoints
    capabilities = ctx.manifest.get("capabilities")
    has_voice = isinstance(capabilities, dict) and isinstance(capabilities.get("voice"), dict)
    voice_endpoints = sorted(name for name in endpoints if name.startswith("voice"))
    if not has_voice:
        ctx.expect(
            rid.VOI_OMITTED,
            not voice_endpoints,
            f"no capabilities.voice, yet voice endpoints are listed: {voice_endpoints}",
        )
    else:
        ctx.expect(
            rid.MAN_OMIT_UNSUPPORTED,
            "voiceSessions" in endpoints,
            "capabilities.voice is advertised but the voiceSessions endpoint is missing",
        )
    for name in ("status", "threads"):
        if ctx.client.usable(name):
            answer = ctx.request("GET", name)
            ctx.expect(
                rid.MAN_OMIT_UNSUPPORTED,
                answer.status not in {404, 405, 501},
                f"the listed '{name}' endpoint answers {answer.status}: it is not implemented",
                exchange=answer,
            )


@check(rid.MAN_SIZE)
def manifest_size(ctx: CheckContext) -> None:
    """The manifest is at most 64 kB."""
    size = len(ctx.client.discovery.raw)
    ctx.expect(
        rid.MAN_SIZE, size <= MAX_MANIFEST_BYTES, f"the manifest is {size} bytes (limit {MAX_MANIFEST_BYTES})"
    )


@check(rid.MAN_CACHE)
def manifest_caching(ctx: CheckContext) -> None:
    """The manifest answer says how long it may be cached (Cache-Control), so clients can follow MAN-022."""
    header = ctx.client.discovery.headers.get("cache-control")
    ctx.expect(rid.MAN_CACHE, bool(header), "the manifest answer has no Cache-Control header")
    if header:
        max_age = re.search(r"max-age=(\d+)", header)
        ctx.expect(
            rid.MAN_CACHE,
            max_age is not None or "no-cache" in header or "no-store" in header,
            f"Cache-Control {header!r} states neither max-age nor no-cache",
        )
