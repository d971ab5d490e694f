"""Server-rendered HTML of the authorization server: sign-in, error and device pages.

No JavaScript and no external resources; every value that comes from a request, a client document or Faker
passes through :func:`html.escape`, because any of them may contain markup.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from html import escape

from talkie_mock.oauth.server import Device
from talkie_mock.oauth.users import OAuthUser

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "title": "Sign in",
        "lead": "{client} wants to use your account on {server}.",
        "scopes": "Requested access",
        "scope.talkie": "Act as you through the Talkie endpoints",
        "scope.offline_access": "Stay signed in (refresh token)",
        "pick": "Sign in as",
        "approve": "Approve",
        "deny": "Deny",
        "error": "Sign-in failed",
        "devices": "Signed-in devices of {user}",
        "none": "No device is signed in.",
        "created": "Signed in",
        "used": "Last used",
        "revoke": "Sign out",
        "client": "App",
    },
    "cs": {
        "title": "Přihlášení",
        "lead": "{client} chce používat váš účet na serveru {server}.",
        "scopes": "Požadovaný přístup",
        "scope.talkie": "Jednat vaším jménem přes endpointy Talkie",
        "scope.offline_access": "Zůstat přihlášen (obnovovací token)",
        "pick": "Přihlásit jako",
        "approve": "Povolit",
        "deny": "Zamítnout",
        "error": "Přihlášení se nezdařilo",
        "devices": "Přihlášená zařízení uživatele {user}",
        "none": "Není přihlášeno žádné zařízení.",
        "created": "Přihlášeno",
        "used": "Naposledy použito",
        "revoke": "Odhlásit",
        "client": "Aplikace",
    },
}

STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1d2a2a}"
    "h1{font-size:1.4rem}button{font:inherit;padding:.4rem 1rem;margin:.2rem}"
    "label{display:block;margin:.3rem 0}table{border-collapse:collapse;width:100%}"
    "td,th{border-bottom:1px solid #ccd;padding:.3rem;text-align:left}.err{color:#8a1c1c}"
)

# Pages can be framed by nobody and load nothing; inline style only. No form-action: the approve form's
# answer redirects to the app's private-use scheme, which some browsers would check against form-action.
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def _t(locale: str) -> dict[str, str]:
    return TEXT.get(locale, TEXT["en"])


def _page(locale: str, title: str, body: str) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(locale)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
        f"<body>{body}</body></html>\n"
    )


def _hidden(fields: Mapping[str, str]) -> str:
    return "".join(
        f'<input type="hidden" name="{escape(name)}" value="{escape(value)}">'
        for name, value in fields.items()
    )


def sign_in(
    *,
    locale: str,
    action: str,
    client_name: str,
    server_name: str,
    scopes: Sequence[str],
    users: Sequence[OAuthUser],
    fields: Mapping[str, str],
) -> str:
    """The consent page: pick one of the seeded users, then approve or deny."""
    t = _t(locale)
    scope_items = "".join(f"<li>{escape(t.get('scope.' + s, s))}</li>" for s in scopes)
    choices = "".join(
        f'<label><input type="radio" name="user" value="{escape(u.id)}"{" checked" if i == 0 else ""}> '
        f"{escape(u.name)} &lt;{escape(u.email)}&gt;</label>"
        for i, u in enumerate(users)
    )
    lead = t["lead"].format(client=f"<strong>{escape(client_name)}</strong>", server=escape(server_name))
    body = (
        f"<h1>{escape(t['title'])}</h1><p>{lead}</p>"
        f"<h2>{escape(t['scopes'])}</h2><ul>{scope_items}</ul>"
        f'<form method="post" action="{escape(action)}">{_hidden(fields)}'
        f"<fieldset><legend>{escape(t['pick'])}</legend>{choices}</fieldset>"
        f'<button type="submit" name="decision" value="approve">{escape(t["approve"])}</button>'
        f'<button type="submit" name="decision" value="deny">{escape(t["deny"])}</button>'
        "</form>"
    )
    return _page(locale, t["title"], body)


# The Czech wording of the descriptions the authorization server writes (in English, for logs and tests):
# an error page shows the person one language, the page's.
CZECH_DESCRIPTIONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(english), czech)
    for english, czech in (
        (r"Requests from another site are refused\.", "Požadavky z jiného webu jsou odmítnuty."),
        (
            r"The sign-in form is out of date or was not sent from its page\.",
            "Přihlašovací formulář je zastaralý nebo nebyl odeslán ze své stránky.",
        ),
        (
            r"Choose a user, then approve or deny\.",
            "Vyberte uživatele a pak přístup povolte, nebo zamítněte.",
        ),
        (r"There is no user (.*)\.", "Uživatel {0} neexistuje."),
        (
            r"The form is out of date or was not sent from its page\.",
            "Formulář je zastaralý nebo nebyl odeslán ze své stránky.",
        ),
        (r"No such signed-in device\.", "Takové přihlášené zařízení neexistuje."),
        (r"The parameter (.*) is repeated\.", "Parametr {0} je uveden vícekrát."),
        (
            r"The request names no client \(client_id is missing\)\.",
            "Požadavek neuvádí klienta (chybí client_id).",
        ),
        (r"The client (.*) is not known to this server\.", "Klient {0} není tomuto serveru známý."),
        (
            r"The client has several redirect URIs; redirect_uri is required\.",
            "Klient má několik adres pro návrat; redirect_uri je povinné.",
        ),
        (
            r"The redirect URI (.*) is not registered for this client\.",
            "Adresa pro návrat {0} není pro tohoto klienta registrovaná.",
        ),
    )
)


def localized(description: str, locale: str) -> str:
    """The description in the page's language (English, or Czech when a wording is known)."""
    if locale == "cs":
        for pattern, czech in CZECH_DESCRIPTIONS:
            found = pattern.fullmatch(description)
            if found:
                return czech.format(*found.groups())
    return description


def error(*, locale: str, code: str, description: str) -> str:
    """An authorization error that cannot go back to the app (no trusted redirect URI)."""
    t = _t(locale)
    body = (
        f"<h1>{escape(t['error'])}</h1>"
        f'<p class="err"><code>{escape(code)}</code></p><p>{escape(localized(description, locale))}</p>'
    )
    return _page(locale, t["error"], body)


def devices(
    *,
    locale: str,
    user: OAuthUser,
    items: Sequence[Device],
    revoke_action: Callable[[str], str],
    iso: Callable[[int], str],
    csrf: str,
) -> str:
    """The user's signed-in devices, each with a sign-out button."""
    t = _t(locale)
    title = t["devices"].format(user=user.name)
    if not items:
        listing = f"<p>{escape(t['none'])}</p>"
    else:
        rows = "".join(
            f"<tr><td>{escape(d.client_name)}<br><small>{escape(d.client_id)}</small></td>"
            f"<td>{escape(iso(d.created_at))}</td><td>{escape(iso(d.last_used_at))}</td>"
            f'<td><form method="post" action="{escape(revoke_action(d.id))}">'
            f'<input type="hidden" name="user" value="{escape(user.id)}">'
            f'<input type="hidden" name="csrf" value="{escape(csrf)}">'
            f'<button type="submit">{escape(t["revoke"])}</button></form></td></tr>'
            for d in items
        )
        listing = (
            f"<table><thead><tr><th>{escape(t['client'])}</th><th>{escape(t['created'])}</th>"
            f"<th>{escape(t['used'])}</th><th></th></tr></thead><tbody>{rows}</tbody></table>"
        )
    return _page(locale, title, f"<h1>{escape(title)}</h1>{listing}")
