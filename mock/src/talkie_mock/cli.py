"""`talkie-mock serve` and `playground`: start the mock (or the playground) with uvicorn and tell the
developer how to use it."""

from __future__ import annotations

import contextlib
import errno
import gc
import json
import logging
import signal
import socket
import sqlite3
import sys
import urllib.parse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click
import uvicorn
from talkie_models.protocol import WELL_KNOWN_PATH

from talkie_mock import serving
from talkie_mock.app import create_app
from talkie_mock.clientsuite import appmode
from talkie_mock.clientsuite import catalogue as client_catalogue
from talkie_mock.clientsuite import reports as client_reports
from talkie_mock.clientsuite.command import CommandError
from talkie_mock.clientsuite.runner import run_suite
from talkie_mock.clientsuite.scenarios import SCENARIOS
from talkie_mock.clientsuite.scores import as_text as client_scores_text
from talkie_mock.clientsuite.situations import PREFIX as SCENARIO_PREFIX
from talkie_mock.config import (
    KEPT_TOKEN,
    LOCALES,
    MEMORY,
    Fault,
    MockConfig,
    OAuthSettings,
    default_state_path,
)
from talkie_mock.devtools import forward, lan, runtime
from talkie_mock.devtools import playground as playground_server
from talkie_mock.devtools import report as reporting
from talkie_mock.devtools.breaks import BreakError, check_breaks
from talkie_mock.devtools.faults import FaultError, parse_fault
from talkie_mock.devtools.guard import DevKey
from talkie_mock.devtools.log import TerminalLog
from talkie_mock.devtools.redact import Redactor
from talkie_mock.engine import statefile
from talkie_mock.engine.realtime import stack
from talkie_mock.engine.statefile import StateFileError
from talkie_mock.errors import MockError

INTS = ("count", "afterEvents", "retryAfter")
FLOATS = ("share", "delay")


def _checked_breaks(breaks: tuple[str, ...]) -> tuple[str, ...]:
    """`--break` values, validated (a click usage error names the breakable rules)."""
    try:
        return check_breaks(breaks)
    except BreakError as exc:
        raise click.BadParameter(str(exc), param_hint="--break") from exc


def _checked_origins(origins: tuple[str, ...]) -> tuple[str, ...]:
    """`--cors-origin` values: each a bare origin, as a browser sends it in `Origin`."""
    for origin in origins:
        parts = urllib.parse.urlsplit(origin)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/"):
            raise click.BadParameter(
                f"{origin!r} is not an origin like http://localhost:3000", param_hint="--cors-origin"
            )
    return origins


def fault_option(kind: str, first: str) -> Any:
    """A click callback turning `VALUE[,key=value…]` options into fault objects (`fault.schema.json`)."""

    def convert(
        ctx: click.Context, param: click.Parameter, values: tuple[str, ...]
    ) -> tuple[dict[str, Any], ...]:
        result = []
        for text in values:
            head, *pairs = text.split(",")
            fault: dict[str, Any] = {"kind": kind}
            try:
                for key, value in [(first, head), *(p.split("=", 1) for p in pairs)]:
                    fault[key] = int(value) if key in INTS else float(value) if key in FLOATS else value
                parse_fault(fault, "check")
            except (ValueError, FaultError) as exc:
                raise click.BadParameter(f"{text!r}: {exc}", ctx=ctx, param=param) from exc
            result.append(fault)
        return tuple(result)

    return convert


@click.group()
@click.version_option(package_name="talkie-mock")
def main() -> None:
    """A stateful test-mode talkie/1 server for app development and conformance tests."""


# -- serve: its options in three groups, each turned into its part of the configuration by one function --

DEFAULT_HOST = "127.0.0.1"
"""serve's address: loopback, with ::1 beside it (:func:`ipv6_twin`)."""

