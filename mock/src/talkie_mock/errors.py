"""The root of the mock's exceptions, and §3 errors: the exception the api raises and its localized text.

Every exception of the mock derives from :class:`MockError` (tests/test_architecture.py checks it); each
module defines its own beside the code that raises it. :class:`ApiError` is the §3 answer the api layer and
the developer tools raise; the engine raises domain errors instead (`engine.refusals`), which the api maps
to their §3 answers. HTTP status and `retryable` of each code come from `talkie_models.errors.CATALOGUE`
(the contract), so the mock never decides them on its own; only the human-readable message text is the
mock's. This module sits at the bottom of the layers: it imports only `grammar` of the mock.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from talkie_models import ErrorResponse
from talkie_models import errors as codes

from talkie_mock.grammar import counted

# Message templates per locale. Keys are error codes or finer reasons; `{name}` fields are filled in.
MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "invalid_request": "The request is not valid.",
        "invalid_json": "The request body is not valid JSON.",
        "invalid_json_at": "The request body is not valid JSON: {detail} at line {line}, column {column}.",
        "invalid_body": "The body is not a valid {type}: {problems}.",
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
        "voice_missing": "This mock serves text only: add voice with {install} and restart it.",
        "file_not_found": "The file {id} does not exist.",
        "conflict": "The action was already decided differently.",
        "call_reused": "The tool call {id} was already executed in this session.",
        "call_not_issued": "The voice session never asked for the function call {id}; forward only its own.",
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
        "disk_full": "The disk of the mock's state file is full: free some space there, then try again.",
        # limits and guards (api.origin, api.limits, api.requests, api.cors, devtools.guard)
        "nested_too_deep": "The request body nests deeper than {limit:level}.",
        "invalid_text": "Invalid text in `{field}`: not valid Unicode (a lone UTF-16 surrogate?).",
        "body_too_large": (
            "The request body is larger than {limit:byte} (see talkie-mock serve --max-body-bytes)."
        ),
        "body_timeout": "The request body did not arrive within {seconds} s.",
        "head_too_large": "The request head (request line and headers) is larger than {limit:byte}.",
        "foreign_host": (
            "This server does not answer to the host name {host} in the Host header: if clients reach it "
            "under that name, start talkie-mock with --public-url http://{host_port}."
        ),
        "bad_host": "The Host header is not a host name (host[:port]).",
        "missing_host": "An HTTP/1.1 request needs a Host header.",
        "two_hosts": "The request has more than one Host header; send exactly one.",
        "cross_site": "Requests from another site are refused here.",
        "devtools_key": (
            "The developer secret is missing, wrong or expired: open the latest inspector link talkie-mock "
            "printed."
        ),
        "csrf": "The form is out of date or was not sent from this server's page; reload it.",
        "cors_origin": "Pages on {origin} may not call this server (see talkie-mock serve --cors-origin).",
        # the playground's own server and its forwarder (devtools.forward)
        "playground_key": (
            "The developer secret is missing, wrong or expired: open the latest playground link talkie-mock "
            "playground printed (the page sends the secret in the X-Talkie-Mock-Key header)."
        ),
        "playground_host": (
            "The playground answers only to loopback names (127.0.0.1, localhost, [::1]), not to {host}: "
            "open the link talkie-mock playground printed."
        ),
        "forward_path": (
            "The playground forwards only a path on its target, and refuses this one: {why}. Pass the "
            "path and query of a URL on the target, such as /api/talkie/status."
        ),
        "forward_unreachable": (
            "The playground could not reach {target}: {why}. Start that server or correct the address given "
            "to talkie-mock playground, then try again."
        ),
        "forward_broken": (
            "{target} broke off its answer to the playground: {why}. Try again; if it repeats, that server's "
            "log says why."
        ),
        "forward_busy": (
            "The playground forwards at most {limit:request} at once, and that many are open: close a stream "
            "(or wait for one to end), then try again."
        ),
        "forward_gone": "The request body did not arrive: the page closed the connection.",
    },
    "cs": {
        "invalid_request": "Požadavek není platný.",
        "invalid_json": "Tělo požadavku není platný JSON.",
        "invalid_json_at": "Tělo požadavku není platný JSON: {detail} (řádek {line}, sloupec {column}).",
        "invalid_body": "Tělo není platný {type}: {problems}.",
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
        "voice_missing": "Tento mock umí jen text: hlas přidáte příkazem {install} a novým spuštěním.",
        "file_not_found": "Soubor {id} neexistuje.",
        "conflict": "O akci už bylo rozhodnuto jinak.",
        "call_reused": "Volání nástroje {id} už v této relaci proběhlo.",
        "call_not_issued": "Relace o volání funkce {id} nežádala; spouštějte jen volání, o která žádá.",
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
        "disk_full": "Disk se stavovým souborem mocku je plný: uvolněte na něm místo a zkuste to znovu.",
        "nested_too_deep": "Tělo požadavku je zanořené hlouběji než {limit:level}.",
        "invalid_text": "Neplatný text v `{field}`: není to platný Unicode (osamělý UTF-16 surrogate?).",
        "body_too_large": "Tělo požadavku je větší než {limit:byte} (viz --max-body-bytes).",
        "body_timeout": "Tělo požadavku nedorazilo do {seconds} s.",
        "head_too_large": "Hlavička požadavku (řádek požadavku a hlavičky) je větší než {limit:byte}.",
        "foreign_host": (
            "Tento server neodpovídá na jméno {host} v hlavičce Host: pokud ho klienti pod tímto jménem "
            "volají, spusťte talkie-mock s --public-url http://{host_port}."
        ),
        "bad_host": "Hlavička Host není jméno serveru (host[:port]).",
        "missing_host": "Požadavek HTTP/1.1 musí mít hlavičku Host.",
        "two_hosts": "Požadavek má víc než jednu hlavičku Host; pošlete právě jednu.",
        "cross_site": "Požadavky z jiného webu jsou zde odmítnuty.",
        "devtools_key": (
            "Vývojářský klíč chybí, je chybný nebo vypršel: otevřete poslední odkaz na inspektor, "
            "který vypsal talkie-mock."
        ),
        "csrf": "Formulář je zastaralý nebo nebyl odeslán ze stránky tohoto serveru; načtěte ji znovu.",
        "cors_origin": "Stránky z {origin} nesmí volat tento server (viz talkie-mock serve --cors-origin).",
        "playground_key": (
            "Vývojářský klíč chybí, je chybný nebo vypršel: otevřete poslední odkaz, který vypsal "
            "talkie-mock playground (stránka klíč posílá v hlavičce X-Talkie-Mock-Key)."
        ),
        "playground_host": (
            "Playground odpovídá jen na jména loopbacku (127.0.0.1, localhost, [::1]), ne na {host}: "
            "otevřete odkaz, který vypsal talkie-mock playground."
        ),
        "forward_path": (
            "Playground přeposílá jen cestu na svůj cíl a tuto odmítá: {why}. Předejte cestu a dotaz adresy "
            "na cíli, například /api/talkie/status."
        ),
        "forward_unreachable": (
            "Playground se nespojil s {target}: {why}. Spusťte ten server nebo opravte adresu pro "
            "talkie-mock playground a zkuste to znovu."
        ),
        "forward_broken": (
            "{target} přerušil odpověď pro playground: {why}. Zkuste to znovu; když se to opakuje, důvod "
            "najdete v logu toho serveru."
        ),
        "forward_busy": (
            "Playground přeposílá nejvýš {limit:request} najednou a tolik jich je otevřeno: zavřete některý "
            "stream (nebo počkejte, až skončí) a zkuste to znovu."
        ),
        "forward_gone": "Tělo požadavku nedorazilo: stránka spojení zavřela.",
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
        """The reason's sentence in `locale` (see :func:`message`)."""
        return message(self.code, locale, self.reason, **self.params)

    def body(self, locale: str) -> ErrorResponse:
        return error_body(self.code, self.message(locale))


def message(code: str, locale: str, reason: str | None = None, **params: Any) -> str:
    """The reason's sentence, else the code's, else the generic one: the first whose fields are all given,
    so a user never reads a `{placeholder}`."""
    table = MESSAGES.get(locale, MESSAGES["en"])
    values = {
        name: _Count(value, locale) if isinstance(value, int) and not isinstance(value, bool) else value
        for name, value in params.items()
    }
    for template in (table.get(reason or code), table.get(code), table["internal"]):
        if template is not None:
            try:
                return template.format(**values)
            except (KeyError, IndexError, ValueError):
                continue
    return table["internal"]


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
