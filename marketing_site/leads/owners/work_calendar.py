"""Working time: when someone works, so that a lead's response time counts only working minutes and the
rotation skips whoever has a day off today.

A demo host works their own hours in their own zone (the booking's availability); everyone else the
company's (COMPANY_HOURS in COMPANY_TIME_ZONE, less COMPANY_COUNTRY's weekend and public holidays). The
booking sits above the lead domain, so it hands its hosts' weeks in through ``use_own_weeks``
(``booking.calendar.install``, called where the app and the background loops start).

Every lead reads these weeks (is its taker off today? when is its answer due?), so each process keeps them: the
hosts' weeks until staff change any (``core.config_version``), each week's working stretches per local date, the
company's week for good (settings are read once), and the holidays per country and year (``core.closed_days``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo

from sqlmodel import Session

from marketing_site.core.closed_days import is_closed
from marketing_site.core.config_version import Cached
from marketing_site.settings import settings

SEARCH_DAYS = 400  # a calendar with no working time at all within this counts plain time instead
Stretches = tuple[tuple[int, int], ...]  # (start, end) minutes after local midnight
Instants = tuple[tuple[datetime, datetime], ...]  # (start, end) in UTC


@dataclass(frozen=True)
class WorkWeek:
    """Someone's working week: stretches per weekday (0 Monday) in their zone, less days off and the
    country's weekend and public holidays. Each local date's working stretches are worked out once."""

    zone: ZoneInfo
    hours: Mapping[int, Stretches]
    country: str
    days_off: frozenset[date] = frozenset()
    _days: dict[date, Instants] = field(default_factory=dict, init=False, repr=False, compare=False)

    def works_on(self, day: date) -> bool:
        return bool(self._stretches(day))

    def off_on(self, moment: datetime) -> bool:
        """A day off on the local date of ``moment``."""
        return not self.works_on(moment.astimezone(self.zone).date())

    def local(self, moment: datetime) -> datetime:
        return moment.astimezone(self.zone)

    def after_working_minutes(self, start: datetime, minutes: int) -> datetime:
        """The instant ``minutes`` of working time after ``start`` (a start outside hours counts from the next)."""
        left = timedelta(minutes=minutes)
        first_day = start.astimezone(self.zone).date()
        for offset in range(SEARCH_DAYS):
            for opens, closes in self._stretches(first_day + timedelta(days=offset)):
                begin = max(opens, start)
                if begin >= closes:
                    continue
                if begin + left <= closes:
                    return begin + left
                left -= closes - begin
        return start + timedelta(minutes=minutes)

    def _stretches(self, day: date) -> Instants:
        """The day's working stretches as UTC instants (wall-clock times in the zone, across a DST change too);
        none on a day off, a public holiday or the weekend."""
        known = self._days.get(day)
        if known is None:
            known = self._days[day] = self._work_out(day)  # a race computes it twice, the same
        return known

    def _work_out(self, day: date) -> Instants:
        if day in self.days_off or is_closed(self.country, day):
            return ()
        midnight = datetime.combine(day, time())
        return tuple(
            (
                (midnight + timedelta(minutes=start)).replace(tzinfo=self.zone).astimezone(UTC),
                (midnight + timedelta(minutes=end)).replace(tzinfo=self.zone).astimezone(UTC),
            )
            for start, end in self.hours.get(day.weekday(), ())
        )


def warm(moment: datetime) -> None:
    """Load the company's holiday calendar before a transaction needs it: the holidays package's first call
    in a process takes about 0.3 s, and longer with leads arriving together, far more than a transaction may
    sit idle (DATABASE_IDLE_IN_TRANSACTION_TIMEOUT)."""
    is_closed(settings.company_country, moment.astimezone(ZoneInfo(settings.company_time_zone)).date())


def company_week() -> WorkWeek:
    return _company_week(settings.company_time_zone, settings.company_hours, settings.company_country)


@cache
def _company_week(zone: str, hours: str, country: str) -> WorkWeek:
    opens, closes = (int(part[:2]) * 60 + int(part[3:]) for part in hours.split("-"))
    return WorkWeek(ZoneInfo(zone), dict.fromkeys(range(7), ((opens, closes),)), country)


OwnWeeks = Callable[[Session], Mapping[int, WorkWeek]]  # every account with a week of its own


def _nobody_has_own_week(_db_session: Session) -> Mapping[int, WorkWeek]:
    return {}


_own_weeks: Cached[Mapping[int, WorkWeek]] = Cached(_nobody_has_own_week)


def use_own_weeks(provider: OwnWeeks) -> None:
    """Where staff with a week of their own (demo hosts) are looked up; the rest work the company's."""
    global _own_weeks
    if not _own_weeks.builds_with(provider):
        _own_weeks = Cached(provider)


def weeks(db_session: Session, staff_ids: Collection[int]) -> dict[int, WorkWeek]:
    """Each account's working week: their own if they have one, else the company's."""
    own = _own_weeks.get(db_session) if staff_ids else {}
    company = company_week()
    return {staff_id: own.get(staff_id, company) for staff_id in staff_ids}


def week_of(db_session: Session, staff_id: int | None) -> WorkWeek:
    """One account's week; the company's for nobody (an unassigned lead)."""
    return weeks(db_session, [staff_id])[staff_id] if staff_id is not None else company_week()