SERVER_OPTIONS = (
    click.option(
        "--host",
        default=DEFAULT_HOST,
        show_default=True,
        help="Address to bind (the default binds ::1 too, where the machine has it).",
    ),
    click.option(
        "--port", default=8765, show_default=True, type=click.IntRange(0, 65535), help="Port (0: any free)."
    ),
    click.option(
        "--public-url", default=None, help="Origin clients use (issuer), e.g. behind a tunnel or on a LAN."
    ),
    click.option(
        "--state",
        default=None,
        help=f"SQLite file, or {MEMORY} for a throw-away state. Default (one per port): "
        f"{default_state_path()}",
    ),
    click.option("--seed", default=1, show_default=True, type=int, help="Seed of the invented content."),
    click.option(
        "--vary",
        type=int,
        default=None,
        metavar="SEED",
        help="Wherever talkie/1 leaves a choice open, take another legal one, picked from SEED "
        "(test how much your client assumes; the inspector shows each answer's choices).",
    ),
    click.option(
        "--locale",
        default="en",
        show_default=True,
        type=click.Choice(LOCALES),
        help="The language of every text the mock writes when a request's Accept-Language names none of"
        " its locales (the manifest's `locale` too).",
    ),
    click.option(
        "--token",
        multiple=True,
        help="Dev bearer token (default: one made on the first start and kept in the state file). Repeat "
        "it for more users: each further token is a user of its own (for checks that users stay apart).",
    ),
    click.option(
        "--scenario",
        default=None,
        type=click.Path(exists=True, dir_okay=False, path_type=Path),
        help="Scenario YAML.",
    ),
    click.option("--self-check", is_flag=True, help="Validate every response and event against the schemas."),
    click.option(
        "--ping-interval",
        default=15.0,
        show_default=True,
        type=click.FloatRange(min=0.1),
        help="Seconds between `: ping` comments of a quiet run stream.",
    ),
    click.option(
        "--slow-seconds", default=5.0, show_default=True, type=float, help="Length of talkie-test:slow."
    ),
    click.option(
        "--voice-wpm",
        default=175,
        show_default=True,
        type=click.IntRange(80, 450),
        help="How fast the voice assistant speaks (words per minute).",
    ),
    click.option(
        "--access-log/--no-access-log",
        default=False,
        show_default=True,
        help="uvicorn's access log too (scrubbed), besides the mock's own request log.",
    ),
    click.option(
        "--quiet/--no-quiet", default=False, help="No request log in the terminal (the banner stays)."
    ),
    click.option("--lan", is_flag=True, help="Bind the LAN address (for a phone) and print a QR code."),
    click.option(
        "--max-body-bytes",
        default=MockConfig.max_body_bytes,
        show_default=True,
        type=click.IntRange(1024),
        help="Largest request body; a larger one gets 413 too_large.",
    ),
    click.option(
        "--read-timeout",
        default=MockConfig.read_timeout,
        show_default=True,
        type=click.FloatRange(0.1),
        help="Seconds a request head or body may stall before the connection is closed.",
    ),
    click.option(
        "--key-lifetime",
        default=MockConfig.key_lifetime,
        show_default=True,
        type=click.FloatRange(1),
        help="Seconds the inspector link's developer secret is valid; then a new link is printed.",
    ),
    click.option(
        "--open-devtools",
        is_flag=True,
        help="CI only: /_mock/ and the account pages without the developer secret (loopback binds only).",
    ),
    click.option(
        "--cors-origin",
        multiple=True,
        metavar="ORIGIN",
        callback=lambda _ctx, _param, value: _checked_origins(value),
        help="Only pages of this origin (e.g. http://localhost:3000) may call the API (repeatable; "
        "default: any origin).",
    ),
)
OAUTH_OPTIONS = (
    click.option("--auto-approve", is_flag=True, help="OAuth: approve sign-ins at once as the first user."),
    click.option("--fast-expiry", is_flag=True, help="OAuth: short token lifetimes, so apps must refresh."),
    click.option(
        "--oauth-fault",
        multiple=True,
        type=click.Choice([f.value for f in Fault]),
        help="OAuth negative switch (repeatable).",
    ),
    click.option(
        "--client-file",
        multiple=True,
        type=click.Path(exists=True, dir_okay=False, path_type=Path),
        help="Client ID Metadata Document of a fork (repeatable).",
    ),
    click.option(
        "--client-url", multiple=True, help="Loopback URL of a Client ID Metadata Document (repeatable)."
    ),
)
FAULT_OPTIONS = (
    click.option(
        "--fail",
        "fail",
        multiple=True,
        callback=fault_option("error", "code"),
        help="Answer with a §3 error: CODE[,count=N][,share=F][,endpoint=KEY][,path=GLOB][,retryAfter=S].",
    ),
    click.option(
        "--slow-stream",
        multiple=True,
        callback=fault_option("slowStream", "delay"),
        help="Delay each run event: SECONDS[,count=N].",
    ),
    click.option(
        "--drop-stream",
        multiple=True,
        callback=fault_option("dropStream", "afterEvents"),
        help="Close run streams after N events (the run goes on): N[,count=N].",
    ),
    click.option(
        "--run-error",
        multiple=True,
        callback=fault_option("runError", "afterEvents"),
        help="End run streams with RUN_ERROR after N events: N[,code=CODE][,count=N].",
    ),
    click.option("--unknown-events", is_flag=True, help="Add events of unknown types to run streams."),
    click.option(
        "--unknown-custom", is_flag=True, help="Add CUSTOM events with unknown names to run streams."
    ),
    click.option("--unknown-manifest-fields", is_flag=True, help="Add unknown members to the manifest."),
    click.option(
        "--break",
        "breaks",
        multiple=True,
        metavar="RULE-ID",
        callback=lambda _ctx, _param, value: _checked_breaks(value),
        help="Break one rule on purpose (repeatable), to prove a conformance suite fails: "
        "ACT-009, ACT-011, ERR-001, MAN-010, RUN-004, RUN-014, RUN-028, VOICE-016.",
    ),
)
# Flags that switch on a fault without a value, and the fault kind each one adds.
FAULT_FLAGS = (
    ("unknown_events", "unknownEvents"),
    ("unknown_custom", "unknownCustom"),
    ("unknown_manifest_fields", "manifestFields"),
)


