"""Signing in the way the Talkie app does: OAuth 2.1 authorization code + PKCE S256 as a public client.

The suite never opens the app's private-use redirect (`cz.firemnicrm.talkie:/...`); it reads the
authorization response from the redirect's `Location` instead. Unattended mode fetches the authorization URL
itself, which works against servers that approve at once (`talkie-mock serve --auto-approve`); interactive
mode hands the URL to a person and takes back the redirect URL the browser could not open. Every step is
kept in a `SignIn` record, so the AUTH checks can judge what the server answered without signing in again.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import parse_qs, urlencode, urljoin, urlsplit

import httpx
from talkie_models.protocol import (
    OAUTH_METADATA_SUFFIXES,
    SCOPES,
    TALKIE_CLIENT_ID,
    TALKIE_REDIRECT_URI,
)

from talkie_conformance.client import http_client, origin_of
from talkie_conformance.errors import ConformanceError
from talkie_conformance.limits import Limits

# Where a sign-in broke. `interaction` and `transport` are the suite's own trouble (it cannot run);
# the others are answers of the server that the AUTH checks judge.
Stage = Literal["metadata", "authorize", "callback", "state", "iss", "token", "interaction", "transport"]
Prompt = Callable[[str], str]
"""Interactive sign-in: gets the authorization URL, returns the redirect URL the browser ended at."""


class SignInError(ConformanceError):
    """A sign-in that could not be completed, with the stage it broke at."""

    def __init__(self, stage: Stage, message: str, response: httpx.Response | None = None) -> None:
        super().__init__(message)
        self.stage: Stage = stage
        self.response = response


@dataclass(frozen=True)
class OAuthConfig:
    """Which client the suite signs in as. The defaults are the Talkie app; a fork passes its own."""

    client_id: str = TALKIE_CLIENT_ID
    redirect_uri: str = TALKIE_REDIRECT_URI
    scopes: tuple[str, ...] = SCOPES
    interactive: bool = False


# -- discovery ---------------------------------------------------------------------------------------------


def oauth_issuer(manifest: Mapping[str, Any]) -> str | None:
    """The manifest's `auth.oauth.issuer`, when it names one."""
    auth = manifest.get("auth")
    oauth = auth.get("oauth") if isinstance(auth, dict) else None
    issuer = oauth.get("issuer") if isinstance(oauth, dict) else None
    return issuer if isinstance(issuer, str) and issuer else None


def metadata_locations(as_issuer: str) -> list[str]:
    """Where authorization server metadata may live, in the order of notes N-01."""
    origin = origin_of(as_issuer)
    path = urlsplit(as_issuer).path.rstrip("/")
    locations: list[str] = []
    for suffix in OAUTH_METADATA_SUFFIXES:
        locations.append(f"{origin}{suffix}{path}")
        locations.append(f"{as_issuer.rstrip('/')}{suffix}")
    return list(dict.fromkeys(locations))


@dataclass(frozen=True)
class ServerMetadata:
    """The parts of an RFC 8414 document a sign-in needs, plus the document itself."""

    url: str
    document: dict[str, Any]

    def _text(self, name: str) -> str | None:
        value = self.document.get(name)
        return value if isinstance(value, str) and value else None

    @property
    def issuer(self) -> str | None:
        """The `issuer` member (the value `iss` in an authorization response must equal)."""
        return self._text("issuer")

    @property
    def authorization_endpoint(self) -> str | None:
        """Where the authorization request goes."""
        return self._text("authorization_endpoint")

    @property
    def token_endpoint(self) -> str | None:
        """Where codes and refresh tokens are redeemed."""
        return self._text("token_endpoint")

    @property
    def revocation_endpoint(self) -> str | None:
        """The RFC 7009 endpoint, when advertised."""
        return self._text("revocation_endpoint")

    @property
    def iss_parameter_supported(self) -> bool:
        """RFC 9207: the server promises `iss` in every authorization response."""
        return self.document.get("authorization_response_iss_parameter_supported") is True


