"""Time as a staff member reads it: in their own zone, written one way ("Tue 25 Nov, 09:34 (Muscat)"), with
the age of a lead in lists ("2 h ago"); a day they filter by is a day of that zone, and a CSV carries
ISO 8601 with the zone's offset.

Their zone is the one they chose (``StaffUser.time_zone``), else the one their browser reports (staff.js
writes it into the ``staff_tz`` cookie), else the company's (COMPANY_TIME_ZONE).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo

from babel.dates import format_datetime, get_timezone_location

from marketing_site.booking.errors import UnknownTimeZone
from marketing_site.booking.slots import zone
from marketing_site.core.clock import as_utc
from marketing_site.mail.render import STAFF_LANGUAGE
from marketing_site.settings import settings

BROWSER_ZONE_COOKIE = "staff_tz"
RECENT = timedelta(days=14)  # older than this, a list shows the date instead of the age


def zone_named(name: object) -> ZoneInfo | None:
    """The IANA zone called ``name``, or None for anything else (a cookie is what the browser sent)."""
    try:
        return zone(name)
    except UnknownTimeZone:
        return None


def viewer_zone(chosen: str | None, reported: str | None) -> ZoneInfo:
    return zone_named(chosen) or zone_named(reported) or ZoneInfo(settings.company_time_zone)


@cache
def place(zone_info: ZoneInfo) -> str:
    """ "Muscat", "New York", "UTC": the zone as the clock on a wall would be labelled (CLDR's city)."""
    return get_timezone_location(zone_info, locale=STAFF_LANGUAGE, return_city=True).rpartition("/")[2]


@dataclass(frozen=True)
class StaffClock:
    """One staff member's zone and the moment the page is drawn (every "ago" on a page counts from it)."""

    zone: ZoneInfo
    now: datetime

    @classmethod
    def at(cls, zone_info: ZoneInfo, now: datetime) -> StaffClock:
        return cls(zone_info, as_utc(now))

    @property
    def place(self) -> str:
        return place(self.zone)

    def local(self, moment: datetime) -> datetime:
        return as_utc(moment).astimezone(self.zone)

    def when(self, moment: datetime, with_place: bool = True) -> str:
        """ "Tue 25 Nov, 09:34 (Muscat)"; another year than this one adds it: "Mon 3 Mar 2025, 10:00 (Muscat)"."""
        local = self.local(moment)
        pattern = "EEE d MMM, HH:mm" if local.year == self.today().year else "EEE d MMM y, HH:mm"
        text = format_datetime(local, pattern, locale=STAFF_LANGUAGE)
        return f"{text} ({self.place})" if with_place else text

    def clock_time(self, moment: datetime) -> str:
        return f"{self.local(moment):%H:%M}"

    def day_name(self, day: date) -> str:
        """ "Tue 25 Nov" (a day of this zone)."""
        pattern = "EEE d MMM" if day.year == self.today().year else "EEE d MMM y"
        return format_datetime(datetime.combine(day, time(12)), pattern, locale=STAFF_LANGUAGE)

    def ago(self, moment: datetime) -> str:
        """ "just now", "5 min ago", "2 h ago", "3 d ago"; the day once it is older than two weeks."""
        age = self.now - as_utc(moment)
        if age < timedelta(minutes=1):
            return "just now"
        if age < timedelta(hours=1):
            return f"{age // timedelta(minutes=1)} min ago"
        if age < timedelta(days=1):
            return f"{age // timedelta(hours=1)} h ago"
        if age < RECENT:
            return f"{age.days} d ago"
        return self.day_name(self.local(moment).date())

    def iso(self, moment: datetime | None) -> str:
        """2026-11-25T09:34:00+04:00 (seconds, the zone's offset at that moment): the CSV's form."""
        return self.local(moment).replace(microsecond=0).isoformat() if moment else ""

    def today(self) -> date:
        return self.now.astimezone(self.zone).date()

    def day_start(self, day: date) -> datetime:
        """The UTC instant this zone's ``day`` begins (a day of a DST change is 23 or 25 hours long)."""
        return datetime.combine(day, time.min, tzinfo=self.zone).astimezone(UTC)