def _options(*groups: tuple[Callable[[Any], Any], ...]) -> Callable[[Any], Any]:
    """Apply option groups to a command, in the order they are listed (as `--help` shows them)."""

    def decorate(command: Any) -> Any:
        for option in reversed([option for group in groups for option in group]):
            command = option(command)
        return command

    return decorate


def oauth_settings(options: dict[str, Any]) -> OAuthSettings:
    """The authorization server's part of the `serve` options."""
    return OAuthSettings(
        auto_approve=options["auto_approve"],
        fast_expiry=options["fast_expiry"],
        faults=frozenset(Fault(f) for f in options["oauth_fault"]),
        client_files=options["client_file"],
        client_urls=options["client_url"],
    )


def fault_list(options: dict[str, Any]) -> tuple[dict[str, Any], ...]:
    """The faults switched on at start (valued options, then flags), as `fault.schema.json` objects."""
    faults = [*options["fail"], *options["slow_stream"], *options["drop_stream"], *options["run_error"]]
    faults += [{"kind": kind} for name, kind in FAULT_FLAGS if options[name]]
    return tuple(faults)


def bind(host: str, port: int) -> socket.socket:
    """A listening-ready socket bound to `host:port` (port 0: the OS picks one)."""
    # IPPROTO_TCP spelled out: asyncio only sets TCP_NODELAY on sockets whose `proto` says TCP, and without it
    # every keep-alive request waits ~40 ms for a delayed ACK (Nagle)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        hint = ""
        if exc.errno == errno.EADDRINUSE:
            hint = (
                " (another program, perhaps another talkie-mock, listens there): give --port 0 for a "
                "free port, or another --port"
            )
        raise click.ClickException(f"cannot bind {host}:{port}: {exc.strerror}{hint}") from exc
    return sock


