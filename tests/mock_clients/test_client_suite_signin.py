"""The client suite's sign-in scenarios: their authorization server answers as the guide says, the
reference client (which signs in from the text) passes every sign-in check, and each of its broken sign-in
behaviours fails exactly the checks it breaks, in the whole suite, and no other."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from talkie_mock.clientsuite.observe import Record, Seen
from talkie_mock.clientsuite.runner import run_suite
from talkie_mock.clientsuite.scenarios import SCENARIOS
from talkie_mock.clientsuite.servers import Servers
from talkie_mock.clientsuite.signin import (
    AUTHORIZE,
    LOCATIONS,
    TOKEN,
    SignInScenario,
    metadata_in_order,
    pkce_s256,
    public_client,
    revoked_at_sign_out,
    unguessable_state,
)
from talkie_mock.oauth.credentials import s256

HERE = Path(__file__).resolve().parent
CLIENT = f"{sys.executable} {HERE / 'reference_client.py'} {{url}} {{token}}"
SIGN_IN = tuple(name for name, s in SCENARIOS.items() if isinstance(s, SignInScenario))

WITHOUT_VOICE = tuple(name for name, scenario in SCENARIOS.items() if "voice" not in scenario.person)
"""The scenarios a broken behaviour outside voice is run against: the voice scenarios exercise the reference
client's voice session alone (`reference_voice`) after the very run every other scenario exercises, and cost
three quarters of a whole run."""

BROKEN = {
    "client-secret": {("sign-in", "AUTH-003")},
    "plain-pkce": {("sign-in", "AUTH-007"), ("sign-out", "AUTH-007")},
    "fixed-state": {("sign-out", "AUTH-008")},
    "ignore-iss": {("wrong-iss", "AUTH-011")},
    "any-state": {("foreign-state", "AUTH-010")},
    "no-revoke": {("sign-out", "AUTH-020")},
    "one-metadata-location": set(),
}
"""Each broken sign-in behaviour of the reference client, and the (scenario, rule) checks it must fail."""
WARNED = {
    "one-metadata-location": {("metadata-last", "AUTH-002")},
    "fixed-state": {("sign-in", "AUTH-008")},
}
"""AUTH-002 rests on notes N-01, and a state's length on notes N-200: a client that breaks them is warned, not
failed (a repeated state fails: the text's "unguessable")."""


def test_the_sign_in_scenarios_are_every_scenario_whose_person_signs_in() -> None:
    assert set(SIGN_IN) == {
        "sign-in",
        "metadata-last",
        "foreign-state",
        "wrong-iss",
        "expired-token",
        "sign-out",
    }
    assert all("sign-in" in SCENARIOS[name].person for name in SIGN_IN)
    assert all("sign-in" not in s.person for name, s in SCENARIOS.items() if name not in SIGN_IN)


def test_the_reference_client_passes_every_sign_in_check() -> None:
    result = run_suite(CLIENT, SIGN_IN)
    assert [s.name for s in result.scenarios] == list(SIGN_IN)
    assert [(r.scenario, r.rule, r.verdict) for r in result.results() if r.verdict != "pass"] == []
    assert len(result.results()) == sum(len(SCENARIOS[name].checks) for name in SIGN_IN)


@pytest.mark.slow
@pytest.mark.parametrize("behaviour", sorted(BROKEN))
def test_a_broken_sign_in_fails_exactly_the_checks_it_breaks(behaviour: str) -> None:
    result = run_suite(f"{CLIENT} --break {behaviour}", WITHOUT_VOICE)
    failed = {(r.scenario, r.rule) for r in result.results() if r.verdict == "fail"}
    assert failed == BROKEN[behaviour]
    warned = {(r.scenario, r.rule) for r in result.results() if r.verdict == "warn"}
    assert warned == WARNED.get(behaviour, set())
    assert {(r.scenario, r.rule) for r in result.results() if r.verdict == "skip"} == set()


def test_a_sign_in_scenario_gives_no_token_and_a_client_unable_to_sign_in_is_not_exercised() -> None:
    line = '{\\"kind\\": \\"unable\\", \\"gesture\\": \\"sign-in\\"}'
    unable = f"""sh -c 'test -n "$1" || echo "{line}"' sh {{token}}"""
    result = run_suite(unable, (*SIGN_IN, "plain-run"))
    for found in result.results():
        if found.scenario in SIGN_IN:
            assert found.verdict == "skip"
            assert "cannot sign-in (it said so)" in found.detail
        else:  # given a token, it says nothing and makes no request
            assert "it said so" not in found.detail


def _metadata(client: httpx.Client, url: str) -> int:
    return client.get(url).status_code


def test_the_authorization_server_of_a_scenario_answers_as_the_guide_says() -> None:
    with Servers("talkie-dev-test-token") as suite, httpx.Client(timeout=5) as client:
        origin = suite.origins.issuer
        manifest = client.get(suite.origins.manifest_url("sign-in")).json()
        issuer = manifest["auth"]["oauth"]["issuer"]
        assert issuer == f"{origin}/_scenarios/sign-in/oauth"
        assert "token" not in manifest["auth"]  # signing in is the only way
        inserted = f"{origin}/.well-known/oauth-authorization-server/_scenarios/sign-in/oauth"
        found = client.get(inserted).json()
        assert found["issuer"] == issuer
        assert client.get(f"{issuer}/.well-known/oauth-authorization-server").json() == found
        assert _metadata(client, f"{issuer}/.well-known/openid-configuration") == 404
        last = f"{origin}/_scenarios/metadata-last/oauth"
        assert _metadata(client, f"{last}/.well-known/openid-configuration") == 200
        assert (
            _metadata(
                client, f"{origin}/.well-known/oauth-authorization-server/_scenarios/metadata-last/oauth"
            )
            == 404
        )
        assert (
            _metadata(client, f"{origin}/.well-known/oauth-authorization-server/_scenarios/no-such/oauth")
            == 404
        )

        suite.begin("sign-in")
        query = {"client_id": "https://app.example/client.json", "state": "s" * 30, "redirect_uri": "app:/cb"}
        approved = client.get(found["authorization_endpoint"], params=query)
        assert approved.status_code == 302
        back = urlsplit(approved.headers["location"])
        params = {k: v[0] for k, v in parse_qs(back.query).items()}
        assert (back.scheme, back.path) == ("app", "/cb")
        assert params["state"] == "s" * 30
        assert params["iss"] == issuer
        assert client.get(found["authorization_endpoint"], params={"state": "x"}).status_code == 400
        token = found["token_endpoint"]
        redeemed = client.post(token, data={"grant_type": "authorization_code", "code": params["code"]})
        assert redeemed.json()["access_token"] == "talkie-dev-test-token"
        assert redeemed.headers["cache-control"] == "no-store"
        stranger = client.post(token, data={"grant_type": "authorization_code", "code": "tkc_9_" + "0" * 32})
        assert stranger.json()["error"] == "invalid_grant"
        assert client.post(token, data={"grant_type": "password"}).json()["error"] == "unsupported_grant_type"
        assert client.post(found["revocation_endpoint"], data={}).status_code == 400

        suite.begin("wrong-iss")
        wrong = client.get(f"{origin}/_scenarios/wrong-iss/oauth/authorize", params=query)
        assert parse_qs(urlsplit(wrong.headers["location"]).query)["iss"] != [
            f"{origin}/_scenarios/wrong-iss/oauth"
        ]
        suite.begin("foreign-state")
        foreign = client.get(f"{origin}/_scenarios/foreign-state/oauth/authorize", params=query)
        assert parse_qs(urlsplit(foreign.headers["location"]).query)["state"] != ["s" * 30]


def _seen(rest: str, method: str = "GET", carries: bool = False, **params: str) -> Seen:
    return Seen("scenario", method, "other", "/" + rest, carries, rest=rest, params=tuple(params.items()))


def _record(*seen: Seen) -> Record:
    record = Record()
    for one in seen:
        record.add(one)
    return record


VERIFIER = "v" * 43
CLIENT_ID = "https://app.example/c.json"


def _authorize(challenge: str = s256(VERIFIER), state: str = "s" * 22) -> Seen:
    return _seen(
        AUTHORIZE, client_id=CLIENT_ID, state=state, code_challenge=challenge, code_challenge_method="S256"
    )


def _redeem(verifier: str = VERIFIER, secret: str | None = None) -> Seen:
    code = "tkc_0_" + "0" * 32
    seen = _seen(
        TOKEN, "POST", grant_type="authorization_code", code=code, code_verifier=verifier, client_id=CLIENT_ID
    )
    if secret is None:
        return seen
    return replace(seen, params=(*seen.params, ("client_secret", secret)))


def test_the_judges_read_the_oauth_requests() -> None:
    assert pkce_s256(_record(_authorize(), _redeem())).status == "pass"
    other_verifier = _redeem("w" * 43)
    assert pkce_s256(_record(_authorize(), other_verifier)).status == "fail"
    assert pkce_s256(_record()).status == "skip"
    huge = replace(
        _redeem(), params=(("grant_type", "authorization_code"), ("code", f"tkc_{'9' * 5000}_{'0' * 32}"))
    )
    assert (
        pkce_s256(_record(_authorize(), huge)).status == "pass"
    )  # a code the suite never issued is passed over
    without_pkce = _seen(AUTHORIZE, client_id=CLIENT_ID, state="s" * 22)
    assert "without PKCE" in pkce_s256(_record(without_pkce)).detail
    assert unguessable_state(_record(_authorize(), _authorize("c" * 43))).status == "fail"  # the same state
    assert unguessable_state(_record(_authorize(), _authorize("c" * 43, "t" * 22))).status == "pass"
    assert public_client(_record(_authorize(), _redeem())).status == "pass"
    assert public_client(_record(_authorize(), _redeem(secret="x"))).status == "fail"
    insecure = _seen(AUTHORIZE, client_id="http://app.example/c.json")
    assert public_client(_record(insecure)).status == "fail"
    in_order = [_seen(rest) for rest in LOCATIONS]
    assert metadata_in_order(_record(*in_order)).status == "pass"
    assert metadata_in_order(_record(*reversed(in_order))).status == "fail"
    assert metadata_in_order(_record()).status == "skip"
    signed_in = (_authorize(), _redeem())
    assert revoked_at_sign_out(_record(*signed_in)).status == "skip"  # it never signed out
    assert revoked_at_sign_out(_record(*signed_in, _authorize("c" * 43))).status == "fail"
    revoked = _seen("oauth/revoke", "POST", carries=True, token="t")
    assert revoked_at_sign_out(_record(*signed_in, revoked, _authorize("c" * 43))).status == "pass"
