"""What the client got wrong in one exchange, named by the rule of `spec/rules.yaml` it broke.

The inspector shows these findings beside each request; the client-side ones (`error` and `warning`) are also
kept in SQLite for `talkie-mock report`. The analysis only reads what crossed the wire plus the stored state
(an action's `confirm.methods`), and never changes how the mock answers: the endpoints have already said
no with a §3 error where the contract requires it.

Levels: `error` — the client broke a MUST; `warning` — a SHOULD, or a likely mistake (unknown request members,
a refused token sent again); `info` — worth knowing, not a violation (a token expired, an unknown route).
"""

from __future__ import annotations

import functools
import hashlib
import urllib.parse
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from talkie_models.findings import Finding, Severity
from talkie_models.rules import catalogue
from talkie_models.validation import fast_validator, schema

from talkie_mock.api.context import Mock
from talkie_mock.api.requests import parse_json
from talkie_mock.api.surfaces import SIGNALING_PATH
from talkie_mock.devtools.redact import head
from talkie_mock.errors import ApiError
from talkie_mock.oauth.metadata import AUTHORIZE_PATH, TOKEN_PATH

Level = Literal["error", "warning", "info"]

# Request type of each endpoint with a JSON body, and the rule that gives that body its shape.
BODY_TYPES: dict[str, tuple[str, str]] = {
    "run": ("RunAgentInput", "RUN-001"),
    "decision": ("DecisionRequest", "ACT-006"),
    "voiceSessions": ("VoiceSessionRequest", "VOICE-002"),
    "voiceTool": ("VoiceToolRequest", "VOICE-014"),
    "voiceTranscript": ("VoiceTranscriptRequest", "VOICE-018"),
    "voiceUsage": ("VoiceUsageRequest", "VOICE-020"),
}
PUBLIC = {"manifest", None}
VOICE_SESSION_CALLS = ("voiceTool", "voiceTranscript", "voiceUsage")


RULES: dict[str, tuple[Level, ...]] = {
    "ACT-006": ("error", "warning"),
    "ACT-007": ("error",),
    "ACT-009": ("info",),
    "ACT-011": ("info",),
    "ACT-015": ("error",),
    "AUTH-003": ("warning",),
    "AUTH-007": ("error",),
    "AUTH-008": ("error",),
    "AUTH-014": ("warning",),
    "AUTH-016": ("error",),
    "AUTH-018": ("warning", "info"),
    "ERR-009": ("info",),
    "MAN-009": ("info",),
    "RUN-001": ("error", "warning"),
    "RUN-002": ("error",),
    "RUN-003": ("warning",),
    "RUN-009": ("warning",),
    "VOICE-002": ("error", "warning"),
    "VOICE-014": ("error", "warning"),
    "VOICE-016": ("info",),
    "VOICE-018": ("error", "warning"),
    "VOICE-020": ("error", "warning"),
    "VOICE-022": ("info",),
    # the voice rules of devtools/voice_rules.py (the data channel and the voice endpoints)
    "VOICE-003": ("error",),
    "VOICE-007": ("error",),
    "VOICE-010": ("error", "warning"),
    "VOICE-013": ("error",),
    "VOICE-017": ("error",),
    "VOICE-019": ("error",),
    "VOICE-021": ("error",),
    "VOICE-023": ("error",),
    "VOICE-024": ("error",),
    "VOICE-025": ("error",),
    "VOICE-026": ("error",),
    "VOICE-027": ("error", "warning"),
    "VOICE-028": ("error", "warning"),
    "VOICE-029": ("error",),
    "VOICE-030": ("error",),
    "VOICE-032": ("warning",),
}
"""Every rule the inspector can name, with the levels it reports it at. The one list of them: :func:`verdict`
refuses any other pair, and the site's rule matrix and the app guide's verdict table are read from it."""
ORIGIN = "inspector"


def verdict(rule: str | None, level: Level, message: str) -> Finding:
    """A finding of the inspector (`rule` None: a remark no rule backs), checked against :data:`RULES`."""
    if rule is not None and level not in RULES.get(rule, ()):
        raise KeyError(f"the inspector does not report {rule} at level {level}: add it to RULES")
    return Finding(rule_id=rule, severity=Severity(level), message=message, origin=ORIGIN)


