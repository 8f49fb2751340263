"""The one clock the application reads. Tests set it (``frozen``) instead of sleeping or skipping when the
calendar moves on; everything that asks "what time is it" for a rule (booking notice, slot listing, timers,
mail back-off) calls ``utc_now``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

Clock = Callable[[], datetime]


def _system_clock() -> datetime:
    return datetime.now(UTC)


_clock: Clock = _system_clock


def utc_now() -> datetime:
    """Now, timezone-aware in UTC."""
    return _clock()


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
