"""The writes the channel report counts, made as the site makes them (the booking service, a host's outcome,
staff moving a lead), so its tallies move as they do in production: a test that wrote the rows directly would
count nothing."""

from __future__ import annotations

from datetime import timedelta

from marketing_site.booking import outcomes
from marketing_site.booking import service as booking_service
from marketing_site.booking.models import BookingStatus
from marketing_site.booking.views import BookingView
from marketing_site.core import db
from marketing_site.core.clock import utc_now
from marketing_site.leads import transitions
from marketing_site.leads.models import Lead
from marketing_site.leads.statuses import LeadStatus


def with_demo(lead_id: int, slot: str, status: BookingStatus) -> BookingView:
    """The lead books ``slot`` (a free slot's id); then the visitor cancels, or the host marks it after its end.
    The booking as it was booked."""
    booked = booking_service.book_for_lead(lead_id, slot, "UTC")
    if status is BookingStatus.CANCELLED:
        booking_service.booking_cancel(booked.id, booked.sequence)
    elif status is not BookingStatus.BOOKED:
        after = booked.ends_at + timedelta(minutes=1)
        outcomes.demo_outcome_mark(booked.id, status, booked.sequence, now=after)
    return booked


def set_status(lead_id: int, status: LeadStatus) -> None:
    """Staff move the lead (``transitions.set_status``, as its page does)."""
    with db.session() as db_session:
        lead = db_session.get_one(Lead, lead_id)
        transitions.set_status(db_session, lead, status.value, None, utc_now())
        db_session.commit()
