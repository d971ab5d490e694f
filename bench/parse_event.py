"""Events per second of ``talkie_models.parse_event`` on a recorded run stream, beside plain ``json.loads``.

The stream is every ``schemas/examples/stream-*.json`` recording serialised as SSE ``data`` payloads (compact
JSON, one line each), repeated to the requested size. Both contenders read the same lines in the same process;
the ratio ``json.loads / parse_event`` is the figure to watch: the cost of typed parsing over none.

    python bench/parse_event.py [--events N] [--repeat R]
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from talkie_models import UnknownEvent, parse_event

ROOT = Path(__file__).resolve().parent.parent


def recorded_lines() -> list[bytes]:
    """The ``data`` payloads of every recorded stream, as a server would send them."""
    lines: list[bytes] = []
    for path in sorted((ROOT / "schemas" / "examples").glob("stream-*.json")):
        events = json.loads(path.read_text(encoding="utf-8"))
        lines += [json.dumps(e, ensure_ascii=False, separators=(",", ":")).encode() for e in events]
    if not lines:
        raise SystemExit("no schemas/examples/stream-*.json recordings found")
    return lines


def best_rate(parse: Callable[[bytes], Any], lines: list[bytes], repeat: int) -> float:
    """Events per second of the fastest of ``repeat`` passes over ``lines``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for line in lines:
            parse(line)
        best = min(best, time.perf_counter() - start)
    return len(lines) / best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=200_000, help="events per pass (default 200000)")
    parser.add_argument("--repeat", type=int, default=5, help="passes; the fastest counts (default 5)")
    args = parser.parse_args(argv)
    recorded = recorded_lines()
    lines = (recorded * (args.events // len(recorded) + 1))[: args.events]
    if any(isinstance(parse_event(line), UnknownEvent) for line in recorded):
        raise SystemExit("a recording holds an event talkie_models does not know")
    baseline = best_rate(json.loads, lines, args.repeat)
    typed = best_rate(parse_event, lines, args.repeat)
    print(f"stream: {len(recorded)} recorded events, {len(lines)} per pass, best of {args.repeat}")
    print(f"json.loads   {baseline:>12,.0f} events/s")
    print(f"parse_event  {typed:>12,.0f} events/s")
    print(f"ratio        {baseline / typed:>12.2f}x  (json.loads / parse_event)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
