"""The mock's notion of time.

Actions and voice sessions expire; tests must reach those moments without sleeping. Every component asks this
clock instead of the system, and tests and the control API move it: :meth:`Clock.advance` forward,
:meth:`Clock.set` to any instant (back too: to replay a morning), :meth:`Clock.reset` to how it started.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
LATEST = datetime(9000, 1, 1, tzinfo=UTC)
"""The instants the clock may show: every later date (an expiry, a `Retry-After`) still fits a datetime, and
none is before the epoch that stored times count from."""


class Clock:
    """Wall-clock time plus an offset; frozen when started at a fixed instant."""

    def __init__(self, start: datetime | None = None) -> None:
        self._start = start.astimezone(UTC) if start is not None else None
        self._frozen = self._start
        self._offset = 0.0

    def now(self) -> datetime:
        """The current instant, in UTC, with millisecond precision."""
        base = self._frozen if self._frozen is not None else datetime.fromtimestamp(time.time(), UTC)
        moment = base + timedelta(seconds=self._offset)
        return moment.replace(microsecond=(moment.microsecond // 1000) * 1000)

    def now_ms(self) -> int:
        """The current instant in milliseconds since the epoch, without building a datetime (hot paths)."""
        if self._frozen is None:
            # the same rounding as `now()`: microseconds first (as datetime does), then whole milliseconds
            return (round(time.time() * 1_000_000) + round(self._offset * 1_000_000)) // 1000
        return int(self.now().timestamp() * 1000)

    def advance(self, seconds: float) -> datetime:
        """Move time forward (never back) and return the new instant."""
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        if self.now() + timedelta(seconds=seconds) > LATEST:
            raise ValueError(f"the clock stops at {to_iso(LATEST)}")
        self._offset += seconds
        return self.now()

    @property
    def frozen(self) -> bool:
        return self._frozen is not None

    def freeze(self) -> datetime:
        """Stop time at the current instant (until :meth:`resume`); advancing still works."""
        if self._frozen is None:
            self._frozen, self._offset = self.now(), 0.0
        return self.now()

    def resume(self) -> datetime:
        """Let time run again from the current instant (the offset keeps what advancing added)."""
        if self._frozen is not None:
            moment = self.now()
            self._frozen = None
            self._offset = (moment - datetime.fromtimestamp(time.time(), UTC)).total_seconds()
        return self.now()

    def set(self, moment: datetime) -> datetime:
        """Jump to `moment`, forward or back (a frozen clock stays frozen there, a running one runs on)."""
        shown = f"the clock shows instants from {to_iso(EARLIEST)} to {to_iso(LATEST)}"
        try:
            moment = moment.astimezone(UTC)
        except OverflowError:  # 0001-01-01T00:00:00+01:00: before the first instant a datetime holds
            raise ValueError(shown) from None
        if not EARLIEST <= moment <= LATEST:
            raise ValueError(shown)
        if self._frozen is not None:
            self._frozen, self._offset = moment, 0.0
        else:
            self._offset = (moment - datetime.fromtimestamp(time.time(), UTC)).total_seconds()
        return self.now()

    def reset(self) -> datetime:
        """Back to how it started: the configured start instant (frozen), else the real time (running)."""
        self._frozen, self._offset = self._start, 0.0
        return self.now()

    def iso(self, moment: datetime | None = None) -> str:
        """RFC 3339 in UTC with a `Z`, as every timestamp on the wire."""
        return to_iso(moment or self.now())


def to_iso(moment: datetime) -> str:
    """Format an instant the way the specification's examples write timestamps: whole seconds in UTC with `Z`
    (`2026-10-22T10:00:00Z`, lines 220, 263); the fraction is cut, so a time never shows later than it is.
    Other RFC 3339 forms are `--vary` choices (engine/variations, notes N-51)."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def from_iso(text: str) -> datetime:
    """Parse a timestamp written by :func:`to_iso` (or any RFC 3339 form Python accepts)."""
    return datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(UTC)


def iso_of_ms(ms: int) -> str:
    """:func:`to_iso` of an instant given in milliseconds since the epoch."""
    return to_iso(datetime.fromtimestamp(ms / 1000, UTC))
