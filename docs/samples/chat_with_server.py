"""Talk to a talkie/1 server the way the app does: manifest, bearer token, one run, the event stream.

Start the mock first (`python3 dev.py serve` prints its address and a dev token), then:
`TALKIE_URL=http://127.0.0.1:8765 TALKIE_TOKEN=<token> python docs/samples/chat_with_server.py [message]`.
"""

from __future__ import annotations

import os
import sys
import uuid
from urllib.parse import quote

import httpx
from talkie_models import RunErrorEvent, RunStartedEvent, TextMessageContentEvent, UnknownEvent
from talkie_models.sse import iter_events


def main(argv: list[str]) -> int:
    origin = os.environ.get("TALKIE_URL", "http://127.0.0.1:8765").rstrip("/")
    token = os.environ["TALKIE_TOKEN"]
    message = " ".join(argv) or "talkie-test:echo Dobrý den, tady Marek Dvořák"
    with httpx.Client(base_url=origin, headers={"Authorization": f"Bearer {token}"}, timeout=30) as client:
        manifest = client.get("/.well-known/talkie.json").raise_for_status().json()
        endpoints = manifest["endpoints"]  # path templates, resolved against the issuer origin
        run_input = {
            "threadId": f"thr_{uuid.uuid4().hex[:12]}",  # a new thread: the client makes up its id
            "runId": f"run_{uuid.uuid4().hex[:12]}",
            "messages": [{"id": str(uuid.uuid4()), "role": "user", "content": message}],
            "tools": [],
            "context": [],
            "state": {},
            "forwardedProps": {"talkie": {"channel": "chat"}},
        }
        thread_id = str(run_input["threadId"])
        headers = {"Accept": "text/event-stream"}
        with client.stream("POST", endpoints["run"], json=run_input, headers=headers) as response:
            response.raise_for_status()
            text = ""
            for event in iter_events(response.iter_bytes()):
                if isinstance(event, UnknownEvent):
                    continue
                if isinstance(event, RunStartedEvent):
                    thread_id = event.thread_id  # the server's threadId wins
                elif isinstance(event, TextMessageContentEvent):
                    text += event.delta
                elif isinstance(event, RunErrorEvent):
                    print(f"run failed: {event.code}: {event.message}")
                    return 1
        print(f"assistant: {text}")
        thread_path = endpoints["thread"].replace("{threadId}", quote(thread_id, safe=""))
        stored = client.get(thread_path).raise_for_status().json()
        print(f"thread {thread_id} holds {len(stored['messages'])} messages")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
