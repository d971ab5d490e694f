"""`talkie-mock serve`: start the mock with uvicorn and tell the developer how to use it."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import click

from talkie_mock.config import LOCALES, MEMORY, MockConfig, default_state_path, new_dev_token
from talkie_mock.errors import MockError


@click.group()
@click.version_option(package_name="talkie-mock")
def main() -> None:
    """A stateful test-mode talkie/1 server for app development and conformance tests."""


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind.")
@click.option(
    "--port", default=8765, show_default=True, type=click.IntRange(0, 65535), help="Port (0: any free)."
)
@click.option(
    "--public-url", default=None, help="Origin clients use (issuer), e.g. behind a tunnel or on a LAN."
)
@click.option(
    "--state",
    default=None,
    help=f"SQLite file, or {MEMORY} for a throw-away state. Default: {default_state_path()}",
)
@click.option("--seed", default=1, show_default=True, type=int, help="Seed of the invented content.")
@click.option(
    "--locale", default="cs", show_default=True, type=click.Choice(LOCALES), help="Manifest locale."
)
@click.option("--token", default=None, help="Dev bearer token (default: a new random one).")
@click.option(
    "--scenario",
    default=None,
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Scenario YAML.",
)
@click.option("--self-check", is_flag=True, help="Validate every response and event against the schemas.")
@click.option(
    "--ping-interval", default=15.0, show_default=True, type=float, help="Seconds between `: ping`."
)
@click.option(
    "--slow-seconds", default=5.0, show_default=True, type=float, help="Length of talkie-test:slow."
)
@click.option("--access-log/--no-access-log", default=False, show_default=True, help="uvicorn's access log.")
def serve(
    host: str,
    port: int,
    public_url: str | None,
    state: str | None,
    seed: int,
    locale: str,
    token: str | None,
    scenario: Path | None,
    self_check: bool,
    ping_interval: float,
    slow_seconds: float,
    access_log: bool,
) -> None:
    """Run the mock server until interrupted."""
    import socket

    import uvicorn

    from talkie_mock.app import create_app

    state_path = state or str(default_state_path())
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        raise click.ClickException(f"cannot bind {host}:{port}: {exc.strerror}") from exc
    bound_port = sock.getsockname()[1]
    config = MockConfig(
        host=host,
        port=bound_port,
        public_url=public_url,
        state=state_path,
        seed=seed,
        locale=locale,
        token=token or new_dev_token(),
        scenario=scenario,
        self_check=self_check,
        ping_interval=ping_interval,
        slow_seconds=slow_seconds,
    )
    try:
        app = create_app(config)
    except MockError as exc:
        raise click.ClickException(str(exc)) from exc
    origin = config.origin
    click.echo(f"talkie-mock serving talkie/1 (test mode) on {origin}")
    click.echo(f"  manifest:  {origin}/.well-known/talkie.json")
    click.echo(f"  token:     {config.token}")
    click.echo(f"  state:     {state_path}")
    click.echo("  stop:      press Ctrl+C")
    sys.stdout.flush()
    server = uvicorn.Server(
        uvicorn.Config(
            app, log_level="warning", access_log=access_log, lifespan="on", timeout_graceful_shutdown=5
        )
    )
    # uvicorn re-raises Ctrl+C after a clean shutdown; that is a normal stop
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])
    click.echo("talkie-mock stopped")


if __name__ == "__main__":  # pragma: no cover
    main()
