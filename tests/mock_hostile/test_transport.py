"""The transport as an attacker or a flaky network uses it: huge bodies, stalls, aborts, garbage.

The module's mock runs with a 1 MB body cap and a 1 s read deadline (`conftest.py`). Nothing here measures
speed: the deadlines below are generous bounds for "the server closed it", not timings.
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import time

import httpx
import pytest
from hostile import RUN, Served, new_id, problem, run_body

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

MB = 1024 * 1024


def _head(served: Served, path: str, length: int | None, *, chunked: bool = False) -> bytes:
    lines = [
        f"POST {path} HTTP/1.1",
        f"Host: {served.host}",
        "Authorization: Bearer tk_hostile_dev_token",
        "Content-Type: application/json",
    ]
    lines.append("Transfer-Encoding: chunked" if chunked else f"Content-Length: {length}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def _send_until_refused(served: Served, head: bytes, total: int, *, chunked: bool = False) -> bytes:
    """Send a head and up to `total` body bytes; stop when the server answers or closes. Its answer."""
    block = b"[" + b"0," * (MB // 2 - 1) + b"0]"
    sock = served.connect()
    sock.settimeout(10)
    answer = b""
    try:
        sock.sendall(head)
        sent = 0
        while sent < total:
            data = (f"{len(block):x}\r\n".encode() + block + b"\r\n") if chunked else block
            try:
                sock.sendall(data)
            except OSError:  # the server answered and closed: the rest is never read
                break
            sent += len(block)
            sock.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                answer += sock.recv(65536)
            sock.setblocking(True)
            if answer:
                break
        with contextlib.suppress(OSError):
            sock.settimeout(5)
            while chunk := sock.recv(65536):
                answer += chunk
    finally:
        sock.close()
    return answer


def test_twenty_100_mb_uploads_keep_memory_low(mock: Served) -> None:
    """Twenty 100 MB bodies (declared and chunked), unauthenticated ones too: each is refused with 413,
    and the process stays under 300 MB resident."""
    for attempt in range(20):
        chunked = attempt % 2 == 1
        head = _head(mock, RUN, None if chunked else 100 * MB, chunked=chunked)
        if attempt % 4 == 0:
            head = head.replace(b"Authorization: Bearer tk_hostile_dev_token\r\n", b"")
        answer = _send_until_refused(mock, head, 100 * MB, chunked=chunked)
        assert answer.startswith(b"HTTP/1.1 413"), answer[:300]
        assert b'"too_large"' in answer
        assert mock.rss_mb() < 300, mock.rss_mb()


def test_a_body_over_the_cap_on_the_control_api_is_413_too(mock: Served) -> None:
    with mock.dev() as dev:
        answer = dev.post(
            "/_mock/api/faults", content=b" " * 1_100_000, headers={"Content-Type": "application/json"}
        )
    problem(answer, 413, "too_large")


CLOSE_DEADLINE = 60.0
"""How long a test waits for the server to close a stalled connection: generous, the server's own head and
body deadlines are a few seconds, and a loaded machine is slow."""


def _closed_within(sock: socket.socket, seconds: float) -> bytes:
    """What the server sends before closing, within `seconds` (fails when it keeps the connection)."""
    sock.settimeout(seconds)
    received = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            break
        if not chunk:
            return received
        received += chunk
    raise AssertionError(f"the server still holds the connection after {seconds} s: {received[:200]!r}")


def test_stalled_heads_are_closed(mock: Served) -> None:
    """Connections that send half a request head (or nothing) and stall are closed after the deadline."""
    socks = [mock.connect() for _ in range(100)]
    try:
        for index, sock in enumerate(socks):
            if index % 2:
                sock.sendall(f"GET /api/talkie/status HTTP/1.1\r\nHost: {mock.host}\r\nX-Slow".encode())
        for sock in socks:
            _closed_within(sock, CLOSE_DEADLINE)
    finally:
        for sock in socks:
            sock.close()
    with mock.client() as http:  # and the server still serves
        assert http.get("/api/talkie/status").status_code == 200


def test_a_stalled_second_head_on_a_kept_alive_connection_is_closed(mock: Served) -> None:
    """The deadline holds for every head, not only a connection's first: after a whole request and its
    answer, half of the next head and a stall close the connection too."""
    sock = mock.connect()
    try:
        sock.settimeout(10)
        request = f"GET /.well-known/talkie.json HTTP/1.1\r\nHost: {mock.host}\r\n\r\n".encode()
        sock.sendall(request)
        first = sock.recv(65536)
        assert first.startswith(b"HTTP/1.1 200"), first[:100]
        sock.sendall(f"GET /api/talkie/status HTTP/1.1\r\nHost: {mock.host}\r\nX-Slow".encode())
        _closed_within(sock, CLOSE_DEADLINE)
    finally:
        sock.close()


def test_a_stalled_body_gets_408_and_the_connection_closes(mock: Served) -> None:
    sock = mock.connect()
    try:
        sock.sendall(_head(mock, RUN, 5000) + b'{"threadId": "t_')
        answer = _closed_within(sock, CLOSE_DEADLINE)
    finally:
        sock.close()
    assert answer.startswith(b"HTTP/1.1 408"), answer[:300]
    # a code of §3's table (notes N-150): the request never came whole, input the mock cannot read
    assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"]["code"] == "invalid_request"


def test_an_aborted_upload_logs_one_line_and_no_traceback(mock: Served) -> None:
    before = mock.log()
    sock = mock.connect()
    sock.sendall(_head(mock, RUN, 500_000) + b'{"threadId": "t_abort", "messages": [' + b" " * 10_000)
    sock.close()  # the server reads what was sent, then the end: an upload cut short
    deadline = time.monotonic() + 60
    while mock.log() == before and time.monotonic() < deadline:
        time.sleep(0.1)
    added = mock.log()[len(before) :]
    assert "Traceback" not in added, added
    assert len(added.strip().splitlines()) == 1, added
    with mock.client() as http:
        assert http.get("/api/talkie/threads/t_abort").status_code == 404


def test_garbage_on_the_wire_is_never_a_5xx(mock: Served) -> None:
    garbage = [
        b"GARBAGE\r\n\r\n",
        b"GET / HTTP/9.9\r\nHost: x\r\n\r\n",
        b"GET /\x00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"POST /api/talkie/run HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -5\r\n\r\n",
        b"POST /api/talkie/run HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n",
        b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Big: " + b"b" * 200_000 + b"\r\n\r\n",
    ]
    for data in garbage:
        sock = mock.connect()
        try:
            with contextlib.suppress(OSError):
                sock.sendall(data)
            answer = b""
            with contextlib.suppress(OSError):
                answer = _closed_within(sock, CLOSE_DEADLINE)
        finally:
            sock.close()
        status = answer[9:12]
        assert not status.startswith(b"5"), (data[:60], answer[:200])


def test_odd_paths_and_ids_are_404_or_400(mock: Served) -> None:
    paths = [
        "/api/talkie/threads/%ED%A0%80",
        "/api/talkie/threads/" + "x" * 5000,
        "/api/talkie/actions/%00/decision",
        "/api/talkie/runs/%ED%A0%80/cancel",
        "/api/talkie/voice/sessions/..%2F..%2Fetc/usage",
        "/_mock/%ED%A0%80",
        "/oauth/authorize?client_id=%ED%A0%80&redirect_uri=%00",
        # URLs that Python cannot even split (an unclosed IPv6 bracket)
        "/oauth/authorize?response_type=code&client_id=https%3A%2F%2Ftalkie.firemni-crm.cz%2Foauth%2Fclient.json"
        "&redirect_uri=http%3A%2F%2F%5B&state=s&code_challenge_method=S256&code_challenge=" + "x" * 43,
        "/oauth/authorize?response_type=code&client_id=http%3A%2F%2F%5B%3A%3A1&redirect_uri=http%3A%2F%2F%5B",
    ]
    with mock.client() as http:
        for path in paths:
            for method in ("GET", "POST", "DELETE"):
                answer = http.request(method, path, content=b"{}")
                assert answer.status_code < 500, (method, path, answer.status_code, answer.text[:200])


def test_a_refused_run_keeps_the_connection_usable(mock: Served) -> None:
    """After a 400 the same keep-alive connection serves the next request."""
    with mock.client() as http:
        problem(
            http.post(RUN, content=b"{", headers={"Content-Type": "application/json"}), 400, "invalid_request"
        )
        answer = http.post(RUN, json=run_body("talkie-test:echo ok", thread_id=new_id("t")))
        assert answer.status_code == 200
        assert isinstance(answer, httpx.Response)


def test_a_body_dripping_slower_than_the_deadline_in_total_gets_408(mock: Served) -> None:
    """One byte at a time, each pause shorter than the 1 s deadline: the deadline is for the whole body."""
    sock = mock.connect()
    sock.settimeout(0.4)
    answer = b""
    sent = 0
    try:
        sock.sendall(_head(mock, RUN, 5000))
        while sent < 200 and not answer:  # 200 pauses: far more than the deadline allows in total
            with contextlib.suppress(OSError):
                sock.sendall(b" ")
                sent += 1
            with contextlib.suppress(TimeoutError, OSError):
                answer += sock.recv(65536)  # waits up to 0.4 s: the pace of the drip
    finally:
        sock.close()
    assert answer.startswith(b"HTTP/1.1 408"), (sent, answer[:300])
    assert sent < 200


def test_a_client_that_writes_its_whole_body_first_reads_the_413(mock: Served) -> None:
    """Python's http.client (as requests and httpx) sends all 20 MB before it reads a byte."""
    import http.client

    host, _, port = mock.host.partition(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=60)
    try:
        body = b'{"pad": "' + b"x" * (20 * MB) + b'"}'
        connection.request(
            "POST",
            RUN,
            body=body,
            headers={"Authorization": "Bearer tk_hostile_dev_token", "Content-Type": "application/json"},
        )
        response = connection.getresponse()
        assert response.status == 413
        assert b'"too_large"' in response.read()
    finally:
        connection.close()


