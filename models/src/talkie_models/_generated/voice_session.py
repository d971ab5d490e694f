# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/voice-session.json

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel
from typing_extensions import TypeAliasType

ConfirmItem = TypeAliasType("ConfirmItem", Annotated[str, Field(min_length=1)])


class Consent(TalkieModel):
    """
    Extra words the client adds to its own vocabularies for confirming or refusing an action by voice (§10.4).
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    confirm: list[ConfirmItem]
    """
    Words that count as yes.
    """
    refuse: list[RefuseItem]
    """
    Words that count as no.
    """


RefuseItem = TypeAliasType("RefuseItem", Annotated[str, Field(min_length=1)])


class Signaling(TalkieModel):
    """
    Where the client posts its SDP offer (body `application/sdp`, bearer `clientSecret`) to get the SDP answer. The URL is https with a host from `capabilities.voice.signalingHosts`; plain http only on the §1 development hosts (notes N-03).
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["sdp-post"] = "sdp-post"
    """
    SDP offer/answer over one HTTP POST.
    """
    url: Annotated[
        str,
        Field(
            pattern="^(?:https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])|http://(?:localhost|127\\.0\\.0\\.1|\\[::1\\]|10\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}|192\\.168\\.[0-9]{1,3}\\.[0-9]{1,3}|172\\.(?:1[6-9]|2[0-9]|3[01])\\.[0-9]{1,3}\\.[0-9]{1,3}|169\\.254\\.[0-9]{1,3}\\.[0-9]{1,3}|\\[(?:[fF][cCdD][0-9A-Fa-f]{2}|[fF][eE][89aAbB][0-9A-Fa-f]):[0-9A-Fa-f:.]*\\]))(?::[0-9]{1,5})?(?:[/?][^\\s#]*)?$"
        ),
    ]
    """
    The signalling URL.
    """


class VoiceSession(TalkieModel):
    """
    Answer of `POST voiceSessions`: how the device reaches the speech provider directly. The server has already fixed model, instructions and tools; the short-lived `clientSecret` only opens the connection. Every member is required except `consent` (§10.1 marks it OPTIONAL).
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    voice_session_id: Annotated[str, Field(min_length=1)]
    """
    Identifier used in the voice tool, transcript and usage URLs.
    """
    thread_id: Annotated[str, Field(min_length=1)]
    """
    Thread the transcript is stored in.
    """
    transport: Annotated[str, Field(min_length=1)]
    """
    Media transport, e.g. `webrtc`.
    """
    event_protocol: Annotated[str, Field(min_length=1)]
    """
    Data-channel dialect, e.g. `openai-realtime/1`.
    """
    signaling: Signaling
    client_secret: Annotated[str, Field(min_length=1)]
    """
    Ephemeral credential for `signaling.url` and nothing else.
    """
    expires_at: str
    """
    When `clientSecret` stops opening connections.
    """
    max_seconds: Annotated[int, Field(ge=1)]
    """
    Longest allowed session length.
    """
    warn_seconds: Annotated[int, Field(ge=0)]
    """
    How long before `maxSeconds` the client warns the user.
    """
    locale: Annotated[str, Field(pattern="^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$")]
    """
    Language of the session.
    """
    labels: dict[str, str]
    """
    Short status text to show while a tool of the given name runs.
    """
    consent: Consent | None = None
