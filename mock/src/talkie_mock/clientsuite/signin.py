"""Scenarios of sign-in (§2.1) and their judges: each scenario's path holds an authorization server of its
own — metadata, authorization, token and revocation endpoints — and the checks read the client's requests
to it.

The suite's authorization server approves at once (notes N-201): its authorization endpoint answers 302 to
the client's redirect URI with `code`, `state` and `iss`, and the adapter, playing the person's browser, hands
that Location to the client. It hands out the suite's own token as the access token (and that token with
`REFRESH_SUFFIX` as the refresh token), so the checks of where a token goes hold in a signed-in scenario too.
It judges and does not refuse: whatever PKCE or client a request names, it issues a code and tokens, so a
client that breaks one rule is failed by that rule's check alone. Its metadata is the mock's own
(`oauth.metadata`), its issuer `<scenario>/oauth`; nothing the client names (its client_id, its redirect
URI) is ever fetched.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar
from urllib.parse import urlsplit

from talkie_models.protocol import TALKIE_CLIENT_ID, TALKIE_REDIRECT_URI

from talkie_mock.clientsuite.base import Asked, Check, Outcome, Scenario
from talkie_mock.clientsuite.observe import Record, Seen
from talkie_mock.clientsuite.situations import Answer, Origins, RunRequest, error, json_answer, manifest
from talkie_mock.config import OAuthSettings
from talkie_mock.oauth.credentials import CODE_PREFIX, fingerprint, s256, valid_s256_challenge, valid_verifier
from talkie_mock.oauth.errors import OAuthError
from talkie_mock.oauth.metadata import (
    APPENDED_PATH,
    AUTHORIZE_PATH,
    INSERTED_PATH,
    ISSUER_PATH,
    REVOKE_PATH,
    TOKEN_PATH,
    metadata,
)
from talkie_mock.oauth.server import WRONG_ISSUER_SUFFIX, response_url

OPENID = "/.well-known/openid-configuration"
LOCATIONS = (INSERTED_PATH[1:], APPENDED_PATH[1:], (OPENID + ISSUER_PATH)[1:], (ISSUER_PATH + OPENID)[1:])
"""Where a client looks for the metadata, in the order of notes N-01, as paths below a scenario's base: the
RFC 8414 form and the specification's, of oauth-authorization-server and then of openid-configuration."""
AUTHORIZE, TOKEN, REVOKE = AUTHORIZE_PATH[1:], TOKEN_PATH[1:], REVOKE_PATH[1:]
REFRESH_SUFFIX = ".refresh"
"""The refresh token is the suite's token with this suffix: a request carrying either carries the token."""
MIN_STATE = 22
"""The shortest `state` taken as unguessable: 128 bits in the 66 characters a URL leaves unreserved
(RFC 6749 §10.10 asks for a guess at 2^-128 at most; notes N-200)."""
NO_STORE = (("cache-control", "no-store"),)
_CODE = re.compile(re.escape(CODE_PREFIX) + r"(\d{1,6})_[0-9a-f]{32}")


def _code(token: str, index: int) -> str:
    """The code answering the `index`-th authorization request: it names the request it answers."""
    return f"{CODE_PREFIX}{index}_{fingerprint(f'{token}|{index}')[:32]}"


def _oauth_error(status: int, code: str, description: str) -> Answer:
    return json_answer(OAuthError(code, description).body(), status, NO_STORE)


