"""§1 Discovery: the manifest's place, shape, origin, endpoints, brand, size and caching."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from talkie_models.protocol import LOGO_MEDIA_TYPES, MAX_LOGO_BYTES, MAX_MANIFEST_BYTES, SPEC, WELL_KNOWN_PATH

from talkie_conformance.checking import CheckContext, check
from talkie_conformance.client import is_development_host, origin_of

_BARE_ORIGIN = re.compile(r"^https?://[^/?#@\s]+$")


@check("MAN-003")
def manifest_spec(ctx: CheckContext) -> None:
    """The manifest declares spec talkie/1."""
    spec = ctx.manifest.get("spec")
    ctx.expect("MAN-003", spec == SPEC, f"spec is {spec!r}, not {SPEC!r}")


@check("MAN-029")
def manifest_shape(ctx: CheckContext) -> None:
    """The manifest has the members §1 asks for; what only its example shows is advice (N-19, N-26)."""
    ctx.validate("MAN-029", ctx.manifest, "Manifest", "the manifest")


@check("MAN-002", "MAN-006", "MAN-007", "MAN-025")
def manifest_origin(ctx: CheckContext) -> None:
    """The issuer is a bare https origin (or a dev host), serving the manifest at /.well-known/talkie.json."""
    discovery = ctx.client.discovery
    issuer = ctx.manifest.get("issuer")
    ctx.require(
        "MAN-007",
        isinstance(issuer, str) and bool(_BARE_ORIGIN.match(issuer)),
        f"issuer {issuer!r} is not a bare origin (scheme://host[:port], no path, query or fragment)",
    )
    assert isinstance(issuer, str)
    ctx.expect(
        "MAN-006",
        origin_of(issuer) == discovery.served_origin,
        f"the manifest was served from {discovery.served_origin} but its issuer is {origin_of(issuer)}",
    )
    parts = urlsplit(issuer)
    ctx.expect(
        "MAN-025",
        parts.scheme == "https" or is_development_host(parts.hostname or ""),
        f"issuer {issuer} uses {parts.scheme}: plain http is only for localhost, loopback and LAN hosts",
    )
    if origin_of(issuer) != discovery.served_origin:
        return
    well_known = ctx.client.send("GET", origin_of(issuer) + WELL_KNOWN_PATH, auth=False)
    ctx.expect(
        "MAN-002",
        well_known.status == 200 and well_known.json_or_none() == ctx.manifest,
        f"GET {WELL_KNOWN_PATH} on the issuer answered {well_known.status}, not this manifest",
        exchange=well_known,
    )


@check("MAN-010")
def manifest_endpoints_same_origin(ctx: CheckContext) -> None:
    """Every endpoint is a path template on the issuer's origin."""
    endpoints = ctx.client.discovery.endpoints
    ctx.require("MAN-010", bool(endpoints), "the manifest lists no endpoints")
    issuer_origin = origin_of(ctx.client.discovery.issuer)
    for name, template in endpoints.items():
        if template.startswith("/") and not template.startswith("//"):
            continue
        where = origin_of(template) if "://" in template else "an unusable form"
        ctx.expect(
            "MAN-010",
            where == issuer_origin,
            f"endpoint '{name}' is {template!r}: {where}, not a path on the issuer origin",
        )


@check("MAN-013")
def manifest_server_id_stable(ctx: CheckContext) -> None:
    """serverId is present and does not change between two fetches of the manifest."""
    first = ctx.manifest.get("serverId")
    ctx.require("MAN-013", isinstance(first, str) and bool(first), f"serverId is {first!r}")
    again = ctx.client.send("GET", ctx.client.discovery.final_url, auth=False)
    second = (again.json_or_none() or {}).get("serverId")
    ctx.expect("MAN-013", second == first, f"serverId changed from {first!r} to {second!r}", exchange=again)


@check("MAN-015", "MAN-016")
def manifest_brand(ctx: CheckContext) -> None:
    """brand's logo is same-origin or https PNG/JPEG ≤ 256 kB and its accent is #rrggbb.

    Other members of brand are not judged: receivers ignore unknown members (MAN-014 binds the client).
    """
    brand = ctx.manifest.get("brand")
    if not isinstance(brand, dict):
        ctx.skip("the manifest has no brand object")
    accent = brand.get("accent")
    if accent is not None:
        ctx.expect(
            "MAN-016",
            isinstance(accent, str) and bool(re.fullmatch(r"#[0-9a-fA-F]{6}", accent)),
            f"brand.accent {accent!r} is not #rrggbb",
        )
    logo = brand.get("logo")
    if logo is None:
        return
    same_origin = isinstance(logo, str) and logo.startswith("/") and not logo.startswith("//")
    https = isinstance(logo, str) and urlsplit(logo).scheme == "https"
    ctx.require("MAN-015", same_origin or https, f"brand.logo {logo!r} is neither same-origin nor https")
    if not same_origin:
        return  # the suite only talks to the server under test
    image = ctx.client.send("GET", origin_of(ctx.client.discovery.issuer) + str(logo), auth=False)
    ctx.require("MAN-015", image.status == 200, f"GET {logo} answered {image.status}", exchange=image)
    ctx.expect(
        "MAN-015",
        image.content_type in LOGO_MEDIA_TYPES,
        f"the logo is {image.content_type or 'untyped'}, not PNG or JPEG",
        exchange=image,
    )
    ctx.expect(
        "MAN-015",
        len(image.body) <= MAX_LOGO_BYTES,
        f"the logo is {len(image.body)} bytes (limit {MAX_LOGO_BYTES})",
        exchange=image,
    )


@check("MAN-017")
def manifest_offers_oauth(ctx: CheckContext) -> None:
    """auth offers oauth with an issuer and scopes."""
    auth = ctx.manifest.get("auth")
    oauth = auth.get("oauth") if isinstance(auth, dict) else None
    ctx.expect(
        "MAN-017",
        isinstance(oauth, dict) and isinstance(oauth.get("issuer"), str),
        "auth.oauth (with an issuer) is missing; every server must offer OAuth sign-in",
    )


@check("MAN-019", "VOICE-001")
def manifest_voice_consistency(ctx: CheckContext) -> None:
    """Voice endpoints appear exactly when capabilities.voice does, and listed endpoints exist."""
    endpoints = ctx.client.discovery.endpoints
    capabilities = ctx.manifest.get("capabilities")
    has_voice = isinstance(capabilities, dict) and isinstance(capabilities.get("voice"), dict)
    voice_endpoints = sorted(name for name in endpoints if name.startswith("voice"))
    if not has_voice:
        ctx.expect(
            "VOICE-001",
            not voice_endpoints,
            f"no capabilities.voice, yet voice endpoints are listed: {voice_endpoints}",
        )
    else:
        ctx.expect(
            "MAN-019",
            "voiceSessions" in endpoints,
            "capabilities.voice is advertised but the voiceSessions endpoint is missing",
        )
    for name in ("status", "threads"):
        if ctx.client.usable(name):
            answer = ctx.request("GET", name)
            ctx.expect(
                "MAN-019",
                answer.status not in {404, 405, 501},
                f"the listed '{name}' endpoint answers {answer.status}: it is not implemented",
                exchange=answer,
            )


@check("MAN-021")
def manifest_size(ctx: CheckContext) -> None:
    """The manifest is at most 64 kB."""
    size = len(ctx.client.discovery.raw)
    ctx.expect(
        "MAN-021", size <= MAX_MANIFEST_BYTES, f"the manifest is {size} bytes (limit {MAX_MANIFEST_BYTES})"
    )
