"""A minimal talkie/1 client in Python with talkie-models: discover, call, stream, decide, reload.

    TALKIE_TOKEN=<token> python docs/samples/minimal_client.py <server address> [message]

The address is what a person types: a host (`crm.example.com`), an origin, or the full URL of a manifest.
The token is a development token (`auth.token`); an app gets its access token from the OAuth sign-in instead.
"""

# --8<-- [start:setup]
from __future__ import annotations

import os
import re
import sys
import uuid
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urljoin, urlsplit

import httpx
from talkie_models import (
    ActionEvent,
    CardEvent,
    RunErrorEvent,
    RunStartedEvent,
    TextMessageContentEvent,
    protocol,
)
from talkie_models.sse import iter_events

LOOPBACK = ("localhost", "127.0.0.1", "::1")


class TalkieError(Exception):
    """A §3 error answer, or a manifest this client must refuse."""

    def __init__(self, code: str, message: str, retryable: bool = False) -> None:
        super().__init__(f"{code}: {message}")
        self.code, self.retryable = code, retryable


# --8<-- [end:setup]


# --8<-- [start:discovery]
def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def manifest_url(address: str) -> str:
    """A host becomes https://host/.well-known/talkie.json; a full URL with a path is taken as it is."""
    if "://" not in address:
        host = address.strip().strip("/")
        scheme = "http" if host.split(":")[0] in LOOPBACK else "https"  # plain http only for development
        return f"{scheme}://{host}{protocol.WELL_KNOWN_PATH}"
    if urlsplit(address).path in ("", "/"):
        return origin_of(address) + protocol.WELL_KNOWN_PATH
    return address


def discover(http: httpx.Client, address: str) -> dict[str, Any]:
    """Fetch the manifest without following redirects, refuse other major versions, check the issuer."""
    url = manifest_url(address)
    answer = http.get(url, follow_redirects=False)
    if answer.status_code != 200:
        raise TalkieError("not_found", f"no manifest at {url} (HTTP {answer.status_code})")
    manifest: dict[str, Any] = answer.json()  # unknown members are simply never read
    family, _, major = str(manifest.get("spec", "")).partition("/")
    if family != protocol.SPEC_FAMILY or major.split(".")[0] != "1":
        raise TalkieError("unsupported", f"this client speaks {protocol.SPEC}, not {manifest.get('spec')}")
    if manifest.get("issuer") != origin_of(url):
        raise TalkieError("wrong_issuer", f"manifest from {origin_of(url)} claims {manifest.get('issuer')}")
    return manifest


# --8<-- [end:discovery]


# --8<-- [start:endpoints]
def endpoint(manifest: dict[str, Any], key: str, **params: str) -> str:
    """Resolve an endpoint template against the issuer; placeholders are URL-encoded path segments."""
    template = manifest["endpoints"].get(key)
    if template is None:
        raise TalkieError("not_supported", f"the server offers no {key} endpoint")
    path = re.sub(r"\{(\w+)\}", lambda match: quote(params[match.group(1)], safe=""), template)
    url = urljoin(str(manifest["issuer"]) + "/", path)
    if origin_of(url) != manifest["issuer"]:  # the token never leaves the issuer's origin
        raise TalkieError("foreign_endpoint", f"{key} points to another origin: {url}")
    return url


def check(answer: httpx.Response) -> httpx.Response:
    """Turn a non-2xx answer into its §3 error."""
    if answer.is_success:
        return answer
    body = answer.json().get("error", {}) if "json" in answer.headers.get("content-type", "") else {}
    code = body.get("code", f"http_{answer.status_code}")
    raise TalkieError(code, body.get("message", answer.reason_phrase), bool(body.get("retryable")))


# --8<-- [end:endpoints]


# --8<-- [start:run]
@dataclass
class Reply:
    """What one run produced, as the app would show it."""

    thread_id: str
    text: str = ""
    cards: list[str] = field(default_factory=list)  # fallback texts
    actions: list[Any] = field(default_factory=list)  # Action models awaiting a decision


def run(http: httpx.Client, manifest: dict[str, Any], thread_id: str, message: str) -> Reply:
    """Send one user message and read the run's events until the stream ends."""
    body = {
        "threadId": thread_id,
        "runId": f"run_{uuid.uuid4().hex}",
        "messages": [{"id": str(uuid.uuid4()), "role": "user", "content": message}],
        "tools": [],
        "context": [],
        "state": {},
        "forwardedProps": {"talkie": {"channel": protocol.CHANNEL_CHAT}},
    }
    reply = Reply(thread_id)
    headers = {"Accept": protocol.EVENT_STREAM}
    with http.stream("POST", endpoint(manifest, "run"), json=body, headers=headers) as answer:
        if not answer.is_success:
            answer.read()
            check(answer)
        for event in iter_events(answer.iter_bytes()):  # unknown events come back as Unknown*: skipped
            if isinstance(event, RunStartedEvent):
                reply.thread_id = event.thread_id  # the server's threadId is authoritative
            elif isinstance(event, TextMessageContentEvent):
                reply.text += event.delta
            elif isinstance(event, CardEvent):
                reply.cards.append(event.value.fallback_text)
            elif isinstance(event, ActionEvent):
                reply.actions.append(event.value)
            elif isinstance(event, RunErrorEvent):
                raise TalkieError(event.code, event.message, bool(event.metadata.retryable))
    return reply


# --8<-- [end:run]


# --8<-- [start:decide]
def decide(http: httpx.Client, manifest: dict[str, Any], action: Any, decision: str) -> str:
    """Confirm or cancel an action after a person's tap; returns the action's new status."""
    url = endpoint(manifest, "decision", actionId=action.id)
    body = {"decision": decision, "paramsHash": action.params_hash, "method": "button"}
    return str(check(http.post(url, json=body)).json()["action"]["status"])


# --8<-- [end:decide]


# --8<-- [start:main]
def main(argv: list[str]) -> int:
    address = argv[0] if argv else "127.0.0.1:8765"
    message = argv[1] if len(argv) > 1 else protocol.TEST_ACTION
    token = os.environ["TALKIE_TOKEN"]
    with httpx.Client(timeout=30) as anonymous:
        manifest = discover(anonymous, address)
    auth = {"Authorization": f"{protocol.BEARER} {token}"}
    with httpx.Client(headers=auth, timeout=30, follow_redirects=False) as http:
        reply = run(http, manifest, f"thr_{uuid.uuid4().hex[:12]}", message)
        print(f"assistant: {reply.text}")
        for fallback in reply.cards:
            print(f"card: {fallback}")
        for action in reply.actions:
            print(f"action: {action.summary} [{action.risk_level}]")
            print(f"after a tap on confirm: {decide(http, manifest, action, 'confirm')}")
        thread = check(http.get(endpoint(manifest, "thread", threadId=reply.thread_id))).json()
        print(
            f"thread {reply.thread_id}: {len(thread['messages'])} messages, {len(thread['actions'])} actions"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
# --8<-- [end:main]