def finding_json(finding: Finding) -> dict[str, Any]:
    """The inspector's JSON of a finding (its page and the control API show this shape)."""
    data: dict[str, Any] = {
        "rule": finding.rule_id,
        "level": finding.severity.value,
        "message": finding.message,
    }
    if finding.rule_id is not None:
        entry = catalogue().get(finding.rule_id)
        if entry is not None:
            data["statement"] = entry.statement
            data["ruleLevel"] = entry.level
    return data


class RequestHeaders(Mapping[str, str]):
    """A request's headers as the rules read them: one name looked up at a time in the bytes as received.

    A rule asks for two or three headers of a request, so nothing is decoded until asked; a repeated name
    gives its last value, as the endpoints read it. :meth:`holds` and :meth:`sent` see every value sent,
    repeated ones too (a secret may hide in the first of two).
    """

    __slots__ = ("_raw", "_text")

    def __init__(self, raw: Sequence[tuple[bytes, bytes]]) -> None:
        self._raw = raw
        self._text: dict[str, str] | None = None

    @classmethod
    def of(cls, headers: Mapping[str, str]) -> RequestHeaders:
        """Headers given as text (a test, a replayed exchange)."""
        return cls(
            [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in headers.items()]
        )

    def __getitem__(self, key: str) -> str:
        name = key.lower().encode("latin-1")
        found: bytes | None = None
        for sent, value in self._raw:
            if sent == name or sent.lower() == name:
                found = value
        if found is None:
            raise KeyError(key)
        return found.decode("latin-1")

    def _decoded(self) -> dict[str, str]:
        if self._text is None:
            self._text = {
                name.decode("latin-1").lower(): value.decode("latin-1") for name, value in self._raw
            }
        return self._text

    def __iter__(self) -> Iterator[str]:
        return iter(self._decoded())

    def __len__(self) -> int:
        return len(self._decoded())

    def holds(self, text: str) -> bool:
        """Whether any value sent contains `text`."""
        needle = text.encode("latin-1")
        return any(needle in value for _, value in self._raw)

    def sent(self) -> list[bytes]:
        """Every value sent, in order, as bytes."""
        return [value for _, value in self._raw]


@dataclass
class Seen:
    """One finished request/response pair, as the analysis needs it."""

    method: str
    path: str
    query: str
    endpoint: str | None
    headers: RequestHeaders
    body: bytes
    status: int
    response: Any
    location: str | None = None
    body_complete: bool = True
    validated: tuple[str, Any] | None = None
    """(type name, parsed body) when the endpoint already found exactly these bytes valid."""
    replayed: Mapping[str, Any] | None = None
    """A run request the mock answered with the earlier run its runId named (api.runs.REPLAYED)."""

    def json_body(self) -> Any:
        if self.validated is not None:  # the endpoint parsed these very bytes already
            return self.validated[1]
        try:
            return parse_json(self.body) if self.body.strip() else None
        except ApiError:  # not JSON, too deep, invalid text: the endpoint refused it already
            return None

    def error_code(self) -> str | None:
        err = self.response.get("error") if isinstance(self.response, dict) else None
        if isinstance(err, dict) and isinstance(err.get("code"), str):
            return str(err["code"])
        if isinstance(err, str):  # an OAuth error body
            return err
        return None