def ipv6_twin(host: str, port: int) -> socket.socket | None:
    """On the default loopback address, the same port on IPv6's loopback too (`http://[::1]:PORT` and a
    `localhost` that resolves to ::1 first reach the mock); None where the machine has no ::1 or the port
    is taken there."""
    if host != DEFAULT_HOST or not socket.has_ipv6:
        return None
    try:
        sock = socket.socket(socket.AF_INET6, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    except OSError:
        return None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        sock.bind(("::1", port))
    except OSError:
        sock.close()
        return None
    return sock


def lan_host() -> str:
    """The LAN address to bind for `--lan` (loopback, with a warning, when there is none)."""
    address = lan.lan_address()
    if address is None:
        click.echo(f"talkie-mock: no LAN address found; serving on {lan.FALLBACK} only", err=True)
    return address or lan.FALLBACK


def mock_config(options: dict[str, Any], host: str, port: int, public_url: str | None) -> MockConfig:
    """The whole configuration of one `serve`: server options, OAuth settings, faults and breaks."""
    return MockConfig(
        host=host,
        port=port,
        public_url=public_url,
        state=options["state"] or str(default_state_path(port)),
        seed=options["seed"],
        vary=options["vary"],
        locale=options["locale"],
        token=options["token"][0] if options["token"] else KEPT_TOKEN,
        other_tokens=tuple(options["token"][1:]),
        scenario=options["scenario"],
        self_check=options["self_check"],
        ping_interval=options["ping_interval"],
        slow_seconds=options["slow_seconds"],
        voice_words_per_minute=options["voice_wpm"],
        oauth=oauth_settings(options),
        faults=fault_list(options),
        breaks=options["breaks"],
        max_body_bytes=options["max_body_bytes"],
        read_timeout=options["read_timeout"],
        open_devtools=options["open_devtools"],
        key_lifetime=options["key_lifetime"],
        cors_origins=options["cors_origin"],
    )


def local_origin(config: MockConfig) -> str:
    """The origin this machine opens the mock at (the bound address), whatever `--public-url` says."""
    host = "127.0.0.1" if config.host in ("0.0.0.0", "") else config.host
    host = "[::1]" if host == "::" else f"[{host}]" if ":" in host else host
    return f"http://{host}:{config.port}"


def inspector_link(config: MockConfig, key: str) -> str:
    """The inspector's address with the secret in its fragment, which a browser never sends anywhere."""
    return f"{local_origin(config)}/_mock/#key={key}"


def playground_link(origin: str, key: str) -> str:
    """The playground's address with the secret in its fragment (the same secret as the inspector's)."""
    return f"{origin}{playground_server.PREFIX}/#key={key}"


def announce(config: MockConfig, on_lan: bool, key: str, faults: Sequence[str] = ()) -> None:
    """Tell the developer where the mock is and how each device reaches it (api.issuer: every device gets
    its own origin as issuer); the inspector link, on an address this machine can open, carries the secret.
    Everything the mock does on purpose is named: the scenario, each fault (`faults`: their labels, those of
    `--fail` and the like and of the scenario's `faults`) and each broken rule."""
    local = local_origin(config)
    click.echo(f"talkie-mock serving talkie/1 (test mode) on {local}")
    click.echo(f"  manifest:  {local}{WELL_KNOWN_PATH}")
    if config.public_url and config.public_url.rstrip("/") != local:
        click.echo(f"  public:    {config.public_url.rstrip('/')}{WELL_KNOWN_PATH}")
    if serving.loopback(config.host):
        click.echo(f"  devices:   iOS simulator {local} · Android emulator http://10.0.2.2:{config.port}")
    click.echo(f"  inspector: {inspector_link(config, key)}")
    click.echo(f"  playground: {playground_link(local, key)}")
    if config.open_devtools:
        click.echo("             (--open-devtools: the developer surfaces need no secret)")
    if on_lan:
        click.echo(lan.qr_terminal(f"{config.origin}{WELL_KNOWN_PATH}"))
    click.echo(f"  token:     {config.token}")
    if config.other_tokens:
        click.echo(f"             and {len(config.other_tokens)} more, one user each (--token)")
    click.echo(f"  state:     {config.state}")
    click.echo(
        f"  clients:   {len(SCENARIOS)} scenarios for an app, each at {local}{SCENARIO_PREFIX}/<name>/… "
        "(inspector: Client suite; scores: talkie-mock report)"
    )
    if config.vary is not None:
        click.echo(f"  vary:      seed {config.vary} (every choice talkie/1 leaves open varies)")
    if config.scenario is not None:
        click.echo(f"  scenario:  {config.scenario}")
    for label in faults:
        click.echo(f"  fault:     {label} (on purpose; the inspector's Faults panel removes it)")
    for rule in config.breaks:
        click.echo(f"  break:     {rule} (broken on purpose, to prove a test suite fails)")
    if not stack.available():
        click.echo(f"  voice:     not installed (text only); add it with {stack.INSTALL}")
    click.echo("  stop:      press Ctrl+C")
    sys.stdout.flush()


def run_server(
    app: Any,
    sock: socket.socket,
    access_log: bool,
    config: MockConfig,
    key: str,
    also: Sequence[socket.socket] = (),
) -> None:
    """uvicorn on the fast standard stack, with a deadline for request heads and secrets cut from its log;
    `also`: more listening sockets of the same server (::1 beside 127.0.0.1)."""
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            log_level="warning",
            access_log=access_log,
            lifespan="on",
            timeout_graceful_shutdown=5,
            http=serving.protocol(config.read_timeout),
        )
    )
    if access_log:  # uvicorn's log level (warning) would hide the access log's info lines
        logging.getLogger("uvicorn.access").setLevel(logging.INFO)
    serving.scrub_logs(Redactor([config.token, *config.other_tokens, key]))
    # what start-up built (modules, the contract, the invented content) lives as long as the process: out of
    # the collector's reach, no collection under load walks it again
    gc.freeze()
    # uvicorn re-raises Ctrl+C after a clean shutdown; that is a normal stop
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock, *also])


