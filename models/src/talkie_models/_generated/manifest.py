# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/manifest.json

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel
from typing_extensions import TypeAliasType

from . import link_target


class ActionCapabilities(TalkieModel):
    """
    Present when the agent proposes actions for a person to decide (§8).
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    voice_confirm: bool
    """
    Whether some actions may be confirmed by voice (§10.4).
    """


class Auth(TalkieModel):
    """
    How a user signs in. OAuth is mandatory; the pasted token is an optional extra.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    oauth: OAuthAuth
    token: TokenAuth | None = None


Block = TypeAliasType("Block", Annotated[str, Field(pattern="^[a-z][a-zA-Z0-9_-]*$")])


class Brand(TalkieModel):
    """
    Visual identity the client may show next to the server: a logo and one accent colour, nothing more; unknown members are ignored like everywhere in the manifest. `logo`: PNG or JPEG image of at most 256 kB: a same-origin path or an `https:` URL.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    logo: link_target.LinkTarget
    accent: Annotated[str, Field(pattern="^#[0-9a-fA-F]{6}$")]
    """
    Accent colour as `#rrggbb`; hex digits in either case.
    """


class Capabilities(TalkieModel):
    """
    Optional features of the server. `voice` is left out by a server without voice (§10); `actions` and `cards` are present in the specification's example, but no sentence requires them, so a server may leave them out (notes N-19).
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    voice: VoiceCapabilities | None = None
    actions: ActionCapabilities | None = None
    cards: CardCapabilities | None = None


class CardCapabilities(TalkieModel):
    """
    Card block types the server emits. The set is open: a client renders the blocks it knows and falls back to the card's `fallbackText` otherwise.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    blocks: list[Block]
    """
    Block type names; talkie/1 defines heading, text, fields, list, link, file and badge.
    """


EndpointTemplate = TypeAliasType(
    "EndpointTemplate",
    Annotated[
        str,
        Field(
            examples=["/talkie/v1/threads/{threadId}", "/api/assistant/run"],
            pattern="^(?:/(?:(?:[^/\\\\\\s{}]|\\{[A-Za-z_][A-Za-z0-9_]*\\})(?:[^\\s{}]|\\{[A-Za-z_][A-Za-z0-9_]*\\})*)?|https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:/(?:[^\\s{}]|\\{[A-Za-z_][A-Za-z0-9_]*\\})*)?)$",
            title="EndpointTemplate",
        ),
    ],
)
"""
Where one endpoint lives. Normally a path template that starts with a single `/` and is resolved against the issuer origin (never against the manifest URL). `{name}` placeholders stand for one URL-encoded path segment each. An absolute `https://` URL is accepted by the schema only so that a client can recognise an endpoint on another origin and ask the user about it; conforming servers publish same-origin paths (notes N-02).
"""


class Endpoints(TalkieModel):
    """
    Endpoint templates by name. An endpoint the server does not support is left out (§1 line 74; for example every `voice*` entry on a server without voice); none is required by the text, and a client does without what is missing (notes N-19).

    - `status`: GET: who is signed in, what is enabled, usage meters (§4).
    - `run`: POST: start a chat run and stream its AG-UI events (§5).
    - `cancelRun`: POST: stop a run explicitly; template carries `{runId}` (§5).
    - `threads`: GET: the user's threads, newest first (§9).
    - `thread`: GET or DELETE one thread; template carries `{threadId}` (§9).
    - `action`: GET: the authoritative state of one action; template carries `{actionId}` (§8).
    - `decision`: POST: a person's confirm/cancel for one action; template carries `{actionId}` (§8).
    - `voiceSessions`: POST: open a voice session (§10.1).
    - `voiceTool`: POST: run one tool call during voice; template carries `{voiceSessionId}` and `{name}` (§10.2).
    - `voiceTranscript`: POST: store one transcript item; template carries `{voiceSessionId}` (§10.3).
    - `voiceUsage`: POST: report spoken seconds; template carries `{voiceSessionId}` (§10.3).
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    status: EndpointTemplate | None = None
    run: EndpointTemplate | None = None
    cancel_run: EndpointTemplate | None = None
    threads: EndpointTemplate | None = None
    thread: EndpointTemplate | None = None
    action: EndpointTemplate | None = None
    decision: EndpointTemplate | None = None
    voice_sessions: EndpointTemplate | None = None
    voice_tool: EndpointTemplate | None = None
    voice_transcript: EndpointTemplate | None = None
    voice_usage: EndpointTemplate | None = None


EventProtocol = TypeAliasType("EventProtocol", Annotated[str, Field(min_length=1)])


