"""The grant logic of the mock's authorization server, free of HTTP so every rule can be read in one place.

Profile (the Talkie one of §2.1, on top of OAuth 2.1): authorization code with PKCE `S256` only, `state`
required, `iss` (RFC 9207) in every authorization response, exact redirect URIs, single-use codes that live a
minute, refresh tokens only with `offline_access`, rotated on every use, and a replayed code or refresh token
takes its whole token family down. The negative switches of :class:`Fault` bend exactly one of these rules.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from talkie_models.protocol import SCOPES

from talkie_mock.api.issuer import current as current_origin
from talkie_mock.config import Fault, OAuthSettings
from talkie_mock.oauth import credentials
from talkie_mock.oauth.clients import Client, ClientConfigError, ClientRegistry
from talkie_mock.oauth.errors import OAuthError, PageError, RedirectError
from talkie_mock.oauth.metadata import ISSUER_PATH
from talkie_mock.oauth.store import CodeRow, FamilyRow, OAuthStore, TokenRow
from talkie_mock.oauth.users import OAuthUser, UserDirectory

DEFAULT_SCOPE = "talkie"
WRONG_ISSUER_SUFFIX = "-not-the-issuer"
# Writing `last_used_at` on every API call would turn each read into a write; a minute is precise enough.
TOUCH_INTERVAL_MS = 60_000

Params = Mapping[str, Sequence[str]]


@dataclass(frozen=True)
class AuthorizationRequest:
    """A validated authorization request, ready to be approved or denied."""

    client: Client
    redirect_uri: str
    redirect_given: bool
    state: str
    scope: tuple[str, ...]
    challenge: str

    def form_fields(self) -> dict[str, str]:
        """The request parameters the sign-in form posts back (the server keeps no session)."""
        fields = {
            "response_type": "code",
            "client_id": self.client.client_id,
            "state": self.state,
            "scope": " ".join(self.scope),
            "code_challenge": self.challenge,
            "code_challenge_method": "S256",
        }
        if self.redirect_given:
            fields["redirect_uri"] = self.redirect_uri
        return fields


@dataclass(frozen=True)
class Authenticated:
    """A bearer token that is good: whose it is and what it may do."""

    user: OAuthUser
    client_id: str
    scope: tuple[str, ...]
    family_id: str
    expires_at: int


@dataclass(frozen=True)
class Rejected:
    """A bearer token that is not good, and why (for `WWW-Authenticate` and the inspector)."""

    reason: Literal["unknown", "expired", "revoked", "insufficient_scope"]


BearerResult = Authenticated | Rejected


@dataclass(frozen=True)
class Device:
    """One signed-in app on one device: a token family, as the user sees it."""

    id: str
    client_id: str
    client_name: str
    scope: tuple[str, ...]
    created_at: int
    last_used_at: int

    def to_json(self, iso: Callable[[int], str]) -> dict[str, Any]:
        return {
            "id": self.id,
            "clientId": self.client_id,
            "clientName": self.client_name,
            "scope": " ".join(self.scope),
            "createdAt": iso(self.created_at),
            "lastUsedAt": iso(self.last_used_at),
        }


def response_url(redirect_uri: str, fields: Mapping[str, str | None]) -> str:
    """An authorization response: the redirect URI with `fields` (but those that are None) added to its
    query, as RFC 6749 §4.1.2 sends them."""
    values = [(k, v) for k, v in fields.items() if v is not None]
    parts = urllib.parse.urlsplit(redirect_uri)
    query = urllib.parse.parse_qsl(parts.query, keep_blank_values=True) + values
    return urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))


def single(params: Params, name: str) -> str | None:
    """One parameter value; RFC 6749 §3.1 forbids repeating a parameter, so a repeat is an error."""
    values = params.get(name) or []
    if len(values) > 1:
        raise ValueError(name)
    return values[0] if values else None


class AuthorizationServer:
    """Codes, tokens, devices and bearer checks of the mock's authorization server."""

    def __init__(
        self,
        *,
        origin: str,
        settings: OAuthSettings,
        store: OAuthStore,
        users: UserDirectory,
        clients: ClientRegistry,
        now_ms: Callable[[], int],
    ) -> None:
        self.configured_origin = origin.rstrip("/")
        self.settings = settings
        self.store = store
        self.users = users
        self.clients = clients
        self.now_ms = now_ms

    @property
    def origin(self) -> str:
        """The origin the client used for the request being answered (api.issuer): one AS per device."""
        return current_origin(self.configured_origin)

    @property
    def issuer(self) -> str:
        return self.origin + ISSUER_PATH

    # -- authorization endpoint -----------------------------------------------------------------------------

    async def validate_authorization(self, params: Params) -> AuthorizationRequest:
        """Check an authorization request in the order RFC 6749 §4.1.2.1 implies.

        Raises :class:`PageError` until client and redirect URI are trusted, :class:`RedirectError` after.
        """
        try:
            client_id = single(params, "client_id")
            redirect_uri = single(params, "redirect_uri")
        except ValueError as exc:
            raise PageError("invalid_request", f"The parameter {exc} is repeated.") from exc
        if not client_id:
            raise PageError("invalid_request", "The request names no client (client_id is missing).")
        try:
            client = await self.clients.resolve(client_id)
        except ClientConfigError as exc:
            raise PageError("invalid_client", str(exc)) from exc
        if client is None:
            raise PageError("invalid_client", f"The client {client_id} is not known to this server.")
        if redirect_uri is None:
            if len(client.redirect_uris) != 1:
                raise PageError(
                    "invalid_request", "The client has several redirect URIs; redirect_uri is required."
                )
            target, given = client.redirect_uris[0], False
        elif client.redirect_allowed(redirect_uri) or self.settings.has(Fault.ANY_REDIRECT):
            target, given = redirect_uri, True
        else:
            raise PageError(
                "invalid_request", f"The redirect URI {redirect_uri} is not registered for this client."
            )

        try:
            state = single(params, "state")
            names = ("response_type", "scope", "code_challenge", "code_challenge_method")
            response_type, scope, challenge, method = (single(params, n) for n in names)
        except ValueError as exc:
            raise RedirectError(target, "invalid_request", f"The parameter {exc} is repeated.", None) from exc

        def fail(error: str, description: str) -> RedirectError:
            return RedirectError(target, error, description, state)

        if response_type != "code":
            raise fail("unsupported_response_type", "Only response_type=code is supported.")
        if not state:
            raise fail("invalid_request", "The state parameter is required.")
        if not challenge:
            raise fail("invalid_request", "PKCE is required: code_challenge is missing.")
        if (method or "plain") != "S256":
            raise fail("invalid_request", "Only the S256 code_challenge_method is supported.")
        if not credentials.valid_s256_challenge(challenge):
            raise fail("invalid_request", "The code_challenge is not a base64url S256 value.")
        scopes = tuple(dict.fromkeys(_scope_tokens(scope or DEFAULT_SCOPE)))
        unknown = [s for s in scopes if s not in SCOPES]
        if unknown:
            raise fail("invalid_scope", f"Unknown scope: {' '.join(unknown)}.")
        if not set(scopes) <= client.scopes:
            raise fail("invalid_scope", "The client may not request this scope.")
        return AuthorizationRequest(client, target, given, state, scopes, challenge)

    def _response_iss(self) -> str | None:
        if self.settings.has(Fault.MISSING_ISS):
            return None
        if self.settings.has(Fault.WRONG_ISS):
            return self.issuer + WRONG_ISSUER_SUFFIX
        return self.issuer

    def redirect_url(self, redirect_uri: str, fields: Mapping[str, str | None]) -> str:
        """The redirect URI with the response parameters (and `iss`) added to its query."""
        return response_url(redirect_uri, {**fields, "iss": self._response_iss()})

    def error_redirect(self, error: RedirectError) -> str:
        return self.redirect_url(
            error.redirect_uri,
            {"error": error.error, "error_description": error.description, "state": error.state},
        )

    def approve(self, request: AuthorizationRequest, user: OAuthUser) -> str:
        """Issue a code for the user and return where to send the browser."""
        code = credentials.new_secret(credentials.CODE_PREFIX)
        now = self.now_ms()
        self.store.insert_code(
            CodeRow(
                hash=credentials.fingerprint(code),
                client_id=request.client.client_id,
                user_id=user.id,
                redirect_uri=request.redirect_uri if request.redirect_given else None,
                scope=" ".join(request.scope),
                challenge=request.challenge,
                created_at=now,
                expires_at=now + self.settings.code_ttl_seconds * 1000,
                used_at=None,
                family_id=None,
            )
        )
        return self.redirect_url(request.redirect_uri, {"code": code, "state": request.state})

    def deny(self, request: AuthorizationRequest) -> str:
        return self.redirect_url(
            request.redirect_uri,
            {
                "error": "access_denied",
                "error_description": "The user declined the request.",
                "state": request.state,
            },
        )

    # -- token endpoint -------------------------------------------------------------------------------------

    async def token(self, form: Params) -> dict[str, Any]:
        """Answer a token request (RFC 6749 §5.1) or raise :class:`OAuthError` (§5.2)."""
        try:
            grant_type = single(form, "grant_type")
            client_id = single(form, "client_id")
        except ValueError as exc:
            raise OAuthError("invalid_request", f"The parameter {exc} is repeated.") from exc
        if not grant_type:
            raise OAuthError("invalid_request", "grant_type is missing.")
        if grant_type not in ("authorization_code", "refresh_token"):
            raise OAuthError("unsupported_grant_type", f"The grant type {grant_type} is not supported.")
        if not client_id:
            raise OAuthError("invalid_client", "A public client must send its client_id.")
        try:
            client = await self.clients.resolve(client_id)
        except ClientConfigError as exc:
            raise OAuthError("invalid_client", str(exc)) from exc
        if client is None:
            raise OAuthError("invalid_client", f"The client {client_id} is not known.")
        try:
            if grant_type == "authorization_code":
                return self._exchange_code(client, form)
            return self._refresh(client, form)
        except ValueError as exc:
            raise OAuthError("invalid_request", f"The parameter {exc} is repeated.") from exc

    def _exchange_code(self, client: Client, form: Params) -> dict[str, Any]:
        code, verifier, redirect_uri = (single(form, n) for n in ("code", "code_verifier", "redirect_uri"))
        if not code:
            raise OAuthError("invalid_request", "code is missing.")
        if not verifier:
            raise OAuthError("invalid_request", "PKCE is required: code_verifier is missing.")
        if not credentials.valid_verifier(verifier):
            raise OAuthError("invalid_request", "The code_verifier is not 43 to 128 unreserved characters.")
        now = self.now_ms()
        code_hash = credentials.fingerprint(code)
        row, first = self.store.claim_code(code_hash, now)
        if row is None:
            raise OAuthError("invalid_grant", "The authorization code is not known.")
        if not first:
            # OAuth 2.1 §4.1.3: a replayed code may have been stolen, so the grant it produced is withdrawn.
            if row.family_id is not None:
                self.store.revoke_family(row.family_id, now, "code-reuse")
            raise OAuthError("invalid_grant", "The authorization code was already used.")
        if self.settings.has(Fault.EXPIRED_CODE) or row.expires_at <= now:
            raise OAuthError("invalid_grant", "The authorization code has expired.")
        if row.client_id != client.client_id:
            raise OAuthError("invalid_grant", "The authorization code was issued to another client.")
        if row.redirect_uri != redirect_uri:
            raise OAuthError(
                "invalid_grant", "redirect_uri differs from the one in the authorization request."
            )
        if not credentials.verifier_matches(verifier, row.challenge):
            raise OAuthError("invalid_grant", "The code_verifier does not match the code_challenge.")
        scope = tuple(row.scope.split())
        family_id = credentials.new_id("dev_")
        tokens, body = self._mint(family_id, scope, now)
        family = FamilyRow(
            family_id, row.user_id, client.client_id, client.name, row.scope, now, now, None, None
        )
        self.store.create_family(family, tokens)
        self.store.link_code(code_hash, family_id)
        return body

    def _refresh(self, client: Client, form: Params) -> dict[str, Any]:
        refresh_token, scope_param = single(form, "refresh_token"), single(form, "scope")
        if not refresh_token:
            raise OAuthError("invalid_request", "refresh_token is missing.")
        if self.settings.has(Fault.REFRESH_DENIED):
            raise OAuthError("invalid_grant", "Refreshing is switched off on this server (refresh-denied).")
        now = self.now_ms()
        old_hash = credentials.fingerprint(refresh_token)
        row = self.store.get_token(old_hash)
        if row is None or row.kind != "refresh":
            raise OAuthError("invalid_grant", "The refresh token is not known.")
        family = self.store.get_family(row.family_id)
        if family is None or family.revoked_at is not None or row.revoked_at is not None:
            raise OAuthError("invalid_grant", "The refresh token was revoked.")
        if family.client_id != client.client_id:
            raise OAuthError("invalid_grant", "The refresh token was issued to another client.")
        if row.rotated_at is not None:
            self.store.revoke_family(family.id, now, "refresh-reuse")
            raise OAuthError("invalid_grant", "The refresh token was already used; the sign-in is revoked.")
        if row.expires_at <= now:
            raise OAuthError("invalid_grant", "The refresh token has expired.")
        granted = tuple(family.scope.split())
        scope = granted
        requested = _scope_tokens(scope_param or "")
        if requested:  # a blank `scope` asks for nothing narrower: the granted scope stays
            scope = tuple(dict.fromkeys(requested))
            if not set(scope) <= set(granted):
                raise OAuthError("invalid_scope", "A refresh cannot widen the granted scope.")
        tokens, body = self._mint(family.id, scope, now, refresh=True)
        if not self.store.rotate(old_hash, tokens, now):
            self.store.revoke_family(family.id, now, "refresh-reuse")
            raise OAuthError("invalid_grant", "The refresh token was already used; the sign-in is revoked.")
        return body

    def _mint(
        self, family_id: str, scope: tuple[str, ...], now: int, *, refresh: bool | None = None
    ) -> tuple[list[TokenRow], dict[str, Any]]:
        """New tokens of a family: an access token, and a refresh token when `offline_access` was granted."""
        access = credentials.new_secret(credentials.ACCESS_PREFIX)
        access_ttl = self.settings.access_ttl
        text = " ".join(scope)
        rows = [
            TokenRow(
                credentials.fingerprint(access),
                family_id,
                "access",
                text,
                now,
                now + access_ttl * 1000,
                None,
                None,
            )
        ]
        body: dict[str, Any] = {
            "access_token": access,
            "token_type": "Bearer",
            "expires_in": access_ttl,
            "scope": text,
        }
        if refresh or (refresh is None and "offline_access" in scope):
            token = credentials.new_secret(credentials.REFRESH_PREFIX)
            expires = now + self.settings.refresh_ttl * 1000
            rows.append(
                TokenRow(credentials.fingerprint(token), family_id, "refresh", text, now, expires, None, None)
            )
            body["refresh_token"] = token
        return rows, body

    # -- revocation, bearer check, devices ------------------------------------------------------------------

    def revoke(self, form: Params) -> None:
        """RFC 7009: an access token alone, a refresh token with its whole family; unknown tokens are fine."""
        try:
            token = single(form, "token")
        except ValueError as exc:
            raise OAuthError("invalid_request", f"The parameter {exc} is repeated.") from exc
        if not token:
            raise OAuthError("invalid_request", "token is missing.")
        row = self.store.get_token(credentials.fingerprint(token))
        if row is None:
            return
        now = self.now_ms()
        if row.kind == "refresh":
            self.store.revoke_family(row.family_id, now, "revoked")
        else:
            self.store.revoke_token(row.hash, now)

    def authenticate(self, access_token: str, *, required_scope: str = "talkie") -> BearerResult:
        """Check a bearer token of a resource request."""
        row = self.store.get_token(credentials.fingerprint(access_token))
        if row is None or row.kind != "access":
            return Rejected("unknown")
        family = self.store.get_family(row.family_id)
        if family is None or family.revoked_at is not None or row.revoked_at is not None:
            return Rejected("revoked")
        now = self.now_ms()
        if row.expires_at <= now:
            return Rejected("expired")
        user = self.users.get(family.user_id)
        if user is None:
            return Rejected("unknown")
        scope = tuple(row.scope.split())
        if required_scope and required_scope not in scope:
            return Rejected("insufficient_scope")
        if now - family.last_used_at >= TOUCH_INTERVAL_MS:
            self.store.touch_family(family.id, now)
        return Authenticated(user, family.client_id, scope, family.id, row.expires_at)

    def devices(self, user_id: str) -> list[Device]:
        return [
            Device(f.id, f.client_id, f.client_name, tuple(f.scope.split()), f.created_at, f.last_used_at)
            for f in self.store.families(user_id)
        ]

    def revoke_device(self, user_id: str, device_id: str) -> bool:
        """Sign one device of this user out; False when it is not theirs or already signed out."""
        family = self.store.get_family(device_id)
        if family is None or family.user_id != user_id:
            return False
        return self.store.revoke_family(device_id, self.now_ms(), "user")


def _scope_tokens(scope: str) -> list[str]:
    """The tokens of a `scope` parameter: RFC 6749 §3.3 separates them by spaces (0x20) only, so a no-break
    space stays inside a token (and names no scope) instead of splitting one."""
    return [token for token in scope.split(" ") if token]
