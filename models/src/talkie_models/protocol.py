"""Constants that the talkie/1 specification states literally, each defined once.

The mock, the suite, the site and the samples import these instead of typing the strings again, so a
change of the specification is one edit. Line numbers refer to ``spec/specification/talkie-1.txt``. Wire
shapes are not here (they are the schemas and the generated models); only fixed names, paths and figures are.
"""

from __future__ import annotations

from typing import Final

# The standards underneath (lines 8-13)
AG_UI_PROTOCOL_VERSION: Final = "1.0"
"""AG-UI 1.0 (line 10), as a producer declares it in ``RUN_STARTED.protocolVersion``: AG-UI 1.0 requires
the declaration, and ``ag_ui.core.PROTOCOL_VERSION`` (the version segment of AG-UI's schema ``$id``) is it."""

# §1 Discovery (lines 22-77)
SPEC: Final = "talkie/1"
"""The value of the manifest's ``spec`` (line 65)."""
SPEC_FAMILY: Final = "talkie"
"""The name before the major version: a client refuses ``talkie/<other major>`` (line 65)."""
WELL_KNOWN_PATH: Final = "/.well-known/talkie.json"
"""Where the manifest is served on the issuer origin (line 25)."""
MAX_MANIFEST_BYTES: Final = 64 * 1024
"""Manifest size limit, ≤ 64 kB (line 75)."""
MANIFEST_CACHE_SECONDS: Final = 3600
"""Default manifest cache lifetime when ``Cache-Control`` says nothing (line 75)."""
MAX_LOGO_BYTES: Final = 256 * 1024
"""Brand logo size limit, ≤ 256 kB (line 72)."""
LOGO_MEDIA_TYPES: Final = ("image/png", "image/jpeg")
"""The logo formats the specification allows, PNG or JPEG (line 72)."""

# §2.1 OAuth (lines 81-96)
OAUTH_METADATA_SUFFIXES: Final = (
    "/.well-known/oauth-authorization-server",
    "/.well-known/openid-configuration",
)
"""Authorization Server metadata locations under ``auth.oauth.issuer``, RFC 8414 first (lines 83-84)."""
TALKIE_CLIENT_ID: Final = "https://talkie.firemni-crm.cz/oauth/client.json"
"""The Talkie app's ``client_id``: the URL of its Client ID Metadata Document (lines 85-86)."""
TALKIE_REDIRECT_URI: Final = "cz.firemnicrm.talkie:/oauth/callback"
"""The app's redirect URI, a private-use scheme per RFC 8252 §7.1 (line 88)."""
TALKIE_REDIRECT_SCHEME: Final = TALKIE_REDIRECT_URI.split(":", 1)[0]
"""The private-use scheme of :data:`TALKIE_REDIRECT_URI`."""
PKCE_METHOD: Final = "S256"
"""The only PKCE code challenge method (line 89)."""
SCOPE_TALKIE: Final = "talkie"
"""Act as the user through the Talkie endpoints and the tools behind them (line 91)."""
SCOPE_OFFLINE_ACCESS: Final = "offline_access"
"""Ask for a refresh token (line 91-92)."""
SCOPES: Final = (SCOPE_TALKIE, SCOPE_OFFLINE_ACCESS)
"""The scopes the app requests, in the specification's order (lines 37, 91)."""
BEARER: Final = "Bearer"
"""The ``Authorization`` scheme of every endpoint call (line 93)."""

# §5 Chat run (lines 135-176)
EVENT_STREAM: Final = "text/event-stream"
"""Media type of the run request's ``Accept`` and the run response (lines 137, 153)."""
PING_COMMENT: Final = ": ping"
"""The SSE comment servers SHOULD send while a stream is quiet (line 153)."""
PING_INTERVAL_SECONDS: Final = 15
"""How often that comment SHOULD come (line 153)."""
CHANNEL_CHAT: Final = "chat"
CHANNEL_VOICE: Final = "voice"
"""The values of ``forwardedProps.talkie.channel`` and of a thread's ``channel`` (lines 144, 243)."""

