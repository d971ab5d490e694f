"""The developer surface under `/_mock/`: the JSON control API (`control-api.yaml`) and the inspector page.

The mock always runs in test mode (its manifest says `testMode: true`), so this surface is always on; a
production server must never offer anything like it. Its own requests are not faulted and not logged as
traffic. :func:`install` wires faults, the traffic recorder, the verdicts and the violation log into an app
built by :func:`talkie_mock.app.create_app`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from talkie_models.findings import Evidence

from talkie_mock.api.context import Mock
from talkie_mock.api.cors import CorsPolicy
from talkie_mock.api.fixed import Fixed
from talkie_mock.api.problems import problem, refused
from talkie_mock.api.requests import parse_json
from talkie_mock.devtools import har, run_findings
from talkie_mock.devtools.faults import FaultBoard, FaultError, FaultInjector
from talkie_mock.devtools.redact import Redactor
from talkie_mock.devtools.traffic import Exchange, Traffic, TrafficRecorder
from talkie_mock.devtools.verdicts import Seen, Verdicts
from talkie_mock.devtools.violations import ViolationLog, summary
from talkie_mock.devtools.voice import VoiceDesk
from talkie_mock.devtools.voice import routes as voice_routes
from talkie_mock.engine.actions import Actions
from talkie_mock.engine.clock import iso_of_ms
from talkie_mock.engine.refusals import RefusedError
from talkie_mock.errors import ScenarioError

PREFIX = "/_mock"
API = PREFIX + "/api"
STATE_LIMIT = 50
STATIC = {
    "inspector.js": "text/javascript; charset=utf-8",
    "inspector.css": "text/css; charset=utf-8",
}
# The page loads only its own script and style; nothing from another origin.
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
}


@dataclass
class DevTools:
    """Everything behind `/_mock/`: kept as `app.state.devtools`."""

    mock: Mock
    faults: FaultBoard
    traffic: Traffic
    verdicts: Verdicts
    violations: ViolationLog
    voice: VoiceDesk
    on_reset: list[Callable[[], None]] = field(default_factory=list)
    """What else a reset empties (the client suite's records of app mode)."""

    def record(self, exchange: Exchange, seen: Seen) -> None:
        """Judge one exchange; client mistakes also go to the violation log."""
        findings = self.verdicts.analyse(seen)
        findings += run_findings.judge(seen)
        findings += self.voice.rules.exchange(seen, bytes(exchange.response_body), exchange.stamp_ms)
        if not findings:
            return
        exchange.findings = findings
        evidence = Evidence(
            method=exchange.method, url=exchange.path, status=seen.status, exchange=exchange.id
        )
        self.violations.add(exchange.clock, [f.but(evidence=evidence) for f in findings])

    def state(self) -> dict[str, Any]:
        mock = self.mock
        mock.store.actions.settle_actions(mock.now_ms())
        now = mock.now_ms()
        threads = [
            {
                "id": t.id,
                "userId": t.user_id,
                "title": t.title,
                "channel": t.channel,
                "createdAt": iso_of_ms(t.created_at),
                "updatedAt": iso_of_ms(t.updated_at),
            }
            for t in mock.store.threads.recent_threads(STATE_LIMIT)
        ]
        actions = [
            {**Actions.model(a).model_dump(mode="json"), "userId": a.user_id}
            for a in mock.store.actions.recent_actions(STATE_LIMIT)
        ]
        voice = [
            {
                "voiceSessionId": v.id,
                "userId": v.user_id,
                "threadId": v.thread_id,
                "createdAt": iso_of_ms(v.created_at),
                "endsAt": iso_of_ms(v.ends_at),
                "seconds": v.seconds,
                "maxSeconds": v.max_seconds,
                "open": not v.closed and now < v.ends_at,
                "connected": v.id in mock.voice.connections,  # a live WebRTC connection: the user can "say"
            }
            for v in mock.store.voice.recent_voice(STATE_LIMIT)
        ]
        return {
            "clock": self.clock(),
            "faults": [f.to_json() for f in self.faults.faults],
            "threads": threads,
            "actions": actions,
            "voiceSessions": voice,
            "violations": self.violations.count(),
        }

    def clock(self) -> dict[str, Any]:
        return {"now": self.mock.clock.iso(), "frozen": self.mock.clock.frozen}


def _dev(request: Request) -> DevTools:
    tools: DevTools = request.app.state.devtools
    return tools


async def _json(request: Request) -> Any:
    """The body as JSON (`{}` when empty), by the API's strict reader: too deep, invalid text → 400."""
    raw = await request.body()
    return parse_json(raw) if raw.strip() else {}


# -- pages ------------------------------------------------------------------------------------------------


def _static(name: str) -> bytes:
    return resources.files("talkie_mock").joinpath("devtools", "static", name).read_bytes()


async def page(request: Request) -> Response:
    return Response(_static("index.html"), media_type="text/html; charset=utf-8", headers=PAGE_HEADERS)


async def asset(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in STATIC:
        return problem(request, "not_found", f"There is no inspector file {name[:40]}.")
    return Response(_static(name), media_type=STATIC[name], headers=PAGE_HEADERS)


# -- API --------------------------------------------------------------------------------------------------


async def get_state(request: Request) -> Response:
    tools = _dev(request)
    return JSONResponse(tools.traffic.redactor.redact(tools.state()))


async def get_clock(request: Request) -> Response:
    return JSONResponse(_dev(request).clock())


async def advance_clock(request: Request) -> Response:
    tools = _dev(request)
    body = await _json(request)
    seconds = body.get("seconds") if isinstance(body, dict) else None
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not 0 <= seconds <= 10 * 365 * 86400
    ):
        return problem(request, "invalid_request", "`seconds` must be a number from 0 to ten years.")
    try:
        tools.mock.clock.advance(float(seconds))
    except ValueError as exc:
        return problem(request, "invalid_request", f"{exc}.")
    tools.mock.store.actions.settle_actions(tools.mock.now_ms())
    return JSONResponse(tools.clock())


async def set_clock(request: Request) -> Response:
    tools = _dev(request)
    body = await _json(request)
    text = body.get("now") if isinstance(body, dict) else None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00")) if isinstance(text, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:  # a local time would mean another instant on every machine
        return problem(request, "invalid_request", "`now` must be an RFC 3339 instant with an offset or Z.")
    try:
        tools.mock.clock.set(moment)
    except ValueError as exc:
        return problem(request, "invalid_request", f"`now`: {exc}.")
    tools.mock.store.actions.settle_actions(tools.mock.now_ms())
    return JSONResponse(tools.clock())


async def reset_clock(request: Request) -> Response:
    tools = _dev(request)
    tools.mock.clock.reset()
    tools.mock.store.actions.settle_actions(tools.mock.now_ms())
    return JSONResponse(tools.clock())


async def freeze_clock(request: Request) -> Response:
    tools = _dev(request)
    tools.mock.clock.freeze()
    return JSONResponse(tools.clock())


async def resume_clock(request: Request) -> Response:
    tools = _dev(request)
    tools.mock.clock.resume()
    return JSONResponse(tools.clock())


async def list_stubs(request: Request) -> Response:
    rules = _dev(request).mock.agent.stubs.rules
    return JSONResponse({"stubs": [{"name": r.name, "match": r.pattern.pattern} for r in rules]})


async def add_stub(request: Request) -> Response:
    tools = _dev(request)
    try:
        rule = tools.mock.agent.stubs.add(await _json(request))
    except ScenarioError as exc:
        return problem(request, "invalid_request", str(exc))
    return JSONResponse({"name": rule.name, "match": rule.pattern.pattern}, status_code=201)


async def remove_stub(request: Request) -> Response:
    if not _dev(request).mock.agent.stubs.remove(request.path_params["name"]):
        return problem(request, "not_found", "No stub of that name.")
    return JSONResponse({"ok": True})


async def list_faults(request: Request) -> Response:
    return JSONResponse({"faults": [f.to_json() for f in _dev(request).faults.faults]})


async def add_fault(request: Request) -> Response:
    body = await _json(request)
    try:
        fault = _dev(request).faults.add(body)
    except FaultError as exc:
        return problem(request, "invalid_request", str(exc))
    return JSONResponse(fault.to_json(), status_code=201)


async def clear_faults(request: Request) -> Response:
    _dev(request).faults.clear()
    return JSONResponse({"ok": True})


async def remove_fault(request: Request) -> Response:
    if not _dev(request).faults.remove(request.path_params["faultId"]):
        return problem(request, "not_found", "No such fault.")
    return JSONResponse({"ok": True})


async def expire_action(request: Request) -> Response:
    tools = _dev(request)
    action_id = request.path_params["actionId"]
    tools.mock.store.actions.settle_actions(tools.mock.now_ms())
    row = tools.mock.store.actions.get_action(action_id)
    if row is None:
        return problem(request, "not_found", "No such action.")
    if not tools.mock.store.actions.expire_action(action_id):
        return problem(request, "conflict", f"The action is {row.status}, not pending.")
    fresh = tools.mock.store.actions.get_action(action_id)
    assert fresh is not None
    return JSONResponse(Actions.model(fresh).model_dump(mode="json"))


async def decide_action(request: Request) -> Response:
    """The inspector's confirm/cancel buttons: a person deciding, exactly as through the decision endpoint.

    The same decision path and checks as the app's: the body must carry the `paramsHash` the person saw
    (a changed action → 409 `stale`), so the control API never confirms what nobody looked at.
    """
    tools = _dev(request)
    action_id, decision = request.path_params["actionId"], request.path_params["decision"]
    if decision not in ("confirm", "cancel"):
        return problem(request, "not_found", "Use confirm or cancel.")
    body = await _json(request)
    given = body.get("paramsHash") if isinstance(body, dict) else None
    if not isinstance(given, str):
        return problem(request, "invalid_request", "Send the `paramsHash` of the action you decide on.")
    row = tools.mock.store.actions.get_action(action_id)
    if row is None:
        return problem(request, "not_found", "No such action.")
    try:
        answer = tools.mock.actions.decide(
            action_id, row.user_id, decision, given, "button", tools.mock.config.locale
        )
    except RefusedError as exc:
        err = refused(exc)
        return problem(request, err.code, err.message(tools.mock.config.locale), err.status)
    return JSONResponse(answer.model_dump(mode="json"))


async def get_traffic(request: Request) -> Response:
    tools = _dev(request)
    try:
        since = int(request.query_params.get("since", "0"))
    except ValueError:
        since = -1
    if since < 0:
        return problem(request, "invalid_request", "`since` must be a cursor: an integer from 0.")
    return JSONResponse({"cursor": tools.traffic.cursor, "entries": tools.traffic.since(since)})


async def get_traffic_har(request: Request) -> Response:
    """The whole traffic log as a HAR 1.2 file (redacted as `GET /traffic` is), to import elsewhere."""
    tools = _dev(request)
    return JSONResponse(
        har.archive(tools.traffic, tools.mock.config.origin),
        media_type=har.MEDIA_TYPE,
        headers={
            "Content-Disposition": f'attachment; filename="{har.FILE_NAME}"',
            "Cache-Control": "no-store",
        },
    )


async def clear_traffic(request: Request) -> Response:
    _dev(request).traffic.clear()
    return JSONResponse({"ok": True})


async def get_violations(request: Request) -> Response:
    tools = _dev(request)
    found = tools.traffic.redactor.redact(tools.violations.all())
    return JSONResponse({"violations": found, "summary": summary(found)})


RESET_ROUNDS = 20
"""How many times a reset stops the live runs before it empties the state anyway (a client starting runs
without pause could otherwise hold it off for ever)."""


async def reset(request: Request) -> Response:
    """Back to an empty mock: conversations, faults, traffic, violations and what `on_reset` holds (sign-ins
    are kept)."""
    tools = _dev(request)
    await tools.voice.reset()  # hangs up every voice connection; its end-of-session checks are dropped
    for _ in range(RESET_ROUNDS):  # a run may start while the others stop: stop until none is left
        await tools.mock.runs.shutdown()
        if not tools.mock.runs.live:
            break
    tools.mock.store.reset()  # no await since the check above: no run can start before the state is empty
    tools.faults.clear()
    tools.traffic.clear()
    tools.violations.clear()
    tools.verdicts.refused.clear()
    for also in tools.on_reset:
        also()
    return JSONResponse({"ok": True})


def routes() -> list[Route]:
    return [
        Route(PREFIX + "/", page, methods=["GET"]),
        Route(PREFIX + "/{name:str}", asset, methods=["GET"]),
        Route(API + "/state", get_state, methods=["GET"]),
        Route(API + "/clock", get_clock, methods=["GET"]),
        Route(API + "/clock/advance", advance_clock, methods=["POST"]),
        Route(API + "/clock/set", set_clock, methods=["POST"]),
        Route(API + "/clock/reset", reset_clock, methods=["POST"]),
        Route(API + "/clock/freeze", freeze_clock, methods=["POST"]),
        Route(API + "/clock/resume", resume_clock, methods=["POST"]),
        Route(API + "/stubs", list_stubs, methods=["GET"]),
        Route(API + "/stubs", add_stub, methods=["POST"]),
        Route(API + "/stubs/{name}", remove_stub, methods=["DELETE"]),
        Route(API + "/faults", list_faults, methods=["GET"]),
        Route(API + "/faults", add_fault, methods=["POST"]),
        Route(API + "/faults", clear_faults, methods=["DELETE"]),
        Route(API + "/faults/{faultId}", remove_fault, methods=["DELETE"]),
        Route(API + "/actions/{actionId}/expire", expire_action, methods=["POST"]),
        Route(API + "/actions/{actionId}/{decision}", decide_action, methods=["POST"]),
        Route(API + "/traffic", get_traffic, methods=["GET"]),
        Route(API + "/traffic", clear_traffic, methods=["DELETE"]),
        Route(API + "/traffic.har", get_traffic_har, methods=["GET"]),
        Route(API + "/violations", get_violations, methods=["GET"]),
        Route(API + "/reset", reset, methods=["POST"]),
        *voice_routes(API),
    ]


def install(app: Starlette, fixed: Fixed | None = None) -> DevTools:
    """Mount the control API and inspector, and start applying the configured faults."""
    mock: Mock = app.state.mock
    board = FaultBoard(mock.config.seed)
    for data in mock.config.faults:
        board.add(data)
    scenario = mock.agent.scenario
    for data in scenario.faults if scenario is not None else []:
        board.add(data)
    # every secret the instance knows by value, besides the patterns every minted credential matches
    redactor = Redactor([mock.config.token, *mock.config.other_tokens, app.state.devtools_key])
    traffic = Traffic(redactor=redactor, clock_ms=mock.clock.now_ms)
    violations = ViolationLog(mock.store.db, redactor)
    tools = DevTools(mock, board, traffic, Verdicts(mock), violations, VoiceDesk(mock, traffic, violations))
    app.state.voice_desk = tools.voice
    injector = FaultInjector(mock, board)
    mock.hooks.add(injector)
    mock.hooks.add_wrapper(injector)
    app.router.routes[0:0] = routes()
    app.add_middleware(
        TrafficRecorder,
        traffic=tools.traffic,
        analyse=tools.record,
        clock=mock.clock.now_ms,
        silent=Verdicts.silent,
        fixed=fixed,
        cors=CorsPolicy(mock.config.cors_origins),
    )
    app.state.devtools = tools
    return tools


__all__ = ["DevTools", "install"]
