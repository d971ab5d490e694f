"""Discovery and identity: the manifest (§1), the brand logo and GET status (§4)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from talkie_models import (
    ActionCapabilities,
    Auth,
    Brand,
    Capabilities,
    CardCapabilities,
    Endpoints,
    Limits,
    Manifest,
    OAuthAuth,
    TokenAuth,
    VoiceCapabilities,
)
from talkie_models.protocol import SCOPES, SPEC, VOICE_EVENT_PROTOCOL, VOICE_TRANSPORT

from talkie_mock.api import issuer
from talkie_mock.api.context import mock_of
from talkie_mock.api.responses import FastJSONResponse
from talkie_mock.config import MockConfig
from talkie_mock.engine import files

ACCENT = "#2f6f9f"
LOGO_PATH = "/talkie/logo.png"
API = "/api/talkie"
ENDPOINTS = {
    "status": f"{API}/status",
    "run": f"{API}/run",
    "cancelRun": f"{API}/runs/{{runId}}/cancel",
    "threads": f"{API}/threads",
    "thread": f"{API}/threads/{{threadId}}",
    "action": f"{API}/actions/{{actionId}}",
    "decision": f"{API}/actions/{{actionId}}/decision",
    "voiceSessions": f"{API}/voice/sessions",
    "voiceTool": f"{API}/voice/sessions/{{voiceSessionId}}/tools/{{name}}",
    "voiceTranscript": f"{API}/voice/sessions/{{voiceSessionId}}/transcript",
    "voiceUsage": f"{API}/voice/sessions/{{voiceSessionId}}/usage",
}
BLOCKS = ["heading", "text", "fields", "list", "link", "file", "badge"]
MANIFEST_CACHE = "public, max-age=60"
DESCRIPTIONS = {
    "cs": "Testovací server talkie/1 s vymyšlenými daty (testMode)",
    "en": "A talkie/1 test server with invented data (test mode)",
}
TOKEN_HINTS = {
    "cs": "Token vypisuje `talkie-mock serve` při startu",
    "en": "`talkie-mock serve` prints the token when it starts",
}


def signaling_host(origin: str) -> str:
    """notes N-50: `signalingHosts` lists host names without a port as the specification's example does (line
    54), an IPv6 literal in brackets as a URL writes its host; the client compares the signalling URL's host
    (line 271-272)."""
    name = urlsplit(origin).hostname or origin
    return f"[{name}]" if ":" in name else name  # an IPv6 literal keeps its brackets (the schema's pattern)


def build_manifest(config: MockConfig, origin: str | None = None) -> Manifest:
    """The manifest for the origin the client used (api.issuer; default: the configured one), with the
    configured origin's `serverId` (notes N-01: `auth.oauth` is advertised even in test mode).

    Built with the models' keyword arguments, so a misspelt member is a type error, not a silent extra."""
    origin = origin or config.origin
    e = ENDPOINTS
    return Manifest(
        spec=SPEC,
        issuer=origin,
        server_id=urlsplit(config.origin).netloc,
        name=config.server_name,
        description=DESCRIPTIONS.get(config.locale, DESCRIPTIONS["en"]),
        locale=config.locale,
        brand=Brand(logo=LOGO_PATH, accent=ACCENT),
        auth=Auth(
            oauth=OAuthAuth(issuer=f"{origin}/oauth", scopes=list(SCOPES)),
            token=TokenAuth(hint=TOKEN_HINTS.get(config.locale, TOKEN_HINTS["en"])),
        ),
        endpoints=Endpoints(
            status=e["status"],
            run=e["run"],
            cancel_run=e["cancelRun"],
            threads=e["threads"],
            thread=e["thread"],
            action=e["action"],
            decision=e["decision"],
            # §1: endpoints the server does not support are omitted (without the voice extra, notes N-92)
            **(
                {
                    "voice_sessions": e["voiceSessions"],
                    "voice_tool": e["voiceTool"],
                    "voice_transcript": e["voiceTranscript"],
                    "voice_usage": e["voiceUsage"],
                }
                if config.voice
                else {}
            ),
        ),
        capabilities=Capabilities(
            # notes N-03: the mock answers SDP offers itself, on its own origin
            voice=VoiceCapabilities(
                transports=[VOICE_TRANSPORT],
                event_protocols=[VOICE_EVENT_PROTOCOL],
                signaling_hosts=[signaling_host(origin)],
            )
            if config.voice
            else None,
            actions=ActionCapabilities(voice_confirm=config.voice),
            cards=CardCapabilities(blocks=list(BLOCKS)),
        ),
        limits=Limits(max_message_chars=config.max_message_chars),
        test_mode=True,
    )


class Rendered(JSONResponse):
    """A JSON response from bytes encoded before, with its header list prepared once (no per-request work).

    Still a JSONResponse, so the response wrappers (faults, breaks) treat it like any other JSON answer.
    """

    def __init__(self, raw: bytes, raw_headers: list[tuple[bytes, bytes]], status_code: int = 200) -> None:
        self.status_code = status_code
        self.background = None
        self.body = raw
        self.raw_headers = list(raw_headers)


def _headers(raw: bytes, extra: dict[str, str]) -> list[tuple[bytes, bytes]]:
    headers = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in extra.items()]
    headers.append((b"content-length", str(len(raw)).encode("latin-1")))
    headers.append((b"content-type", JSONResponse.media_type.encode("latin-1")))
    return headers


# The manifest only depends on the configuration and the client's origin: built and encoded once per pair.
_RENDERED: dict[tuple[int, str], tuple[MockConfig, dict[str, Any], bytes, list[tuple[bytes, bytes]]]] = {}
_MAX_ORIGINS = 64  # a bound on Host values kept (each is already one of the mock's own addresses)


def rendered(config: MockConfig, origin: str) -> tuple[dict[str, Any], bytes, list[tuple[bytes, bytes]]]:
    cached = _RENDERED.get((id(config), origin))
    if cached is None or cached[0] is not config:
        body: dict[str, Any] = build_manifest(config, origin).model_dump(mode="json")
        raw = bytes(JSONResponse(body).body)
        cached = (config, body, raw, _headers(raw, {"Cache-Control": MANIFEST_CACHE}))
        if len(_RENDERED) >= _MAX_ORIGINS:
            _RENDERED.clear()
        _RENDERED[(id(config), origin)] = cached
    return cached[1], cached[2], cached[3]


async def manifest(request: Request) -> Response:
    mock = mock_of(request)
    body, raw, headers = rendered(mock.config, issuer.current(mock.config.origin))
    if mock.vary.active:  # `--vary`: unknown members and other legal choices (N-51), built per request
        varied = mock.vary.body("Manifest", body)
        mock.hooks.response(request, 200, "Manifest", varied)
        bare = mock.vary.flag("manifest without Cache-Control", "manifest")  # line 75: then 1 hour
        return FastJSONResponse(varied, headers=None if bare else {"Cache-Control": MANIFEST_CACHE})
    mock.hooks.response(request, 200, "Manifest", body)
    return Rendered(raw, headers)


async def logo(request: Request) -> Response:
    return Response(
        files.logo(ACCENT), media_type="image/png", headers={"Cache-Control": "public, max-age=86400"}
    )


async def status(request: Request) -> Response:
    mock = mock_of(request)
    user = mock.auth.require(request)
    locale = mock.locale(request)
    if mock.vary.active:  # `--vary` (N-51): built per request
        return mock.respond_body(request, mock.reads.build_status(user, locale), "Status")
    built, raw, headers = mock.reads.status(user, locale)
    mock.hooks.response(request, 200, "Status", built)
    return Rendered(raw, headers)