def _read_until(sock: socket.socket, marker: bytes, count: int = 1) -> bytes:
    """Bytes from the server until `marker` has come `count` times (the socket's 10 s timeout bounds it)."""
    received = b""
    while received.count(marker) < count:
        chunk = sock.recv(65536)
        assert chunk, f"closed after {received[:300]!r}"
        received += chunk
    return received


def test_a_client_waiting_for_100_continue_gets_it_before_sending_its_body(mock: Served) -> None:
    """The interim answer is a response's first bytes: it must go out on its own, the body not sent yet."""
    body = json.dumps(run_body("talkie-test:echo pokračujte")).encode()
    head = _head(mock, RUN, len(body)).replace(b"\r\n\r\n", b"\r\nExpect: 100-continue\r\n\r\n")
    with contextlib.closing(mock.connect()) as sock:
        sock.sendall(head)
        interim = _read_until(sock, b"\r\n\r\n")
        assert interim.startswith(b"HTTP/1.1 100 Continue\r\n\r\n"), interim[:200]
        sock.sendall(body)
        answer = interim + _read_until(sock, b"RUN_FINISHED")
    assert b"HTTP/1.1 200" in answer
    assert answer.count(b"TEXT_MESSAGE_CONTENT") >= 1


def test_pipelined_requests_get_whole_answers_in_order(mock: Served) -> None:
    """Three requests in one write: each answer comes whole, in the order asked, on the same connection."""
    paths = ["/.well-known/talkie.json", "/api/talkie/status", "/.well-known/talkie.json"]
    auth = "Authorization: Bearer tk_hostile_dev_token"
    heads = b"".join(f"GET {path} HTTP/1.1\r\nHost: {mock.host}\r\n{auth}\r\n\r\n".encode() for path in paths)
    with contextlib.closing(mock.connect()) as sock:
        sock.sendall(heads)
        received = _read_until(sock, b"HTTP/1.1 200 OK", 3)
        while True:  # the last answer's body, by its length
            last = received.rsplit(b"HTTP/1.1 200 OK", 1)[1]
            head, _, body = last.partition(b"\r\n\r\n")
            length = int(re.search(rb"content-length: (\d+)", head, re.IGNORECASE).group(1))  # type: ignore[union-attr]
            if len(body) >= length:
                break
            received += sock.recv(65536)
    answers = [json.loads(part.partition(b"\r\n\r\n")[2]) for part in received.split(b"HTTP/1.1 200 OK")[1:]]
    assert [("spec" in answer, "usage" in answer) for answer in answers] == [
        (True, False),
        (False, True),
        (True, False),
    ], answers


