"""Observation points around requests, responses and events.

The inspector, fault injection and the runtime self-check all need to see traffic without each endpoint
knowing about them. An :class:`Observer` is told about every request before it is handled (and may answer it
instead, which is how a fault is injected), about every JSON body the mock answers with its contract type, and
about every run event. :class:`SelfCheck` is the observer behind ``--self-check``.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

from starlette.requests import Request
from starlette.responses import Response
from talkie_models.validation import fast_validator

log = logging.getLogger("talkie_mock.api.hooks")


class Observer(Protocol):
    def idle(self) -> bool:
        """True while this observer would neither answer, change nor look at any request (no fault set)."""
        ...

    async def before_request(self, request: Request) -> Response | None:
        """Return a response to answer the request instead of its endpoint (faults); None to go on."""
        ...

    def on_response(self, request: Request | None, status: int, type_name: str, body: dict[str, Any]) -> None:
        """A JSON body the mock sends, with the contract type it claims to be."""
        ...

    def on_event(self, event: dict[str, Any]) -> None:
        """An event published into a run stream (or returned inside a decision or voice tool answer)."""
        ...


class ResponseWrapper(Protocol):
    def idle(self) -> bool:
        """True while this wrapper would hand every response back unchanged."""
        ...

    async def wrap_response(self, request: Request, response: Response) -> Response:
        """The response an endpoint produced, possibly changed or wrapped (stream faults, manifest extras)."""
        ...


class Hooks:
    """The registered observers and response wrappers, called in order."""

    def __init__(self) -> None:
        self.observers: list[Observer] = []
        self.wrappers: list[ResponseWrapper] = []

    def add(self, observer: Observer) -> None:
        self.observers.append(observer)

    def add_wrapper(self, wrapper: ResponseWrapper) -> None:
        self.wrappers.append(wrapper)

    def idle(self) -> bool:
        """Whether no observer and no wrapper would do anything now: then a fixed answer may skip them."""
        for observer in self.observers:  # loops, not all(): asked on every request of the manifest
            if not observer.idle():
                return False
        for wrapper in self.wrappers:  # noqa: SIM110 - a loop, as above
            if not wrapper.idle():
                return False
        return True

    async def after_request(self, request: Request, response: Response) -> Response:
        for wrapper in self.wrappers:
            response = await wrapper.wrap_response(request, response)
        return response

    async def before_request(self, request: Request) -> Response | None:
        for observer in self.observers:
            answer = await observer.before_request(request)
            if answer is not None:
                return answer
        return None

    def response(self, request: Request | None, status: int, type_name: str, body: dict[str, Any]) -> None:
        for observer in self.observers:
            observer.on_response(request, status, type_name, body)

    def event(self, event: dict[str, Any]) -> None:
        for observer in self.observers:
            observer.on_event(event)


class SelfCheck:
    """Validates everything the mock sends against the schemas and keeps what failed."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def idle(self) -> bool:
        return False  # it checks every body the mock sends

    async def before_request(self, request: Request) -> Response | None:
        return None

    def _check(self, type_name: str, body: Any, where: str) -> None:
        validator = fast_validator(type_name)
        if not validator.is_valid(body):
            problem = f"{where}: not a valid {type_name}: {'; '.join(validator.errors(body))}"
            self.problems.append(problem)
            log.error("self-check: %s", problem)

    def on_response(self, request: Request | None, status: int, type_name: str, body: dict[str, Any]) -> None:
        where = f"{request.method} {request.url.path}" if request is not None else "response"
        self._check(type_name, body, f"{where} → {status}")

    def on_event(self, event: dict[str, Any]) -> None:
        self._check("StreamEvent", event, f"event {event.get('type')}")
