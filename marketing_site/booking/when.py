"""A demo's time in words, in the reader's language and zone: weekday, date, hours and the zone with its offset.

Day, month and zone names come from Babel's CLDR data ("يوم الاثنين 1 مارس 2027، من 09:00 إلى 09:30 (توقيت
عُمان، UTC+04:00)"); English keeps the IANA zone name its readers chose ("Asia/Muscat"). Digits stay Western
0-9 in every language (languages.py). Runs of the other direction are isolated (content.messages.isolated_message),
so the brackets around the zone stay paired in Arabic text.
"""

from __future__ import annotations

from datetime import date, datetime
from functools import cache, lru_cache
from zoneinfo import available_timezones

from babel import Locale
from babel.core import get_global
from babel.dates import get_day_names, get_month_names, get_timezone_location

from marketing_site.content.messages import isolated_message, message
from marketing_site.i18n.languages import DEFAULT

UTC_NAMES = frozenset({"UTC", "Etc/UTC", "Etc/UCT", "UCT", "Universal", "Etc/Universal", "Zulu", "Etc/Zulu"})


def offset(moment: datetime) -> str:
    """UTC+01:00, UTC+05:30, UTC-03:00: the zone's offset at that moment (so DST shows)."""
    shift = moment.utcoffset()
    if shift is None:
        raise ValueError(f"{moment} has no time zone")
    minutes = int(shift.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


@lru_cache(maxsize=2048)
def zone_name(tz_name: str, language: str) -> str:
    """The zone as a reader of ``language`` knows it: the IANA name in English ("Asia/Muscat"), CLDR's
    location name elsewhere ("توقيت عُمان"); the IANA name where CLDR knows no region for it (Etc/GMT+4)."""
    if language == DEFAULT.code:
        return tz_name
    if tz_name in UTC_NAMES:
        return message("booking.zone.utc", language)
    location = get_timezone_location(tz_name, locale=language)
    unknown_region = Locale.parse(language).territories.get("ZZ", "")
    return tz_name if unknown_region and unknown_region in location else location


@cache
def zone_names() -> tuple[str, ...]:
    """The zones a visitor chooses from: IANA names of a place ("Asia/Muscat"), without the old aliases
    ("Asia/Calcutta" is "Asia/Kolkata"), which would show twice under one name."""
    aliases = get_global("zone_aliases")
    return tuple(
        sorted(
            name
            for name in available_timezones()
            if "/" in name and not name.startswith(("Etc/", "SystemV/")) and name not in aliases
        )
    )


def chosen_zone(name: object) -> str | None:
    """The zone list's name for a zone a browser or a form reports (an old alias becomes its current name)."""
    if not isinstance(name, str):
        return None
    current = get_global("zone_aliases").get(name, name)
    return current if current in zone_names() else None


@cache
def zone_choices(language: str) -> tuple[tuple[str, str], ...]:
    """(IANA name, name shown) of every zone, in the order a reader of ``language`` looks them up."""
    return tuple(sorted(((name, zone_name(name, language)) for name in zone_names()), key=lambda pair: pair[1]))


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


def short_day(day: date, language: str) -> tuple[str, str]:
    """ "Tue" and "1 Dec" in ``language``: a day as a week's list of days shows it."""
    weekday = get_day_names("abbreviated", locale=language)[day.weekday()]
    return weekday, f"{day.day} {get_month_names('abbreviated', locale=language)[day.month]}"


def describe(start: datetime, end: datetime, language: str) -> str:
    """ "Tuesday 1 December 2026, 09:00-09:30 (Europe/London, UTC+00:00)" in ``language``; times aware, in
    the reader's zone."""
    return isolated_message(
        "booking.when",
        language,
        day=day_name(start.date(), language),
        start=f"{start:%H:%M}",
        end=f"{end:%H:%M}",
        zone=zone_name(str(start.tzinfo), language),
        offset=offset(start),
    )