def fetch_metadata(http: httpx.Client, as_issuer: str) -> tuple[ServerMetadata | None, list[httpx.Response]]:
    """The first JSON object found at the N-01 locations, and every answer seen on the way."""
    seen: list[httpx.Response] = []
    for url in metadata_locations(as_issuer):
        response = http.get(url, headers={"Accept": "application/json"})
        seen.append(response)
        if response.status_code != 200:
            continue
        try:
            document = response.json()
        except ValueError:
            continue
        if isinstance(document, dict):
            return ServerMetadata(url=url, document=document), seen
    return None, seen


# -- the authorization request -----------------------------------------------------------------------------


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


@dataclass(frozen=True)
class Pkce:
    """A PKCE pair (RFC 7636). `plain` exists only to prove a server refuses it."""

    verifier: str
    challenge: str
    method: Literal["S256", "plain"] = "S256"

    @classmethod
    def new(cls, method: Literal["S256", "plain"] = "S256") -> Pkce:
        """A fresh 43-character verifier and its challenge."""
        verifier = _b64url(secrets.token_bytes(32))
        if method == "plain":
            return cls(verifier, verifier, "plain")
        return cls(verifier, s256(verifier), "S256")


def s256(verifier: str) -> str:
    """The S256 code challenge of a verifier."""
    return _b64url(hashlib.sha256(verifier.encode("ascii")).digest())


def new_state() -> str:
    """An unguessable `state` value."""
    return secrets.token_urlsafe(24)


def authorization_url(endpoint: str, config: OAuthConfig, *, state: str, pkce: Pkce | None) -> str:
    """The authorization request as a URL; `pkce=None` leaves the challenge out (for refusal checks)."""
    params = {
        "response_type": "code",
        "client_id": config.client_id,
        "redirect_uri": config.redirect_uri,
        "scope": " ".join(config.scopes),
        "state": state,
    }
    if pkce is not None:
        params["code_challenge"] = pkce.challenge
        params["code_challenge_method"] = pkce.method
    separator = "&" if urlsplit(endpoint).query else "?"
    return endpoint + separator + urlencode(params)


@dataclass(frozen=True)
class Callback:
    """The parameters of an authorization response (the query of the redirect URL)."""

    url: str
    params: dict[str, list[str]]

    @classmethod
    def parse(cls, url: str) -> Callback:
        """Read the query of a redirect URL (a fragment is read too, for servers that put it there)."""
        parts = urlsplit(url.strip())
        params = parse_qs(parts.query, keep_blank_values=True)
        for name, values in parse_qs(parts.fragment, keep_blank_values=True).items():
            params.setdefault(name, values)
        return cls(url=url.strip(), params=params)

    def get(self, name: str) -> str | None:
        """One parameter (the first value), or None."""
        values = self.params.get(name)
        return values[0] if values else None

    @property
    def code(self) -> str | None:
        """The authorization code."""
        return self.get("code")

    @property
    def state(self) -> str | None:
        """The `state` the server handed back."""
        return self.get("state")

    @property
    def iss(self) -> str | None:
        """RFC 9207 `iss`."""
        return self.get("iss")

    @property
    def error(self) -> str | None:
        """An RFC 6749 §4.1.2.1 error code."""
        return self.get("error")

    def targets(self, redirect_uri: str) -> bool:
        """Whether the redirect goes to `redirect_uri` (same scheme, authority and path)."""
        mine, wanted = urlsplit(self.url), urlsplit(redirect_uri)
        return (mine.scheme.lower(), mine.netloc, mine.path) == (
            wanted.scheme.lower(),
            wanted.netloc,
            wanted.path,
        )


