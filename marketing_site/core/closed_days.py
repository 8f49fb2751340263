"""Public holidays and the weekend of a country, from the ``holidays`` package (the one source): demo
slots leave them out, and response times of leads do not count them."""

from __future__ import annotations

import threading
from datetime import date
from functools import lru_cache

import holidays

_first = threading.Lock()


@lru_cache(maxsize=256)
def _closed_days(country: str, year: int) -> tuple[frozenset[date], frozenset[int]]:
    """(public holidays, weekend weekdays) of a country and year; an unknown code gives none and Sat/Sun.

    The package's first call in a process costs about 0.3 s (it loads its calendars): concurrent first calls
    wait for one under the lock instead of each paying it (``leads.owners.work_calendar.warm`` pays it early)."""
    with _first:
        try:
            calendar = holidays.country_holidays(country, years=year)
        except NotImplementedError:
            calendar = holidays.HolidayBase()
    return frozenset(calendar.keys()), frozenset(calendar.weekend)


def weekend(country: str, year: int) -> frozenset[int]:
    """The weekdays (0 Monday) of a country's weekend that year, as its holiday calendar has them."""
    return _closed_days(country, year)[1]


def is_closed(country: str, day: date) -> bool:
    """A public holiday or a weekend day in the country."""
    public_holidays, weekend = _closed_days(country, day.year)
    return day.weekday() in weekend or day in public_holidays