class Limits(TalkieModel):
    """
    Limits the server enforces on client input.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    max_message_chars: Annotated[int, Field(ge=1)]
    """
    Most Unicode code points one user message's `content` may have (notes N-08); a longer message is answered with `413 too_large`.
    """


class Manifest(TalkieModel):
    """
    What a Talkie server publishes at `/.well-known/talkie.json`: who it is, how to sign in, where its endpoints are and which optional features it has. Clients ignore fields they do not know, so every object here is open. `issuer` is the origin the manifest must be served from: `https://host[:port]`, or `http://` only for `localhost`, `127.0.0.1`, `[::1]`, the private IPv4 ranges (10/8, 172.16/12, 192.168/16), IPv4 link-local (169.254/16), IPv6 unique local (fc00::/7) and IPv6 link-local (fe80::/10) addresses, as allowed for development builds (notes N-19). Every member the specification's example shows is required except `auth.token` (MAY be omitted), the endpoints a server does not support and `capabilities.voice` (notes N-26).
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    spec: Literal["talkie/1"] = "talkie/1"
    """
    Protocol version. A server sends exactly `talkie/1`; this schema is the server's side. A client refuses only another major version, so it accepts `talkie/1` and a minor form `talkie/1.<n>` (notes N-27).
    """
    issuer: Annotated[
        str,
        Field(
            pattern="^(?:https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])|http://(?:localhost|127\\.0\\.0\\.1|\\[::1\\]|10\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}|192\\.168\\.[0-9]{1,3}\\.[0-9]{1,3}|172\\.(?:1[6-9]|2[0-9]|3[01])\\.[0-9]{1,3}\\.[0-9]{1,3}|169\\.254\\.[0-9]{1,3}\\.[0-9]{1,3}|\\[(?:[fF][cCdD][0-9A-Fa-f]{2}|[fF][eE][89aAbB][0-9A-Fa-f]):[0-9A-Fa-f:.]*\\]))(?::[0-9]{1,5})?$"
        ),
    ]
    """
    Canonical origin of the server, no path and no trailing slash.
    """
    server_id: Annotated[str, Field(max_length=255, min_length=1)]
    """
    Identifier that stays the same for the whole life of the deployment; clients key tokens and settings by it.
    """
    name: Annotated[str, Field(min_length=1)]
    """
    Display name of the server.
    """
    description: str
    """
    One line about what the assistant does.
    """
    locale: Annotated[str, Field(pattern="^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$")]
    """
    Default language of the server as a BCP 47 tag.
    """
    brand: Brand
    auth: Auth
    endpoints: Endpoints
    capabilities: Capabilities
    limits: Limits
    test_mode: bool
    """
    `true` only on fixture servers where the conformance suite may run destructive tests; `false` on production.
    """


class OAuthAuth(TalkieModel):
    """
    The production sign-in: OAuth 2.1 authorization code with PKCE against this authorization server. Its metadata is discovered from `issuer` (RFC 8414, notes N-01).
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    issuer: Annotated[
        str,
        Field(
            pattern="^(?:https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])|http://(?:localhost|127\\.0\\.0\\.1|\\[::1\\]|10\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}|192\\.168\\.[0-9]{1,3}\\.[0-9]{1,3}|172\\.(?:1[6-9]|2[0-9]|3[01])\\.[0-9]{1,3}\\.[0-9]{1,3}|169\\.254\\.[0-9]{1,3}\\.[0-9]{1,3}|\\[(?:[fF][cCdD][0-9A-Fa-f]{2}|[fF][eE][89aAbB][0-9A-Fa-f]):[0-9A-Fa-f:.]*\\]))(?::[0-9]{1,5})?(?:/[^\\s?#]*)?$"
        ),
    ]
    """
    Issuer identifier of the authorization server: an `https` URL without query or fragment (plain `http` only for the development hosts of §1).
    """
    scopes: Annotated[list[Scope], Field(min_length=1)]
    """
    Scopes the client requests, normally `talkie` and `offline_access`.
    """


Scope = TypeAliasType("Scope", Annotated[str, Field(pattern="^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$")])


SignalingHost = TypeAliasType(
    "SignalingHost",
    Annotated[
        str,
        Field(
            pattern="^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?$"
        ),
    ],
)


class TokenAuth(TalkieModel):
    """
    Present when the server also accepts a pasted bearer token. Meant for development; production builds of the client keep it behind a developer switch.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    hint: str
    """
    Tells the user where to create such a token.
    """


Transport = TypeAliasType("Transport", Annotated[str, Field(min_length=1)])


class VoiceCapabilities(TalkieModel):
    """
    Present when the server offers real-time voice: how the device connects to the speech provider and which hosts may receive the SDP offer.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    transports: Annotated[list[Transport], Field(min_length=1)]
    """
    Media transports offered; talkie/1 knows `webrtc`.
    """
    event_protocols: Annotated[list[EventProtocol], Field(min_length=1)]
    """
    Data-channel event dialects, e.g. `openai-realtime/1`.
    """
    signaling_hosts: Annotated[list[SignalingHost], Field(min_length=1)]
    """
    Hosts (optionally with port) that `signaling.url` of a voice session may point at; the client refuses any other.
    """