def verify_callback(callback: Callback, *, state: str, metadata: ServerMetadata) -> str:
    """The code of a good authorization response; raises SignInError (stage state/iss/callback) otherwise.

    `iss` must equal the metadata issuer when present (RFC 9207 §2.4) and must be present when the metadata
    promises it (`authorization_response_iss_parameter_supported: true`).
    """
    if callback.state != state:
        raise SignInError("state", f"the authorization response carries state {callback.state!r}, not ours")
    if callback.iss is not None and callback.iss != metadata.issuer:
        raise SignInError(
            "iss", f"the authorization response's iss {callback.iss!r} is not the issuer {metadata.issuer!r}"
        )
    if callback.iss is None and metadata.iss_parameter_supported:
        raise SignInError(
            "iss",
            "the authorization response has no iss although the metadata sets "
            "authorization_response_iss_parameter_supported: true (RFC 9207)",
        )
    if callback.error is not None:
        described = callback.get("error_description")
        raise SignInError(
            "callback",
            f"the server answered error={callback.error}" + (f" ({described})" if described else ""),
        )
    if not callback.code:
        raise SignInError("callback", "the authorization response carries no code")
    return callback.code


def authorize_unattended(http: httpx.Client, url: str) -> httpx.Response:
    """GET the authorization URL without following the redirect (it points at the app, not at a web page)."""
    return http.get(url, follow_redirects=False)


# -- the token endpoint ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TokenSet:
    """A successful token response (RFC 6749 §5.1)."""

    access_token: str
    refresh_token: str | None = None
    scope: str | None = None
    expires_in: int | None = None

    @classmethod
    def from_response(cls, response: httpx.Response) -> TokenSet | None:
        """The tokens of a 200 JSON answer with an access token, else None."""
        if response.status_code != 200:
            return None
        try:
            body = response.json()
        except ValueError:
            return None
        if not isinstance(body, dict) or not isinstance(body.get("access_token"), str):
            return None
        refresh = body.get("refresh_token")
        scope = body.get("scope")
        expires = body.get("expires_in")
        return cls(
            access_token=body["access_token"],
            refresh_token=refresh if isinstance(refresh, str) else None,
            scope=scope if isinstance(scope, str) else None,
            expires_in=expires if isinstance(expires, int) else None,
        )


def oauth_error_of(response: httpx.Response) -> str | None:
    """The `error` member of an RFC 6749 §5.2 error answer."""
    try:
        body = response.json()
    except ValueError:
        return None
    error = body.get("error") if isinstance(body, dict) else None
    return error if isinstance(error, str) else None


def _post_form(http: httpx.Client, url: str, form: Mapping[str, str]) -> httpx.Response:
    return http.post(
        url,
        content=urlencode(dict(form)).encode("ascii"),
        headers={"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"},
    )


def redeem_code(
    http: httpx.Client, token_endpoint: str, config: OAuthConfig, code: str, verifier: str
) -> httpx.Response:
    """Exchange a code (public client: `client_id` in the body, no secret)."""
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": config.redirect_uri,
        "client_id": config.client_id,
        "code_verifier": verifier,
    }
    return _post_form(http, token_endpoint, form)


def refresh_tokens(
    http: httpx.Client, token_endpoint: str, config: OAuthConfig, refresh_token: str
) -> httpx.Response:
    """Use a refresh token."""
    form = {"grant_type": "refresh_token", "refresh_token": refresh_token, "client_id": config.client_id}
    return _post_form(http, token_endpoint, form)


def revoke_token(
    http: httpx.Client, revocation_endpoint: str, config: OAuthConfig, token: str, hint: str
) -> httpx.Response:
    """RFC 7009 revocation of one token (`hint`: access_token or refresh_token)."""
    form = {"token": token, "token_type_hint": hint, "client_id": config.client_id}
    return _post_form(http, revocation_endpoint, form)


# -- a whole sign-in ---------------------------------------------------------------------------------------


@dataclass
class SignIn:
    """Everything one sign-in sent and received, as far as it got."""

    state: str
    pkce: Pkce
    url: str
    authorization_response: httpx.Response | None = None
    callback: Callback | None = None
    code: str | None = None
    token_response: httpx.Response | None = None
    tokens: TokenSet | None = None
    error: SignInError | None = None


