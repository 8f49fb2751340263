"""The staff agenda: booked demos per host for a day or a week, read in one query."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlmodel import col, select

from marketing_site.booking.models import BookingStatus, DemoBooking, DemoHost
from marketing_site.booking.views import BookingView, booking_view
from marketing_site.core import db


def agenda(
    from_day: date, days: int = 1, host_id: int | None = None, include_cancelled: bool = False
) -> list[BookingView]:
    """Demos starting on the hosts' own local dates from_day .. from_day + days - 1 (days=7 for a week),
    of one host or all, in start order; cancelled ones too when asked (greyed out in the agenda)."""
    # The widest window any zone's local dates can cover (UTC-12 .. UTC+14), then each host's own dates.
    start = datetime.combine(from_day, time(), tzinfo=ZoneInfo("UTC")) - timedelta(hours=14)
    end = datetime.combine(from_day + timedelta(days=days), time(), tzinfo=ZoneInfo("UTC")) + timedelta(hours=12)
    query = (
        select(DemoBooking)
        .where(DemoBooking.starts_at >= start, DemoBooking.starts_at < end)
        .order_by(col(DemoBooking.starts_at), col(DemoBooking.host_id))
    )
    if host_id is not None:
        query = query.where(DemoBooking.host_id == host_id)
    if not include_cancelled:
        query = query.where(DemoBooking.status == BookingStatus.BOOKED)
    last_day = from_day + timedelta(days=days - 1)
    with db.session() as db_session:
        zones = {host.staff_user_id: ZoneInfo(host.time_zone) for host in db_session.exec(select(DemoHost))}
        views = [booking_view(db_session, booking) for booking in db_session.exec(query)]
    return [view for view in views if from_day <= view.starts_at.astimezone(zones[view.host_id]).date() <= last_day]