def _remove_on_term(port: int) -> None:
    """uvicorn stops cleanly on SIGTERM, then raises it again to end with its status: the runtime file
    goes first (a `finally` would not run)."""

    def removed_then_ended(signum: int, frame: object) -> None:
        runtime.remove(port)
        signal.signal(signum, signal.SIG_DFL)
        signal.raise_signal(signum)

    signal.signal(signal.SIGTERM, removed_then_ended)


@main.command()
@_options(SERVER_OPTIONS, OAUTH_OPTIONS, FAULT_OPTIONS)
def serve(**options: Any) -> None:
    """Run the mock server until interrupted."""
    serve_mock(options)


def serve_mock(options: dict[str, Any], first: Callable[[str, str], None] | None = None) -> None:
    """`serve`, and `playground` without URL; `first(origin, key)` prints a line before the banner."""
    on_lan: bool = options["lan"]
    if options["open_devtools"] and (on_lan or not serving.loopback(options["host"])):
        raise click.UsageError(
            "--open-devtools is for CI on loopback only (not with --lan or another --host)"
        )
    host = lan_host() if on_lan else options["host"]
    sock = bind(host, options["port"])
    # both sockets closed however the mock ends: refused at start-up, stopped, or its server left them open
    with contextlib.ExitStack() as sockets:
        sockets.enter_context(sock)
        twin = ipv6_twin(host, sock.getsockname()[1])
        if twin is not None:
            sockets.enter_context(twin)
        _serve_bound(sock, twin, options, host, first)


def _serve_bound(
    sock: socket.socket,
    twin: socket.socket | None,
    options: dict[str, Any],
    host: str,
    first: Callable[[str, str], None] | None,
) -> None:
    on_lan: bool = options["lan"]
    port = sock.getsockname()[1]
    public_url = options["public_url"] or (f"http://{host}:{port}" if on_lan else None)
    config = mock_config(options, host, port, public_url)
    fresh = config.state != statefile.MEMORY and not Path(config.state).exists()
    try:
        app = create_app(config)
    except StateFileError as exc:
        statefile.abandon(config.state, fresh=fresh)
        click.echo(f"talkie-mock: {exc}", err=True)
        sys.exit(2)
    except (sqlite3.Error, OSError) as exc:  # the disk filled up while the new file was being set up
        if not statefile.disk_full(exc):
            raise
        statefile.abandon(config.state, fresh=fresh)
        click.echo(
            f"talkie-mock: the disk under the state file {config.state} is full ({exc}); free some space "
            "there or give another --state",
            err=True,
        )
        sys.exit(2)
    except MockError as exc:
        raise click.ClickException(str(exc)) from exc
    key: str = app.state.devtools_key
    config = app.state.mock.config  # with the dev token kept in the state file
    # app mode: the client suite's scenarios on the mock's origin, its decoy and tripwire beside it
    clients = appmode.install(app, config.token, config.origin, (key, *config.other_tokens))
    try:
        clients.start(config.host)
    except OSError as exc:
        click.echo(f"talkie-mock: the client suite's decoy could not start ({exc})", err=True)
        sys.exit(2)
    try:
        _serve_app(app, sock, twin, options, config, key, on_lan, first)
    finally:
        clients.stop()


