"""A small talkie/1 client written from the text, for the client conformance suite's own tests.

`python reference_client.py URL TOKEN [--person GESTURES] [--break BEHAVIOUR]`: load the manifest at URL (a
manifest URL or a bare host), send one message with the development TOKEN, read the run (recovering from the
thread after a drop), and print the adapter lines of what it showed. `--person` (else TALKIE_PERSON) names the
person's gestures, comma-separated: stop, approve, reject, open, again and production are made here (`MADE`);
sign-in and sign-out are made through `reference_signin`, voice through `reference_voice` (a voice session
held after the run); a module that makes another registers it in `BEFORE` or `AFTER`; any other is said
`unable`. `--break` makes it wrong in one way, so the suite's checks can be seen to catch it:

- follow-manifest-redirect: follows a manifest redirect to another origin (breaks MAN-008)
- token-everywhere: follows an endpoint's redirect anywhere, bearer token and all (breaks AUTH-019)
- accept-any-version: takes a manifest of any spec version (breaks MAN-004)
- cancel-on-drop: answers a dropped stream with cancelRun instead of loading the thread (breaks RUN-029)
- open-links: opens the links a run offers by itself (breaks RUN-022 and SEC-002)
- hide-unknown-cards: leaves out a card with a block it cannot render (breaks CARD-004)
- raw-segment: puts an id into a path unencoded (breaks MAN-012)
- strict-events: gives up on an event type or CUSTOM name it does not know (breaks RUN-026, RUN-027)
- show-tool-output: shows a tool's raw output (breaks RUN-020)
- call-foreign-endpoints: calls an endpoint on another origin nobody approved (breaks MAN-011)
- auto-confirm: confirms a pending action by itself (breaks ACT-014)
- endless-retry: repeats a failed request five times, whatever the error (breaks AUTH-018; against
  ERR-011, a SHOULD, and ERR-004, a note's rule, it is only warned)
- close-on-stop: stops a run by closing its stream, with no cancelRun (breaks RUN-032)
- reuse-run-id: starts every run under one runId (breaks RUN-009)
- stale-hash: shows the action as GET action has it, decides with the event copy's paramsHash (breaks ACT-007)
- trust-event: keeps the event's copy of an action over GET action (breaks ACT-005)
- unlisted-method: offers and decides by voice whatever confirm.methods lists (breaks ACT-015)
- token-to-links: downloads every url of a card with the token (breaks CARD-007)
- file-without-token: opens a same-origin file in the browser, without the token (breaks CARD-006)
- bare-host-as-url: takes a bare host for the manifest's URL (breaks MAN-001)
- endpoints-beside-manifest: resolves an endpoint beside the manifest, not at the issuer (breaks MAN-009)
- guess-endpoints: uses a usual path for an endpoint the manifest does not name (breaks MAN-020)
- production-http: a production build that accepts a plain-http server (breaks MAN-025, MAN-026)
- retry-unknown-codes: repeats a request whose error code it does not know (warned of ERR-004, a note's rule)
- forget-manifest: fetches the manifest anew for a second conversation (warned of MAN-022, a SHOULD)
- no-manifest-refresh: gives up after a 401 or 404 without fetching the manifest again (warned of MAN-023)
- client-secret: signs in as a confidential client, with a client_secret (breaks AUTH-003)
- plain-pkce: signs in with the plain PKCE method (breaks AUTH-007)
- fixed-state: signs in with the same short state every time (breaks AUTH-008)
- ignore-iss: redeems a code whose iss is not the issuer (breaks AUTH-011)
- any-state: redeems a callback whose state is of no flow (breaks AUTH-010)
- no-revoke: signs out without revoking (breaks AUTH-020)
- one-metadata-location: looks for the metadata at the specification's address alone (breaks AUTH-002, a
  rule of notes N-01: only warned)
- unlisted-signaling-host: sends the SDP offer to a host signalingHosts does not list (breaks VOICE-006)
- voice-outside-window: takes spoken answers while no consent window is open (breaks VOICE-025, VOICE-029)
- count-early-speech: takes an answer whose speech began before the window opened (breaks VOICE-026)
- decide-twice: decides again on a repeated transcript (breaks VOICE-030)
- secret-elsewhere: sends the voice clientSecret along with its usage reports (breaks VOICE-007)
- local-tool: runs the search tool itself instead of calling voiceTool (breaks VOICE-013)
- alter-tool-output: trims a tool's output before passing it to the model (breaks VOICE-017)
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import re
import secrets
import sys
from collections.abc import Callable
from typing import Any
from urllib.parse import quote, urljoin, urlsplit

import httpx
import reference_signin

BLOCKS = frozenset({"heading", "text", "fields", "list", "link", "file", "badge"})
"""The card blocks this client renders; a card with any other shows as its fallbackText."""
BREAKS = (
    "follow-manifest-redirect",
    "token-everywhere",
    "accept-any-version",
    "cancel-on-drop",
    "open-links",
    "hide-unknown-cards",
    "raw-segment",
    "strict-events",
    "endless-retry",
    "auto-confirm",
    "show-tool-output",
    "call-foreign-endpoints",
    "close-on-stop",
    "reuse-run-id",
    "stale-hash",
    "trust-event",
    "unlisted-method",
    "token-to-links",
    "file-without-token",
    "bare-host-as-url",
    "endpoints-beside-manifest",
    "guess-endpoints",
    "production-http",
    "retry-unknown-codes",
    "forget-manifest",
    "no-manifest-refresh",
    "client-secret",
    "plain-pkce",
    "fixed-state",
    "ignore-iss",
    "any-state",
    "no-revoke",
    "one-metadata-location",
    "unlisted-signaling-host",
    "voice-outside-window",
    "count-early-speech",
    "decide-twice",
    "secret-elsewhere",
    "local-tool",
    "alter-tool-output",
)
MADE = frozenset({"stop", "approve", "reject", "open", "again", "production"})
"""The person's gestures the conversation itself makes (`Client`)."""
SIGNING = frozenset({"sign-in", "sign-out"})
"""The gestures `reference_signin` makes."""
VOICE = frozenset({"voice"})
"""The gesture `reference_voice` makes."""
BEFORE: dict[str, Callable[[str, str], str]] = {}
"""Gestures made before the client connects, by the module that makes them (sign-in): given the address and
the token, they return the token to use."""
AFTER: dict[str, Callable[[Client], None]] = {}
"""Gestures made once the conversation is done, by the module that makes them (sign-out, voice)."""
KNOWN_CODES = frozenset(
    {
        "invalid_request",
        "unauthorized",
        "forbidden",
        "not_found",
        "conflict",
        "stale",
        "expired",
        "too_large",
        "rate_limited",
        "quota_exceeded",
        "upstream_unavailable",
        "internal",
    }
)
USUAL = {"action": "api/actions/{actionId}", "decision": "api/actions/{actionId}/decision"}
"""Where the `guess-endpoints` client looks for an endpoint the manifest does not name."""
LOCAL = re.compile(r"^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$")
KNOWN_EVENTS = frozenset(
    {
        "RUN_STARTED",
        "RUN_FINISHED",
        "RUN_ERROR",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_END",
        "TOOL_CALL_START",
        "TOOL_CALL_END",
        "TOOL_CALL_RESULT",
        "CUSTOM",
    }
)
KNOWN_CUSTOM = frozenset({"talkie.card", "talkie.action", "talkie.open", "talkie.usage"})


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def show(kind: str, **data: Any) -> None:
    print(json.dumps({"kind": kind, **data}, ensure_ascii=False), flush=True)


