"""The reference client's sign-in (§2.1 of talkie/1), written from the text: OAuth 2.1 authorization code with
PKCE S256, `state` bound to the server that began the flow, `iss` checked (RFC 9207), metadata looked for
where notes N-01 says, and sign-out revoking at the RFC 7009 endpoint when the metadata names one.

A command-line client has no browser: it plays the person's browser itself, asking for the authorization URL
without following redirects and taking the callback from the answer's Location, as the operating system
hands an app the private-use-scheme redirect (RFC 8252 §7.1). Its `--break` behaviours are listed with the
others in `reference_client`.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

import httpx

CLIENT_ID = "https://talkie.firemni-crm.cz/oauth/client.json"
"""The Talkie app's client_id: the URL of its Client ID Metadata Document (§2.1)."""
REDIRECT_URI = "cz.firemnicrm.talkie:/oauth/callback"
SCOPE = "talkie offline_access"


class SignInError(Exception):
    pass


def _s256(verifier: str) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()


def metadata_urls(issuer: str, broken: str | None) -> list[str]:
    """Where the metadata of `issuer` may be, in the order of notes N-01."""
    parts = urlsplit(issuer)
    host, path = f"{parts.scheme}://{parts.netloc}", parts.path.rstrip("/")
    appended = f"{host}{path}/.well-known/oauth-authorization-server"
    if broken == "one-metadata-location":
        return [appended]
    return [
        f"{host}/.well-known/oauth-authorization-server{path}",
        appended,
        f"{host}/.well-known/openid-configuration{path}",
        f"{host}{path}/.well-known/openid-configuration",
    ]


@dataclass
class Flow:
    """A sign-in under way, bound to the server that began it."""

    server_id: str
    issuer: str
    verifier: str


class Session:
    """Sign-in and sign-out against the authorization server a manifest names."""

    def __init__(self, http: httpx.Client, manifest: dict[str, Any], broken: str | None) -> None:
        self.http = http
        self.broken = broken
        self.server_id = str(manifest["serverId"])
        self.issuer = str(manifest["auth"]["oauth"]["issuer"])
        self.metadata = self.discover()
        self.flows: dict[str, Flow] = {}
        self.tokens: dict[str, str] = {}

    def discover(self) -> dict[str, Any]:
        for url in metadata_urls(self.issuer, self.broken):
            answer = self.http.get(url, headers={"accept": "application/json"})
            if answer.status_code != 200:
                continue
            found = answer.json()
            if isinstance(found, dict) and found.get("issuer") == self.issuer:  # RFC 8414 §3.3
                return found
        raise SignInError(f"AUTH-002: no metadata of the authorization server {self.issuer}")

    def sign_in(self) -> str:
        """A fresh flow, the browser's part played here, and the code redeemed: the access token."""
        verifier = secrets.token_urlsafe(48)
        state = "talkie-state" if self.broken == "fixed-state" else secrets.token_urlsafe(32)
        self.flows[state] = Flow(self.server_id, self.issuer, verifier)
        plain = self.broken == "plain-pkce"
        query = {
            "response_type": "code",
            "client_id": CLIENT_ID,
            "redirect_uri": REDIRECT_URI,
            "scope": SCOPE,
            "state": state,
            "code_challenge": verifier if plain else _s256(verifier),
            "code_challenge_method": "plain" if plain else "S256",
        }
        answer = self.http.get(f"{self.metadata['authorization_endpoint']}?{urlencode(query)}")
        location = answer.headers.get("location", "")
        if not answer.is_redirect or not location.startswith(REDIRECT_URI):
            raise SignInError(f"the authorization endpoint answered {answer.status_code}, not the redirect")
        return self.callback(location)

    def callback(self, url: str) -> str:
        """The redirect URI the app was handed: checked, then its code redeemed."""
        params = dict(parse_qsl(urlsplit(url).query))
        flow = self.flows.pop(params.get("state", ""), None)
        if flow is None and self.broken == "any-state" and self.flows:
            flow = self.flows.pop(next(iter(self.flows)))
        if flow is None or (flow.server_id, flow.issuer) != (self.server_id, self.issuer):
            raise SignInError("AUTH-010: a callback whose state is of no flow of this server: dropped")
        if "error" in params:
            raise SignInError(f"the sign-in was refused: {params['error']}")
        iss = params.get("iss")
        advertised = self.metadata.get("authorization_response_iss_parameter_supported") is True
        if self.broken != "ignore-iss" and (iss != flow.issuer if iss is not None else advertised):
            raise SignInError("AUTH-011: the authorization response's iss is not the issuer: dropped")
        form = {
            "grant_type": "authorization_code",
            "code": params.get("code", ""),
            "redirect_uri": REDIRECT_URI,
            "client_id": CLIENT_ID,
            "code_verifier": flow.verifier,
        }
        if self.broken == "client-secret":
            form["client_secret"] = "talkie-app-secret"
        answer = self.http.post(str(self.metadata["token_endpoint"]), data=form)
        if answer.status_code != 200:
            raise SignInError(f"the token endpoint answered {answer.status_code}")
        body = answer.json()
        self.tokens = {k: str(body[k]) for k in ("access_token", "refresh_token") if k in body}
        return self.tokens["access_token"]

    def refresh(self) -> str:
        """A new access token for the refresh token (§2.1: once, on a 401)."""
        if "refresh_token" not in self.tokens:
            raise SignInError("AUTH-018: the token was refused and there is no refresh token: sign in anew")
        form = {
            "grant_type": "refresh_token",
            "refresh_token": self.tokens["refresh_token"],
            "client_id": CLIENT_ID,
        }
        answer = self.http.post(str(self.metadata["token_endpoint"]), data=form)
        if answer.status_code != 200:
            raise SignInError("AUTH-018: the refresh was refused: sign in anew")
        body = answer.json()
        self.tokens = {k: str(body[k]) for k in ("access_token", "refresh_token") if k in body}
        return self.tokens["access_token"]

    def sign_out(self) -> None:
        """Revoke at the RFC 7009 endpoint when there is one (the refresh token first), then forget."""
        endpoint = self.metadata.get("revocation_endpoint")
        if endpoint and self.broken != "no-revoke":
            for kind in ("refresh_token", "access_token"):
                if kind in self.tokens:
                    form = {"token": self.tokens[kind], "token_type_hint": kind, "client_id": CLIENT_ID}
                    self.http.post(str(endpoint), data=form).close()
        self.tokens = {}


def play(
    http: httpx.Client,
    manifest: dict[str, Any],
    person: list[str],
    broken: str | None,
    run: Callable[[str, Callable[[], str]], None],
) -> None:
    """The person's gestures in order: each sign-in is followed by the message (`run` with the new access
    token and the way to refresh it), each sign-out signs out."""
    session = Session(http, manifest, broken)
    for gesture in person:
        if gesture == "sign-in":
            run(session.sign_in(), session.refresh)
        elif gesture == "sign-out":
            session.sign_out()