def _fingerprint(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()[:16]


class Verdicts:
    """Turns exchanges into findings; remembers refused tokens to spot a client that never refreshes."""

    def __init__(self, mock: Mock) -> None:
        self.mock = mock
        self.refused: set[str] = set()

    @staticmethod
    def silent(path: str, endpoint: str | None, status: int) -> bool:
        """True when :meth:`analyse` cannot find anything in such an exchange, decided from three facts:
        a successful answer on a public endpoint, or any non-404 answer off the Talkie and OAuth routes.
        The traffic recorder asks first, so the busiest requests (the manifest) skip building a `Seen`."""
        if path in (AUTHORIZE_PATH, TOKEN_PATH, SIGNALING_PATH):
            return False  # the voice rules judge the signalling request (devtools/voice_rules.py)
        if endpoint is None:
            return status != 404
        return endpoint in PUBLIC and status < 400

    def analyse(self, seen: Seen) -> list[Finding]:
        if seen.path == AUTHORIZE_PATH:
            return self._authorize(seen)
        if seen.path == TOKEN_PATH:
            return self._token(seen)
        if seen.endpoint is None:
            if seen.status == 404:
                return [
                    verdict(
                        "MAN-009",
                        "info",
                        f"No endpoint at {seen.path}: templates resolve against the issuer.",
                    )
                ]
            return []
        findings = self._auth(seen)
        if seen.endpoint == "run" and "text/event-stream" not in seen.headers.get("accept", ""):
            findings.append(verdict("RUN-002", "error", "The run request does not accept text/event-stream."))
        if seen.endpoint in BODY_TYPES and seen.method == "POST" and seen.body_complete:
            findings += self._body(seen)
        findings += self._outcome(seen)
        return findings

    # -- bearer tokens --------------------------------------------------------------------------------------

    def _auth(self, seen: Seen) -> list[Finding]:
        if seen.endpoint in PUBLIC:
            return []
        header = seen.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        token = token.strip()
        if not header:
            return [verdict("AUTH-016", "error", "The request carries no Authorization header.")]
        if scheme.lower() != "bearer" or not token:
            shown = scheme[:20] if token else head(scheme)  # no scheme at all: the value is a credential
            return [
                verdict(
                    "AUTH-016",
                    "error",
                    f"The Authorization header ({shown!r}) does not use the scheme Bearer.",
                )
            ]
        if seen.status == 401 and seen.error_code() == "unauthorized":
            print_ = _fingerprint(token)
            again = print_ in self.refused
            self.refused.add(print_)
            if again:
                return [
                    verdict(
                        "AUTH-018",
                        "warning",
                        "A token that was already refused was sent again; refresh once, then sign in anew.",
                    )
                ]
            return [
                verdict("AUTH-018", "info", "The token was refused (401): the client should refresh it once.")
            ]
        return []

    # -- request bodies -------------------------------------------------------------------------------------

    def _body(self, seen: Seen) -> list[Finding]:
        assert seen.endpoint is not None
        type_name, rule = BODY_TYPES[seen.endpoint]
        raw = seen.body
        if not raw.strip():
            if seen.endpoint == "voiceSessions":
                return []  # every member is optional, so is the body
            return [verdict(rule, "error", f"The body is empty; a {type_name} is required.")]
        if seen.validated is not None and seen.validated[0] == type_name:
            body, valid = seen.validated[1], True
        else:
            body = seen.json_body()
            if body is None:
                return [verdict(rule, "error", f"The body is not JSON; a {type_name} is required.")]
            valid = fast_validator(type_name).is_valid(body)
        if not valid:
            validator = fast_validator(type_name)
            problems = "; ".join(validator.errors(body)[:3])
            target = "ACT-007" if seen.endpoint == "decision" and "paramsHash" in problems else rule
            return [verdict(target, "error", f"Not a valid {type_name}: {problems}")]
        findings: list[Finding] = []
        known = _members(type_name)
        if isinstance(body, dict):
            unknown = sorted(k for k in body if k not in known)
            if unknown:
                names = ", ".join(unknown[:5])
                findings.append(
                    verdict(rule, "warning", f"Unknown members in the {type_name}: {names} (ignored, N-18).")
                )
            if seen.endpoint == "run":
                roles = {m.get("role") for m in body.get("messages", []) if isinstance(m, dict)}
                if roles - {"user"}:
                    findings.append(
                        verdict("RUN-003", "warning", "The run request resends history (non-user messages).")
                    )
        return findings

    # -- what the answer tells about the request ------------------------------------------------------------

    def _outcome(self, seen: Seen) -> list[Finding]:
        """What the server answered (its own rules: 409, 410, 413) — context for the developer, `info`: a
        correct client meets these outcomes too (a clock moved on, a second tap), so they are no finding
        against it and neither `talkie-mock report` nor its exit code counts them."""
        code, endpoint = seen.error_code(), seen.endpoint
        if endpoint == "decision" and seen.method == "POST":
            return self._decision(seen, code)
        if code == "too_large":
            return [verdict("ERR-009", "info", "The server refused a message over limits.maxMessageChars.")]
        if endpoint in VOICE_SESSION_CALLS and code == "expired":
            return [verdict("VOICE-022", "info", "The voice session was already closed or over its time.")]
        if endpoint == "voiceTool" and code == "conflict":
            return [verdict("VOICE-016", "info", "The tool call id was already used in this session.")]
        if code == "not_found" and seen.status == 404:
            if endpoint == "voiceSessions" and not self.mock.config.voice:  # text only (notes N-92)
                missing = "This mock has no voice: its manifest lists no voice endpoints."
                return [verdict(None, "info", missing)]
            return [verdict(None, "info", "Unknown thread, action, session or file.")]
        return []

    def _decision(self, seen: Seen, code: str | None) -> list[Finding]:
        if code == "stale":
            return [
                verdict("ACT-007", "error", "The paramsHash is not the one of the action the person saw.")
            ]
        if code == "expired":
            return [
                verdict("ACT-011", "info", "The action had expired on the server's clock; it answered 410.")
            ]
        if code == "conflict":
            return [verdict("ACT-009", "info", "The opposite of an already recorded decision was refused.")]
        body = seen.json_body()
        if seen.status != 200 or not isinstance(body, dict):
            return []
        action_id = urllib.parse.unquote(seen.path.rstrip("/").split("/")[-2])
        row = self.mock.store.actions.get_action(action_id)
        method = body.get("method", "button")
        methods = row.body.get("confirm", {}).get("methods", []) if row is not None else []
        if methods and method not in methods:
            return [
                verdict(
                    "ACT-015",
                    "error",
                    f"The decision used method {method!r}, not offered by confirm.methods "
                    f"({', '.join(methods)}).",
                )
            ]
        return []

    # -- OAuth ----------------------------------------------------------------------------------------------

    def _params(self, seen: Seen) -> dict[str, str]:
        text = seen.query if seen.method == "GET" else seen.body.decode("utf-8", "replace")
        return dict(urllib.parse.parse_qsl(text, keep_blank_values=True))

    def _authorize(self, seen: Seen) -> list[Finding]:
        if seen.method != "GET":
            return []  # the sign-in form posts back what the server itself rendered
        params = self._params(seen)
        findings = []
        if not params.get("code_challenge"):
            findings.append(
                verdict("AUTH-007", "error", "The authorization request has no PKCE code_challenge.")
            )
        elif params.get("code_challenge_method") != "S256":
            method = params.get("code_challenge_method") or "(none: plain)"
            findings.append(verdict("AUTH-007", "error", f"code_challenge_method is {method}, not S256."))
        if not params.get("state"):
            findings.append(verdict("AUTH-008", "error", "The authorization request has no state."))
        return findings

    def _token(self, seen: Seen) -> list[Finding]:
        params = self._params(seen)
        findings = []
        if "client_secret" in params:
            findings.append(verdict("AUTH-003", "warning", "A public client sent a client_secret."))
        grant = params.get("grant_type")
        description = (
            str(seen.response.get("error_description", "")) if isinstance(seen.response, dict) else ""
        )
        if grant == "authorization_code":
            if not params.get("code_verifier"):
                findings.append(verdict("AUTH-007", "error", "The code exchange has no PKCE code_verifier."))
            elif "code_verifier does not match" in description:
                findings.append(
                    verdict("AUTH-007", "error", "The code_verifier does not match the challenge.")
                )
        if grant == "refresh_token" and "already used" in description:
            findings.append(
                verdict(
                    "AUTH-014", "warning", "A rotated refresh token was used again; the sign-in was revoked."
                )
            )
        return findings


@functools.cache
def _members(type_name: str) -> frozenset[str]:
    """The members a request type names, computed once: `schema()` deep-copies the schema on every call."""
    return frozenset(schema(type_name).get("properties", {}))
