"""Booked demos as staff read them: each host's upcoming demos in the host's own time, and a lead's booking."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlmodel import Session, select

from marketing_site.admin.staff_db import staff_session
from marketing_site.booking.models import BOOKED, DemoBooking, DemoHost
from marketing_site.leads.models import Lead, utc_now
from marketing_site.mail.compose import display_name

SPANS = {"day": 1, "week": 7}
_WIDEST_OFFSET = timedelta(hours=14)  # no zone is further than this from UTC


@dataclass(frozen=True)
class AgendaDemo:
    """One demo with its times already in the host's and the visitor's zones."""

    booking: DemoBooking
    host_name: str
    host_zone: str
    lead_name: str
    host_start: datetime
    host_end: datetime
    visitor_start: datetime


def _shown(booking: DemoBooking, host: DemoHost, lead: Lead) -> AgendaDemo:
    host_zone = ZoneInfo(host.time_zone)
    return AgendaDemo(booking, host.display_name, host.time_zone, display_name(lead),
                      booking.starts_at.astimezone(host_zone), booking.ends_at.astimezone(host_zone),
                      booking.starts_at.astimezone(ZoneInfo(booking.visitor_time_zone)))


def _aware(moment: datetime) -> datetime:
    """SQLite hands timestamps back without their zone; they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=ZoneInfo("UTC"))


def _rows(db_session: Session, *conditions) -> list[AgendaDemo]:
    rows = db_session.exec(select(DemoBooking, DemoHost, Lead).join(DemoHost).join(Lead)
                           .where(*conditions).order_by(DemoBooking.starts_at)).all()
    shown = []
    for booking, host, lead in rows:
        booking.starts_at, booking.ends_at = _aware(booking.starts_at), _aware(booking.ends_at)
        shown.append(_shown(booking, host, lead))
    return shown


def upcoming(first_day: date, span: str) -> list[tuple[str, list[AgendaDemo]]]:
    """Live demos not yet over whose start falls on the ``span``'s days in their host's calendar, per host."""
    days = SPANS[span]
    now = utc_now()
    earliest = datetime.combine(first_day, time(), tzinfo=ZoneInfo("UTC")) - _WIDEST_OFFSET
    latest = earliest + timedelta(days=days) + 2 * _WIDEST_OFFSET
    with staff_session() as db_session:
        demos = _rows(db_session, DemoBooking.status == BOOKED, DemoBooking.ends_at > now,
                      DemoBooking.starts_at >= earliest, DemoBooking.starts_at < latest)
    per_host: dict[int, list[AgendaDemo]] = {}
    for demo in demos:
        if first_day <= demo.host_start.date() < first_day + timedelta(days=days):
            per_host.setdefault(demo.booking.host_id, []).append(demo)
    return sorted(((found[0].host_name, found) for found in per_host.values()), key=lambda pair: pair[0].lower())


def lead_booking(lead_id: int) -> AgendaDemo | None:
    """The lead's demo (live or cancelled), if it booked one."""
    with staff_session() as db_session:
        found = _rows(db_session, DemoBooking.lead_id == lead_id)
    return found[0] if found else None
