"""§2.1 through a real sign-in (`--oauth`): the authorization response, PKCE, codes, refresh, revocation.

The suite's own sign-in (made before any check) is judged here, so those checks also run in interactive
mode. The other checks sign in again on their own, throw those tokens away and never touch the tokens the
suite runs with; they need a server that approves without a person, so interactive mode skips them.

OAuth 2.1 details that the catalogue has no rule of their own for (single-use codes, `no-store` on token
answers) are reported under AUTH-006, the rule that stands for §2.1's "Authorization Code + PKCE is REQUIRED".
"""

from __future__ import annotations

import re
from dataclasses import replace
from html import escape
from urllib.parse import urljoin

import httpx

from talkie_conformance.checking import AbortCheck, CheckContext, check
from talkie_conformance.client import Exchange
from talkie_conformance.oauth import (
    Callback,
    OAuthSession,
    Pkce,
    ServerMetadata,
    SignIn,
    TokenSet,
    authorization_url,
    authorize_unattended,
    new_state,
    oauth_error_of,
    redeem_code,
    refresh_tokens,
    revoke_token,
)

_SECRET_FORM = re.compile(r"(?<=[?&#])(code|code_verifier|refresh_token|access_token|token)=[^&#\s]*")
_SECRET_JSON = re.compile(r'("(?:access_token|refresh_token|id_token)"\s*:\s*)"[^"]*"')


def mask(text: str) -> str:
    """Hide codes, verifiers and tokens in evidence (reports end up in CI artifacts)."""
    text = _SECRET_FORM.sub(lambda m: f"{m.group(1)}=***", "&" + text)[1:]
    return _SECRET_JSON.sub(lambda m: f'{m.group(1)}"***"', text)


def exchange_of(response: httpx.Response) -> Exchange:
    """An authorization-server answer as evidence, with secrets masked and the redirect target shown."""
    request = response.request
    body = mask(response.content.decode("utf-8", errors="replace"))
    location = response.headers.get("location")
    if location:
        body = f"Location: {mask(location)}\n{body}"
    sent = request.content.decode("utf-8", errors="replace") if request.content else ""
    return Exchange(
        method=request.method,
        url=mask(str(request.url)),
        request_headers={k: v for k, v in request.headers.items() if k.lower() in {"content-type", "accept"}},
        request_body=mask(sent).encode() if sent else None,
        status=response.status_code,
        headers=response.headers,
        body=body.encode(),
        elapsed=response.elapsed.total_seconds() if response.is_closed else 0.0,
    )


def _session(ctx: CheckContext) -> OAuthSession:
    session = ctx.options.oauth
    if session is None:  # the runner skips these checks without --oauth; this keeps direct calls honest
        ctx.skip("needs an OAuth sign-in: run with --oauth")
    return session


def _metadata(ctx: CheckContext, session: OAuthSession) -> ServerMetadata:
    metadata = session.metadata
    if metadata is None or not metadata.authorization_endpoint or not metadata.token_endpoint:
        ctx.skip("blocked: no usable authorization server metadata (see AUTH-001)")
    return metadata


def _unattended(ctx: CheckContext, session: OAuthSession) -> ServerMetadata:
    """Skip unless the check may sign in on its own; also needs the suite's sign-in to have worked."""
    if not session.unattended:
        ctx.skip(
            "needs sign-ins of its own, which only a server that approves without a person can give; "
            "skipped with --oauth-interactive"
        )
    if session.error is not None:
        ctx.skip(f"blocked: the suite's sign-in failed ({session.error}); see oauth_sign_in")
    return _metadata(ctx, session)


def _fresh(ctx: CheckContext, session: OAuthSession, *, redeem: bool = True) -> SignIn:
    record = session.sign_in(redeem=redeem)
    if record.error is not None or (redeem and record.tokens is None) or record.code is None:
        ctx.skip(f"blocked: a sign-in of this check failed ({record.error}); see oauth_sign_in")
    return record


def _evidence(response: httpx.Response | None) -> Exchange | None:
    return exchange_of(response) if response is not None else None