class SignInScenario(Scenario):
    """A scenario whose person signs in: the manifest offers OAuth alone, served under the scenario's path."""

    person: ClassVar[tuple[str, ...]] = ("sign-in",)
    served: ClassVar[tuple[int, ...]] = (0, 1)
    """The `LOCATIONS` answered with the metadata; like the mock, both oauth-authorization-server forms."""

    def origin(self, origins: Origins) -> str:
        """The origin and path the authorization server's addresses start with."""
        return origins.issuer + origins.base(self.name).rstrip("/")

    def issuer(self, origins: Origins) -> str:
        return self.origin(origins) + ISSUER_PATH

    def manifest(self, origins: Origins) -> dict[str, Any]:
        oauth = {"issuer": self.issuer(origins), "scopes": ["talkie", "offline_access"]}
        return manifest(origins, self.name, auth={"oauth": oauth})

    def state_back(self, state: str) -> str:
        """The `state` the authorization response carries for the one the client sent."""
        return state

    def iss_back(self, issuer: str) -> str:
        """The `iss` the authorization response carries (RFC 9207)."""
        return issuer

    def answer(self, asked: Asked, record: Record, origins: Origins) -> Answer:
        if asked.rest in LOCATIONS:
            if asked.method == "GET" and LOCATIONS.index(asked.rest) in self.served:
                return json_answer(metadata(self.origin(origins), OAuthSettings()))
            return error(404, "not_found", "The authorization server's metadata is not at this address.")
        if asked.rest == AUTHORIZE and asked.method == "GET":
            return self.authorize(asked, record, origins)
        if asked.rest == TOKEN and asked.method == "POST":
            return self.token(asked, record, origins)
        if asked.rest == REVOKE and asked.method == "POST":
            if not asked.param("token"):
                return _oauth_error(400, "invalid_request", "token is missing.")
            return json_answer({}, 200, NO_STORE)
        return super().answer(asked, record, origins)

    def authorize(self, asked: Asked, record: Record, origins: Origins) -> Answer:
        """Approved at once: 302 to the redirect URI with a code, the state and iss."""
        client_id, target = asked.param("client_id"), asked.param("redirect_uri")
        if not client_id:
            return _oauth_error(400, "invalid_request", "The request names no client (client_id is missing).")
        if target is None and client_id == TALKIE_CLIENT_ID:
            target = TALKIE_REDIRECT_URI
        if not target or not urlsplit(target).scheme:
            return _oauth_error(400, "invalid_request", "redirect_uri is missing or not an absolute URI.")
        index = len(_authorizations(record)) - 1
        fields = {
            "code": _code(origins.token, index),
            "state": self.state_back(asked.param("state") or ""),
            "iss": self.iss_back(self.issuer(origins)),
        }
        return Answer(302, (("location", response_url(target, fields)), *NO_STORE))

    def token(self, asked: Asked, record: Record, origins: Origins) -> Answer:
        grant = asked.param("grant_type")
        if grant == "authorization_code":
            code = asked.param("code") or ""
            issued = (_code(origins.token, i) for i in range(len(_authorizations(record))))
            if code not in issued:
                return _oauth_error(400, "invalid_grant", "The authorization code is not known.")
        elif grant == "refresh_token":
            if asked.param("refresh_token") != origins.token + REFRESH_SUFFIX:
                return _oauth_error(400, "invalid_grant", "The refresh token is not known.")
        else:
            return _oauth_error(400, "unsupported_grant_type", "Only code and refresh grants are answered.")
        tokens = {
            "access_token": origins.token,
            "token_type": "Bearer",
            "expires_in": 3600,
            "refresh_token": origins.token + REFRESH_SUFFIX,
            "scope": "talkie offline_access",
        }
        return json_answer(tokens, 200, NO_STORE)


# -- judges -------------------------------------------------------------------------------------------------


def _authorizations(record: Record) -> list[Seen]:
    return [s for s in record.seen("scenario") if s.rest == AUTHORIZE and s.method == "GET"]


def _redemptions(record: Record) -> list[Seen]:
    """The token requests that redeem a code."""
    return [
        s
        for s in record.seen("scenario")
        if s.rest == TOKEN and s.method == "POST" and s.param("grant_type") == "authorization_code"
    ]


def _signed_in(record: Record) -> bool:
    return bool(_authorizations(record))


NOT_SIGNED_IN = Outcome("skip", "the client never sent an authorization request")