class RefusedError(Exception):
    pass


def manifest_url(address: str, broken: str | None, development: bool) -> str:
    """The manifest URL of what the person typed: a full URL as it is, a bare host as its
    /.well-known/talkie.json (plain http only for a local host in a development build)."""
    if "://" in address:
        return address
    scheme = "http" if development and LOCAL.match(address) else "https"
    if broken == "bare-host-as-url":
        return f"{scheme}://{address}/"
    return f"{scheme}://{address}/.well-known/talkie.json"


class Client:
    def __init__(self, address: str, token: str, broken: str | None, person: tuple[str, ...] = ()) -> None:
        self.token = token
        self.refresh: Callable[[], str] | None = None
        """A sign-in's refresh (reference_signin), tried once on a 401."""
        self.broken = broken
        self.person = person
        self.development = "production" not in person
        self.http = httpx.Client(timeout=5.0, follow_redirects=False)
        self.address = manifest_url(address, broken, self.development)
        if urlsplit(self.address).scheme != "https" and not (self.development or broken == "production-http"):
            raise RefusedError("MAN-026: a production build speaks only https, and this server is plain http")
        self.manifest, self.issuer = self.load(self.address)

    def load(self, url: str) -> tuple[dict[str, Any], str]:
        current = url
        for _ in range(5):
            answer = self.http.get(current, headers={"accept": "application/json"})
            if answer.is_redirect:
                target = urljoin(current, answer.headers["location"])
                if origin(target) != origin(current) and self.broken != "follow-manifest-redirect":
                    raise RefusedError(
                        f"MAN-008: the manifest redirects to another origin ({origin(target)})"
                    )
                current = target
                continue
            if answer.status_code != 200:
                raise RefusedError(f"the manifest answered {answer.status_code}")
            body = answer.json()
            version = re.fullmatch(r"talkie/(\d+)(\.\d+)?", str(body.get("spec")))
            if (version is None or version.group(1) != "1") and self.broken != "accept-any-version":
                raise RefusedError(f"MAN-004: the manifest speaks {body.get('spec')!r}, not talkie/1")
            if origin(str(body.get("issuer"))) != origin(current):
                raise RefusedError("MAN-027: the manifest's issuer is not the origin it came from")
            return body, origin(current)
        raise RefusedError("MAN-008: too many redirects")

    def supports(self, name: str) -> bool:
        """A feature whose endpoint the manifest does not name is not offered (MAN-020)."""
        return bool(self.manifest["endpoints"].get(name)) or (
            self.broken == "guess-endpoints" and name in USUAL
        )

    def url(self, name: str, **params: str) -> str:
        template = str(self.manifest["endpoints"].get(name, ""))
        beside = self.address.rsplit("/.well-known/", 1)[0] + "/"
        if not template and self.broken == "guess-endpoints" and name in USUAL:
            template = urlsplit(beside).path + USUAL[name]
        here = urlsplit(beside).path
        if (
            self.broken == "endpoints-beside-manifest"
            and template.startswith("/")
            and not template.startswith(here)
        ):
            template = urlsplit(beside).path + template.lstrip("/")
        for key, value in params.items():
            encoded = value if self.broken == "raw-segment" else quote(value, safe="")
            template = template.replace("{" + key + "}", encoded)
        url = urljoin(self.issuer, template)
        if not template or (origin(url) != self.issuer and self.broken != "call-foreign-endpoints"):
            raise RefusedError(f"MAN-011: the {name} endpoint is on another origin, which nobody approved")
        return url

    def call(
        self, method: str, name: str, params: dict[str, str] | None = None, **kwargs: Any
    ) -> httpx.Response:
        """Call an endpoint with the bearer token; after a 401 or 404 the manifest is fetched again and the
        request repeated once where the endpoint moved (MAN-023)."""
        url = self.url(name, **(params or {}))
        answer = self.send(method, url, **kwargs)
        if answer.status_code in (401, 404) and self.broken != "no-manifest-refresh":
            self.manifest, self.issuer = self.load(self.address)
            moved = self.url(name, **(params or {}))
            if moved != url:
                answer.close()
                url, answer = moved, self.send(method, moved, **kwargs)
        if answer.status_code == 401 and self.refresh is not None:
            answer.close()
            self.token = self.refresh()  # one refresh (reference_signin), then the request once more
            answer = self.send(method, url, **kwargs)
        if answer.status_code == 401:
            answer.close()
            raise RefusedError(
                "AUTH-018: the token was refused and a development token cannot be refreshed: sign in anew"
            )
        if not answer.is_success:
            answer.close()
            raise RefusedError(f"{method} {urlsplit(url).path} answered {answer.status_code}")
        return answer

    def send(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        headers = {**kwargs.pop("headers", {}), "authorization": f"Bearer {self.token}"}
        request = self.http.build_request(method, url, headers=headers, **kwargs)
        answer = self.http.send(request, stream=True)
        if answer.is_redirect and self.broken == "token-everywhere":
            answer.close()
            request = self.http.build_request(
                method, urljoin(url, answer.headers["location"]), headers=headers, **kwargs
            )
            answer = self.http.send(request, stream=True)
        tries = 1
        while not answer.is_success and tries < 5 and self.retries(answer):
            answer.close()
            answer = self.http.send(
                self.http.build_request(method, url, headers=headers, **kwargs), stream=True
            )
            tries += 1
        return answer

    def retries(self, answer: httpx.Response) -> bool:
        """Whether a broken client repeats this failed answer (a client from the text repeats none)."""
        if self.broken == "endless-retry":
            return True
        if self.broken != "retry-unknown-codes":
            return False
        answer.read()
        with contextlib.suppress(ValueError, AttributeError):
            return answer.json()["error"]["code"] not in KNOWN_CODES
        return False

    def open(self, url: str) -> None:
        """What a tap on a link does (here without one: the broken behaviour)."""
        with contextlib.suppress(httpx.HTTPError):  # the suite's https links serve nothing
            self.http.get(urljoin(self.issuer, url)).close()

    def tap(self, url: str, file: bool) -> None:
        """The person taps a url of a card (§6): a same-origin file is downloaded with the bearer token
        (CARD-006); every other url opens in the system browser without it (CARD-007), which this command-line
        client reports as an `opened` line."""
        target = urljoin(self.issuer, url)
        download = file and origin(target) == self.issuer and self.broken != "file-without-token"
        if download or (self.broken == "token-to-links" and origin(target) == self.issuer):
            with contextlib.suppress(httpx.HTTPError):
                headers = {"authorization": f"Bearer {self.token}"}
                self.http.get(target, headers=headers).close()
            show("opened", url=target, how="download")
        else:
            show("opened", url=target, how="browser")

    def decide(self, value: dict[str, Any]) -> None:
        """Show an action as GET action has it (ACT-005) with the methods it lists (ACT-015), and send the
        person's decision with the paramsHash of what was shown (ACT-007)."""
        current = value
        if self.supports("action"):
            with contextlib.suppress(RefusedError, ValueError):
                answer = self.call("GET", "action", {"actionId": value["id"]})
                try:
                    answer.read()
                    current = value if self.broken == "trust-event" else answer.json()
                finally:
                    answer.close()
        methods = list(current["confirm"]["methods"])
        offered = methods if self.supports("decision") else []
        if self.broken == "unlisted-method" and offered:
            offered = ["button", "voice"]
        taken = None
        if offered and current["status"] == "pending":
            taken = "confirm" if "approve" in self.person else "cancel" if "reject" in self.person else None
        show("decision", action=current["id"], version=current["version"], offered=offered, taken=taken)
        if self.broken == "auto-confirm" and value["status"] == "pending":
            taken = "confirm"
        if taken is None:
            return
        decision = {
            "decision": taken,
            "paramsHash": value["paramsHash"] if self.broken == "stale-hash" else current["paramsHash"],
            "method": "voice" if self.broken == "unlisted-method" else "button",
        }
        with contextlib.suppress(RefusedError):
            self.call("POST", "decision", {"actionId": value["id"]}, json=decision).close()

    def run(self, text: str) -> None:
        thread_id, run_id, message_id = (f"{p}_{secrets.token_hex(8)}" for p in ("thr", "run", "msg"))
        if self.broken == "reuse-run-id":
            run_id = "run_reference"
        body = {
            "threadId": thread_id,
            "runId": run_id,
            "messages": [{"id": message_id, "role": "user", "content": text}],
            "tools": [],
            "context": [],
            "state": {},
            "forwardedProps": {"talkie": {"channel": "chat"}},
        }
        shown: list[str] = []
        cards: dict[str, dict[str, Any]] = {}
        links: list[str] = []
        actions: list[dict[str, Any]] = []
        ended = stopped = False
        answer = self.call("POST", "run", json=body, headers={"accept": "text/event-stream"})
        try:
            for line in answer.iter_lines():
                if not line.startswith("data:"):
                    continue
                event = json.loads(line[5:])
                kind = event.get("type")
                if self.broken == "strict-events" and (
                    kind not in KNOWN_EVENTS or (kind == "CUSTOM" and event.get("name") not in KNOWN_CUSTOM)
                ):
                    raise RefusedError(f"an event this client does not know: {kind} {event.get('name', '')}")
                if kind == "RUN_STARTED":
                    thread_id = event.get("threadId", thread_id)
                elif kind == "TOOL_CALL_RESULT" and self.broken == "show-tool-output":
                    shown.append(str(event.get("content", "")))
                elif kind == "TEXT_MESSAGE_CONTENT":
                    shown.append(str(event.get("delta", "")))
                    if "stop" in self.person and not stopped:
                        stopped = True  # the person presses stop at the first words (RUN-032)
                        if self.broken == "close-on-stop":
                            ended = True
                            break
                        self.call("POST", "cancelRun", {"runId": run_id}, json={}).close()
                elif kind in ("RUN_FINISHED", "RUN_ERROR"):
                    ended = True
                elif kind == "CUSTOM" and event.get("name") == "talkie.card":
                    cards[event["value"]["id"]] = event["value"]
                elif kind == "CUSTOM" and event.get("name") == "talkie.action":
                    actions.append(event["value"])
                elif kind == "CUSTOM" and event.get("name") == "talkie.open":
                    links.append(event["value"]["url"])  # offered to the person; opened only on a tap
                # any other type, and any CUSTOM name, is passed over
        except httpx.TransportError:
            ended = False  # a lost connection: recovered below from the thread
        finally:
            answer.close()
        for action in actions:
            self.decide(action)
        for value in cards.values():
            fallback = any(block.get("type") not in BLOCKS for block in value.get("blocks", []))
            if fallback and self.broken == "hide-unknown-cards":
                continue
            show("card", fallback=fallback, text=value["fallbackText"] if fallback else value["title"])
            if self.broken == "open-links":
                links.extend(b["url"] for b in value.get("blocks", []) if b.get("type") == "link")
            if "open" in self.person:
                for url, file in urls_of(value):
                    self.tap(url, file)
        for url in links:
            show("link", url=url)
            if self.broken == "open-links":
                self.open(url)
            if "open" in self.person:
                self.tap(url, file=False)
        if ended:
            show("text", text="".join(shown))
            return
        if self.broken == "cancel-on-drop":
            self.call("POST", "cancelRun", {"runId": run_id}, json={}).close()
            show("text", text="".join(shown))
            return
        answer = self.call("GET", "thread", {"threadId": thread_id})
        try:
            answer.read()
            messages = answer.json()["messages"]
        finally:
            answer.close()
        at = next((i for i, m in enumerate(messages) if m["id"] == message_id), -1)
        show("text", text=" ".join(m["content"] for m in messages[at + 1 :]))


def urls_of(card: dict[str, Any]) -> list[tuple[str, bool]]:
    """Every url of a card a person can tap, and whether it is a file block's."""
    found = [(str(card["url"]), False)] if card.get("url") else []
    for block in card.get("blocks", []):
        if block.get("type") in ("link", "file") and block.get("url"):
            found.append((str(block["url"]), block["type"] == "file"))
        for item in block.get("items", []) if block.get("type") == "list" else []:
            if item.get("url"):
                found.append((str(item["url"]), False))
    return found


def gestures(given: str | None) -> tuple[str, ...]:
    """The person's gestures: `--person`, else TALKIE_PERSON (the one place they are read)."""
    words = given if given is not None else os.environ.get("TALKIE_PERSON", "")
    return tuple(word.strip() for word in words.split(",") if word.strip())


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("token")
    parser.add_argument("--person", help="the person's gestures, comma-separated (else TALKIE_PERSON)")
    parser.add_argument("--break", dest="broken", choices=BREAKS)
    args = parser.parse_args()
    person = gestures(args.person)
    for gesture in person:
        if gesture not in {*MADE, *SIGNING, *VOICE, *BEFORE, *AFTER}:
            show("unable", gesture=gesture)
    try:
        token = args.token
        for gesture in person:
            if gesture in BEFORE:
                token = BEFORE[gesture](args.url, token)
        client = Client(args.url, token, args.broken, person)
        if "sign-in" in person:

            def signed_in(token: str, refresh: Callable[[], str]) -> None:
                client.token, client.refresh = token, refresh
                client.run("Hello")

            reference_signin.play(client.http, client.manifest, list(person), args.broken, signed_in)
        else:
            client.run("Hello")
        if "again" in person:
            if args.broken == "forget-manifest":
                client.manifest, client.issuer = client.load(client.address)
            client.run("Hello again")  # a second conversation with the same server, its manifest kept
        if "voice" in person:
            voice = importlib.import_module("reference_voice")  # aiortc is loaded for voice alone
            voice.talk(client.manifest, client.issuer, client.token, args.broken)
        for gesture in person:
            if gesture in AFTER:
                AFTER[gesture](client)
    except (RefusedError, reference_signin.SignInError, httpx.HTTPError, ValueError, KeyError) as exc:
        show("error", message=str(exc))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
