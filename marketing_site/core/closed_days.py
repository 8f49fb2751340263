"""Public holidays and the weekend of a country, from the ``holidays`` package (the one source): demo
slots leave them out, and response times of leads do not count them."""

from __future__ import annotations

from datetime import date
from functools import lru_cache

import holidays


@lru_cache(maxsize=256)
def _closed_days(country: str, year: int) -> tuple[frozenset[date], frozenset[int]]:
    """(public holidays, weekend weekdays) of a country and year; an unknown code gives none and Sat/Sun."""
    try:
        calendar = holidays.country_holidays(country, years=year)
    except NotImplementedError:
        calendar = holidays.HolidayBase()
    return frozenset(calendar.keys()), frozenset(calendar.weekend)


def is_closed(country: str, day: date) -> bool:
    """A public holiday or a weekend day in the country."""
    public_holidays, weekend = _closed_days(country, day.year)
    return day.weekday() in weekend or day in public_holidays
