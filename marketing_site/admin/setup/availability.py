"""A demo host's availability as staff set it: who they are to visitors, their weekly hours, their days off.

Each change is checked whole before anything is written, and written with its audit entry in one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import cache
from zoneinfo import available_timezones

import holidays
from babel import Locale
from sqlmodel import Session, col, delete, select

from marketing_site.admin.audit import audit
from marketing_site.admin.lead_work import WorkRefused
from marketing_site.admin.roles import may_host_demos
from marketing_site.admin.setup.week_text import WEEKDAYS, HoursInvalid, Stretch, day_text, read_week
from marketing_site.admin.staff_db import staff_session, staff_write_session
from marketing_site.booking import meeting
from marketing_site.booking.models import DayOff, DemoHost, WorkingHours
from marketing_site.core.closed_days import weekend
from marketing_site.mail.render import STAFF_LANGUAGE
from marketing_site.staff.models import StaffUser

MAX_NAME_LENGTH = 100


class NotAHost(LookupError):
    """No staff account of a role that gives demos has this id."""


@dataclass(frozen=True)
class HostWeek:
    """Everything the availability page shows for one staff member (``host`` is None until they become one)."""

    staff: StaffUser
    host: DemoHost | None
    days: list[tuple[str, str, str]]  # (weekday name, its hours as text, why no demo is offered that day or "")
    days_off: list[DayOff]


def weekend_reason(country: str, weekday: int) -> str:
    """Why a weekday offers no demo in ``country`` ("" if it may): its weekend, from the holiday calendar."""
    if weekday not in weekend(country, date.today().year):
        return ""
    name = Locale.parse(STAFF_LANGUAGE).territories.get(country, country)
    return f"the weekend in {name}, when no demo is offered"


@cache
def time_zones() -> tuple[str, ...]:
    return tuple(sorted(name for name in available_timezones() if "/" in name and not name.startswith("Etc/")))


@cache
def countries() -> frozenset[str]:
    return frozenset(code for code in holidays.list_supported_countries() if len(code) == 2)


def _staff(db_session: Session, staff_id: int) -> StaffUser:
    staff = db_session.get(StaffUser, staff_id)
    if staff is None or not may_host_demos(staff.role):
        raise NotAHost(staff_id)
    return staff


def _host(db_session: Session, staff_id: int) -> DemoHost:
    _staff(db_session, staff_id)
    host = db_session.get(DemoHost, staff_id)
    if host is None:
        raise WorkRefused("Save the name, time zone and country first")
    return host


def host_week(staff_id: int) -> HostWeek:
    with staff_session() as db_session:
        staff = _staff(db_session, staff_id)
        hours = db_session.exec(select(WorkingHours).where(WorkingHours.host_id == staff_id)).all()
        days_off = db_session.exec(
            select(DayOff).where(DayOff.host_id == staff_id, DayOff.day >= date.today()).order_by(col(DayOff.day))
        ).all()
        per_day: dict[int, list[Stretch]] = {weekday: [] for weekday in range(7)}
        for stretch in hours:
            per_day[stretch.weekday].append((stretch.start_minute, stretch.end_minute))
        host = db_session.get(DemoHost, staff_id)
        return HostWeek(
            staff,
            host,
            [
                (
                    WEEKDAYS[weekday],
                    day_text(per_day[weekday]),
                    weekend_reason(host.country, weekday) if host and per_day[weekday] else "",
                )
                for weekday in range(7)
            ],
            list(days_off),
        )


def hosts() -> list[tuple[StaffUser, DemoHost | None]]:
    """Every account that may give demos, with its host record if it has one (the admin's list)."""
    with staff_session() as db_session:
        rows = db_session.exec(select(StaffUser, DemoHost).join(DemoHost, isouter=True).order_by(StaffUser.email)).all()
        return [(staff, host) for staff, host in rows if may_host_demos(staff.role)]


def host_save(
    actor: StaffUser,
    staff_id: int,
    display_name: str,
    time_zone: str,
    country: str,
    active: bool,
    meeting_link: str = "",
) -> None:
    """Create or update the host's public name, zone, country and meeting link (how visitors join)."""
    display_name, country = " ".join(display_name.split()), country.strip().upper()
    try:
        meeting_link = meeting.checked(meeting_link)
    except meeting.MeetingLinkInvalid as invalid:
        raise WorkRefused(str(invalid)) from None
    if not display_name or len(display_name) > MAX_NAME_LENGTH:
        raise WorkRefused(f"The name visitors see needs between 1 and {MAX_NAME_LENGTH} characters")
    if time_zone not in time_zones():
        raise WorkRefused("Choose a time zone from the list (e.g. Asia/Muscat, Asia/Karachi)")
    if country not in countries():
        raise WorkRefused("The country needs its two-letter code with a holiday calendar (e.g. OM, PK, AE)")
    with staff_write_session() as db_session:
        _staff(db_session, staff_id)
        host = db_session.get(DemoHost, staff_id) or DemoHost(staff_user_id=staff_id, display_name=display_name)
        host.display_name, host.time_zone, host.country, host.active = display_name, time_zone, country, active
        host.meeting_link = meeting_link
        db_session.add(host)
        audit(
            db_session,
            actor.id,
            "demo host",
            detail=f"host {staff_id}: {time_zone}, {country}, {'active' if active else 'paused'}",
        )
        db_session.commit()


def hours_save(actor: StaffUser, staff_id: int, texts: list[str]) -> None:
    """Replace the host's whole week with the one typed (one text per weekday). Refused, naming every bad day
    at once: a stretch that does not read, and hours on the weekend of the host's country (no demo is ever
    offered then, so saving them would only pretend)."""
    with staff_session() as db_session:
        country = _host(db_session, staff_id).country
    try:
        week = read_week(texts, lambda weekday: weekend_reason(country, weekday))
    except HoursInvalid as invalid:
        raise WorkRefused(str(invalid)) from None
    with staff_write_session() as db_session:
        _host(db_session, staff_id)
        db_session.exec(delete(WorkingHours).where(col(WorkingHours.host_id) == staff_id))
        for weekday, stretches in week.items():
            db_session.add_all(
                WorkingHours(host_id=staff_id, weekday=weekday, start_minute=start, end_minute=end)
                for start, end in stretches
            )
        audit(
            db_session,
            actor.id,
            "working hours",
            detail=f"host {staff_id}: "
            + "; ".join(
                f"{WEEKDAYS[weekday][:3]} {day_text(stretches)}" for weekday, stretches in week.items() if stretches
            ),
        )
        db_session.commit()


def day_off_add(actor: StaffUser, staff_id: int, typed: str) -> None:
    try:
        day = date.fromisoformat(typed.strip())
    except ValueError:
        raise WorkRefused("Give the day off as a date (YYYY-MM-DD)") from None
    if day < date.today():
        raise WorkRefused(f"{day.isoformat()} is in the past")
    with staff_write_session() as db_session:
        _host(db_session, staff_id)
        if db_session.exec(select(DayOff).where(DayOff.host_id == staff_id, DayOff.day == day)).first():
            raise WorkRefused(f"{day.isoformat()} is already a day off")
        db_session.add(DayOff(host_id=staff_id, day=day))
        audit(db_session, actor.id, "day off", detail=f"host {staff_id}: + {day.isoformat()}")
        db_session.commit()


def day_off_remove(actor: StaffUser, staff_id: int, day_off_id: int) -> None:
    with staff_write_session() as db_session:
        day_off = db_session.get(DayOff, day_off_id)
        if day_off is None or day_off.host_id != staff_id:
            raise WorkRefused("This day off no longer exists")
        db_session.delete(day_off)
        audit(db_session, actor.id, "day off", detail=f"host {staff_id}: - {day_off.day.isoformat()}")
        db_session.commit()