@check(
    "AUTH-004",
    "AUTH-005",
    "AUTH-009",
    "AUTH-012",
    "AUTH-013",
    oauth=True,
    section="auth",
)
def oauth_sign_in(ctx: CheckContext) -> None:
    """The Talkie client signs in: state comes back unchanged, iss is the issuer, the tokens open Talkie."""
    session = _session(ctx)
    record = session.first
    if record is None:
        ctx.skip("the suite did not sign in")
    metadata = _metadata(ctx, session)
    config = session.config
    error = record.error
    answer = _evidence(record.authorization_response)
    if record.callback is None:
        # An error page: RFC 6749 §4.1.2.1 shows one when the client or its redirect URI is not trusted.
        # The page is prose in the server's language: it points at the redirect URI when it names the URI
        # the suite sent (or says "redirect"); otherwise the client itself was refused.
        page = record.authorization_response.text if record.authorization_response is not None else ""
        about_redirect = "redirect" in page.lower() or escape(config.redirect_uri) in page
        blamed = "AUTH-005" if about_redirect else "AUTH-004"
        ctx.require(
            blamed,
            False,
            f"the authorization endpoint refused {config.client_id} with {config.redirect_uri}: {error}",
            exchange=answer,
        )
    assert record.callback is not None
    callback = record.callback
    shown = mask(callback.url)
    ctx.require(
        "AUTH-005",
        callback.targets(config.redirect_uri),
        f"the authorization response goes to {shown}, not to the registered {config.redirect_uri}",
        exchange=answer,
    )
    ctx.expect(
        "AUTH-009",
        callback.state == record.state,
        f"state came back as {callback.state!r} instead of the {record.state!r} sent ({shown})",
        exchange=answer,
    )
    if callback.iss is not None:
        ctx.expect(
            "AUTH-012",
            callback.iss == metadata.issuer,
            f"iss is {callback.iss!r}, the metadata issuer is {metadata.issuer!r} ({shown})",
            exchange=answer,
        )
    else:
        # RFC 9207 §3: advertising the parameter promises it in every authorization response.
        ctx.expect(
            "AUTH-012",
            not metadata.iss_parameter_supported,
            "no iss in the authorization response, although the metadata sets "
            f"authorization_response_iss_parameter_supported: true ({shown})",
            exchange=answer,
        )
    if error is not None and error.stage in ("state", "iss"):
        raise AbortCheck(f"the suite refused the authorization response: {error}")
    if callback.error is not None:
        blamed = "AUTH-013" if callback.error == "invalid_scope" else "AUTH-004"
        ctx.require(blamed, False, f"the sign-in of the Talkie client was refused: {error}", exchange=answer)
    tokens = record.tokens
    token_answer = _evidence(record.token_response)
    ctx.require(
        "AUTH-004",
        tokens is not None,
        f"the public client (no secret) could not redeem its code: {error}",
        exchange=token_answer,
    )
    assert tokens is not None
    ctx.expect(
        "AUTH-013",
        tokens.refresh_token is not None,
        "offline_access was requested and granted no refresh token",
        exchange=token_answer,
    )
    if tokens.scope is not None:
        ctx.expect(
            "AUTH-013",
            "talkie" in tokens.scope.split(),
            f"the token response grants scope {tokens.scope!r}, without talkie",
            exchange=token_answer,
        )
    status = ctx.request("GET", "status", auth=tokens.access_token)
    ctx.expect(
        "AUTH-013",
        status.status == 200,
        f"GET status with the signed-in access token answered {status.status}",
        exchange=status,
    )


@check("AUTH-006", oauth=True, section="auth")
def token_response_not_cached(ctx: CheckContext) -> None:
    """The token answer of the sign-in says Cache-Control: no-store (OAuth 2.1 §3.2.3)."""
    session = _session(ctx)
    record = session.first
    response = record.token_response if record is not None else None
    if response is None or record is None or record.tokens is None:
        ctx.skip("blocked: the sign-in produced no token answer (see oauth_sign_in)")
    directives = {part.strip().lower() for part in response.headers.get("cache-control", "").split(",")}
    ctx.expect(
        "AUTH-006",
        "no-store" in directives,
        f"the token answer has Cache-Control {response.headers.get('cache-control')!r}, without no-store",
        exchange=exchange_of(response),
    )


