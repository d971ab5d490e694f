"""§4 Status: who is signed in, what they may use now, and their usage."""

from __future__ import annotations

from talkie_conformance import rule_ids as rid
from talkie_conformance.checking import CheckContext, check
from talkie_conformance.checks._support import json_answer


@check(rid.STAT_SHAPE, rid.STAT_USER, rid.STAT_FLAGS, rid.STAT_USAGE)
def status_shape(ctx: CheckContext) -> None:
    """GET status answers user (id, name), chat and voice booleans, and well-formed usage lines."""
    exchange = ctx.request("GET", "status")
    ctx.require(
        rid.STAT_SHAPE, exchange.status == 200, f"GET status answered {exchange.status}", exchange=exchange
    )
    body = exchange.json_or_none()
    ctx.require(
        rid.STAT_SHAPE, isinstance(body, dict), "GET status did not answer a JSON object", exchange=exchange
    )
    missing = [key for key in ("user", "chat", "voice", "usage") if key not in body]
    ctx.expect(rid.STAT_SHAPE, not missing, f"status lacks {missing}", exchange=exchange)
    user = body.get("user")
    ctx.expect(
        rid.STAT_USER,
        isinstance(user, dict) and isinstance(user.get("id"), str) and isinstance(user.get("name"), str),
        f"status.user needs an id and a name: {user!r}",
        exchange=exchange,
    )
    for flag in ("chat", "voice"):
        ctx.expect(rid.STAT_FLAGS, isinstance(body.get(flag), bool), f"status.{flag} is not a boolean")
    usage = body.get("usage")
    ctx.require(rid.STAT_USAGE, isinstance(usage, list), f"status.usage is not a list: {usage!r}")
    for index, line in enumerate(usage):
        ctx.validate(rid.STAT_USAGE, line, "UsageMeter", f"status.usage[{index}]", exchange=exchange)
    if not ctx.violations:
        json_answer(ctx, rid.STAT_SHAPE, exchange, "Status", "GET status")
