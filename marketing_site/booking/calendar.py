"""Demo hosts' own working weeks for the lead domain's working time (``leads.owners.work_calendar``): a host's
response times count in their hours and zone, and the rotation skips them on their days off."""

from __future__ import annotations

from collections.abc import Mapping
from zoneinfo import ZoneInfo

from sqlmodel import Session

from marketing_site.booking.slots import host_weeks
from marketing_site.leads.owners import work_calendar
from marketing_site.leads.owners.work_calendar import WorkWeek


def host_work_weeks(db_session: Session) -> Mapping[int, WorkWeek]:
    """Every active host's week: their hours, days off, country and zone (the lead domain keeps them until staff
    change any)."""
    return {
        week.host.staff_user_id: WorkWeek(
            ZoneInfo(week.host.time_zone),
            {weekday: tuple(stretches) for weekday, stretches in week.hours.items()},
            week.host.country,
            week.days_off,
        )
        for week in host_weeks(db_session)
    }


def install() -> None:
    """Hand the hosts' weeks to the lead domain (called where the app and the background loops start)."""
    work_calendar.use_own_weeks(host_work_weeks)