@check("AUTH-006", oauth=True, section="auth")
def pkce_required(ctx: CheckContext) -> None:
    """An authorization request without a code_challenge, or with the plain method, gets no code."""
    session = _session(ctx)
    metadata = _unattended(ctx, session)
    assert metadata.authorization_endpoint is not None
    for label, pkce in (("without code_challenge", None), ("with the plain method", Pkce.new("plain"))):
        url = authorization_url(metadata.authorization_endpoint, session.config, state=new_state(), pkce=pkce)
        response = authorize_unattended(session.http, url)
        location = response.headers.get("location")
        code = Callback.parse(location).code if response.is_redirect and location else None
        ctx.expect(
            "AUTH-006",
            code is None,
            f"an authorization request {label} was approved with a code",
            exchange=exchange_of(response),
        )


@check("AUTH-006", oauth=True, section="auth")
def pkce_verifier_checked(ctx: CheckContext) -> None:
    """A code redeemed with the wrong code_verifier is refused with invalid_grant (RFC 7636 §4.6)."""
    session = _session(ctx)
    metadata = _unattended(ctx, session)
    assert metadata.token_endpoint is not None
    record = _fresh(ctx, session, redeem=False)
    assert record.code is not None
    wrong = Pkce.new().verifier
    response = redeem_code(session.http, metadata.token_endpoint, session.config, record.code, wrong)
    evidence = exchange_of(response)
    ctx.require(
        "AUTH-006",
        TokenSet.from_response(response) is None,
        "a code was redeemed with a code_verifier that does not match its challenge",
        exchange=evidence,
    )
    error = oauth_error_of(response)
    ctx.expect(
        "AUTH-006",
        response.status_code == 400 and error == "invalid_grant",
        f"a wrong code_verifier got HTTP {response.status_code} error={error!r}, expected 400 invalid_grant",
        exchange=evidence,
    )


@check("AUTH-006", oauth=True, section="auth")
def code_single_use(ctx: CheckContext) -> None:
    """An authorization code works once; redeeming it again is refused with invalid_grant (OAuth 2.1)."""
    session = _session(ctx)
    metadata = _unattended(ctx, session)
    assert metadata.token_endpoint is not None
    record = _fresh(ctx, session)
    assert record.code is not None
    again = redeem_code(
        session.http, metadata.token_endpoint, session.config, record.code, record.pkce.verifier
    )
    evidence = exchange_of(again)
    ctx.require(
        "AUTH-006",
        TokenSet.from_response(again) is None,
        "the same authorization code was redeemed twice",
        exchange=evidence,
    )
    error = oauth_error_of(again)
    ctx.expect(
        "AUTH-006",
        error == "invalid_grant",
        f"a used code got HTTP {again.status_code} error={error!r}, expected invalid_grant",
        exchange=evidence,
    )


@check("AUTH-014", "AUTH-015", oauth=True, section="auth")
def refresh_token_rotation(ctx: CheckContext) -> None:
    """A refresh gives a new refresh token and retires the old one; replaying the old one ends the sign-in."""
    session = _session(ctx)
    metadata = _unattended(ctx, session)
    assert metadata.token_endpoint is not None
    record = _fresh(ctx, session)
    assert record.tokens is not None
    first = record.tokens.refresh_token
    if first is None:
        ctx.skip("blocked: the sign-in granted no refresh token (see AUTH-013)")
    endpoint, config = metadata.token_endpoint, session.config
    answer = refresh_tokens(session.http, endpoint, config, first)
    fresh = TokenSet.from_response(answer)
    ctx.require(
        "AUTH-014",
        fresh is not None,
        f"refreshing was refused: HTTP {answer.status_code} error={oauth_error_of(answer)!r}",
        exchange=exchange_of(answer),
    )
    assert fresh is not None
    ctx.require(
        "AUTH-014",
        fresh.refresh_token is not None and fresh.refresh_token != first,
        "the refresh answer carries no new refresh token (the old one stays in use)",
        exchange=exchange_of(answer),
    )
    assert fresh.refresh_token is not None
    replay = refresh_tokens(session.http, endpoint, config, first)
    ctx.require(
        "AUTH-014",
        TokenSet.from_response(replay) is None,
        "the rotated-out refresh token still works",
        exchange=exchange_of(replay),
    )
    newest = refresh_tokens(session.http, endpoint, config, fresh.refresh_token)
    ctx.expect(
        "AUTH-015",
        TokenSet.from_response(newest) is None,
        "after the old refresh token was replayed, the newest refresh token of that sign-in still works",
        exchange=exchange_of(newest),
    )
    status = ctx.request("GET", "status", auth=fresh.access_token)
    ctx.expect(
        "AUTH-015",
        status.status == 401,
        f"after the replay, the sign-in's access token still opens status (HTTP {status.status})",
        exchange=status,
    )


