"""`serve --lan`: the LAN address probe, the QR code of the manifest URL, and what the command prints."""

from __future__ import annotations

import ipaddress
from typing import Any

import pytest
import segno
import uvicorn
from click.testing import CliRunner
from talkie_mock.cli import main
from talkie_mock.clientsuite.servers import Listener
from talkie_mock.devtools import lan

# segno's compact terminal drawing: one character per two module rows, light modules drawn as ink.
CELLS = {"█": (False, False), " ": (True, True), "▀": (False, True), "▄": (True, False)}


def decode(drawing: str) -> list[list[bool]]:
    """The module matrix (True = dark) drawn by `qr_terminal`."""
    rows: list[list[bool]] = []
    for line in drawing.splitlines():
        pairs = [CELLS[c] for c in line]
        rows.append([top for top, _ in pairs])
        rows.append([bottom for _, bottom in pairs])
    return rows


def test_qr_drawing_is_the_code_of_exactly_that_url() -> None:
    url = "http://192.168.10.24:8765/.well-known/talkie.json"
    expected = [[bool(m) for m in row] for row in segno.make_qr(url).matrix_iter(border=4)]
    drawn = decode(lan.qr_terminal(url))
    assert drawn[: len(expected)] == expected
    other = [[bool(m) for m in row] for row in segno.make_qr(url.replace("24", "25")).matrix_iter(border=4)]
    assert drawn[: len(other)] != other


def test_lan_address_is_private_or_none() -> None:
    address = lan.lan_address()
    if address is not None:
        ip = ipaddress.IPv4Address(address)
        assert ip.is_private
        assert not ip.is_loopback


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """`serve` without running the mock's uvicorn: records the app it would serve. The client suite's decoy
    beside it (app mode) runs as it would, and `serve` stops it."""
    served: list[Any] = []
    real_run = uvicorn.Server.run

    def fake_run(self: uvicorn.Server, sockets: list[Any]) -> None:
        if isinstance(self.config.app, Listener):
            real_run(self, sockets=sockets)
            return
        served.append((self.config.app, sockets[0].getsockname()))

    monkeypatch.setattr(uvicorn.Server, "run", fake_run)
    return served


def test_serve_lan_prints_manifest_url_and_qr(monkeypatch: pytest.MonkeyPatch, no_server: list[Any]) -> None:
    monkeypatch.setattr(lan, "lan_address", lambda: None)  # no LAN here: the fallback path, loopback only
    result = CliRunner().invoke(main, ["serve", "--lan", "--port", "0", "--state", ":memory:"])
    assert result.exit_code == 0, result.output
    app, (host, port) = no_server[0]
    assert host == "127.0.0.1"
    url = f"http://127.0.0.1:{port}/.well-known/talkie.json"
    assert f"manifest:  {url}" in result.output
    assert "no LAN address found" in result.output
    assert app.state.mock.config.public_url == f"http://127.0.0.1:{port}"
    assert lan.qr_terminal(url) in result.output


def test_serve_flags_fill_oauth_and_faults(no_server: list[Any]) -> None:
    args = ["serve", "--port", "0", "--state", ":memory:", "--auto-approve", "--fast-expiry"]
    args += ["--oauth-fault", "wrong-iss", "--oauth-fault", "no-s256", "--fail", "rate_limited,count=2"]
    args += [
        "--slow-stream",
        "0.2",
        "--drop-stream",
        "3",
        "--run-error",
        "1,code=internal",
        "--unknown-events",
    ]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    app = no_server[0][0]
    oauth = app.state.mock.config.oauth
    assert oauth.auto_approve
    assert oauth.fast_expiry
    assert {f.value for f in oauth.faults} == {"wrong-iss", "no-s256"}
    faults = [f.to_json() for f in app.state.devtools.faults.faults]
    assert [(f["kind"], f.get("code"), f.get("count")) for f in faults] == [
        ("error", "rate_limited", 2),
        ("slowStream", None, None),
        ("dropStream", None, None),
        ("runError", "internal", None),
        ("unknownEvents", None, None),
    ]
    bad = CliRunner().invoke(main, ["serve", "--fail", "no_such_code"])
    assert bad.exit_code == 2
    assert "not a §3 error code" in bad.output