# Custom AG-UI events (lines 165-168)
CARD_EVENT: Final = "talkie.card"
ACTION_EVENT: Final = "talkie.action"
OPEN_EVENT: Final = "talkie.open"
USAGE_EVENT: Final = "talkie.usage"
CUSTOM_EVENT_NAMES: Final = (CARD_EVENT, ACTION_EVENT, OPEN_EVENT, USAGE_EVENT)

# §10 Voice (lines 249-307)
VOICE_TRANSPORT: Final = "webrtc"
VOICE_EVENT_PROTOCOL: Final = "openai-realtime/1"
SIGNALING_TYPE: Final = "sdp-post"
SDP_MEDIA_TYPE: Final = "application/sdp"
"""Content type of the SDP offer sent to ``signaling.url`` (line 271)."""
VOICE_USAGE_INTERVAL_SECONDS: Final = 30
"""The client reports voice usage every 30 s and at the end (line 291)."""
VOICE_CONSENT_MAX_WORDS: Final = 6
"""A voice confirmation is a short sentence of at most six words (line 301)."""
VOICE_CONSENT_MAX_OTHER_UTTERANCES: Final = 2
"""After two unrelated utterances the voice window closes (lines 303-304)."""

# §11 Test mode (lines 309-320)
TEST_PREFIX: Final = "talkie-test:"
TEST_ECHO: Final = TEST_PREFIX + "echo"
"""Followed by a space and the text to echo back exactly (line 316)."""
TEST_CARD: Final = TEST_PREFIX + "card"
TEST_ACTION: Final = TEST_PREFIX + "action"
TEST_ERROR: Final = TEST_PREFIX + "error"
TEST_SLOW: Final = TEST_PREFIX + "slow"
TEST_MESSAGES: Final = (TEST_ECHO, TEST_CARD, TEST_ACTION, TEST_ERROR, TEST_SLOW)
TEST_ACTION_MIN_LIFETIME_SECONDS: Final = 60
"""A ``talkie-test:action`` expires in at least 60 s (line 318)."""
TEST_SLOW_SECONDS: Final = 5
"""``talkie-test:slow`` spreads its text deltas over about five seconds (line 320)."""


def echo_message(text: str) -> str:
    """The §11 message that asks a test-mode server to answer with exactly ``text``."""
    return f"{TEST_ECHO} {text}"


__all__ = [
    "ACTION_EVENT",
    "AG_UI_PROTOCOL_VERSION",
    "BEARER",
    "CARD_EVENT",
    "CHANNEL_CHAT",
    "CHANNEL_VOICE",
    "CUSTOM_EVENT_NAMES",
    "EVENT_STREAM",
    "LOGO_MEDIA_TYPES",
    "MANIFEST_CACHE_SECONDS",
    "MAX_LOGO_BYTES",
    "MAX_MANIFEST_BYTES",
    "OAUTH_METADATA_SUFFIXES",
    "OPEN_EVENT",
    "PING_COMMENT",
    "PING_INTERVAL_SECONDS",
    "PKCE_METHOD",
    "SCOPES",
    "SCOPE_OFFLINE_ACCESS",
    "SCOPE_TALKIE",
    "SDP_MEDIA_TYPE",
    "SIGNALING_TYPE",
    "SPEC",
    "SPEC_FAMILY",
    "TALKIE_CLIENT_ID",
    "TALKIE_REDIRECT_SCHEME",
    "TALKIE_REDIRECT_URI",
    "TEST_ACTION",
    "TEST_ACTION_MIN_LIFETIME_SECONDS",
    "TEST_CARD",
    "TEST_ECHO",
    "TEST_ERROR",
    "TEST_MESSAGES",
    "TEST_PREFIX",
    "TEST_SLOW",
    "TEST_SLOW_SECONDS",
    "USAGE_EVENT",
    "VOICE_CONSENT_MAX_OTHER_UTTERANCES",
    "VOICE_CONSENT_MAX_WORDS",
    "VOICE_EVENT_PROTOCOL",
    "VOICE_TRANSPORT",
    "VOICE_USAGE_INTERVAL_SECONDS",
    "WELL_KNOWN_PATH",
    "echo_message",
]
