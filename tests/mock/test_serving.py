"""A response's head waits for its body only within one loop turn (`serving.HeldHead`)."""

from __future__ import annotations

import asyncio

from talkie_mock.serving import HeldHead


class Recorded(asyncio.Transport):
    """A transport that keeps what is written, in order, and says when something was."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[bytes] = []
        self.closed = False
        self.written = asyncio.Event()

    def write(self, data: bytes | bytearray | memoryview) -> None:
        assert not self.closed, "written after close"
        self.writes.append(bytes(data))
        self.written.set()

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def get_write_buffer_size(self) -> int:
        return 7


def test_a_head_and_a_body_of_the_same_turn_leave_in_one_write() -> None:
    async def scenario() -> list[bytes]:
        transport = Recorded()
        held = HeldHead(transport, asyncio.get_running_loop())
        held.write(b"HTTP/1.1 200 OK\r\n\r\n")
        assert transport.writes == []
        held.write(b"{}")
        await asyncio.sleep(0)  # the scheduled flush runs and finds nothing left
        await asyncio.sleep(0)
        return transport.writes

    assert asyncio.run(scenario()) == [b"HTTP/1.1 200 OK\r\n\r\n{}"]


def test_a_head_alone_goes_out_when_the_loop_turns_and_later_bytes_are_never_held() -> None:
    async def scenario() -> list[bytes]:
        transport = Recorded()
        held = HeldHead(transport, asyncio.get_running_loop())
        held.write(b"HEAD")
        await asyncio.wait_for(transport.written.wait(), 10)
        held.write(b"frame 1")
        held.write(b"frame 2")
        return transport.writes

    assert asyncio.run(scenario()) == [b"HEAD", b"frame 1", b"frame 2"]


def test_closing_sends_the_held_head_first_and_a_closed_connection_gets_nothing() -> None:
    async def scenario() -> tuple[list[bytes], bool, list[bytes]]:
        loop = asyncio.get_running_loop()
        first = Recorded()
        held = HeldHead(first, loop)
        held.write(b"HTTP/1.1 400 Bad Request\r\n\r\n")
        held.close()
        gone = Recorded()
        late = HeldHead(gone, loop)
        late.write(b"HTTP/1.1 200 OK\r\n\r\n")
        gone.close()  # the peer hung up before the loop turned
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        return first.writes, first.closed, gone.writes

    writes, closed, lost = asyncio.run(scenario())
    assert writes == [b"HTTP/1.1 400 Bad Request\r\n\r\n"]
    assert closed
    assert lost == []


def test_everything_else_is_the_connections_own() -> None:
    async def scenario() -> tuple[bool, int]:
        transport = Recorded()
        held = HeldHead(transport, asyncio.get_running_loop())
        transport.close()
        return held.is_closing(), held.get_write_buffer_size()

    assert asyncio.run(scenario()) == (True, 7)
