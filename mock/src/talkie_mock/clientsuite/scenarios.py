"""The scenario registry: `SCENARIOS`, every scenario by name, which `clients list` and `clients run` read."""

from __future__ import annotations

from collections.abc import Mapping

from talkie_mock.clientsuite.base import Scenario
from talkie_mock.clientsuite.discovery import (
    ForeignEndpoint,
    IssuerMismatch,
    ManifestRedirect,
    MinorVersion,
    OtherMajorVersion,
    PlainRun,
    TokenRedirect,
    Unauthorized,
    UnknownMembers,
)
from talkie_mock.clientsuite.gestures import ActionChanged, ActionMethods, Again, OpenFiles, Stop
from talkie_mock.clientsuite.manifests import (
    BareHost,
    EndpointMoved,
    IssuerPaths,
    MissingEndpoints,
    Production,
    UnknownCode,
)
from talkie_mock.clientsuite.signin import (
    ExpiredToken,
    ForeignState,
    MetadataLast,
    SignIn,
    SignOut,
    WrongIss,
)
from talkie_mock.clientsuite.streams import (
    CardLinks,
    DroppedStream,
    Markup,
    NotRetryable,
    OpenLink,
    PendingAction,
    ServerThreadId,
    ToolOutput,
    UnknownBlock,
    UnknownCustom,
    UnknownEvent,
)
from talkie_mock.clientsuite.voice import (
    VoiceButtonOnly,
    VoiceConfirm,
    VoiceConsentWords,
    VoiceEarlyAnswer,
    VoiceNotAnAnswer,
    VoiceRefusal,
    VoiceTool,
    VoiceUnlistedHost,
)

SCENARIOS: Mapping[str, Scenario] = {
    scenario.name: scenario
    for scenario in (
        PlainRun(),
        OtherMajorVersion(),
        MinorVersion(),
        UnknownMembers(),
        ManifestRedirect(),
        IssuerMismatch(),
        ForeignEndpoint(),
        TokenRedirect(),
        UnknownEvent(),
        UnknownCustom(),
        DroppedStream(),
        ServerThreadId(),
        Unauthorized(),
        SignIn(),
        MetadataLast(),
        ForeignState(),
        WrongIss(),
        ExpiredToken(),
        SignOut(),
        NotRetryable(),
        OpenLink(),
        CardLinks(),
        Markup(),
        UnknownBlock(),
        PendingAction(),
        ToolOutput(),
        BareHost(),
        IssuerPaths(),
        MissingEndpoints(),
        EndpointMoved(),
        Production(),
        UnknownCode(),
        Stop(),
        Again(),
        ActionChanged(),
        ActionMethods(),
        OpenFiles(),
        VoiceTool(),
        VoiceUnlistedHost(),
        VoiceConfirm(),
        VoiceRefusal(),
        VoiceEarlyAnswer(),
        VoiceNotAnAnswer(),
        VoiceButtonOnly(),
        VoiceConsentWords(),
    )
}
"""Every scenario by name, in the order `clients run` runs them."""
