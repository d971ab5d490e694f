"""App mode: a running mock serves every scenario of the suite on its own origin, for an app driven by its
UI tests or by hand, and keeps what the app did in each scenario's `Record`.

Each scenario answers under `PREFIX/<name>/` of the mock (its manifest URL names it), with the same
`Scenario.answer` as command mode. The decoy origin and the links' tripwire are started beside the mock,
on its address; the URLs a scenario hands out name the host the app used to reach the mock, so the
simulator, the emulator and a phone on the LAN each reach them (notes N-230). `GET /_mock/api/clients` (a
developer surface, behind the mock's guard) lists the scenarios and scores each client rule from the
records (`scores`); `DELETE`, like a reset of the mock, starts every record afresh. An app has no adapter,
but its UI test may say what the app showed in a scenario (`POST …/clients/<name>/shown`, the adapter's JSON
lines), which the render-side checks then judge.
"""

from __future__ import annotations

import ipaddress
import urllib.parse
from dataclasses import replace
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.types import Scope

from talkie_mock.api.issuer import current
from talkie_mock.api.problems import problem
from talkie_mock.clientsuite import scores
from talkie_mock.clientsuite.base import GESTURES
from talkie_mock.clientsuite.observe import MAX_SHOWN, Record, read_shown
from talkie_mock.clientsuite.scenarios import SCENARIOS
from talkie_mock.clientsuite.servers import Listener, Suite, Tripwire
from talkie_mock.clientsuite.situations import PREFIX, Origins
from talkie_mock.devtools.control import DevTools
from talkie_mock.devtools.redact import Redactor

API_PATH = "/_mock/api/clients"
"""The scenarios and the client rules' scores (GET), or every record started afresh (DELETE); below it,
`<name>/shown` takes what the app showed in a scenario (POST: the adapter's JSON lines, from a UI test)."""
SHOWN_BYTES = MAX_SHOWN * 1024
"""The most of a `shown` body read: room for every line a record keeps, at a kilobyte each."""


def _host_of(origin: str) -> str:
    """The host part of an origin as it goes into a URL (an IPv6 address in brackets)."""
    name = urllib.parse.urlsplit(origin).hostname or "127.0.0.1"
    return f"[{name}]" if ":" in name else name


def listen_host(host: str) -> str:
    """The address the decoy and the tripwire listen on: the mock's own when it is an IPv4 address (a LAN
    address, or every interface), else loopback."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return "127.0.0.1"
    return host if address.version == 4 else "127.0.0.1"


class AppSuite(Suite):
    """The suite's state in app mode: the scenario asked last is the one under way (the decoy's requests
    belong to it), and every answer names the origin the app used."""

    def __init__(self, token: str, configured: str) -> None:
        super().__init__(token)
        self.configured = configured
        self.decoy_port = 0
        self.links_port = 0

    def answering(self, name: str, scope: Scope) -> Origins:
        self.current = name
        issuer = current(self.configured)
        host = _host_of(issuer)
        return replace(
            self.origins,
            issuer=issuer,
            decoy=f"http://{host}:{self.decoy_port}",
            links=f"https://{host}:{self.links_port}",
        )

    def reset(self) -> None:
        self.records = {name: Record() for name in SCENARIOS}
        self.current = None


class AppMode:
    """The scenarios on the mock's origin, the decoy and the tripwire beside it."""

    def __init__(self, token: str, configured: str, redactor: Redactor | None = None) -> None:
        self.suite = AppSuite(token, configured)
        self.redactor = redactor or Redactor([token])
        self.scenarios = Listener(self.suite, "scenario")
        self.decoy = Listener(self.suite, "decoy")
        self.tripwire = Tripwire(self.suite)

    def start(self, host: str) -> None:
        """Start the decoy and the tripwire on `host`'s address (see `listen_host`)."""
        bound = listen_host(host)
        try:
            self.suite.decoy_port = int(self.decoy.start(bound).rsplit(":", 1)[1])
            self.suite.links_port = int(self.tripwire.start(bound).rsplit(":", 1)[1])
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        self.decoy.stop()
        self.tripwire.stop()

    def listing(self, origin: str) -> list[dict[str, Any]]:
        """Every scenario with its manifest URL on `origin` and what the person does in it."""
        base = replace(self.suite.origins, issuer=origin)
        return [
            {
                "name": name,
                "summary": scenario.summary,
                "manifestUrl": base.manifest_url(name),
                "deadline": scenario.deadline,
                "person": [{"gesture": g, "text": GESTURES.get(g, g)} for g in scenario.person],
                "rules": sorted({check.rule for check in scenario.checks}),
                "requests": len(self.suite.records[name].seen("scenario")),
                "flooded": self.suite.records[name].flooded,
            }
            for name, scenario in SCENARIOS.items()
        ]

    def report(self, origin: str) -> dict[str, Any]:
        """The scenarios and every client rule's score, as `GET /_mock/api/clients` answers (secrets cut, as
        on every developer surface)."""
        data = {"scenarios": self.listing(origin), **scores.as_json(scores.judge(self.suite.records))}
        redacted: dict[str, Any] = self.redactor.redact(data)
        return redacted

    def routes(self) -> list[Route | Mount]:
        async def clients(request: Request) -> Response:
            if request.method == "DELETE":
                self.suite.reset()
                return Response(status_code=204)
            return JSONResponse(self.report(current(self.suite.configured)))

        async def shown(request: Request) -> Response:
            name = request.path_params["name"]
            if name not in SCENARIOS:
                return problem(request, "not_found", "The client suite has no scenario of that name.")
            raw = await request.body()
            lines = read_shown(raw[:SHOWN_BYTES].decode("utf-8", errors="replace"))
            record = self.suite.records[name]
            record.shown = [*record.shown, *lines][:MAX_SHOWN]
            return JSONResponse({"kept": len(lines), "shown": len(record.shown)})

        return [
            Mount(PREFIX, app=self.scenarios),
            Route(API_PATH, clients, methods=["GET", "DELETE"]),
            Route(API_PATH + "/{name}/shown", shown, methods=["POST"]),
        ]


def install(app: Starlette, token: str, configured: str, secrets: tuple[str, ...] = ()) -> AppMode:
    """Serve the scenarios on `app` (the mock, its developer tools on) and its guarded clients API; the
    caller starts the decoy and the tripwire (`AppMode.start`) and stops them. `secrets`: more values no
    answer of the clients API may show (the developer secret, other tokens)."""
    mode = AppMode(token, configured, Redactor([token, *secrets]))
    app.router.routes[0:0] = mode.routes()
    tools: DevTools = app.state.devtools
    tools.on_reset.append(mode.suite.reset)  # the inspector's Reset starts the records afresh too
    return mode