@dataclass
class OAuthSession:
    """The suite's OAuth sign-in to one authorization server, and the tokens it holds."""

    as_issuer: str
    config: OAuthConfig
    http: httpx.Client
    prompt: Prompt | None = None
    metadata: ServerMetadata | None = None
    metadata_answers: list[httpx.Response] = field(default_factory=list)
    first: SignIn | None = None
    tokens: TokenSet | None = None
    refreshes: int = 0
    _refresh_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @classmethod
    def open(
        cls,
        as_issuer: str,
        config: OAuthConfig,
        *,
        prompt: Prompt | None = None,
        timeout: float | None = None,
        transport: httpx.BaseTransport | None = None,
        limits: Limits | None = None,
    ) -> OAuthSession:
        """A session with its own HTTP client (redirects are never followed, every answer bounded)."""
        http = http_client(limits or Limits(timeout=timeout or 30.0), transport)
        return cls(as_issuer=as_issuer, config=config, http=http, prompt=prompt)

    def close(self) -> None:
        """Release the connection pool."""
        self.http.close()

    @property
    def error(self) -> SignInError | None:
        """Why the suite's own sign-in failed, if it did."""
        return self.first.error if self.first is not None else None

    @property
    def access_token(self) -> str | None:
        """The current access token of the suite's sign-in."""
        return self.tokens.access_token if self.tokens is not None else None

    @property
    def unattended(self) -> bool:
        """Whether the suite may sign in again on its own (an auto-approving server, no person needed)."""
        return not self.config.interactive

    def start(self) -> SignIn:
        """Find the metadata and sign in once; the record keeps the failure instead of raising it.

        Raises SignInError only for stages that are the suite's own trouble (`interaction`, `transport`).
        """
        self.first = self.sign_in(prompt=self.prompt if self.config.interactive else None)
        if self.first.tokens is not None:
            self.tokens = self.first.tokens
        return self.first

    def require_metadata(self) -> ServerMetadata:
        """The metadata (fetched once); SignInError(metadata) when none is found or it lacks endpoints."""
        if self.metadata is None:
            try:
                self.metadata, self.metadata_answers = fetch_metadata(self.http, self.as_issuer)
            except httpx.HTTPError as exc:
                raise SignInError("transport", f"cannot reach the authorization server: {exc}") from exc
        if self.metadata is None:
            tried = ", ".join(str(answer.request.url) for answer in self.metadata_answers)
            raise SignInError("metadata", f"no authorization server metadata at {tried}")
        if not self.metadata.authorization_endpoint or not self.metadata.token_endpoint:
            raise SignInError("metadata", "the metadata lacks authorization_endpoint or token_endpoint")
        return self.metadata

    def sign_in(self, *, prompt: Prompt | None = None, redeem: bool = True) -> SignIn:
        """One full sign-in: unattended without `prompt`, through a person with it.

        `redeem=False` stops once the code is in hand (checks that redeem it their own way). Failures the
        server caused are kept in the record's `error`; `interaction` and `transport` raise.
        """
        record = SignIn(state=new_state(), pkce=Pkce.new(), url="")
        try:
            metadata = self.require_metadata()
            authorize_at, token_at = metadata.authorization_endpoint, metadata.token_endpoint
            if authorize_at is None or token_at is None:  # require_metadata saw to it; for the type checker
                raise SignInError("metadata", "the metadata lacks authorization_endpoint or token_endpoint")
            record.url = authorization_url(authorize_at, self.config, state=record.state, pkce=record.pkce)
            record.callback = self._authorization_response(record, prompt)
            record.code = verify_callback(record.callback, state=record.state, metadata=metadata)
            if not redeem:
                return record
            record.token_response = redeem_code(
                self.http, token_at, self.config, record.code, record.pkce.verifier
            )
            record.tokens = TokenSet.from_response(record.token_response)
            if record.tokens is None:
                error = oauth_error_of(record.token_response) or f"HTTP {record.token_response.status_code}"
                raise SignInError("token", f"the token endpoint refused the code: {error}")
        except httpx.HTTPError as exc:
            raise SignInError("transport", f"cannot reach the authorization server: {exc}") from exc
        except SignInError as exc:
            if exc.stage in ("interaction", "transport"):
                raise
            record.error = exc
        return record

    def _authorization_response(self, record: SignIn, prompt: Prompt | None) -> Callback:
        redirect_uri = self.config.redirect_uri
        if prompt is not None:
            pasted = prompt(record.url).strip()
            if not pasted:
                raise SignInError("interaction", "no redirect URL was pasted")
            callback = Callback.parse(pasted)
            if not callback.targets(redirect_uri):
                raise SignInError("interaction", f"the pasted address does not start with {redirect_uri}")
            if callback.error == "access_denied":
                raise SignInError("interaction", "the sign-in was declined in the browser")
            return callback
        response = authorize_unattended(self.http, record.url)
        record.authorization_response = response
        location = response.headers.get("location")
        if response.is_redirect and location:
            callback = Callback.parse(urljoin(record.url, location))
            if callback.targets(redirect_uri):
                return callback
            # Anywhere else is most likely the server's own sign-in page.
            raise SignInError(
                "interaction",
                f"the authorization endpoint redirects to {callback.url.split('?')[0]} instead of "
                f"{redirect_uri}: it wants a person to sign in (use --oauth-interactive, or let the server "
                "approve at once)",
                response,
            )
        if 200 <= response.status_code < 300:
            raise SignInError(
                "interaction",
                "the authorization endpoint answered with a page instead of redirecting at once: it wants a "
                "person to sign in (use --oauth-interactive, or let the server approve at once)",
                response,
            )
        raise SignInError(
            "authorize", f"the authorization endpoint answered HTTP {response.status_code}", response
        )

    def refresh(self, rejected: str) -> str | None:
        """A new access token after `rejected` got a 401, or None when the refresh is refused.

        Checks send requests in parallel; when several 401s arrive together only the first refreshes and the
        others get its result, since a second refresh with the rotated-out token would look like a replay
        and end the sign-in on a server that revokes token families.
        """
        with self._refresh_lock:
            tokens, metadata = self.tokens, self.metadata
            if tokens is None or tokens.refresh_token is None or metadata is None:
                return None
            if tokens.access_token != rejected:
                return tokens.access_token
            endpoint = metadata.token_endpoint
            if endpoint is None:
                return None
            response = refresh_tokens(self.http, endpoint, self.config, tokens.refresh_token)
            fresh = TokenSet.from_response(response)
            if fresh is None:
                return None
            self.refreshes += 1
            keep = fresh.refresh_token or tokens.refresh_token
            self.tokens = TokenSet(fresh.access_token, keep, fresh.scope, fresh.expires_in)
            return fresh.access_token


def sign_in_to(
    manifest: Mapping[str, Any],
    config: OAuthConfig,
    *,
    prompt: Prompt | None = None,
    timeout: float | None = None,
    transport: httpx.BaseTransport | None = None,
    limits: Limits | None = None,
) -> OAuthSession:
    """Sign in through the manifest's authorization server, as the suite does before its checks.

    A failure the server caused stays in `session.error` for the AUTH checks to report; ConformanceError
    means the suite cannot sign in at all (no issuer, nobody to approve, server unreachable).
    """
    as_issuer = oauth_issuer(manifest)
    if as_issuer is None:
        raise ConformanceError("--oauth: the manifest names no auth.oauth.issuer to sign in with (MAN-017)")
    if config.interactive and prompt is None:
        raise ConformanceError("--oauth-interactive needs a terminal to paste the redirect URL into")
    session = OAuthSession.open(
        as_issuer, config, prompt=prompt, timeout=timeout, transport=transport, limits=limits
    )
    try:
        session.start()
    except SignInError as exc:
        session.close()
        raise ConformanceError(f"OAuth sign-in: {exc}") from exc
    return session
