"""A booking as the rest of the site reads it: the demo, its host and its visitor in one frozen record.

Built inside a session (``booking_view``) and returned after it closes, so callers (API, manage page,
mails, the staff agenda) never touch a lazy-loading row.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from sqlmodel import Session

from marketing_site.booking.models import BookingStatus, DemoBooking, DemoHost
from marketing_site.booking.slots import slot_id
from marketing_site.core.clock import as_utc
from marketing_site.core.columns import stored_id
from marketing_site.leads.models import Lead, display_name
from marketing_site.staff.models import StaffUser


@dataclass(frozen=True)
class BookingView:
    id: int
    uid: str  # iCalendar UID, stable across reschedules
    lead_id: int
    host_id: int
    host_name: str
    host_email: str
    host_time_zone: str
    host_meeting_link: str  # how visitors join (booking/meeting.py): an https:// address, a phone number or ""
    visitor_name: str
    visitor_email: str
    visitor_phone: str  # E.164
    school: str
    language: str  # the lead's: mails and the manage page speak it
    visitor_time_zone: str
    starts_at: datetime  # UTC
    ends_at: datetime  # UTC
    status: str  # booked or cancelled
    sequence: int
    cancel_reason: str = ""  # staff's reason for the visitor when they cancelled it

    @property
    def status_label(self) -> str:
        """The status as staff read it ("Booked"), never the code."""
        return BookingStatus(self.status).label if self.status in set(BookingStatus) else self.status

    @property
    def slot_id(self) -> str:
        return slot_id(self.host_id, self.starts_at)

    def in_zone(self, zone_name: str) -> tuple[datetime, datetime]:
        """Start and end in an IANA zone (the visitor's: ``visitor_time_zone``; the host's: ``host_time_zone``)."""
        local = ZoneInfo(zone_name)
        return self.starts_at.astimezone(local), self.ends_at.astimezone(local)

    def for_visitor(self) -> tuple[datetime, datetime]:
        return self.in_zone(self.visitor_time_zone)


def booking_view(db_session: Session, booking: DemoBooking) -> BookingView:
    """The view of a stored booking (its host, staff account and lead exist: foreign keys)."""
    host = db_session.get_one(DemoHost, booking.host_id)
    staff = db_session.get_one(StaffUser, booking.host_id)
    lead = db_session.get_one(Lead, booking.lead_id)
    return BookingView(
        id=stored_id(booking),
        uid=booking.uid,
        lead_id=booking.lead_id,
        host_id=booking.host_id,
        host_name=host.display_name,
        host_email=staff.email,
        host_time_zone=host.time_zone,
        host_meeting_link=host.meeting_link,
        visitor_name=display_name(lead),
        visitor_email=lead.email,
        visitor_phone=lead.phone_e164,
        school=lead.school or "",
        language=lead.language,
        visitor_time_zone=booking.visitor_time_zone,
        starts_at=as_utc(booking.starts_at),
        ends_at=as_utc(booking.ends_at),
        status=booking.status,
        sequence=booking.sequence,
        cancel_reason=booking.cancel_reason,
    )
