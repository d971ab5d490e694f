"""`--oauth`: the suite signs in like the app, judges that sign-in, and catches every OAuth fault."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import httpx
import pytest
from click.testing import CliRunner
from rich.console import Console
from talkie_conformance import oauth as oauth_module
from talkie_conformance.checks.auth_oauth import mask
from talkie_conformance.cli import EXIT_CANNOT_RUN, EXIT_FINDINGS, EXIT_PASS, main
from talkie_conformance.client import TalkieClient, discover
from talkie_conformance.findings import Verdict
from talkie_conformance.fuzz import FuzzConfig, fuzz
from talkie_conformance.oauth import (
    Callback,
    OAuthConfig,
    Pkce,
    ServerMetadata,
    SignInError,
    authorization_url,
    fetch_metadata,
    metadata_locations,
    revoke_token,
    s256,
    sign_in_to,
    verify_callback,
)
from talkie_conformance.rules import load_rules
from talkie_conformance.runner import RunResult, all_checks, run_suite, select

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

StartMock = Callable[..., AbstractContextManager[str]]

SIGN_IN_RULES = {"AUTH-004", "AUTH-005", "AUTH-009", "AUTH-012", "AUTH-014", "AUTH-015", "AUTH-021"}
# Checks that sign in on their own and so need a server that approves without a person.
UNATTENDED_ONLY = {
    "pkce_required",
    "pkce_verifier_checked",
    "code_single_use",
    "refresh_token_rotation",
    "token_revocation",
}
# Each negative switch of the mock's authorization server and the one rule that must catch it.
FAULTS = {
    "wrong-iss": ("AUTH-012", Verdict.FAIL),
    "missing-iss": ("AUTH-012", Verdict.FAIL),
    "no-s256": ("AUTH-006", Verdict.FAIL),
    "refresh-denied": ("AUTH-014", Verdict.WARN),
    "any-redirect": ("AUTH-025", Verdict.FAIL),
}
ISSUER = "https://crm.horizont.example/oauth"
METADATA = ServerMetadata(
    url="https://crm.horizont.example/.well-known/oauth-authorization-server/oauth",
    document={"issuer": ISSUER, "authorization_response_iss_parameter_supported": True},
)


def _cli(*args: str, **kwargs: Any) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False, **kwargs)
    return result.exit_code, result.output


def _findings(path: Path) -> list[dict[str, Any]]:
    findings: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["findings"]
    return findings


# -- the sign-in pieces, without a server ------------------------------------------------------------------


def test_metadata_locations_follow_n01() -> None:
    assert metadata_locations(ISSUER) == [
        "https://crm.horizont.example/.well-known/oauth-authorization-server/oauth",
        "https://crm.horizont.example/oauth/.well-known/oauth-authorization-server",
        "https://crm.horizont.example/.well-known/openid-configuration/oauth",
        "https://crm.horizont.example/oauth/.well-known/openid-configuration",
    ]


def test_metadata_falls_back_to_openid_configuration() -> None:
    asked: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        asked.append(str(request.url))
        if request.url.path == "/oauth/.well-known/openid-configuration":
            return httpx.Response(200, json={"issuer": ISSUER})
        return httpx.Response(404)

    with httpx.Client(transport=httpx.MockTransport(handler)) as http:
        found, answers = fetch_metadata(http, ISSUER)
    assert found is not None
    assert found.issuer == ISSUER
    assert asked == metadata_locations(ISSUER)
    assert [answer.status_code for answer in answers] == [404, 404, 404, 200]


def test_pkce_s256_matches_rfc7636_appendix_b() -> None:
    assert (
        s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk") == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    )
    pair = Pkce.new()
    assert pair.method == "S256"
    assert len(pair.verifier) == 43
    assert pair.challenge == s256(pair.verifier)
    plain = Pkce.new("plain")
    assert (plain.method, plain.challenge) == ("plain", plain.verifier)
    assert Pkce.new().verifier != Pkce.new().verifier


def test_authorization_url_carries_the_public_client_request() -> None:
    pkce = Pkce.new()
    url = authorization_url(ISSUER + "/authorize", OAuthConfig(), state="st-1", pkce=pkce)
    params = Callback.parse(url).params
    assert params == {
        "response_type": ["code"],
        "client_id": ["https://talkie.firemni-crm.cz/oauth/client.json"],
        "redirect_uri": ["cz.firemnicrm.talkie:/oauth/callback"],
        "scope": ["talkie offline_access"],
        "state": ["st-1"],
        "code_challenge": [pkce.challenge],
        "code_challenge_method": ["S256"],
    }
    assert (
        "code_challenge"
        not in Callback.parse(
            authorization_url(ISSUER + "/authorize", OAuthConfig(), state="s", pkce=None)
        ).params
    )


@pytest.mark.parametrize(
    ("query", "stage"),
    [
        ("code=c1&state=other&iss=" + ISSUER, "state"),
        ("code=c1&state=mine&iss=https://evil.example/oauth", "iss"),
        ("code=c1&state=mine", "iss"),
        ("error=access_denied&state=mine&iss=" + ISSUER, "callback"),
        ("state=mine&iss=" + ISSUER, "callback"),
    ],
    ids=["foreign-state", "wrong-iss", "missing-iss-although-promised", "error", "no-code"],
)
def test_verify_callback_refuses(query: str, stage: str) -> None:
    callback = Callback.parse("cz.firemnicrm.talkie:/oauth/callback?" + query)
    with pytest.raises(SignInError) as caught:
        verify_callback(callback, state="mine", metadata=METADATA)
    assert caught.value.stage == stage


def test_verify_callback_accepts_a_good_response_and_a_missing_iss_not_promised() -> None:
    good = Callback.parse(f"cz.firemnicrm.talkie:/oauth/callback?code=c1&state=mine&iss={ISSUER}")
    assert verify_callback(good, state="mine", metadata=METADATA) == "c1"
    quiet = ServerMetadata(url=METADATA.url, document={"issuer": ISSUER})
    bare = Callback.parse("cz.firemnicrm.talkie:/oauth/callback?code=c2&state=mine")
    assert verify_callback(bare, state="mine", metadata=quiet) == "c2"


def test_evidence_masks_codes_and_tokens() -> None:
    shown = mask("cz.firemnicrm.talkie:/oauth/callback?code=tkc_secret&state=s1")
    assert shown == "cz.firemnicrm.talkie:/oauth/callback?code=***&state=s1"
    form = mask("grant_type=refresh_token&refresh_token=tkr_secret&client_id=x")
    assert "tkr_secret" not in form
    assert "client_id=x" in form
    body = mask('{"access_token": "tka_secret", "token_type": "Bearer", "refresh_token":"tkr_2"}')
    assert "tka_secret" not in body
    assert "tkr_2" not in body
    assert '"token_type": "Bearer"' in body


def test_a_401_to_our_token_is_refreshed_once() -> None:
    """One refresh and one retry per request; requests that chose their own credentials are left alone."""
    manifest = {
        "spec": "talkie/1",
        "issuer": "https://crm.horizont.example",
        "endpoints": {"status": "/api/talkie/status"},
    }

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/.well-known/talkie.json":
            return httpx.Response(200, json=manifest)
        good = request.headers.get("authorization") == "Bearer fresh"
        return httpx.Response(200 if good else 401, json={})

    transport = httpx.MockTransport(handler)
    calls: list[str] = []

    def refresher(rejected: str) -> str | None:
        calls.append(rejected)
        return "fresh" if len(calls) == 1 else None

    discovery = discover("crm.horizont.example", transport=transport)
    with TalkieClient(discovery, "stale", transport=transport, refresher=refresher) as client:
        assert client.request("GET", "status").status == 200
        assert client.token == "fresh"
        assert client.request("GET", "status", auth=False).status == 401
        assert client.request("GET", "status", auth="other").status == 401
        assert calls == ["stale"]
        client.token = "revoked-again"
        assert client.request("GET", "status").status == 401  # the refresh is refused: no loop
        assert calls == ["stale", "revoked-again"]


# -- against the real mock ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def oauth_mock(start_mock: StartMock) -> Iterator[str]:
    """`talkie-mock serve --auto-approve`: approves every sign-in at once."""
    with start_mock(auto_approve=True) as origin:
        yield origin


def test_run_oauth_signs_in_and_every_auth_check_passes(oauth_mock: str, tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    code, output = _cli("run", oauth_mock, "--oauth", "--only", "auth,status", "--report", str(report))
    assert code == EXIT_PASS, output
    findings = _findings(report)
    assert {f["verdict"] for f in findings} == {"pass"}
    assert {f["rule"] for f in findings} >= SIGN_IN_RULES
    assert {f["origin"] for f in findings} >= {"oauth_sign_in", "status_shape", *UNATTENDED_ONLY}
    assert "tkc_" not in report.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("option", "value", "rule_id"),
    [
        ("--oauth-client-id", "https://talkie-fork.example/oauth/client.json", "AUTH-004"),
        ("--oauth-redirect-uri", "cz.firemnicrm.talkie:/oauth/elsewhere", "AUTH-005"),
    ],
    ids=["unknown-client", "unregistered-redirect"],
)
def test_a_refused_client_or_redirect_uri_fails_its_rule(
    oauth_mock: str, tmp_path: Path, option: str, value: str, rule_id: str
) -> None:
    """The mock knows only the Talkie client and its redirect URI; anything else gets an error page."""
    report = tmp_path / "report.json"
    code, output = _cli("run", oauth_mock, "--oauth", option, value, "--only=auth", f"--report={report}")
    assert code == EXIT_FINDINGS, output
    failed = {f["rule"] for f in _findings(report) if f["verdict"] == "fail"}
    assert failed == {rule_id}


def test_token_and_oauth_together_exit_two(oauth_mock: str) -> None:
    code, output = _cli("run", oauth_mock, "--token", "x", "--oauth")
    assert code == EXIT_CANNOT_RUN
    assert "--token or --oauth" in output


def test_unattended_oauth_needs_a_server_that_approves_at_once(mock_origin: str) -> None:
    """The shared mock runs without --auto-approve: it shows a sign-in page, so only a person can go on."""
    code, output = _cli("run", mock_origin, "--oauth", "--only", "auth")
    assert code == EXIT_CANNOT_RUN
    assert "--oauth-interactive" in output


def _sign_in_in_a_browser(authorization: str) -> str:
    """What a person does: open the page, keep the first user, press approve; returns where it redirects."""
    page = httpx.get(authorization)
    assert page.status_code == 200
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', page.text))
    fields["user"] = re.findall(r'<input type="radio" name="user" value="([^"]+)" checked>', page.text)[0]
    fields["decision"] = "approve"
    action = re.findall(r'<form method="post" action="([^"]+)">', page.text)[0]
    answer = httpx.post(urljoin(authorization, action), data=fields, follow_redirects=False)
    assert answer.is_redirect
    return answer.headers["location"]


def test_interactive_sign_in_with_a_pasted_redirect(
    mock_origin: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Against a mock that asks a person: they open the printed URL, approve, and paste the app address."""
    pkce = Pkce.new()
    monkeypatch.setattr(oauth_module, "new_state", lambda: "state-of-lena-schmidt")
    monkeypatch.setattr(oauth_module.Pkce, "new", classmethod(lambda cls, method="S256": pkce))
    expected_url = authorization_url(
        mock_origin + "/oauth/authorize", OAuthConfig(), state="state-of-lena-schmidt", pkce=pkce
    )
    pasted = _sign_in_in_a_browser(expected_url)
    assert pasted.startswith("cz.firemnicrm.talkie:/oauth/callback?")
    report = tmp_path / "report.json"
    code, output = _cli(
        "run",
        mock_origin,
        "--oauth-interactive",
        "--only",
        "auth,status",
        "--report",
        str(report),
        input=pasted + "\n",
    )
    assert code == EXIT_PASS, output
    assert expected_url in output.replace("\n", "")
    verdicts = {(f["origin"], f["rule"]): f for f in _findings(report)}
    for rule in ("AUTH-004", "AUTH-005", "AUTH-009", "AUTH-012", "AUTH-013"):
        assert verdicts[("oauth_sign_in", rule)]["verdict"] == "pass"
    assert verdicts[("token_response_not_cached", "AUTH-006")]["verdict"] == "pass"
    assert verdicts[("status_shape", "STAT-001")]["verdict"] == "pass"
    skipped = [f for f in verdicts.values() if f["origin"] in UNATTENDED_ONLY]
    assert {f["origin"] for f in skipped} == UNATTENDED_ONLY
    assert {f["verdict"] for f in skipped} == {"skip"}
    assert all("--oauth-interactive" in f["message"] for f in skipped)


