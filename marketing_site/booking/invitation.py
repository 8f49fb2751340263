"""The iCalendar invitation of a demo (RFC 5546): one VEVENT whose UID never changes and whose SEQUENCE
counts the changes, so calendars update (METHOD:REQUEST) or remove (METHOD:CANCEL) the same event.

Visitor and host each get their own copy of the same event, worded for them (``InvitationText``): the
visitor's in their language with the link to their booking page, the host's in English with the lead's
link. Both say how to join: LOCATION and URL carry the host's meeting link (or phone number).
"""

from __future__ import annotations

from dataclasses import dataclass
from email.utils import parseaddr

from icalendar import Calendar, Event, vCalAddress, vText

from marketing_site.booking.views import BookingView
from marketing_site.content.site import BRAND
from marketing_site.core.clock import utc_now
from marketing_site.settings import settings

REQUEST, CANCEL = "REQUEST", "CANCEL"
PRODUCT_ID = f"-//{BRAND}//Demo booking//EN"


@dataclass(frozen=True)
class InvitationText:
    """What one reader's calendar shows of the demo."""

    summary: str
    description: str  # lines: what it is, how to join, where to change it
    location: str  # the meeting link, the phone number, or "Online demo"
    url: str  # the meeting link (tel: for a phone), else the reader's page about the demo


def _address(email: str, name: str, role: str | None = None) -> vCalAddress:
    address = vCalAddress(f"mailto:{email}")
    address.params["CN"] = vText(name)
    if role:
        address.params.update({"ROLE": vText(role), "PARTSTAT": vText("NEEDS-ACTION"), "RSVP": vText("FALSE")})
    return address


def invitation(booking: BookingView, method: str, text: InvitationText) -> str:
    """The text/calendar body for ``method`` (REQUEST: booked or moved; CANCEL: cancelled)."""
    calendar = Calendar()
    calendar.add("prodid", PRODUCT_ID)
    calendar.add("version", "2.0")
    calendar.add("method", method)
    event = Event()
    event.add("uid", booking.uid)
    event.add("sequence", booking.sequence)
    event.add("dtstamp", utc_now().replace(microsecond=0))
    event.add("dtstart", booking.starts_at)
    event.add("dtend", booking.ends_at)
    event.add("summary", text.summary)
    event.add("description", text.description)
    event.add("location", text.location)
    event.add("url", text.url)
    event.add("status", "CANCELLED" if method == CANCEL else "CONFIRMED")
    event.add("organizer", _address(parseaddr(settings.sales_email)[1] or settings.sales_email, BRAND))
    event.add(
        "attendee", _address(booking.visitor_email, booking.visitor_name or booking.visitor_email, "REQ-PARTICIPANT")
    )
    event.add("attendee", _address(booking.host_email, booking.host_name, "REQ-PARTICIPANT"))
    event.add("transp", "OPAQUE" if method == REQUEST else "TRANSPARENT")
    calendar.add_component(event)
    ical: bytes = calendar.to_ical()  # icalendar leaves it untyped
    return ical.decode()