@check("AUTH-021", oauth=True, section="auth")
def token_revocation(ctx: CheckContext) -> None:
    """Tokens revoked at the advertised RFC 7009 endpoint stop working."""
    session = _session(ctx)
    metadata = _unattended(ctx, session)
    endpoint = metadata.revocation_endpoint
    if endpoint is None:
        ctx.skip("the metadata advertises no revocation_endpoint (RFC 7009 is optional)")
    assert metadata.token_endpoint is not None
    record = _fresh(ctx, session)
    assert record.tokens is not None
    tokens, config = record.tokens, session.config
    before = ctx.request("GET", "status", auth=tokens.access_token)
    if before.status != 200:
        ctx.skip(f"blocked: a fresh access token opens no status (HTTP {before.status}); see AUTH-013")
    revoked = revoke_token(session.http, endpoint, config, tokens.access_token, "access_token")
    ctx.expect(
        "AUTH-021",
        revoked.status_code == 200,
        f"revoking the access token answered HTTP {revoked.status_code} (RFC 7009 §2.2 wants 200)",
        exchange=exchange_of(revoked),
    )
    after = ctx.request("GET", "status", auth=tokens.access_token)
    ctx.expect(
        "AUTH-021",
        after.status == 401,
        f"the revoked access token still opens status (HTTP {after.status})",
        exchange=after,
    )
    if tokens.refresh_token is None:
        return
    revoked = revoke_token(session.http, endpoint, config, tokens.refresh_token, "refresh_token")
    ctx.expect(
        "AUTH-021",
        revoked.status_code == 200,
        f"revoking the refresh token answered HTTP {revoked.status_code} (RFC 7009 §2.2 wants 200)",
        exchange=exchange_of(revoked),
    )
    refreshed = refresh_tokens(session.http, metadata.token_endpoint, config, tokens.refresh_token)
    ctx.expect(
        "AUTH-021",
        TokenSet.from_response(refreshed) is None,
        "the revoked refresh token still yields tokens",
        exchange=exchange_of(refreshed),
    )


UNREGISTERED_REDIRECT = "https://talkie-conformance.invalid/oauth/callback"


@check("AUTH-025", oauth=True, section="auth")
def redirect_uri_registered(ctx: CheckContext) -> None:
    """An authorization request with an unregistered or altered redirect_uri is never redirected there."""
    session = _session(ctx)
    metadata = _metadata(ctx, session)
    assert metadata.authorization_endpoint is not None
    registered = session.config.redirect_uri
    for label, uri in (
        ("an unregistered", UNREGISTERED_REDIRECT),
        ("an altered", registered.rstrip("/") + "/elsewhere"),
    ):
        config = replace(session.config, redirect_uri=uri)
        url = authorization_url(metadata.authorization_endpoint, config, state=new_state(), pkce=Pkce.new())
        response = authorize_unattended(session.http, url)
        location = response.headers.get("location")
        target = Callback.parse(urljoin(url, location)) if response.is_redirect and location else None
        leaked = target is not None and target.targets(uri)
        ctx.expect(
            "AUTH-025",
            not leaked,
            f"an authorization request with {label} redirect_uri {uri} was redirected there"
            + (" with a code" if target is not None and target.code else "")
            + f" (the client registered {registered})",
            exchange=exchange_of(response),
        )
