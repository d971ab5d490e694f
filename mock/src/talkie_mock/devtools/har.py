"""The inspector's traffic as a HAR 1.2 archive, the format Chrome DevTools, Charles and Insomnia import.

Each entry is made from what the inspector's JSON shows (:meth:`Exchange.to_json` through the instance's
:class:`~talkie_mock.devtools.redact.Redactor`), so the archive holds exactly what the traffic view holds:
the same headers, the same bodies, every secret cut to its head. A run's response is its event stream as
`text/event-stream` (one `data:` line per recorded event). The mock's own view of an exchange (its clock,
findings, faults, `--vary` choices, the UNSAFE mark) rides along in `_talkie`, as HAR allows for custom
fields. The recorder keeps when an exchange began and when it ended, not when its first byte left, so the
whole time is a stream's download (`receive`) or any other answer's `wait`.
"""

from __future__ import annotations

import http
import time
import urllib.parse
from datetime import UTC, datetime
from importlib import metadata
from typing import Any

from talkie_mock.devtools.traffic import Exchange, Traffic

HAR_VERSION = "1.2"
HTTP_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"})
"""What an entry's method must be: the inspector also lists voice data channels (method RTC), no HTTP."""
MEDIA_TYPE = "application/json"
FILE_NAME = "talkie-mock.har"


def creator() -> dict[str, str]:
    try:
        version = metadata.version("talkie-mock")
    except metadata.PackageNotFoundError:  # pragma: no cover - run from a source tree without metadata
        version = "0"
    return {"name": "talkie-mock", "version": version}


def archive(traffic: Traffic, origin: str) -> dict[str, Any]:
    """The traffic log as a HAR `{"log": …}` object, oldest exchange first.

    `origin` is the base of an entry's URL when its request carried no Host header.
    """
    exchanges = sorted(traffic.items, key=lambda e: e.id)
    entries = [entry(e, traffic.redactor.redact(e.to_json()), origin) for e in exchanges if _is_http(e)]
    left_out = len(exchanges) - len(entries)
    log: dict[str, Any] = {"version": HAR_VERSION, "creator": creator(), "pages": [], "entries": entries}
    if left_out:
        log["comment"] = f"{left_out} voice data channel(s) left out: HAR holds HTTP exchanges only."
    return {"log": log}


def _is_http(exchange: Exchange) -> bool:
    return exchange.method in HTTP_METHODS


def entry(exchange: Exchange, shown: dict[str, Any], origin: str) -> dict[str, Any]:
    """One HAR entry from an exchange and its redacted JSON (`shown`)."""
    elapsed = exchange.duration_ms
    if elapsed is None:  # still open: the time so far
        elapsed = round((time.monotonic() - exchange.started) * 1000, 1)
    streamed = shown["stream"] is not None
    timings = {
        "blocked": -1,
        "dns": -1,
        "connect": -1,
        "ssl": -1,
        "send": 0,
        "wait": 0 if streamed else elapsed,
        "receive": elapsed if streamed else 0,
    }
    return {
        "startedDateTime": _wall_clock(exchange.started),
        "time": elapsed,
        "request": _request(exchange, shown, origin),
        "response": _response(exchange, shown),
        "cache": {},
        "timings": timings,
        "_talkie": {
            "exchange": shown["id"],
            "clock": shown["clock"],
            "endpoint": shown["endpoint"],
            "stream": shown["stream"],
            "eventCount": shown["eventCount"],
            "faults": shown["faults"],
            "variations": shown["variations"],
            "unsafe": shown.get("unsafe"),
            "findings": shown["findings"],
        },
    }


def _wall_clock(started: float) -> str:
    """A monotonic instant as the real time it was (HAR wants when the request really started)."""
    moment = datetime.fromtimestamp(time.time() - (time.monotonic() - started), UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _pairs(headers: dict[str, str]) -> list[dict[str, str]]:
    return [{"name": name, "value": value} for name, value in headers.items()]


def _host(exchange: Exchange) -> str | None:
    for name, value in exchange.raw_request_headers:
        if name.lower() == b"host":
            return value.decode("latin-1")
    return None


def _request(exchange: Exchange, shown: dict[str, Any], origin: str) -> dict[str, Any]:
    query = shown["query"]
    host = _host(exchange)
    base = f"http://{host}" if host else origin.rstrip("/")
    request: dict[str, Any] = {
        "method": shown["method"],
        "url": base
        + urllib.parse.quote(shown["path"], safe="/%:@!$&'()*+,;=-._~")
        + (f"?{query}" if query else ""),
        "httpVersion": "HTTP/1.1",
        "cookies": [],
        "headers": _pairs(shown["request"]["headers"]),
        "queryString": [
            {"name": name, "value": value}
            for name, value in urllib.parse.parse_qsl(query, keep_blank_values=True)
        ],
        "headersSize": -1,
        "bodySize": exchange.request_size,
    }
    body = shown["request"]["body"]
    if body:
        mime = shown["request"]["headers"].get("content-type", "application/octet-stream")
        request["postData"] = {"mimeType": mime, "text": body}
    return request


def _response(exchange: Exchange, shown: dict[str, Any]) -> dict[str, Any]:
    status = shown["response"]["status"]
    headers = shown["response"]["headers"]
    mime = headers.get("content-type", "")
    if shown["stream"] is not None:
        text = "".join(f"data: {event['data']}\n\n" for event in shown["events"])
        size = exchange.chunk_bytes if not exchange.overflow_events else -1
        content: dict[str, Any] = {
            "size": len(text.encode()),
            "mimeType": mime or "text/event-stream",
            "text": text,
        }
        kept = len(shown["events"])
        if kept < shown["eventCount"] or exchange.overflow_events:
            content["comment"] = f"{kept} of {shown['eventCount']} events kept by the inspector"
    else:
        text = shown["response"]["body"]
        size = exchange.response_size
        content = {"size": size, "mimeType": mime or "application/octet-stream", "text": text}
    return {
        "status": status if status is not None else 0,
        "statusText": _reason(status),
        "httpVersion": "HTTP/1.1",
        "cookies": [],
        "headers": _pairs(headers),
        "content": content,
        "redirectURL": headers.get("location", ""),
        "headersSize": -1,
        "bodySize": size,
    }


def _reason(status: int | None) -> str:
    if status is None:
        return ""
    try:
        return http.HTTPStatus(status).phrase
    except ValueError:
        return ""
