"""The WebRTC side of the provider: answer the app's offer with a real aiortc peer, on one address only.

Nothing may leave the path the app already uses to reach the mock (loopback in tests, the LAN address from a
phone), so the peer offers exactly one host candidate, on the address the app connected to, uses no STUN or
TURN server, and drops every remote candidate that is not the app's own address (mDNS names included, which
would need multicast). aioice never offers 127.0.0.1 by itself, hence :func:`only_address`.
"""

from __future__ import annotations

import contextlib
import contextvars
import ipaddress
from collections.abc import Iterator

import aioice.ice
from aiortc import MediaStreamTrack, RTCConfiguration, RTCPeerConnection, RTCSessionDescription
from aiortc import exceptions as aiortc_errors

from talkie_mock.engine.realtime.stack import OfferError

_ONLY: contextvars.ContextVar[str | None] = contextvars.ContextVar("talkie_mock_ice_address", default=None)
_host_addresses = aioice.ice.get_host_addresses


def _restricted(use_ipv4: bool, use_ipv6: bool) -> list[str]:
    address = _ONLY.get()
    return [address] if address is not None else _host_addresses(use_ipv4, use_ipv6)


aioice.ice.get_host_addresses = _restricted


@contextlib.contextmanager
def only_address(address: str) -> Iterator[None]:
    """While active (in this task), ICE gathering offers host candidates on `address` alone."""
    token = _ONLY.set(address)
    try:
        yield
    finally:
        _ONLY.reset(token)


def _candidate_address(line: str) -> str | None:
    parts = line.split()
    return parts[4] if len(parts) > 7 else None


def keep_candidates(sdp: str, allowed: set[str]) -> str:
    """The SDP without `a=candidate` lines whose address is not in `allowed`.

    When a line goes, so does `a=end-of-candidates`: the app's checks from its own address then still
    arrive as peer-reflexive candidates (as they do for an offer sent before gathering finished).
    """
    lines = sdp.splitlines()
    kept = [
        line
        for line in lines
        if not (line.startswith("a=candidate:") and _candidate_address(line[2:]) not in allowed)
    ]
    if len(kept) != len(lines):
        kept = [line for line in kept if line != "a=end-of-candidates"]
    return "\r\n".join(kept) + "\r\n"


def check_offer(sdp: str) -> None:
    if not sdp.startswith("v=0"):
        raise OfferError("the body is not an SDP offer")
    lines = sdp.splitlines()
    if sum(line.startswith("v=") for line in lines) != 1:  # two offers pasted together, for one
        raise OfferError("the body holds more than one SDP session description")
    media = [line.split()[0][2:] for line in lines if line.startswith("m=") and line.split()]
    if media.count("audio") != 1:
        raise OfferError("the offer needs exactly one audio section")
    if media.count("application") != 1:
        raise OfferError("the offer needs exactly one data channel (application section)")
    if "a=fingerprint:" not in sdp:
        raise OfferError("the offer has no DTLS fingerprint")


def plain_address(address: str) -> str:
    """An IP address without brackets or an IPv4-mapped IPv6 prefix."""
    address = address.strip("[]")
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is not None:
        return str(parsed.ipv4_mapped)
    return str(parsed)


def _is_ip(address: str) -> bool:
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return False
    return True


def new_peer() -> RTCPeerConnection:
    """A peer with no ICE servers at all (aiortc would otherwise add a public STUN server)."""
    return RTCPeerConnection(RTCConfiguration(iceServers=[]))


async def answer(
    pc: RTCPeerConnection, offer: str, track: MediaStreamTrack, *, local: str, remote: str
) -> str:
    """Apply `offer` (filtered to the app's address), send `track` back, return the answer with candidates."""
    check_offer(offer)
    local = plain_address(local)
    with only_address(local if _is_ip(local) else "127.0.0.1"):
        try:
            await pc.setRemoteDescription(
                RTCSessionDescription(keep_candidates(offer, {plain_address(remote)}), "offer")
            )
            pc.addTrack(track)
            await pc.setLocalDescription(await pc.createAnswer())
        except _UNUSABLE_OFFER as exc:  # aiortc's parser and negotiation on an offer it cannot take
            raise OfferError(f"the offer cannot be applied ({type(exc).__name__}: {exc})") from exc
    return str(pc.localDescription.sdp)


_UNUSABLE_OFFER = (
    ValueError,
    LookupError,
    AttributeError,
    TypeError,
    aiortc_errors.InternalError,
    aiortc_errors.InvalidAccessError,
    aiortc_errors.InvalidStateError,
    aiortc_errors.OperationError,
)
"""What aiortc raises for an offer it cannot parse or negotiate (no codec in common, sections repeated)."""
