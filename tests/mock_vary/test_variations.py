"""`--vary` really varies: each choice the specification leaves open is taken in some seed, none in the
default mode, the same seed takes the same choices again,
and the inspector names the choices each answer took."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient
from talkie_mock import create_app
from talkie_mock.engine.variations import Variations
from talkie_mock.testing import AUTH, make_config, run_input
from talkie_models.protocol import TEST_SLOW
from typed_client import IGNORED, decode_event
from vary_tour import VARY_SEEDS, Tour, take_tour, tour_of


def _events(tour: Tour) -> list[dict[str, Any]]:
    return [e for s in tour.streams for e in s.events]


def _stamps(tour: Tour) -> list[str]:
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key in ("createdAt", "updatedAt", "expiresAt", "undoUntil") and isinstance(item, str):
                    found.append(item)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk([a.body for a in tour.answers if not a.endpoint.startswith("_")])
    walk(_events(tour))
    return found


def _cancel_end(tour: Tour) -> str:
    """How the cancelled `talkie-test:slow` (the tour's second) ended."""
    cancelled = [s for s in tour.streams if s.text == TEST_SLOW][-1].events[-1]
    if cancelled["type"] == "RUN_ERROR":
        return "run-error"
    return "outcome" if cancelled.get("outcome") else "no-outcome"


FEATURES: dict[str, Callable[[Tour], bool]] = {
    "empty delta": lambda t: any(e.get("delta") == "" for e in _events(t)),
    "`: ping`": lambda t: any(b": ping" in s.raw for s in t.streams),
    "unknown event type": lambda t: any(
        e["type"] != "CUSTOM" and decode_event(e) is IGNORED for e in _events(t)
    ),
    "unknown CUSTOM name": lambda t: any(
        e["type"] == "CUSTOM" and decode_event(e) is IGNORED for e in _events(t)
    ),
    "TOOL_CALL_RESULT": lambda t: any(e["type"] == "TOOL_CALL_RESULT" for e in _events(t)),
    "event timestamp": lambda t: any("timestamp" in e for e in _events(t)),
    "unknown metadata member": lambda t: any("traceId" in (e.get("metadata") or {}) for e in _events(t)),
    "explicit success outcome": lambda t: any(
        (e.get("outcome") or {}).get("type") == "success" for e in _events(t)
    ),
    "cancel ends without outcome": lambda t: _cancel_end(t) == "no-outcome",
    "server-assigned threadId": lambda t: any(k != v for k, v in t.thread_ids.items()),
    "fractional seconds": lambda t: any("." in s for s in _stamps(t)),
    "offset": lambda t: any(not s.endswith("Z") for s in _stamps(t)),
    "message without channel": lambda t: any(
        "channel" not in m for a in t.of("thread") for m in a.body["messages"] if m["role"] == "user"
    ),
    "voice session without consent": lambda t: "consent" not in t.of("voiceSessions")[0].body,
    "200 after the final usage report": lambda t: len(t.of("voiceUsage")) == 3,
    "repeated decision repeats its card": lambda t: bool(t.of("decision")[1].body["events"]),
    "manifest unknown members": lambda t: "futureFeature" in t.of("manifest")[0].body,
    "card optional members omitted": lambda t: any(
        b.get("type") == "badge" and "tone" not in b
        for e in _events(t)
        if e.get("name") == "talkie.card"
        for b in e["value"]["blocks"]
    ),
}


def test_the_default_mode_takes_no_variation() -> None:
    default = tour_of(None)
    assert [name for name, present in FEATURES.items() if present(default)] == []
    assert _cancel_end(default) == "outcome"


@pytest.mark.parametrize("feature", list(FEATURES))
@pytest.mark.slow
def test_each_choice_is_taken_in_some_seed(feature: str) -> None:
    assert any(FEATURES[feature](tour_of(vary)) for vary in VARY_SEEDS)


def test_no_variation_fails_a_cancelled_run_or_wraps_get_action() -> None:
    """Notes N-51 rows 1 and 17: a cancel is no failure (RUN_ERROR is the last event "on failure") and GET
    action "returns the current action": neither is varied away from the specification's reading."""
    for vary in VARY_SEEDS:
        tour = tour_of(vary)
        assert _cancel_end(tour) in ("outcome", "no-outcome")
        actions = [a.body for a in tour.of("action")]
        assert actions
        assert all(body.get("id") and "action" not in body for body in actions)


def test_a_seed_takes_the_same_choices_again() -> None:
    again = take_tour(vary=VARY_SEEDS[0])
    first = tour_of(VARY_SEEDS[0])
    assert [[e["type"] for e in s.events] for s in again.streams] == [
        [e["type"] for e in s.events] for s in first.streams
    ]
    # voice sessions get fresh random ids, and their choices follow the id: compare the rest
    same = [n for n in FEATURES if not n.startswith(("voice", "200 after"))]
    assert {n for n in same if FEATURES[n](again)} == {n for n in same if FEATURES[n](first)}


def test_choices_are_a_function_of_seed_point_and_key() -> None:
    one, other = Variations(7), Variations(8)
    picks = [one.pick("p", f"k{i}", (1, 2, 3)) for i in range(40)]
    assert picks == [Variations(7).pick("p", f"k{i}", (1, 2, 3)) for i in range(40)]
    assert picks != [other.pick("p", f"k{i}", (1, 2, 3)) for i in range(40)]
    assert {Variations(None).pick("p", f"k{i}", (1, 2, 3)) for i in range(40)} == {1}


def test_the_manifest_cache_header_is_a_choice_too() -> None:
    seen = set()
    for vary in (None, *VARY_SEEDS):
        with TestClient(create_app(make_config(vary=vary))) as http:
            seen.add((vary is None, http.get("/.well-known/talkie.json").headers.get("cache-control")))
    assert (True, "public, max-age=60") in seen
    assert (False, None) in seen


def test_the_inspector_shows_the_choices_each_answer_took() -> None:
    for vary, expect_choices in ((3, True), (None, False)):
        with TestClient(create_app(make_config(vary=vary))) as http:
            response = http.post("/api/talkie/run", json=run_input("talkie-test:card", "r_i"), headers=AUTH)
            assert response.status_code == 200
            entries = http.get("/_mock/api/traffic").json()["entries"]
        run = next(e for e in entries if e["endpoint"] == "run")
        labels = run["variations"]
        assert bool(labels) is expect_choices
        if expect_choices:
            assert any(label.startswith("empty text deltas: ") for label in labels)