def _serve_app(
    app: Any,
    sock: socket.socket,
    twin: socket.socket | None,
    options: dict[str, Any],
    config: MockConfig,
    key: str,
    on_lan: bool,
    first: Callable[[str, str], None] | None,
) -> None:
    if first is not None:
        first(local_origin(config), key)
    announce(config, on_lan, key, [fault.label for fault in app.state.devtools.faults.faults])
    log = (
        None
        if options["quiet"]
        else TerminalLog(sys.stdout, Redactor([config.token, *config.other_tokens, key]))
    )
    if log is not None:
        app.state.devtools.traffic.listeners.append(log)

    def new_key(fresh: str) -> None:  # the old secret expired (devtools.guard)
        click.echo(f"talkie-mock: the inspector link expired; the new one: {inspector_link(config, fresh)}")
        click.echo(f"talkie-mock: the new playground link: {playground_link(local_origin(config), fresh)}")
        with contextlib.suppress(OSError):
            runtime.write(config.port, local_origin(config), fresh)

    app.state.dev_key.on_new_key = new_key
    try:
        runtime.write(config.port, local_origin(config), key)
    except OSError as exc:  # no runtime folder: `report` then needs --key
        click.echo(f"talkie-mock: no runtime file for talkie-mock report ({exc})", err=True)
    _remove_on_term(config.port)
    try:
        run_server(app, sock, options["access_log"], config, key, [twin] if twin is not None else [])
    finally:  # the log's writer is a daemon thread: lines still queued at exit would be lost
        runtime.remove(config.port)
        if log is not None:
            log.drain()
    click.echo("talkie-mock stopped")


# -- playground: the page for trying a talkie/1 server by hand, served from loopback ------------------------

PLAYGROUND_PORT = 8766
"""The playground's own port with URL (beside a mock on serve's 8765); fixed, so its OAuth client id is."""
PLAYGROUND_OPTIONS = (
    click.option(
        "--connect-timeout",
        default=forward.CONNECT_SECONDS,
        show_default=True,
        type=click.FloatRange(0.1),
        help="With URL: seconds to connect to the server before the page gets 502.",
    ),
    click.option(
        "--idle-timeout",
        default=forward.IDLE_SECONDS,
        show_default=True,
        type=click.FloatRange(0.1),
        help="With URL: seconds the server may send nothing before the forwarded answer is cut.",
    ),
    click.option(
        "--max-forwards",
        default=forward.MAX_FORWARDS,
        show_default=True,
        type=click.IntRange(1),
        help="With URL: requests forwarded at once (streams included); more get 429.",
    ),
)
PLAYGROUND_ONLY = ("connect_timeout", "idle_timeout", "max_forwards")
WITH_URL = ("host", "port", "max_body_bytes", "read_timeout", "key_lifetime", "quiet", *PLAYGROUND_ONLY)
"""The options that apply with URL (every other one configures the mock run without URL)."""


