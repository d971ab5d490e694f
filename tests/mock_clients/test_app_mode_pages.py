"""App mode in Chromium: the inspector's Client suite panel and the playground's scenario picker list every
scenario of the registry with its manifest URL on the mock and what the person does in it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
import served
import waiting
from talkie_mock.clientsuite.appmode import API_PATH
from talkie_mock.clientsuite.base import GESTURES
from talkie_mock.clientsuite.scenarios import SCENARIOS

pytestmark = pytest.mark.slow  # a served mock and a browser

CLIENT = [sys.executable, str(Path(__file__).resolve().parent / "reference_client.py")]


def _url(origin: str, name: str) -> str:
    return f"{origin}/_scenarios/{name}/.well-known/talkie.json"


def test_the_inspector_and_the_playground_list_every_scenario(chromium: Any) -> None:
    from playwright.sync_api import expect

    with served.serving_keyed() as mock, chromium.running() as browser:
        subprocess.run([*CLIENT, _url(mock.origin, "plain-run"), mock.token], capture_output=True, timeout=60)
        page = browser.new_page()
        page.goto(f"{mock.origin}/_mock/#key={mock.dev_key}")
        expect(page.locator("#clients > li")).to_have_count(len(SCENARIOS), timeout=15_000)
        for name, scenario in SCENARIOS.items():
            item = page.locator(f'#clients > li[data-scenario="{name}"]')
            expect(item.locator(".manifest-url")).to_have_text(_url(mock.origin, name))
            expect(item).to_contain_text(scenario.summary)
            for gesture in scenario.person:
                expect(item.locator(".person")).to_contain_text(GESTURES[gesture])
        played = page.locator('#clients > li[data-scenario="plain-run"]')
        expect(played).to_contain_text(re.compile(r"[1-9]\d* request\(s\)"))
        expect(page.locator("#clients-summary")).to_contain_text(" 0 failed")
        page.click("#clear-clients")
        expect(played).to_contain_text("not asked yet", timeout=15_000)

        tab = browser.new_page()
        tab.goto(f"{mock.origin}/_mock/playground/#key={mock.dev_key}")
        tab.wait_for_selector("body[data-connected=true]")
        expect(tab.locator("#scenario option")).to_have_count(len(SCENARIOS) + 1, timeout=15_000)
        tab.select_option("#scenario", "version-2")
        expect(tab.locator("#address")).to_have_value(_url(mock.origin, "version-2"))
        expect(tab.locator("#scenario-person")).to_contain_text(SCENARIOS["version-2"].summary)

        def asked() -> int | None:
            listed = httpx.get(mock.origin + API_PATH, headers=mock.dev, timeout=10).json()
            count = next(s["requests"] for s in listed["scenarios"] if s["name"] == "version-2")
            return count or None

        # the playground fetched the scenario's manifest from the mock, which recorded it
        waiting.until(asked, "the playground's request for the version-2 manifest")
