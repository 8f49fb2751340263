"""Booked demos as staff read them (booking.agenda's records): each host's upcoming demos in the host's
own time beside the visitor's, and a lead's booking."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from marketing_site.booking.agenda import agenda
from marketing_site.booking.errors import BookingNotFound
from marketing_site.booking.service import booking_of_lead
from marketing_site.booking.views import BookingView
from marketing_site.core.clock import utc_now

SPANS = {"day": 1, "week": 7}


@dataclass(frozen=True)
class AgendaDemo:
    """One demo with its times already in the host's and the visitor's zones."""

    view: BookingView
    host_start: datetime
    host_end: datetime
    visitor_start: datetime


def _shown(view: BookingView) -> AgendaDemo:
    host_start, host_end = view.in_zone(view.host_time_zone)
    return AgendaDemo(view, host_start, host_end, view.for_visitor()[0])


def upcoming(first_day: date, span: str) -> list[tuple[str, list[AgendaDemo]]]:
    """Live demos not yet over on the span's days (each host's own calendar), per host, by host name."""
    now = utc_now()
    per_host: dict[int, list[AgendaDemo]] = {}
    for view in agenda(first_day, SPANS[span]):
        if view.ends_at > now:
            per_host.setdefault(view.host_id, []).append(_shown(view))
    return sorted(((demos[0].view.host_name, demos) for demos in per_host.values()), key=lambda pair: pair[0].lower())


def lead_booking(lead_id: int) -> AgendaDemo | None:
    """The lead's demo (live or cancelled), if it booked one."""
    try:
        return _shown(booking_of_lead(lead_id))
    except BookingNotFound:
        return None
