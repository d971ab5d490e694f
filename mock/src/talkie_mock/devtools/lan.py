"""`serve --lan`: find the machine's LAN address and show the manifest URL as a terminal QR code.

§1 allows plain http to private LAN addresses in development builds, so a phone on the same network can use
the mock directly. The address is found without sending anything: `connect` on a UDP socket only asks the
kernel which local address would route to a private target; no packet leaves the machine.
"""

from __future__ import annotations

import contextlib
import io
import ipaddress
import socket

import segno

# One target per private IPv4 range (RFC 1918); the first that routes from a private local address wins.
PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")
FALLBACK = "127.0.0.1"


def lan_address() -> str | None:
    """The private IPv4 address this machine would use on its LAN, or None when it has none."""
    for target in PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                probe.connect((target, 9))
                address = str(probe.getsockname()[0])
            except OSError:
                continue
        with contextlib.suppress(ValueError):
            ip = ipaddress.IPv4Address(address)
            if ip.is_private and not ip.is_loopback and not ip.is_unspecified and not ip.is_link_local:
                return address
    return None


def qr_terminal(text: str) -> str:
    """`text` as a full QR code (phone cameras rarely read Micro QR), drawn with block characters."""
    out = io.StringIO()
    segno.make_qr(text).terminal(out=out, compact=True)
    return out.getvalue()
