"""§3 errors: the one exception type handlers raise, and its localized JSON rendering.

Exceptions of the mock itself hang off :class:`MockError`::

    MockError
    ├── ApiError        a §3 error answered to the client (status, code, localized message)
    ├── ScenarioError   a scenario file that does not match its schema
    └── StateFileError  a state file that cannot be used (engine.statefile; the CLI exits 2)

HTTP status and `retryable` of each code come from `talkie_models.errors.CATALOGUE` (the contract), so the
mock never decides them on its own; only the human-readable message text is the mock's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from talkie_models import ErrorResponse
from talkie_models import errors as codes

from talkie_mock.engine.formats import counted

# Message templates per locale. Keys are error codes or finer reasons; `{name}` fields are filled in.
MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "invalid_request": "The request is not valid.",
        "invalid_json": "The request body is not valid JSON.",
        "invalid_field": "Invalid field `{field}`: {detail}",
        "method_not_allowed": "The method {method} is not allowed here. Allowed: {allow}.",
        "unauthorized": "A valid bearer token is required.",
        "forbidden": "You are not allowed to do this.",
        "not_found": "Not found.",
        "route_not_found": "There is no endpoint at {path}.",
        "thread_not_found": "The conversation {id} does not exist.",
        "action_not_found": "The action {id} does not exist.",
        "session_not_found": "The voice session {id} does not exist.",
        "tool_not_found": "The voice tool {id} does not exist.",
        "file_not_found": "The file {id} does not exist.",
        "conflict": "The action was already decided differently.",
        "call_reused": "The tool call {id} was already executed in this session.",
        "stale": "The action has changed since it was shown; reload it.",
        "expired": "The action has expired.",
        "session_expired": "The voice session has ended.",
        "too_large": "The message is too long.",
        "message_too_long": "The message is longer than {limit:character}.",
        "rate_limited": "Too many requests; try again shortly.",
        "quota_exceeded": "Today's quota is used up.",
        "voice_quota": "Today's voice minutes are used up.",
        "upstream_unavailable": "The model provider is not available right now.",
        "internal": "Something went wrong on the server.",
        # limits and guards of issue 12 (devtools.guard, api.limits, api.hosts, api.requests)
        "nested_too_deep": "The request body nests deeper than {limit:level}.",
        "invalid_text": "Invalid text in `{field}`: not valid Unicode (a lone UTF-16 surrogate?).",
        "body_too_large": "The request body is larger than {limit:byte}.",
        "body_timeout": "The request body did not arrive within {seconds} s.",
        "foreign_host": "This server does not answer to the host name in the Host header.",
        "missing_host": "An HTTP/1.1 request needs a Host header.",
        "cross_site": "Requests from another site are refused here.",
        "devtools_key": "The developer secret is required: open the inspector link printed by talkie-mock.",
        "csrf": "The form is out of date or was not sent from this server's page; reload it.",
        "cors_origin": "Pages on {origin} may not call this server (see talkie-mock serve --cors-origin).",
    },
    "cs": {
        "invalid_request": "Požadavek není platný.",
        "invalid_json": "Tělo požadavku není platný JSON.",
        "invalid_field": "Neplatné pole `{field}`: {detail}",
        "method_not_allowed": "Metoda {method} zde není povolena. Povolené: {allow}.",
        "unauthorized": "Je potřeba platný přístupový token.",
        "forbidden": "Tuto operaci nemáte povolenou.",
        "not_found": "Nenalezeno.",
        "route_not_found": "Na adrese {path} žádný endpoint není.",
        "thread_not_found": "Konverzace {id} neexistuje.",
        "action_not_found": "Akce {id} neexistuje.",
        "session_not_found": "Hlasová relace {id} neexistuje.",
        "tool_not_found": "Hlasový nástroj {id} neexistuje.",
        "file_not_found": "Soubor {id} neexistuje.",
        "conflict": "O akci už bylo rozhodnuto jinak.",
        "call_reused": "Volání nástroje {id} už v této relaci proběhlo.",
        "stale": "Akce se mezitím změnila; načtěte ji znovu.",
        "expired": "Platnost akce vypršela.",
        "session_expired": "Hlasová relace skončila.",
        "too_large": "Zpráva je příliš dlouhá.",
        "message_too_long": "Zpráva je delší než {limit:character}.",
        "rate_limited": "Příliš mnoho požadavků; zkuste to za chvíli.",
        "quota_exceeded": "Dnešní limit je vyčerpán.",
        "voice_quota": "Dnešní hlasové minuty jsou vyčerpány.",
        "upstream_unavailable": "Poskytovatel modelu je právě nedostupný.",
        "internal": "Na serveru se něco pokazilo.",
        "nested_too_deep": "Tělo požadavku je zanořené hlouběji než {limit:level}.",
        "invalid_text": "Neplatný text v `{field}`: není to platný Unicode (osamělý UTF-16 surrogate?).",
        "body_too_large": "Tělo požadavku je větší než {limit:byte}.",
        "body_timeout": "Tělo požadavku nedorazilo do {seconds} s.",
        "foreign_host": "Tento server neodpovídá na jméno v hlavičce Host.",
        "missing_host": "Požadavek HTTP/1.1 musí mít hlavičku Host.",
        "cross_site": "Požadavky z jiného webu jsou zde odmítnuty.",
        "devtools_key": "Je potřeba vývojářský klíč: otevřete odkaz na inspektor, který vypsal talkie-mock.",
        "csrf": "Formulář je zastaralý nebo nebyl odeslán ze stránky tohoto serveru; načtěte ji znovu.",
        "cors_origin": "Stránky z {origin} nesmí volat tento server (viz talkie-mock serve --cors-origin).",
    },
}


class MockError(Exception):
    """Root of the mock's own exceptions."""