def test_interactive_sign_in_refuses_a_pasted_redirect_of_another_flow(oauth_mock: str) -> None:
    foreign = "cz.firemnicrm.talkie:/oauth/callback?code=tkc_x&state=not-ours&iss=" + oauth_mock + "/oauth"
    code, output = _cli("run", oauth_mock, "--oauth-interactive", "--only", "auth", input=foreign + "\n")
    assert code == EXIT_FINDINGS
    assert "AUTH-009" in output


def test_a_revoked_access_token_is_refreshed_during_a_run(oauth_mock: str) -> None:
    discovery = discover(oauth_mock)
    session = sign_in_to(discovery.manifest, OAuthConfig())
    try:
        assert session.access_token is not None
        assert session.metadata is not None
        assert session.metadata.revocation_endpoint is not None
        first = session.access_token
        with TalkieClient(discovery, first, refresher=session.refresh) as client:
            assert client.request("GET", "status").status == 200
            revoked = revoke_token(
                session.http, session.metadata.revocation_endpoint, session.config, first, "access_token"
            )
            assert revoked.status_code == 200
            assert client.request("GET", "status").status == 200
            assert session.refreshes == 1
            assert client.token != first
            assert client.request("GET", "status", auth=first).status == 401
            # A second 401 to the same old token (a parallel request) reuses the refresh, no replay.
            assert session.refresh(first) == client.token
            assert session.refreshes == 1
            assert client.request("GET", "status").status == 200
    finally:
        session.close()