@main.command()
@click.argument("url", required=False)
@_options(SERVER_OPTIONS, PLAYGROUND_OPTIONS, OAUTH_OPTIONS, FAULT_OPTIONS)
def playground(url: str | None, **options: Any) -> None:
    """Try a talkie/1 server by hand in the browser: the playground page, served from loopback.

    Without URL: runs a mock exactly like `serve` (same options) and prints the playground's link first;
    the page talks to that mock. With URL (a host, an origin or a manifest's URL): runs only the
    playground, on 127.0.0.1:8766 unless --port says otherwise, and forwards the page's requests to that
    server and no other, so a server without CORS headers works too; only --host (loopback), --port,
    --max-body-bytes, --read-timeout, --key-lifetime, --quiet and the timeouts below apply.
    """
    ctx = click.get_current_context()
    if url is None:
        given = [name for name in PLAYGROUND_ONLY if _given(ctx, name)]
        if given:
            raise click.UsageError(f"--{given[0].replace('_', '-')} applies with URL only")
        serve_mock(
            options, first=lambda origin, key: click.echo(f"playground: {playground_link(origin, key)}")
        )
        return
    stray = [name for name in options if name not in WITH_URL and _given(ctx, name)]
    if stray:
        raise click.UsageError(
            f"--{stray[0].replace('_', '-')} configures the mock that playground runs without URL"
        )
    serve_playground(url, options, default_port=not _given(ctx, "port"))


def _first_line(origin: str, key: str) -> None:
    click.echo(f"playground: {playground_link(origin, key)}")


def _given(ctx: click.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source is not click.core.ParameterSource.DEFAULT


def serve_playground(url: str, options: dict[str, Any], *, default_port: bool) -> None:
    """The playground's own server, forwarding to `url` alone, on a loopback address."""
    try:
        target = forward.parse_target(url)
    except forward.TargetError as exc:
        raise click.BadParameter(str(exc), param_hint="URL") from exc
    host: str = options["host"]
    if not serving.loopback(host):
        raise click.UsageError("the playground serves on loopback only (--host 127.0.0.1, ::1 or localhost)")
    sock = bind(host, PLAYGROUND_PORT if default_port else options["port"])
    port = sock.getsockname()[1]
    origin = local_origin(MockConfig(host=host, port=port))
    dev_key = DevKey(lifetime=options["key_lifetime"])
    limits = playground_server.Limits(
        max_body=options["max_body_bytes"],
        read_timeout=options["read_timeout"],
        connect_seconds=options["connect_timeout"],
        idle_seconds=options["idle_timeout"],
        max_forwards=options["max_forwards"],
    )
    app = playground_server.create_playground_app(target, dev_key, bound=host, limits=limits)
    client_id = origin + playground_server.CLIENT_PATH
    click.echo(f"talkie-mock playground on {origin}")
    click.echo(f"  playground: {playground_link(origin, dev_key.value)}")
    click.echo(f"  target:     {target.given} (every request of the page goes there, and nowhere else)")
    click.echo(f"  sign-in:    OAuth client {client_id} or a pasted token")
    click.echo("  stop:       press Ctrl+C")
    sys.stdout.flush()

    def new_key(fresh: str) -> None:
        click.echo(f"talkie-mock: the playground link expired; the new one: {playground_link(origin, fresh)}")

    dev_key.on_new_key = new_key
    with sock:  # closed however the server ends (uvicorn leaves a given socket open)
        run_playground(app, sock, options["read_timeout"], dev_key.value, options["quiet"])
    click.echo("talkie-mock playground stopped")


def run_playground(app: Any, sock: socket.socket, read_timeout: float, key: str, quiet: bool) -> None:
    """uvicorn for the playground's own server: the mock's head deadline, secrets cut from its log, and no
    traceback for an answer the target broke off (the forwarder logs it in one line)."""
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            log_level="error" if quiet else "warning",
            access_log=False,
            lifespan="off",
            timeout_graceful_shutdown=5,
            http=serving.protocol(read_timeout),
        )
    )
    serving.scrub_logs(Redactor([key]))
    logging.getLogger("uvicorn.error").addFilter(forward.QuietBreaks())
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])


