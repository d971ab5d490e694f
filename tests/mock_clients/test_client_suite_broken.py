"""Each deliberately broken variant of the reference client fails exactly the checks of the rule it breaks
and no other, across every scenario but the voice ones (a file of its own, so that the test runner's workers
share the suite's longest runs)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from talkie_mock.clientsuite.runner import run_suite
from talkie_mock.clientsuite.scenarios import SCENARIOS

HERE = Path(__file__).resolve().parent
CLIENT = f"{sys.executable} {HERE / 'reference_client.py'} {{url}} {{token}}"
WITHOUT_VOICE = tuple(name for name, scenario in SCENARIOS.items() if "voice" not in scenario.person)
"""The scenarios a broken behaviour outside voice is run against: the voice scenarios exercise the reference
client's voice session alone (`reference_voice`) after the very run every other scenario exercises, and cost
three quarters of a whole run."""

BROKEN = {
    "follow-manifest-redirect": {("manifest-redirect", "MAN-008")},
    "token-everywhere": {("token-redirect", "AUTH-019")},
    "accept-any-version": {("version-2", "MAN-004")},
    "cancel-on-drop": {("dropped-stream", "RUN-029")},
    "open-links": {("open-link", "RUN-022"), ("open-link", "SEC-002"), ("card-links", "SEC-002")},
    "hide-unknown-cards": {("unknown-block", "CARD-004")},
    "raw-segment": {("server-thread-id", "MAN-012")},
    "strict-events": {("unknown-event", "RUN-026"), ("unknown-custom", "RUN-027")},
    "endless-retry": {("unauthorized", "AUTH-018"), ("expired-token", "AUTH-018")},
    "auto-confirm": {("pending-action", "ACT-014")},
    "show-tool-output": {("tool-output", "RUN-020")},
    "call-foreign-endpoints": {("foreign-endpoint", "MAN-011")},
    "close-on-stop": {("stop", "RUN-032")},
    "reuse-run-id": {("again", "RUN-009")},
    "stale-hash": {("action-changed", "ACT-007")},
    "trust-event": {("action-changed", "ACT-005")},
    "unlisted-method": {("action-methods", "ACT-015")},
    "token-to-links": {("open-files", "CARD-007")},
    "file-without-token": {("open-files", "CARD-006")},
    "bare-host-as-url": {("bare-host", "MAN-001")},
    "endpoints-beside-manifest": {("issuer-paths", "MAN-009")},
    "guess-endpoints": {("missing-endpoints", "MAN-020")},
    "production-http": {("production", "MAN-025"), ("production", "MAN-026")},
    "retry-unknown-codes": set(),
    "forget-manifest": set(),
    "no-manifest-refresh": set(),
}
"""Each broken behaviour of the reference client, and the (scenario, rule) checks it must fail."""
WARNED = {
    "endless-retry": {("not-retryable", "ERR-011"), ("unknown-code", "ERR-004")},
    "retry-unknown-codes": {("unknown-code", "ERR-004")},
    "forget-manifest": {("again", "MAN-022")},
    "no-manifest-refresh": {("endpoint-moved", "MAN-023")},
}
"""The checks a broken behaviour only warns about: it breaks a SHOULD or a rule that rests on a note."""
SKIPPED = {
    "cancel-on-drop": {("server-thread-id", "RUN-008"), ("server-thread-id", "MAN-012")},
    "close-on-stop": {("stop", "RUN-009")},
}
"""The checks a broken behaviour never reaches: a client that cancels never loads a thread, one that only
closes the stream names no runId to cancel."""


@pytest.mark.slow
@pytest.mark.parametrize("behaviour", sorted(BROKEN))
def test_a_broken_client_fails_exactly_the_checks_it_breaks(behaviour: str) -> None:
    result = run_suite(f"{CLIENT} --break {behaviour}", WITHOUT_VOICE)
    failed = {(r.scenario, r.rule) for r in result.results() if r.verdict == "fail"}
    assert failed == BROKEN[behaviour]
    warned = {(r.scenario, r.rule) for r in result.results() if r.verdict == "warn"}
    assert warned == WARNED.get(behaviour, set())
    skipped = {(r.scenario, r.rule) for r in result.results() if r.verdict == "skip"}
    assert skipped == SKIPPED.get(behaviour, set())
