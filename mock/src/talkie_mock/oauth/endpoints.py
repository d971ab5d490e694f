"""HTTP face of the authorization server: metadata, authorize, token, revoke, devices (JSON and HTML).

The handlers only translate between HTTP and :class:`AuthorizationServer`; they read bodies themselves
(form-encoded, size-capped) so the mock needs no multipart parser. Every token and error answer carries
`Cache-Control: no-store` (RFC 6749 §5.1).
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route
from talkie_models import OkResponse

from talkie_mock.api.origin import cross_site, csrf_token, csrf_valid
from talkie_mock.api.problems import problem
from talkie_mock.engine.clock import iso_of_ms
from talkie_mock.oauth import metadata as md
from talkie_mock.oauth import pages
from talkie_mock.oauth.errors import OAuthError, PageError, RedirectError
from talkie_mock.oauth.server import (
    Authenticated,
    AuthorizationRequest,
    AuthorizationServer,
    Params,
    Rejected,
)

MAX_FORM_BYTES = 64 * 1024
NO_STORE = {"Cache-Control": "no-store", "Pragma": "no-cache"}
FORM_TYPE = "application/x-www-form-urlencoded"


def iso_seconds(ms: int) -> str:
    """The device list shows whole seconds: the instant cut to the second, written as every timestamp."""
    return iso_of_ms(ms - ms % 1000)


async def read_form(request: Request) -> Params:
    """A form-encoded body as name → values; anything else is an `invalid_request`."""
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type != FORM_TYPE:
        raise OAuthError("invalid_request", f"The body must be {FORM_TYPE}.")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM_BYTES:
            raise OAuthError("invalid_request", "The body is too large.")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise OAuthError("invalid_request", "The body is not UTF-8.") from exc
    return urllib.parse.parse_qs(text, keep_blank_values=True)


def _first(params: Params, name: str) -> str | None:
    values = params.get(name)
    return values[0] if values else None


def query(request: Request) -> Params:
    return urllib.parse.parse_qs(request.url.query, keep_blank_values=True)


def oauth_error(exc: OAuthError) -> JSONResponse:
    return JSONResponse(exc.body(), status_code=exc.status, headers=NO_STORE)


class OAuthEndpoints:
    """Starlette routes of one authorization server."""

    def __init__(
        self,
        server: AuthorizationServer,
        *,
        locale: str,
        server_name: str,
        locale_of: Callable[[Request], str] | None = None,
        secret: str,
    ) -> None:
        self.server = server
        self.secret = secret
        self.default_locale = locale
        self.server_name = server_name
        self._locale_of = locale_of

    def locale(self, request: Request) -> str:
        return self._locale_of(request) if self._locale_of else self.default_locale

    def routes(self) -> list[Route]:
        return [
            Route(md.APPENDED_PATH, self.metadata, methods=["GET"]),
            Route(md.INSERTED_PATH, self.metadata, methods=["GET"]),
            Route(md.AUTHORIZE_PATH, self.authorize, methods=["GET", "POST"]),
            Route(md.TOKEN_PATH, self.token, methods=["POST"]),
            Route(md.REVOKE_PATH, self.revoke, methods=["POST"]),
            Route(md.DEVICES_PATH, self.devices_json, methods=["GET"]),
            Route(md.DEVICES_PATH + "/{deviceId}", self.revoke_device_json, methods=["DELETE"]),
            Route(md.ACCOUNT_PATH, self.account_page, methods=["GET"]),
            Route(md.ACCOUNT_PATH + "/devices/{deviceId}/revoke", self.revoke_device_form, methods=["POST"]),
        ]

    # -- metadata -------------------------------------------------------------------------------------------

    async def metadata(self, request: Request) -> Response:
        body = md.metadata(self.server.origin, self.server.settings)
        return JSONResponse(body, headers={"Cache-Control": "no-cache"})

    # -- authorization endpoint -----------------------------------------------------------------------------

    def _page_error(self, request: Request, exc: PageError) -> HTMLResponse:
        html = pages.error(locale=self.locale(request), code=exc.error, description=exc.description)
        return HTMLResponse(html, status_code=400, headers=pages.HEADERS)

    @staticmethod
    def _redirect(url: str, status: int) -> RedirectResponse:
        return RedirectResponse(url, status_code=status, headers={"Cache-Control": "no-store"})

    def _consent_purpose(self, auth: AuthorizationRequest) -> str:
        """What the consent form's CSRF token is bound to: this very authorization request."""
        return "consent:" + "&".join(f"{k}={v}" for k, v in sorted(auth.form_fields().items()))

    async def authorize(self, request: Request) -> Response:
        """GET shows the sign-in page (or approves at once); POST carries the person's decision."""
        posted = request.method == "POST"
        if posted and cross_site(request.scope):  # a page elsewhere must not sign anyone in
            return self._page_error(
                request, PageError("access_denied", "Requests from another site are refused.")
            )
        try:
            params = await read_form(request) if posted else query(request)
        except OAuthError as exc:
            return self._page_error(request, PageError(exc.error, exc.description))
        status = 303 if posted else 302
        try:
            auth = await self.server.validate_authorization(params)
        except PageError as exc:
            return self._page_error(request, exc)
        except RedirectError as exc:
            return self._redirect(self.server.error_redirect(exc), status)
        if posted:
            return self._decide(request, auth, params)
        if self.server.settings.auto_approve:
            return self._redirect(self.server.approve(auth, self.server.users.default), status)
        return self._sign_in_page(request, auth)

    def _sign_in_page(self, request: Request, auth: AuthorizationRequest) -> HTMLResponse:
        html = pages.sign_in(
            locale=self.locale(request),
            action=md.AUTHORIZE_PATH,
            client_name=auth.client.name,
            server_name=self.server_name,
            scopes=auth.scope,
            users=self.server.users.all,
            fields={**auth.form_fields(), "csrf": csrf_token(self.secret, self._consent_purpose(auth))},
        )
        return HTMLResponse(html, headers=pages.HEADERS)

    def _decide(self, request: Request, auth: AuthorizationRequest, form: Params) -> Response:
        if not csrf_valid(self.secret, self._consent_purpose(auth), _first(form, "csrf")):
            exc = PageError(
                "invalid_request", "The sign-in form is out of date or was not sent from its page."
            )
            return self._page_error(request, exc)
        decision = (form.get("decision") or [""])[0]
        if decision == "deny":
            return self._redirect(self.server.deny(auth), 303)
        user = self.server.users.get((form.get("user") or [""])[0])
        if decision != "approve" or user is None:
            exc = PageError("invalid_request", "Choose a user, then approve or deny.")
            return self._page_error(request, exc)
        return self._redirect(self.server.approve(auth, user), 303)

    # -- token and revocation -------------------------------------------------------------------------------

    async def token(self, request: Request) -> Response:
        try:
            body = await self.server.token(await read_form(request))
        except OAuthError as exc:
            return oauth_error(exc)
        return JSONResponse(body, headers=NO_STORE)

    async def revoke(self, request: Request) -> Response:
        try:
            self.server.revoke(await read_form(request))
        except OAuthError as exc:
            return oauth_error(exc)
        return Response(status_code=200, headers=NO_STORE)

    # -- devices --------------------------------------------------------------------------------------------

    def _bearer(self, request: Request) -> Authenticated | JSONResponse:
        """The caller of a device endpoint, or the 401 answer (RFC 6750 challenge, §3 body)."""
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        result: Authenticated | Rejected = Rejected("unknown")
        if scheme.lower() == "bearer" and token.strip():
            result = self.server.authenticate(token.strip(), required_scope="")
        if isinstance(result, Authenticated):
            return result
        challenge = 'Bearer realm="talkie"'
        if token.strip():
            challenge += f', error="invalid_token", error_description="token {result.reason}"'
        headers = {"WWW-Authenticate": challenge, **NO_STORE}
        return problem(request, "unauthorized", "A valid access token is required.", 401, headers)

    async def devices_json(self, request: Request) -> Response:
        caller = self._bearer(request)
        if isinstance(caller, JSONResponse):
            return caller
        items = [d.to_json(iso_seconds) for d in self.server.devices(caller.user.id)]
        return JSONResponse({"devices": items, "current": caller.family_id}, headers=NO_STORE)

    async def revoke_device_json(self, request: Request) -> Response:
        caller = self._bearer(request)
        if isinstance(caller, JSONResponse):
            return caller
        if not self.server.revoke_device(caller.user.id, request.path_params["deviceId"]):
            message = pages.localized(
                "No such signed-in device.", self.locale(request)
            )  # §3: the user's language
            return problem(request, "not_found", message, 404, NO_STORE)
        return JSONResponse(OkResponse(ok=True).model_dump(mode="json"), headers=NO_STORE)

    async def account_page(self, request: Request) -> Response:
        """The device list of one user (`?user=`, default the first user), as a page with sign-out buttons."""
        wanted = (query(request).get("user") or [self.server.users.default.id])[0]
        user = self.server.users.get(wanted)
        if user is None:
            return self._page_error(request, PageError("invalid_request", f"There is no user {wanted}."))
        html = pages.devices(
            locale=self.locale(request),
            user=user,
            items=self.server.devices(user.id),
            revoke_action=lambda device_id: (
                f"{md.ACCOUNT_PATH}/devices/{urllib.parse.quote(device_id)}/revoke"
                + _carried_key(request, "?")
            ),
            csrf=csrf_token(self.secret, "account:" + user.id),
            iso=iso_seconds,
        )
        return HTMLResponse(html, headers=pages.HEADERS)

    async def revoke_device_form(self, request: Request) -> Response:
        try:
            form = await read_form(request)
        except OAuthError as exc:
            return self._page_error(request, PageError(exc.error, exc.description))
        user = self.server.users.get((form.get("user") or [""])[0])
        if user is not None and not csrf_valid(self.secret, "account:" + user.id, _first(form, "csrf")):
            stale = PageError("invalid_request", "The form is out of date or was not sent from its page.")
            return self._page_error(request, stale)
        if user is None or not self.server.revoke_device(user.id, request.path_params["deviceId"]):
            return self._page_error(request, PageError("invalid_request", "No such signed-in device."))
        target = f"{md.ACCOUNT_PATH}?{urllib.parse.urlencode({'user': user.id})}{_carried_key(request, '&')}"
        return self._redirect(target, 303)


def _carried_key(request: Request, joiner: str) -> str:
    """The developer secret an account page was opened with (`?key=`, devtools.guard), carried on to the
    page's forms and back, so a browser (which holds no cookie of it) stays let in."""
    key = request.query_params.get("key")
    return f"{joiner}{urllib.parse.urlencode({'key': key})}" if key else ""
