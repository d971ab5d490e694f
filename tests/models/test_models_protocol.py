"""talkie_models.protocol: every constant is the
specification's own text, and downstream code stops retyping it."""

from __future__ import annotations

from pathlib import Path

import pytest
from talkie_models import protocol

ROOT = Path(__file__).resolve().parents[2]
SPEC = (ROOT / "spec" / "specification" / "talkie-1.txt").read_text(encoding="utf-8")

LITERALS = [
    protocol.SPEC,
    protocol.WELL_KNOWN_PATH,
    protocol.TALKIE_CLIENT_ID,
    protocol.TALKIE_REDIRECT_URI,
    protocol.PKCE_METHOD,
    protocol.PING_COMMENT,
    protocol.EVENT_STREAM,
    protocol.SDP_MEDIA_TYPE,
    protocol.VOICE_TRANSPORT,
    protocol.VOICE_EVENT_PROTOCOL,
    protocol.SIGNALING_TYPE,
    *protocol.OAUTH_METADATA_SUFFIXES,
    *protocol.SCOPES,
    *protocol.CUSTOM_EVENT_NAMES,
    *protocol.TEST_MESSAGES,
]


@pytest.mark.parametrize("literal", LITERALS)
def test_each_string_constant_is_written_in_the_spec(literal: str) -> None:
    assert literal in SPEC


def test_scopes_are_the_ones_the_example_manifest_requests() -> None:
    assert '"scopes": ["talkie", "offline_access"]' in SPEC
    assert list(protocol.SCOPES) == ["talkie", "offline_access"]


def test_figures_match_the_spec_wording() -> None:
    assert "Manifest size ≤ 64 kB" in SPEC
    assert protocol.MAX_MANIFEST_BYTES == 64 * 1024
    assert "≤ 256 kB" in SPEC
    assert protocol.MAX_LOGO_BYTES == 256 * 1024
    assert "every 15 s" in SPEC
    assert protocol.PING_INTERVAL_SECONDS == 15
    assert "every 30 s" in SPEC
    assert protocol.VOICE_USAGE_INTERVAL_SECONDS == 30
    assert "default 1 hour" in SPEC
    assert protocol.MANIFEST_CACHE_SECONDS == 3600
    assert "(≤ 6 words)" in SPEC
    assert protocol.VOICE_CONSENT_MAX_WORDS == 6
    assert "expires in ≥ 60 s" in SPEC
    assert protocol.TEST_ACTION_MIN_LIFETIME_SECONDS == 60


def test_redirect_scheme_and_echo_message() -> None:
    assert protocol.TALKIE_REDIRECT_SCHEME == "cz.firemnicrm.talkie"
    assert protocol.echo_message("Ivana Dvořáková") == "talkie-test:echo Ivana Dvořáková"


def test_public_names_are_exactly_the_module_constants() -> None:
    public = {name for name in vars(protocol) if name.isupper() or name == "echo_message"}
    assert set(protocol.__all__) == public - {"Final"}
    assert len(protocol.__all__) == len(set(protocol.__all__))


def test_custom_event_names_are_the_schemas_talkie_names() -> None:
    from typing import get_args

    from talkie_models import TalkieCustomName

    assert set(protocol.CUSTOM_EVENT_NAMES) == set(get_args(get_args(TalkieCustomName.__value__)[0]))
