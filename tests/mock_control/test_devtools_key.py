"""The developer secret expires: after its lifetime a new one is made and announced, the old one opens
nothing; every start makes a new one (none is kept in the state file)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from starlette.testclient import TestClient
from talkie_mock import create_app
from talkie_mock.devtools.guard import DevKey
from talkie_mock.testing import make_config


def test_a_key_past_its_lifetime_is_replaced_and_announced() -> None:
    now = [0.0]
    announced: list[str] = []
    key = DevKey("dk_first_key_of_this_test", lifetime=60, on_new_key=announced.append, clock=lambda: now[0])
    assert key.matches("dk_first_key_of_this_test")
    now[0] = 59.0
    assert key.matches("dk_first_key_of_this_test")
    now[0] = 60.0
    assert not key.matches("dk_first_key_of_this_test")
    assert announced == [key.value]
    assert key.value.startswith("dk_")
    assert key.matches(announced[0])


def test_the_guard_refuses_an_expired_key(make_http: Callable[..., TestClient]) -> None:
    http = make_http(open_devtools=False, devtools_key="dk_guard_test_key_0123456789")
    headers = {"X-Talkie-Mock-Key": "dk_guard_test_key_0123456789"}
    assert http.get("/_mock/api/clock", headers=headers).status_code == 200
    http.app.state.dev_key.expires = 0  # type: ignore[attr-defined]  # its lifetime is over
    refused = http.get("/_mock/api/clock", headers=headers)
    assert refused.status_code == 401
    assert "expired" in refused.json()["error"]["message"]
    fresh = http.app.state.dev_key.value  # type: ignore[attr-defined]
    assert http.get("/_mock/api/clock", headers={"X-Talkie-Mock-Key": fresh}).status_code == 200


def test_every_start_makes_a_new_key(tmp_path: Path) -> None:
    state = str(tmp_path / "state.db")
    first = create_app(make_config(state=state, open_devtools=False))
    first.state.mock.store.close()
    second = create_app(make_config(state=state, open_devtools=False))
    assert first.state.devtools_key != second.state.devtools_key
    second.state.mock.store.close()