@main.command()
@click.option(
    "--url",
    default=None,
    help=(
        "A running mock. Default: this user's running mock on this machine (from its runtime file; "
        "name one with --url when several run), else http://127.0.0.1:8765."
    ),
)
@click.option(
    "--state",
    default=None,
    type=click.Path(dir_okay=False, path_type=Path),
    help="Read this state file instead of asking a running mock.",
)
@click.option("--json", "as_json", is_flag=True, help="JSON instead of text.")
@click.option(
    "--key",
    envvar="TALKIE_MOCK_KEY",
    default=None,
    help=(
        "The running mock's developer secret (the `key` of its inspector link; env TALKIE_MOCK_KEY). "
        "Not needed for a mock of the same user on this machine: it is read from its runtime file."
    ),
)
def report(url: str | None, state: Path | None, as_json: bool, key: str | None) -> None:
    """Print the rule findings the mock recorded about its clients' requests and, from a running mock, each
    client rule scored by the client suite's scenarios on what the app did (app mode). Exit 1 when there
    is a finding or a client rule fails."""
    scores: dict[str, Any] | None = None
    try:
        if state is not None:
            found = reporting.load(state)
        else:
            target = url or reporting.running()
            found = reporting.fetch(target, key)
            scores = reporting.fetch_clients(target, key)
    except reporting.ReportError as exc:
        click.echo(f"talkie-mock report: {exc}", err=True)
        sys.exit(2)
    if as_json:
        click.echo(reporting.as_json(found, scores))
    else:
        click.echo(reporting.as_text(found))
        if scores is not None:
            click.echo("")
            click.echo(client_scores_text(scores))
    failed = scores is not None and bool(scores.get("summary", {}).get("fail"))
    sys.exit(1 if found or failed else 0)


@main.group()
def clients() -> None:
    """The client conformance suite: scenarios that judge an app by the client rules of talkie/1."""


@clients.command("list")
@click.option("--json", "as_json", is_flag=True, help="JSON instead of text.")
def clients_list(as_json: bool) -> None:
    """Every client rule with the scenario that judges it, or why none does."""
    rows = client_catalogue.coverage()
    if as_json:
        click.echo(json.dumps(client_catalogue.listing(), indent=2, ensure_ascii=False))
        return
    for row in rows:
        where = ", ".join(row.scenarios) if row.scenarios else row.reason
        click.echo(f"{row.rule.id:<10} {row.rule.level:<10} {where}")
    judged = sum(1 for row in rows if row.scenarios)
    click.echo(f"{judged} of {len(rows)} client rules are judged by a scenario")


@clients.command("run")
@click.option(
    "--command",
    "template",
    required=True,
    help="The client to judge, run once per scenario: {url} is the scenario's manifest URL, {token} a "
    "development token, {person} the person's gestures, comma-separated (also in TALKIE_URL, TALKIE_TOKEN "
    "and TALKIE_PERSON).",
)
@click.option(
    "--only", multiple=True, help="A rule ID (MAN-004), a section (1, 2.1) or a scenario; repeatable."
)
@click.option("--junit", type=click.Path(dir_okay=False, path_type=Path), help="Write a JUnit XML report.")
@click.option(
    "--report",
    "report_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write a .md, .html or .json report.",
)
def clients_run(template: str, only: tuple[str, ...], junit: Path | None, report_path: Path | None) -> None:
    """Run the client's command against every scenario. Exit 0: no failure; 1: failures; 2: it cannot run."""
    if report_path is not None and report_path.suffix.lower() not in (".md", ".html", ".htm", ".json"):
        click.echo(
            f"talkie-mock clients run: --report {report_path}: the name must end in .json, .md or .html",
            err=True,
        )
        sys.exit(2)
    items = tuple(part for item in only for part in item.split(",") if part.strip())
    try:
        result = run_suite(template, items, lambda done: click.echo("\n".join(client_reports.lines(done))))
    except (ValueError, CommandError, OSError) as exc:
        click.echo(f"talkie-mock clients run: {exc}", err=True)
        sys.exit(2)
    click.echo(client_reports.summary(result))
    if junit is not None:
        junit.write_text(client_reports.junit(result), encoding="utf-8")
    if report_path is not None:
        client_reports.write(result, report_path)
    sys.exit(1 if result.failed else 0)


if __name__ == "__main__":  # pragma: no cover
    main()