class ScenarioError(MockError):
    """A scenario file that cannot be used (wrong YAML, schema violation, bad regex)."""


class _Count:
    """A number in a message: `{limit:character}` writes it with its noun in the form the count takes
    ("4 000 znaků", "2 znaky", "1 character"), `{limit}` alone as the plain number."""

    def __init__(self, value: int, locale: str) -> None:
        self.value = value
        self.locale = locale

    def __format__(self, noun: str) -> str:
        return counted(self.locale, self.value, noun) if noun else str(self.value)


class ApiError(MockError):
    """A §3 error for the client: raise it anywhere in a handler."""

    def __init__(
        self,
        code: str,
        reason: str | None = None,
        *,
        headers: Mapping[str, str] | None = None,
        status: int | None = None,
        **params: Any,
    ) -> None:
        super().__init__(f"{code}: {reason or code} {params}")
        self.code = code
        self.reason = reason or code
        self.params = params
        self.headers = dict(headers or {})
        self.status = status if status is not None else http_status(code)

    def message(self, locale: str) -> str:
        """The reason's sentence, else the code's, else the generic one: the first whose fields are all
        given, so a user never reads a `{placeholder}`."""
        table = MESSAGES.get(locale, MESSAGES["en"])
        params = {
            name: _Count(value, locale) if isinstance(value, int) and not isinstance(value, bool) else value
            for name, value in self.params.items()
        }
        for template in (table.get(self.reason), table.get(self.code), table["internal"]):
            if template is not None:
                try:
                    return template.format(**params)
                except (KeyError, IndexError, ValueError):
                    continue
        return table["internal"]

    def body(self, locale: str) -> ErrorResponse:
        return error_body(self.code, self.message(locale))


def http_status(code: str) -> int:
    """The HTTP status the contract gives a code (500 for a code it does not list)."""
    entry = codes.CATALOGUE.get(code)
    # A code listed with two statuses (502/503) is sent with the later one: "unavailable" fits a mock best.
    return max(entry.http_statuses) if entry is not None else 500


def retryable(code: str) -> bool:
    entry = codes.CATALOGUE.get(code)
    return bool(entry.retryable) if entry is not None else False


def error_body(code: str, message: str) -> ErrorResponse:
    """Build the §3 body through the contract's model."""
    return ErrorResponse.model_validate(
        {"error": {"code": code, "message": message, "retryable": retryable(code)}}
    )


def pick_locale(accept_language: str | None, default: str) -> str:
    """The first of our locales named in `Accept-Language` (by q order), else the server's locale."""
    if not accept_language:
        return default
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")):
        pieces = part.strip().split(";")
        tag = pieces[0].strip().lower()
        quality = 1.0
        for extra in pieces[1:]:
            key, _, value = extra.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        ranked.append((-quality, index, tag.split("-")[0]))
    for quality, _, tag in sorted(ranked):
        if quality < 0 and tag in MESSAGES:
            return tag
    return default
