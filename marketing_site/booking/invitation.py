"""The iCalendar invitation of a demo (RFC 5546): one VEVENT whose UID never changes and whose SEQUENCE
counts the changes, so calendars update (METHOD:REQUEST) or remove (METHOD:CANCEL) the same event."""

from __future__ import annotations

from email.utils import parseaddr

from icalendar import Calendar, Event, vCalAddress, vText

from marketing_site.booking.views import BookingView
from marketing_site.core.clock import utc_now
from marketing_site.settings import settings

REQUEST, CANCEL = "REQUEST", "CANCEL"
COMPANY = "Smart School Suite"
PRODUCT_ID = "-//Smart School Suite//Demo booking//EN"


def _address(email: str, name: str, role: str | None = None) -> vCalAddress:
    address = vCalAddress(f"mailto:{email}")
    address.params["CN"] = vText(name)
    if role:
        address.params.update({"ROLE": vText(role), "PARTSTAT": vText("NEEDS-ACTION"), "RSVP": vText("FALSE")})
    return address


def invitation(booking: BookingView, method: str) -> str:
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
    event.add("summary", f"{COMPANY} demo with {booking.host_name}")
    event.add(
        "description",
        f"Online demo of {COMPANY} for {booking.visitor_name}"
        + (f" ({booking.school})" if booking.school else "")
        + ".",
    )
    event.add("status", "CANCELLED" if method == CANCEL else "CONFIRMED")
    event.add("organizer", _address(parseaddr(settings.sales_email)[1] or settings.sales_email, COMPANY))
    event.add(
        "attendee", _address(booking.visitor_email, booking.visitor_name or booking.visitor_email, "REQ-PARTICIPANT")
    )
    event.add("attendee", _address(booking.host_email, booking.host_name, "REQ-PARTICIPANT"))
    event.add("transp", "OPAQUE" if method == REQUEST else "TRANSPARENT")
    calendar.add_component(event)
    ical: bytes = calendar.to_ical()  # icalendar leaves it untyped
    return ical.decode()
