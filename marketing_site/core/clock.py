"""The one clock the application reads. Tests set it (``frozen``) instead of sleeping or skipping when the
calendar moves on; everything that asks "what time is it" for a rule (booking notice, slot listing, timers,
mail back-off, the anti-spam time trap, a host's "today") calls ``utc_now`` or one of its readings below.
Durations a process measures for itself (timeouts, back-offs of a connection) use ``time.monotonic``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

Clock = Callable[[], datetime]


def _system_clock() -> datetime:
    return datetime.now(UTC)


_clock: Clock = _system_clock


def utc_now() -> datetime:
    """Now, timezone-aware in UTC."""
    return _clock()


def timestamp() -> float:
    """Now in seconds since the epoch, for instants a page carries as a number (a form's start)."""
    return _clock().timestamp()


def today_in(zone: str | ZoneInfo) -> date:
    """The calendar day it is now in ``zone`` (an IANA name): a host's or a visitor's "today", never the server's."""
    return _clock().astimezone(zone if isinstance(zone, ZoneInfo) else ZoneInfo(zone)).date()


@contextmanager
def frozen(at: datetime) -> Iterator[Callable[[timedelta], None]]:
    """Every ``utc_now`` returns ``at`` (aware) until the block ends; the yielded ``advance(delta)`` moves it on."""
    global _clock
    moment = [at.astimezone(UTC)]

    def advance(delta: timedelta) -> None:
        moment[0] += delta

    _clock = lambda: moment[0]  # noqa: E731 (the clock is a value, swapped back below)
    try:
        yield advance
    finally:
        _clock = _system_clock


def as_utc(moment: datetime) -> datetime:
    """SQLite hands stored instants back without their zone; they were written in UTC."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