def metadata_in_order(record: Record) -> Outcome:
    """The client looked at every location of N-01, in that order (only the last one answers)."""
    asked = [LOCATIONS.index(s.rest) + 1 for s in record.seen("scenario") if s.rest in LOCATIONS]
    if not asked:
        return Outcome("skip", "the client looked for no authorization server metadata")
    order = list(dict.fromkeys(asked))
    if order[: len(LOCATIONS)] == list(range(1, len(LOCATIONS) + 1)):
        return Outcome("pass", "the client looked at the four locations of N-01 in order")
    return Outcome(
        "fail",
        f"the client looked at location(s) {', '.join(map(str, order))} of N-01's four; the metadata "
        "was only at the fourth",
    )


def _https_url(value: str | None) -> bool:
    if not value:
        return False
    parts = urlsplit(value)
    return parts.scheme == "https" and bool(parts.hostname) and not parts.fragment


def public_client(record: Record) -> Outcome:
    """Every OAuth request names an https client_id and carries no client secret."""
    if not _signed_in(record):
        return NOT_SIGNED_IN
    oauth = [s for s in record.seen("scenario") if s.rest in (AUTHORIZE, TOKEN, REVOKE)]
    for seen in oauth:
        where = f"the {seen.rest.rsplit('/', 1)[-1]} request"
        if seen.param("client_secret") is not None:
            return Outcome("fail", f"{where} carries a client_secret: the app is a public client")
        if seen.rest != AUTHORIZE and any(name == "authorization" for name, _ in seen.headers):
            return Outcome("fail", f"{where} authenticates the client (an Authorization header)")
        if seen.rest != REVOKE and not _https_url(seen.param("client_id")):
            return Outcome(
                "fail", f"{where}'s client_id is not the https address of a Client ID Metadata Document"
            )
    return Outcome("pass", f"{len(oauth)} OAuth request(s) of a public client with an https client_id")


def pkce_s256(record: Record) -> Outcome:
    """Every authorization request has its own S256 challenge, and each redeemed code its verifier."""
    authorizations = _authorizations(record)
    if not authorizations:
        return NOT_SIGNED_IN
    challenges = [s.param("code_challenge") for s in authorizations]
    for seen, challenge in zip(authorizations, challenges, strict=True):
        method = seen.param("code_challenge_method")
        if challenge is None:
            return Outcome("fail", "an authorization request without PKCE (no code_challenge)")
        if method != "S256" or not valid_s256_challenge(challenge):
            named = "plain" if method in (None, "plain") else "another method"  # absent means plain
            return Outcome("fail", f"an authorization request whose PKCE challenge is {named}, not S256")
    if len(set(challenges)) < len(challenges):
        return Outcome("fail", "two sign-ins with the same code_challenge: the verifier was not fresh")
    for seen in _redemptions(record):
        issued = _CODE.fullmatch(seen.param("code") or "")
        if issued is None or int(issued.group(1)) >= len(challenges):
            continue  # a code the suite never issued: no challenge to hold it against
        verifier = seen.param("code_verifier") or ""
        if not valid_verifier(verifier) or s256(verifier) != challenges[int(issued.group(1))]:
            return Outcome("fail", "the token request's code_verifier does not match the S256 challenge")
    return Outcome("pass", f"{len(challenges)} sign-in(s), each with its own S256 challenge and verifier")


def unguessable_state(record: Record) -> Outcome:
    authorizations = _authorizations(record)
    if not authorizations:
        return NOT_SIGNED_IN
    states = [s.param("state") or "" for s in authorizations]
    if not all(states):
        return Outcome("fail", "an authorization request without state")
    if len(set(states)) < len(states):
        return Outcome("fail", "two sign-ins with the same state: a state seen once is guessed")
    short = min(states, key=len)
    if len(short) < MIN_STATE:  # the length is our reading of "unguessable" (notes N-200): a warning
        return Outcome(
            "warn", f"a state of {len(short)} characters: fewer than {MIN_STATE} cannot carry 128 bits"
        )
    return Outcome("pass", f"{len(states)} sign-in(s), each with a state of its own")


