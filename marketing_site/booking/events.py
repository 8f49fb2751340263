"""What the vendor's CRM is told about a demo (webhooks ``demo.booked``, ``demo.moved``, ``demo.cancelled``,
``demo.held``, ``demo.no_show``), written in the transaction that books, moves, cancels or marks it. A booking's
``booking_data`` goes to its lead (``leads.transitions.BookedDemo.news``): the CRM hears of the demo after the lead's
new status."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from marketing_site.booking.models import BookingChange
from marketing_site.booking.views import BookingView
from marketing_site.leads.mails import lead_link
from marketing_site.webhooks.models import WebhookEvent
from marketing_site.webhooks.outbox import enqueue

EVENTS = {
    BookingChange.MOVED: WebhookEvent.DEMO_MOVED,
    BookingChange.CANCELLED: WebhookEvent.DEMO_CANCELLED,
    BookingChange.HELD: WebhookEvent.DEMO_HELD,
    BookingChange.NO_SHOW: WebhookEvent.DEMO_NO_SHOW,
}


def booking_data(booking: BookingView) -> dict[str, Any]:
    return {
        "id": booking.id,
        "leadId": booking.lead_id,
        "status": booking.status,
        "startsAt": booking.starts_at.isoformat(),
        "endsAt": booking.ends_at.isoformat(),
        "visitorTimeZone": booking.visitor_time_zone,
        "sequence": booking.sequence,
        "host": {"id": booking.host_id, "name": booking.host_name, "email": booking.host_email},
        "leadUrl": lead_link(booking.lead_id),
    }


def demo_changed(db_session: Session, booking: BookingView, change: BookingChange) -> None:
    enqueue(db_session, EVENTS[change], booking_data(booking), booking.lead_id)
