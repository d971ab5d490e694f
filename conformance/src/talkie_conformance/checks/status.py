"""§4 Status: who is signed in, what they may use now, and their usage."""

from __future__ import annotations

from talkie_conformance.checking import CheckContext, check
from talkie_conformance.checks._support import json_answer


@check("STAT-001", "STAT-002", "STAT-003", "STAT-004")
def status_shape(ctx: CheckContext) -> None:
    """GET status answers user (id, name), chat and voice booleans, and well-formed usage lines."""
    exchange = ctx.request("GET", "status")
    ctx.require(
        "STAT-001", exchange.status == 200, f"GET status answered {exchange.status}", exchange=exchange
    )
    body = exchange.json_or_none()
    ctx.require(
        "STAT-001", isinstance(body, dict), "GET status did not answer a JSON object", exchange=exchange
    )
    missing = [key for key in ("user", "chat", "voice", "usage") if key not in body]
    ctx.expect("STAT-001", not missing, f"status lacks {missing}", exchange=exchange)
    user = body.get("user")
    ctx.expect(
        "STAT-002",
        isinstance(user, dict) and isinstance(user.get("id"), str) and isinstance(user.get("name"), str),
        f"status.user needs an id and a name: {user!r}",
        exchange=exchange,
    )
    for flag in ("chat", "voice"):
        ctx.expect("STAT-003", isinstance(body.get(flag), bool), f"status.{flag} is not a boolean")
    usage = body.get("usage")
    ctx.require("STAT-004", isinstance(usage, list), f"status.usage is not a list: {usage!r}")
    for index, line in enumerate(usage):
        ctx.validate("STAT-004", line, "UsageMeter", f"status.usage[{index}]", exchange=exchange)
    if not ctx.violations:
        json_answer(ctx, "STAT-001", exchange, "Status", "GET status")