def redeemed_nothing(record: Record) -> Outcome:
    """The authorization response was wrong: no code of it may be redeemed."""
    if not _signed_in(record):
        return NOT_SIGNED_IN
    if _redemptions(record):
        return Outcome("fail", "the client redeemed the code of an authorization response it had to drop")
    return Outcome("pass", "the client dropped the authorization response: no token request followed")


def refreshed_once(record: Record) -> Outcome:
    """After 401s to a signed-in client: one refresh and one retry at most, then no loop (notes N-182)."""
    runs = record.seen("scenario", "run")
    if not runs:
        return Outcome("skip", "the client made no run request")
    refreshes = [
        s for s in record.seen("scenario") if s.rest == TOKEN and s.param("grant_type") == "refresh_token"
    ]
    if len(refreshes) > 1 or len(runs) > 2:
        return Outcome(
            "fail", f"{len(refreshes)} refresh(es) and {len(runs)} run requests: one refresh and one retry"
        )
    return Outcome(
        "pass", f"{len(refreshes)} refresh and {len(runs)} run request(s), then the client stopped"
    )


def revoked_at_sign_out(record: Record) -> Outcome:
    """Signed out between two sign-ins: the revocation endpoint got a token of the first."""
    redemptions = _redemptions(record)
    if not redemptions:
        return Outcome("skip", "the client never redeemed a code, so it had nothing to revoke")
    requests = record.seen("scenario")
    if any(s.rest == REVOKE and s.method == "POST" and s.carries_token for s in requests):
        return Outcome("pass", "the client revoked its token at the revocation endpoint")
    again = [s for s in requests[requests.index(redemptions[0]) :] if s.rest == AUTHORIZE]
    if again:
        return Outcome(
            "fail", "the client signed out and in again without revoking at the advertised endpoint"
        )
    return Outcome("skip", "the client did not sign out, as far as its requests show")


# -- scenarios ----------------------------------------------------------------------------------------------


class SignIn(SignInScenario):
    name = "sign-in"
    summary = "The person signs in through the scenario's authorization server before sending the message."
    checks = (
        Check("AUTH-003", "signs in as a public client with an https client_id", public_client),
        Check("AUTH-007", "uses PKCE with S256", pkce_s256),
        Check("AUTH-008", "puts an unguessable state into the authorization request", unguessable_state),
    )


class MetadataLast(SignInScenario):
    name = "metadata-last"
    summary = "The authorization server's metadata is only at N-01's last location (openid-configuration)."
    served = (3,)
    checks = (Check("AUTH-002", "looks at every metadata location in order", metadata_in_order),)


class ForeignState(SignInScenario):
    name = "foreign-state"
    summary = "The authorization response carries a state of no flow of the client: it must be dropped."
    checks = (Check("AUTH-010", "drops a callback whose state is of no flow", redeemed_nothing),)

    def state_back(self, state: str) -> str:
        return "foreign-" + fingerprint(state)[:32]


class WrongIss(SignInScenario):
    name = "wrong-iss"
    summary = "The authorization response's iss is not the authorization server's issuer: no code redeemed."
    checks = (Check("AUTH-011", "redeems no code after a wrong iss", redeemed_nothing),)

    def iss_back(self, issuer: str) -> str:
        return issuer + WRONG_ISSUER_SUFFIX


class ExpiredToken(SignInScenario):
    name = "expired-token"
    summary = "Signed in, the run endpoint answers 401 to every request: one refresh at most, then stop."
    checks = (Check("AUTH-018", "refreshes once on 401, then stops", refreshed_once),)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        return error(401, "unauthorized", "The access token has expired.")


class SignOut(SignInScenario):
    name = "sign-out"
    summary = "The person signs in, sends the message, signs out and signs in again."
    person = ("sign-in", "sign-out", "sign-in")
    checks = (
        Check("AUTH-020", "revokes the token on sign-out", revoked_at_sign_out),
        Check("AUTH-007", "uses a fresh PKCE verifier on each sign-in", pkce_s256),
        Check("AUTH-008", "uses a state of its own on each sign-in", unguessable_state),
    )