def test_a_head_request_gets_its_head_and_the_connection_serves_on(mock: Served) -> None:
    """A HEAD answer is a head alone: it leaves without waiting for a body that never comes."""
    with contextlib.closing(mock.connect()) as sock:
        sock.sendall(f"HEAD /.well-known/talkie.json HTTP/1.1\r\nHost: {mock.host}\r\n\r\n".encode())
        head = _read_until(sock, b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200"), head[:300]
        assert head.endswith(b"\r\n\r\n"), head[-300:]  # and no body after it
        sock.sendall(f"GET /.well-known/talkie.json HTTP/1.1\r\nHost: {mock.host}\r\n\r\n".encode())
        assert _read_until(sock, b"talkie/1").startswith(b"HTTP/1.1 200")


def _send_head_until_refused(served: Served, total: int) -> bytes:
    """A request line and `total` bytes of headers, sent until the server answers or closes; its answer."""
    line = b"X-Filler: " + b"f" * 1000 + b"\r\n"
    sock = served.connect()
    sock.settimeout(10)
    answer = b""
    try:
        sock.sendall(f"GET /api/talkie/status HTTP/1.1\r\nHost: {served.host}\r\n".encode())
        block = line * (MB // len(line))
        sent = 0
        while sent < total:
            try:
                sock.sendall(block)
            except OSError:  # the server answered and closed: the rest is never read
                break
            sent += len(block)
        with contextlib.suppress(OSError):
            sock.settimeout(5)
            while chunk := sock.recv(65536):
                answer += chunk
    finally:
        sock.close()
    return answer


def test_a_head_over_the_cap_gets_431_with_a_section_3_body(mock: Served) -> None:
    answer = _send_head_until_refused(mock, 2 * MB)
    assert answer.startswith(b"HTTP/1.1 431 "), answer[:300]
    body = json.loads(answer.split(b"\r\n\r\n", 1)[1])
    assert body["error"]["code"] == "invalid_request"
    assert "65,536 bytes" in body["error"]["message"]
    with mock.client() as http:  # a head under the cap, cookies and all, is served
        assert http.get("/api/talkie/status", headers={"Cookie": "c=" + "x" * 30_000}).status_code == 200


def test_twenty_100_mb_heads_keep_memory_low(mock: Served) -> None:
    """Twenty heads of 100 MB each: every one is refused long before its end, and memory stays low."""
    for _ in range(20):
        answer = _send_head_until_refused(mock, 100 * MB)
        assert answer.startswith(b"HTTP/1.1 431 "), answer[:300]
        assert mock.rss_mb() < 300, mock.rss_mb()


def test_two_host_headers_are_400_invalid_request(mock: Served) -> None:
    """RFC 9112 §3.2: a request with more than one Host is answered 400 (which one names the server?)."""
    sock = mock.connect()
    try:
        hosts = f"Host: {mock.host}\r\nHost: evil.example\r\n"
        sock.sendall(f"GET /.well-known/talkie.json HTTP/1.1\r\n{hosts}\r\n".encode())
        answer = _read_until(sock, b"}}")
    finally:
        sock.close()
    assert answer.startswith(b"HTTP/1.1 400 "), answer[:300]
    assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"]["code"] == "invalid_request"


def test_a_head_over_the_cap_in_one_read_gets_431_too(mock: Served) -> None:
    """A whole 100 KB head that arrives at once (no read ends inside it) is measured all the same."""
    sock = mock.connect()
    try:
        filler = "".join(f"X-Filler-{n}: {'f' * 1000}\r\n" for n in range(100))
        sock.sendall(f"GET /api/talkie/status HTTP/1.1\r\nHost: {mock.host}\r\n{filler}\r\n".encode())
        answer = _closed_within(sock, CLOSE_DEADLINE)
    finally:
        sock.close()
    assert answer.startswith(b"HTTP/1.1 431 "), answer[:300]
    assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"]["code"] == "invalid_request"
