"""A demo host's availability as staff read and set it: who they are to visitors, their weekly hours, their days off.

This side reads the forms and checks the account may host; ``booking.setup.host_changes`` checks and writes each change
with its audit entry, in the one transaction opened here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from babel import Locale
from sqlmodel import Session, col, select

from marketing_site.admin.roles import may_host_demos
from marketing_site.admin.staff_db import staff_session, staff_write_session
from marketing_site.booking.models import DayOff, DemoHost, WorkingHours
from marketing_site.booking.setup import host_changes
from marketing_site.booking.setup.week_text import WEEKDAYS, HoursInvalid, Stretch, day_text, read_week
from marketing_site.core.clock import today_in, utc_now
from marketing_site.core.closed_days import weekend
from marketing_site.mail.render import STAFF_LANGUAGE
from marketing_site.settings import settings
from marketing_site.staff.models import StaffUser
from marketing_site.staff.refused import ChangeRefused


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
    if weekday not in weekend(country, utc_now().year):
        return ""
    name = Locale.parse(STAFF_LANGUAGE).territories.get(country, country)
    return f"the weekend in {name}, when no demo is offered"


def _staff(db_session: Session, staff_id: int) -> StaffUser:
    staff = db_session.get(StaffUser, staff_id)
    if staff is None or not may_host_demos(staff.role):
        raise NotAHost(staff_id)
    return staff


def host_week(staff_id: int) -> HostWeek:
    with staff_session() as db_session:
        staff = _staff(db_session, staff_id)
        hours = db_session.exec(select(WorkingHours).where(WorkingHours.host_id == staff_id)).all()
        host = db_session.get(DemoHost, staff_id)
        today = today_in(host.time_zone if host else settings.company_time_zone)  # the host's day, not the server's
        days_off = db_session.exec(
            select(DayOff).where(DayOff.host_id == staff_id, DayOff.day >= today).order_by(col(DayOff.day))
        ).all()
        per_day: dict[int, list[Stretch]] = {weekday: [] for weekday in range(7)}
        for stretch in hours:
            per_day[stretch.weekday].append((stretch.start_minute, stretch.end_minute))
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


def host_save(actor: StaffUser, staff_id: int, details: host_changes.HostDetails) -> None:
    """Create or update the host's public name, zone, country and meeting link (how visitors join)."""
    with staff_write_session() as db_session:
        _staff(db_session, staff_id)
        host_changes.host_save(db_session, actor.id, staff_id, details)
        db_session.commit()


def hours_save(actor: StaffUser, staff_id: int, texts: list[str]) -> None:
    """Replace the host's whole week with the one typed (one text per weekday). Refused, naming every bad day
    at once: a stretch that does not read, and hours on the weekend of the host's country (no demo is ever
    offered then, so saving them would only pretend)."""
    with staff_session() as db_session:
        _staff(db_session, staff_id)
        country = host_changes.host_of(db_session, staff_id).country
    try:
        week = read_week(texts, lambda weekday: weekend_reason(country, weekday))
    except HoursInvalid as invalid:
        raise ChangeRefused(str(invalid)) from None
    with staff_write_session() as db_session:
        _staff(db_session, staff_id)
        host_changes.hours_save(db_session, actor.id, staff_id, week)
        db_session.commit()


def day_off_add(actor: StaffUser, staff_id: int, typed: str) -> None:
    try:
        day = date.fromisoformat(typed.strip())
    except ValueError:
        raise ChangeRefused("Give the day off as a date (YYYY-MM-DD)") from None
    with staff_write_session() as db_session:
        _staff(db_session, staff_id)
        host_changes.day_off_add(db_session, actor.id, staff_id, day)
        db_session.commit()


def day_off_remove(actor: StaffUser, staff_id: int, day_off_id: int) -> None:
    with staff_write_session() as db_session:
        host_changes.day_off_remove(db_session, actor.id, staff_id, day_off_id)
        db_session.commit()
