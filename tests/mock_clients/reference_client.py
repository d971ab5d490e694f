"""A small talkie/1 client written from the text, for the client conformance suite's own tests.

`python reference_client.py URL TOKEN [--person GESTURES] [--break BEHAVIOUR]`: load the manifest at URL, send
one message with the development TOKEN, read the run (recovering from the thread after a drop), and print the
adapter lines of what it showed; with the `voice` gesture (`--person` or TALKIE_PERSON) it then holds a voice
session (reference_voice.py). `--break` makes it wrong in one way, so the suite's checks can be seen to catch
it:

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
  ERR-011, a SHOULD, it is only warned)
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
from typing import Any
from urllib.parse import quote, urljoin, urlsplit

import httpx

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
    "unlisted-signaling-host",
    "voice-outside-window",
    "count-early-speech",
    "decide-twice",
    "secret-elsewhere",
    "local-tool",
    "alter-tool-output",
)
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


class Client:
    def __init__(self, url: str, token: str, broken: str | None) -> None:
        self.token = token
        self.broken = broken
        self.http = httpx.Client(timeout=5.0, follow_redirects=False)
        self.manifest, self.issuer = self.load(url)

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

    def url(self, name: str, **params: str) -> str:
        template = str(self.manifest["endpoints"].get(name, ""))
        for key, value in params.items():
            encoded = value if self.broken == "raw-segment" else quote(value, safe="")
            template = template.replace("{" + key + "}", encoded)
        url = urljoin(self.issuer, template)
        if not template or (origin(url) != self.issuer and self.broken != "call-foreign-endpoints"):
            raise RefusedError(f"MAN-011: the {name} endpoint is on another origin, which nobody approved")
        return url

    def call(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
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
        while not answer.is_success and self.broken == "endless-retry" and tries < 5:
            answer.close()
            answer = self.http.send(
                self.http.build_request(method, url, headers=headers, **kwargs), stream=True
            )
            tries += 1
        if answer.status_code == 401:
            answer.close()
            raise RefusedError(
                "AUTH-018: the token was refused and a development token cannot be refreshed: sign in anew"
            )
        if not answer.is_success:
            answer.close()
            raise RefusedError(f"{method} {urlsplit(url).path} answered {answer.status_code}")
        return answer

    def open(self, url: str) -> None:
        """What a tap on a link does (here without one: the broken behaviour)."""
        with contextlib.suppress(httpx.HTTPError):  # the suite's https links serve nothing
            self.http.get(urljoin(self.issuer, url)).close()

    def run(self, text: str) -> None:
        thread_id, run_id, message_id = (f"{p}_{secrets.token_hex(8)}" for p in ("thr", "run", "msg"))
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
        ended = False
        answer = self.call("POST", self.url("run"), json=body, headers={"accept": "text/event-stream"})
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
            show("decision", action=action["id"], offered=action["confirm"]["methods"], taken=None)
            if self.broken == "auto-confirm" and action["status"] == "pending":
                decision = {"decision": "confirm", "paramsHash": action["paramsHash"], "method": "button"}
                with contextlib.suppress(RefusedError):
                    self.call("POST", self.url("decision", actionId=action["id"]), json=decision).close()
        for value in cards.values():
            fallback = any(block.get("type") not in BLOCKS for block in value.get("blocks", []))
            if fallback and self.broken == "hide-unknown-cards":
                continue
            show("card", fallback=fallback, text=value["fallbackText"] if fallback else value["title"])
            if self.broken == "open-links":
                links.extend(b["url"] for b in value.get("blocks", []) if b.get("type") == "link")
        for url in links:
            show("link", url=url)
            if self.broken == "open-links":
                self.open(url)
        if ended:
            show("text", text="".join(shown))
            return
        if self.broken == "cancel-on-drop":
            self.call("POST", self.url("cancelRun", runId=run_id), json={}).close()
            show("text", text="".join(shown))
            return
        answer = self.call("GET", self.url("thread", threadId=thread_id))
        try:
            answer.read()
            messages = answer.json()["messages"]
        finally:
            answer.close()
        at = next((i for i, m in enumerate(messages) if m["id"] == message_id), -1)
        show("text", text=" ".join(m["content"] for m in messages[at + 1 :]))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("token")
    parser.add_argument("--break", dest="broken", choices=BREAKS)
    parser.add_argument("--person", default=os.environ.get("TALKIE_PERSON", ""))
    args = parser.parse_args()
    try:
        client = Client(args.url, args.token, args.broken)
        client.run("Hello")
        if "voice" in args.person.split(","):
            voice = importlib.import_module("reference_voice")  # aiortc is loaded for voice alone
            voice.talk(client.manifest, client.issuer, client.token, args.broken)
    except (RefusedError, httpx.HTTPError, ValueError, KeyError) as exc:
        show("error", message=str(exc))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
