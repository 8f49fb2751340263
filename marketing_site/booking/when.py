"""A demo's time in words, in the reader's language and zone: weekday, date, hours and the zone with its offset.

Day and month names come from Babel's CLDR data; digits stay Western 0-9 in every language (languages.py).
"""

from __future__ import annotations

from datetime import date, datetime

from babel.dates import get_day_names, get_month_names

from marketing_site.content.messages import message


def offset(moment: datetime) -> str:
    """UTC+01:00, UTC+05:30, UTC-03:00: the zone's offset at that moment (so DST shows)."""
    shift = moment.utcoffset()
    if shift is None:
        raise ValueError(f"{moment} has no time zone")
    minutes = int(shift.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def day_name(day: date, language: str) -> str:
    """ "Tuesday 1 December 2026" in ``language``."""
    return message(
        "booking.day",
        language,
        weekday=get_day_names("wide", locale=language)[day.weekday()],
        day=day.day,
        month=get_month_names("wide", locale=language)[day.month],
        year=day.year,
    )


def describe(start: datetime, end: datetime, language: str) -> str:
    """ "Tuesday 1 December 2026, 09:00-09:30 (Europe/London, UTC+00:00)" in ``language``; times aware, in
    the reader's zone."""
    return message(
        "booking.when",
        language,
        day=day_name(start.date(), language),
        start=f"{start:%H:%M}",
        end=f"{end:%H:%M}",
        zone=str(start.tzinfo),
        offset=offset(start),
    )
