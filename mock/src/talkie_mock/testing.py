"""Test helpers for code that drives a talkie-mock: SSE parsing with validation, in-process and real servers.

Used by the mock's own tests and meant for anyone testing a client against the mock from Python: a
:class:`LiveServer` runs the app under uvicorn on a free loopback port in a thread and always stops it.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import uvicorn
from starlette.applications import Starlette
from talkie_models.sse import SSEDecoder
from talkie_models.validation import validate

from talkie_mock.app import create_app
from talkie_mock.clientsuite import appmode
from talkie_mock.config import MockConfig

if TYPE_CHECKING:
    from starlette.testclient import TestClient

TOKEN = "tk_test_token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
START = datetime(2026, 10, 22, 10, 0, 0, tzinfo=UTC)


def make_config(**changes: Any) -> MockConfig:
    base = MockConfig(
        token=TOKEN,
        self_check=True,
        slow_seconds=0.6,
        slow_chunks=6,
        clock_start=START,
        locale="en",
        # in-process: Starlette's TestClient sends `Host: testserver` and drives /_mock/ without the key
        open_devtools=True,
        extra_hosts=("testserver",),
    )
    return replace(base, **changes)


def parse_sse(body: bytes) -> list[dict[str, Any]]:
    """Every `data:` frame as JSON, each validated as a StreamEvent; frames must use LF line ends."""
    assert b"\r" not in body
    decoder = SSEDecoder()
    events = [json.loads(m.data) for m in decoder.feed(body)]
    for event in events:
        validate(event, "StreamEvent")
    return events


def checked(response: Any, type_name: str, status: int = 200) -> dict[str, Any]:
    """The JSON body of a response, after checking its status and its schema."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body: dict[str, Any] = response.json()
    validate(body, type_name)
    return body


def run_input(
    text: str, run_id: str, thread_id: str = "t_main", message_id: str | None = None
) -> dict[str, Any]:
    return {
        "threadId": thread_id,
        "runId": run_id,
        "messages": [{"id": message_id or f"m_{run_id}", "role": "user", "content": text}],
        "tools": [],
        "context": [],
        "state": {},
        "forwardedProps": {"talkie": {"channel": "chat"}},
    }


class Client:
    """A TestClient with the dev token and helpers for runs."""

    def __init__(self, app: Starlette, http: TestClient) -> None:
        self.app = app
        self.http = http

    @property
    def mock(self) -> Any:
        return self.app.state.mock

    def run(self, text: str, run_id: str, thread_id: str = "t_main", **kw: Any) -> list[dict[str, Any]]:
        response = self.http.post(
            "/api/talkie/run", json=run_input(text, run_id, thread_id, **kw), headers=AUTH
        )
        assert response.status_code == 200, response.text
        assert response.headers["content-type"].startswith("text/event-stream")
        return parse_sse(response.content)

    def problems(self) -> list[str]:
        observers = self.mock.hooks.observers
        return [p for o in observers for p in getattr(o, "problems", [])]


def free_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)  # TCP_NODELAY, see cli
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


class LiveServer:
    """A real uvicorn serving an app in a thread, on a free loopback port; `clients`: with the client suite's
    scenarios on its origin and their decoy beside it (app mode, as `talkie-mock serve` has them)."""

    def __init__(self, config: MockConfig, clients: bool = False) -> None:
        self.sock = free_socket()
        self.port = self.sock.getsockname()[1]
        self.config = replace(config, port=self.port)
        self.app = create_app(self.config)
        self.clients = (
            appmode.install(self.app, self.config.token, self.config.origin, (self.app.state.devtools_key,))
            if clients
            else None
        )
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning", lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        if self.clients is not None:
            self.clients.start(self.config.host)
        try:
            self.thread.start()
            deadline = time.monotonic() + 10
            while not self.server.started:
                assert time.monotonic() < deadline, "uvicorn did not start"
                time.sleep(0.02)
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()
        if self.clients is not None:
            self.clients.stop()
