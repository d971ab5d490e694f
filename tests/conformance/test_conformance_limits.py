"""The bounds of one answer (`bounded`, `limits`) and the escaping of what a server sent (`report.text`)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
from talkie_conformance.bounded import BoundedTransport
from talkie_conformance.limits import EXTENSION, Limits, ServerLimitError
from talkie_conformance.report.text import writable, writable_data


class Drip(httpx.SyncByteStream):
    """A body that never ends: one byte, then a pause, for ever (until the reader hangs up)."""

    def __init__(self) -> None:
        self.closed = threading.Event()

    def __iter__(self) -> Iterator[bytes]:
        while not self.closed.is_set():
            yield b" "
            self.closed.wait(0.05)

    def close(self) -> None:
        self.closed.set()


def client(handler: httpx.MockTransport, limits: Limits) -> httpx.Client:
    return httpx.Client(transport=BoundedTransport(limits, handler))


def test_a_dripping_body_misses_its_wall_clock_deadline() -> None:
    drip = Drip()
    transport = httpx.MockTransport(lambda request: httpx.Response(200, stream=drip))
    with client(transport, Limits(timeout=0.5)) as http, pytest.raises(ServerLimitError) as caught:
        http.get("http://server.test/api/talkie/status")
    assert "not complete within 0.5 s" in str(caught.value)
    assert caught.value.limit == "--timeout 0.5"
    assert drip.closed.wait(30)  # the reader hung up: the worker stopped reading


def test_a_body_over_its_cap_is_cut_not_held() -> None:
    big = b"x" * (3 * 1024 * 1024)
    transport = httpx.MockTransport(lambda request: httpx.Response(200, content=big))
    with client(transport, Limits(max_body=1024 * 1024)) as http, pytest.raises(ServerLimitError) as caught:
        http.get("http://server.test/api/talkie/threads")
    assert caught.value.limit == "--max-body 1048576"
    assert "larger than 1048576 bytes" in caught.value.detail


def test_a_stream_has_its_own_deadline_and_the_run_its_time_limit() -> None:
    limits = Limits(timeout=30, stream_timeout=0.3)
    transport = httpx.MockTransport(lambda request: httpx.Response(200, stream=Drip()))
    with client(transport, limits) as http, pytest.raises(ServerLimitError) as caught:
        http.post("http://server.test/api/talkie/run", extensions={EXTENSION: limits.bound(stream=True)})
    assert caught.value.limit == "--stream-timeout 0.3"
    over = Limits(timeout=30, time_limit=0.3)
    with client(transport, over) as http, pytest.raises(ServerLimitError) as caught:
        http.get("http://server.test/api/talkie/status")
    assert caught.value.limit == "--time-limit 0.3"
    while not over.out_of_time():
        time.sleep(0.05)
    with client(transport, over) as http, pytest.raises(ServerLimitError) as caught:
        http.get("http://server.test/api/talkie/status")
    assert caught.value.unsent


def test_an_answer_within_its_bounds_arrives_whole() -> None:
    body = json.dumps({"threads": []}).encode()
    transport = httpx.MockTransport(lambda request: httpx.Response(200, content=body))
    with client(transport, Limits()) as http:
        assert http.get("http://server.test/api/talkie/threads").content == body


def test_text_a_file_cannot_hold_is_written_as_its_escape() -> None:
    assert writable("id t\ud800 \x00 ok\n\t") == "id t\\ud800 \\x00 ok\n\t"
    assert writable_data({"k\udfff": ["\ud83d", 1, None]}) == {"k\\udfff": ["\\ud83d", 1, None]}
    writable("t\ud800").encode("utf-8")  # strict: it encodes


def test_a_connection_read_to_the_end_is_used_again() -> None:
    """A whole answer leaves its keep-alive connection open for the next request (only a cut one is shut)."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    connections: list[int] = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self) -> None:
            super().setup()
            connections.append(1)

        def do_GET(self) -> None:
            body = b'{"ok": true}'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/status"
        with httpx.Client(transport=BoundedTransport(Limits(timeout=30))) as http:
            answers = [http.get(url) for _ in range(3)]
        assert [answer.json() for answer in answers] == [{"ok": True}] * 3
        assert len(connections) == 1
    finally:
        server.shutdown()
        server.server_close()


def test_a_socket_timeout_that_wins_the_race_still_names_the_deadline() -> None:
    """The reader's socket times out at the same deadline; if it reports first, the limit is still named."""

    def times_out(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("timed out", request=request)

    with (
        client(httpx.MockTransport(times_out), Limits(timeout=5)) as http,
        pytest.raises(ServerLimitError) as caught,
    ):
        http.get("http://server.test/api/talkie/status")
    assert caught.value.detail == "no answer within 5 s"
    assert caught.value.limit == "--timeout 5"

    class Stalls(httpx.SyncByteStream):
        def __iter__(self) -> Iterator[bytes]:
            yield b"{"
            raise httpx.ReadTimeout("timed out")

    stalls = httpx.MockTransport(lambda request: httpx.Response(200, stream=Stalls()))
    with client(stalls, Limits(timeout=5)) as http, pytest.raises(ServerLimitError) as caught:
        http.get("http://server.test/api/talkie/status")
    assert caught.value.detail == "the answer was not complete within 5 s"


@pytest.mark.parametrize(
    ("raised", "dropped"),
    [(httpx.RemoteProtocolError, True), (httpx.ReadError, True), (httpx.LocalProtocolError, False)],
)
def test_the_relay_records_a_connection_the_server_broke(
    raised: type[httpx.HTTPError], dropped: bool
) -> None:
    """What the server did to a connection is its failure (`drops`); what httpx would not send is not."""
    from talkie_conformance.relay import Relay

    def breaks(request: httpx.Request) -> httpx.Response:
        raise raised("Server disconnected without sending a response.")

    with Relay("http://server.test", Limits(timeout=5), transport=httpx.MockTransport(breaks)) as relay:
        with httpx.Client() as http, pytest.raises(httpx.RemoteProtocolError):
            http.get(relay.base_url + "/api/talkie/threads/t_1")  # the relay hangs up unanswered
        labels = [label for label, _ in relay.drops]
    assert labels == (["GET /api/talkie/threads/t_1"] if dropped else [])
    assert relay.hits == []