def test_fuzz_signs_in_with_oauth(oauth_mock: str) -> None:
    """Without a working token the state machine's first cancel gets 401; signed in, it runs clean."""
    report = fuzz(
        FuzzConfig(
            target=oauth_mock, token=None, oauth=OAuthConfig(), max_examples=2, phases=(), time_limit=60.0
        ),
        console=Console(quiet=True),
    )
    assert report.failures == []
    assert report.state_machine_steps > 0


def test_plugin_signs_in_with_talkie_oauth(pytester: pytest.Pytester, oauth_mock: str) -> None:
    result = pytester.runpytest_inprocess(
        "--talkie-url", oauth_mock, "--talkie-oauth", "--talkie-only", "auth", "-q", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(passed=len(select(["auth"])[0]))


@pytest.fixture(scope="module")
def fault_results(start_mock: StartMock) -> dict[str, RunResult]:
    """The §2 and §4 checks against the mock with each OAuth fault switched on, side by side."""

    def run_against(fault: str) -> RunResult:
        with start_mock(auto_approve=True, oauth_faults=(fault,)) as origin:
            checks = select(["auth", "status"])[0]
            return run_suite(origin, token=None, oauth=OAuthConfig(), rules=load_rules(), checks=checks)

    with ThreadPoolExecutor(max_workers=len(FAULTS)) as pool:
        return dict(zip(FAULTS, pool.map(run_against, FAULTS), strict=True))


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_each_oauth_fault_is_caught_by_its_rule(fault_results: dict[str, RunResult], fault: str) -> None:
    rule_id, verdict = FAULTS[fault]
    result = fault_results[fault]
    flagged = {(f.rule_id, f.verdict) for f in result.findings if f.verdict in {Verdict.FAIL, Verdict.WARN}}
    assert flagged == {(rule_id, verdict)}, [f"{f.rule_id} {f.origin}: {f.message}" for f in result.findings]
    assert result.failed is (verdict is Verdict.FAIL)


def test_a_failed_sign_in_blocks_the_checks_that_need_its_token(fault_results: dict[str, RunResult]) -> None:
    """wrong-iss: the suite refuses the code (as the app must), so it has no token for §4; it says so."""
    status = [f for f in fault_results["wrong-iss"].findings if f.section == "status"]
    assert status
    assert {f.verdict for f in status} == {Verdict.SKIP}
    assert all("sign-in failed" in f.message for f in status)
    healthy_status = [f for f in fault_results["no-s256"].findings if f.section == "status"]
    assert {f.verdict for f in healthy_status} == {Verdict.PASS}


def test_sign_in_checks_belong_to_section_2() -> None:
    needs = [spec.name for spec in all_checks() if spec.needs_oauth]
    assert set(needs) == {
        "oauth_sign_in",
        "token_response_not_cached",
        "redirect_uri_registered",
        *UNATTENDED_ONLY,
    }
    assert {spec.section for spec in all_checks() if spec.needs_oauth} == {"auth"}
