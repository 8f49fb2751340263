"""The iCalendar invitation itself (booking/invitation.py), read back with icalendar: who organises and who attends
(each asked to take part, no reply expected), when it was stamped, and that a cancellation frees the calendar
(TRANSPARENT) while a booked demo blocks it (OPAQUE)."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest
from hosts import SAMPLE_BOOKING
from icalendar import Calendar

from marketing_site.booking import invitation as invitation_module
from marketing_site.booking.invitation import CANCEL, REQUEST, InvitationText, invitation
from marketing_site.core.clock import frozen
from marketing_site.settings import settings

# A lead without a name (the address stands in), its booking moved three times.
BOOKING = dataclasses.replace(SAMPLE_BOOKING, visitor_name="", visitor_phone="", sequence=3)
TEXT = InvitationText("Demo", "What it is", "Online demo", "https://meet.example.com/sana")


def read(method: str):
    with frozen(datetime(2027, 2, 27, 12, 0, 0, 654321, tzinfo=UTC)):
        calendar = Calendar.from_ical(invitation(BOOKING, method, TEXT))
    [event] = calendar.walk("VEVENT")
    return calendar, event


@pytest.mark.parametrize(
    ("method", "status", "transp"), [(REQUEST, "CONFIRMED", "OPAQUE"), (CANCEL, "CANCELLED", "TRANSPARENT")]
)
def test_a_booked_demo_blocks_the_calendar_and_a_cancelled_one_frees_it(method, status, transp):
    calendar, event = read(method)
    assert (str(calendar["METHOD"]), str(event["STATUS"]), str(event["TRANSP"])) == (method, status, transp)
    assert (str(calendar["VERSION"]), str(calendar["PRODID"])) == ("2.0", "-//Smart School Suite//Demo booking//EN")
    assert (str(event["UID"]), int(event["SEQUENCE"])) == ("demo-7@demo-booking", 3)
    assert event.decoded("DTSTAMP") == datetime(2027, 2, 27, 12, 0, tzinfo=UTC)  # whole seconds
    assert [str(event[name]) for name in ("SUMMARY", "DESCRIPTION", "LOCATION", "URL")] == [
        "Demo",
        "What it is",
        "Online demo",
        "https://meet.example.com/sana",
    ]


def test_the_visitor_and_the_host_attend_and_sales_organises_by_its_bare_address(monkeypatch):
    named = settings.model_copy(update={"sales_email": "Smart School Suite Sales <sales@school-suite.example>"})
    monkeypatch.setattr(invitation_module, "settings", named)
    _, event = read(REQUEST)
    organizer = event["ORGANIZER"]
    assert (str(organizer), str(organizer.params["CN"])) == ("mailto:sales@school-suite.example", "Smart School Suite")
    assert "ROLE" not in organizer.params
    attendees = [
        (str(attendee), *(str(attendee.params[name]) for name in ("CN", "ROLE", "PARTSTAT", "RSVP")))
        for attendee in event["ATTENDEE"]
    ]
    assert attendees == [
        ("mailto:amina@school.example", "amina@school.example", "REQ-PARTICIPANT", "NEEDS-ACTION", "FALSE"),
        ("mailto:sana@school-suite.example", "Sana Malik", "REQ-PARTICIPANT", "NEEDS-ACTION", "FALSE"),
    ]
