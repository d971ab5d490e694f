"""Whether the voice stack is installed: aiortc, av and espeakng-loader come with the `voice` extra.

The text-only mock (`pip install talkie-mock`) never imports them: this module, `session`, `brain`,
`events`, `script`, `speech` and `provider` load without them, and only a WebRTC connection (`peer`,
`audio`) needs them. Without the extra the manifest omits every voice endpoint and capability (§1 "Endpoints
the server does not support are omitted"), and a voice session request answers how to add it (notes N-92).
"""

from __future__ import annotations

import functools
import importlib.util

from talkie_mock.errors import MockError

EXTRA = "talkie-mock[voice]"
INSTALL = f"pip install '{EXTRA}'"
"""The one command that adds voice to an installed mock (named by the banner and the §3 answer)."""
MODULES = ("aiortc", "av", "espeakng_loader")


class OfferError(MockError):
    """The body is not an SDP offer the mock can answer (no audio, no data channel, not SDP); defined here so
    the API can name it without importing aiortc."""


class VoiceUnavailableError(MockError):
    """The voice extra is not installed: no WebRTC peer can be made."""


@functools.cache
def missing() -> str | None:
    """The first module of the voice stack that cannot be imported, or None when all can."""
    for name in MODULES:
        try:
            if importlib.util.find_spec(name) is None:
                return name
        except (ImportError, ValueError):  # a finder that refuses the name, a broken half-installed package
            return name
    return None


def available() -> bool:
    return missing() is None


def require() -> None:
    """Raise :class:`VoiceUnavailableError` saying how to add the extra."""
    name = missing()
    if name is not None:
        raise VoiceUnavailableError(f"voice needs the `voice` extra ({name} is not installed): {INSTALL}")
