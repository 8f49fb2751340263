"""A demo host's availability as staff change it: who they are to visitors, their weekly hours, their days off.

Each change is checked whole before anything is written, and written with its audit entry in the caller's
session (the staff area opens it, checks the account may host, and commits).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import cache
from zoneinfo import available_timezones

import holidays
from sqlmodel import Session, col, delete, select

from marketing_site.booking import meeting
from marketing_site.booking.models import DayOff, DemoHost, WorkingHours
from marketing_site.booking.setup.week_text import WEEKDAYS, Stretch, day_text
from marketing_site.core.clock import today_in
from marketing_site.staff.audit import AuditAction, audit
from marketing_site.staff.refused import ChangeRefused

MAX_NAME_LENGTH = 100


@cache
def time_zones() -> tuple[str, ...]:
    return tuple(sorted(name for name in available_timezones() if "/" in name and not name.startswith("Etc/")))


@cache
def countries() -> frozenset[str]:
    return frozenset(code for code in holidays.list_supported_countries() if len(code) == 2)


def host_of(db_session: Session, staff_id: int) -> DemoHost:
    host = db_session.get(DemoHost, staff_id)
    if host is None:
        raise ChangeRefused("Save the name, time zone and country first")
    return host


@dataclass(frozen=True)
class HostDetails:
    """Who a host is to visitors, as staff typed it (checked and tidied by ``host_save``)."""

    display_name: str
    time_zone: str
    country: str
    active: bool
    meeting_link: str = ""


def host_save(db_session: Session, actor_id: int | None, staff_id: int, details: HostDetails) -> None:
    """Create or update the host's public name, zone, country and meeting link (how visitors join)."""
    display_name, country = " ".join(details.display_name.split()), details.country.strip().upper()
    time_zone, active = details.time_zone, details.active
    try:
        meeting_link = meeting.checked(details.meeting_link)
    except meeting.MeetingLinkInvalid as invalid:
        raise ChangeRefused(str(invalid)) from None
    if not display_name or len(display_name) > MAX_NAME_LENGTH:
        raise ChangeRefused(f"The name visitors see needs between 1 and {MAX_NAME_LENGTH} characters")
    if time_zone not in time_zones():
        raise ChangeRefused("Choose a time zone from the list (e.g. Asia/Muscat, Asia/Karachi)")
    if country not in countries():
        raise ChangeRefused("The country needs its two-letter code with a holiday calendar (e.g. OM, PK, AE)")
    host = db_session.get(DemoHost, staff_id) or DemoHost(staff_user_id=staff_id, display_name=display_name)
    host.display_name, host.time_zone, host.country, host.active = display_name, time_zone, country, active
    host.meeting_link = meeting_link
    db_session.add(host)
    audit(
        db_session,
        actor_id,
        AuditAction.DEMO_HOST,
        detail=f"host {staff_id}: {time_zone}, {country}, {'active' if active else 'paused'}",
    )


def hours_save(db_session: Session, actor_id: int | None, staff_id: int, week: dict[int, list[Stretch]]) -> None:
    """Replace the host's whole week with the one given (read and checked from what staff typed)."""
    host_of(db_session, staff_id)
    db_session.exec(delete(WorkingHours).where(col(WorkingHours.host_id) == staff_id))
    for weekday, stretches in week.items():
        db_session.add_all(
            WorkingHours(host_id=staff_id, weekday=weekday, start_minute=start, end_minute=end)
            for start, end in stretches
        )
    audit(
        db_session,
        actor_id,
        AuditAction.WORKING_HOURS,
        detail=f"host {staff_id}: "
        + "; ".join(
            f"{WEEKDAYS[weekday][:3]} {day_text(stretches)}" for weekday, stretches in week.items() if stretches
        ),
    )


def day_off_add(db_session: Session, actor_id: int | None, staff_id: int, day: date) -> None:
    if day < today_in(host_of(db_session, staff_id).time_zone):  # the host's today, not the server's
        raise ChangeRefused(f"{day.isoformat()} is in the past")
    if db_session.exec(select(DayOff).where(DayOff.host_id == staff_id, DayOff.day == day)).first():
        raise ChangeRefused(f"{day.isoformat()} is already a day off")
    db_session.add(DayOff(host_id=staff_id, day=day))
    audit(db_session, actor_id, AuditAction.DAY_OFF, detail=f"host {staff_id}: + {day.isoformat()}")


def day_off_remove(db_session: Session, actor_id: int | None, staff_id: int, day_off_id: int) -> None:
    day_off = db_session.get(DayOff, day_off_id)
    if day_off is None or day_off.host_id != staff_id:
        raise ChangeRefused("This day off no longer exists")
    db_session.delete(day_off)
    audit(db_session, actor_id, AuditAction.DAY_OFF, detail=f"host {staff_id}: - {day_off.day.isoformat()}")
