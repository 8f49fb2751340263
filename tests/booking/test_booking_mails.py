"""Booking mails delivered to a real SMTP server (aiosmtpd) and their invitations read back with icalendar:
one UID for the demo's life, SEQUENCE rising with each change, METHOD:CANCEL at the end; reminders wait
for their time and a withdrawn one never leaves."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from hosts import add_host, add_lead
from icalendar import Calendar
from sqlalchemy import update

from marketing_site.booking import service
from marketing_site.booking.slots import slot_id
from marketing_site.core import db
from marketing_site.core.clock import frozen, utc_now
from marketing_site.mail import sender
from marketing_site.mail.models import OutboxMail

UTC = UTC
NOW = datetime(2027, 2, 27, 12, 0, tzinfo=UTC)
MONDAY_9 = datetime(2027, 3, 1, 4, 0, tzinfo=UTC)  # 09:00 in Karachi, 04:00 in London


pytestmark = pytest.mark.usefixtures("empty_outbox")


@pytest.fixture(autouse=True)
def _on_the_tests_calendar() -> Iterator[None]:
    """NOW is now for everything, the sender included: the reminders stay due "in 2027" whatever day the suite
    runs (after 1 March 2027 they would leave at once)."""
    with frozen(NOW):
        yield


@pytest.fixture
def host() -> int:
    return add_host("Sana <Malik>", "Asia/Karachi", "PK", {weekday: [(9 * 60, 12 * 60)] for weekday in range(5)})


async def drain() -> None:
    while await sender.deliver_due():
        pass


def deliver() -> None:
    asyncio.run(drain())


def invitation_of(message) -> Calendar:
    [part] = [part for part in message.walk() if part.get_content_type() == "text/calendar"]
    calendar = Calendar.from_ical(part.get_content())
    assert part.get_param("method") == str(calendar["METHOD"])
    return calendar


def event_of(calendar: Calendar):
    [event] = calendar.walk("VEVENT")
    return event


def test_visitor_and_host_get_the_invitation_in_their_own_zone_and_language(smtp_server, host):
    inbox = smtp_server()
    visitor_address = f"{uuid.uuid4().hex[:10]}@school.example"
    booking = service.book_for_lead(
        add_lead(language="ar", email=visitor_address), slot_id(host, MONDAY_9), "Europe/London", now=NOW
    )
    deliver()
    [visitor] = inbox.to(visitor_address)
    [host_mail] = inbox.to(booking.host_email)
    assert visitor["Subject"].startswith("تم حجز عرضك التوضيحي") and "04:00" in visitor["Subject"]
    html = visitor.get_body(("html",)).get_content()
    text = visitor.get_body(("plain",)).get_content()
    assert 'lang="ar" dir="rtl"' in html and "Sana &lt;Malik&gt;" in html and "<Malik>" not in html
    assert "يوم الاثنين 1 مارس 2027، من 04:00 إلى 04:30 (توقيت المملكة المتحدة، \u2068UTC+00:00\u2069)" in text
    assert "http://localhost:8000/booking/" in text
    assert "Monday 1 March 2027, 09:00-09:30 (Asia/Karachi, UTC+05:00)" in host_mail.get_body(("plain",)).get_content()
    for message in (visitor, host_mail):
        calendar = invitation_of(message)
        event = event_of(calendar)
        assert (str(calendar["METHOD"]), str(event["UID"]), int(event["SEQUENCE"])) == ("REQUEST", booking.uid, 0)
        assert (event.decoded("DTSTART"), event.decoded("DTEND")) == (MONDAY_9, MONDAY_9 + timedelta(minutes=30))
        assert str(event["ORGANIZER"]) == "mailto:sales@localhost"
        assert sorted(str(attendee) for attendee in event["ATTENDEE"]) == sorted(
            [f"mailto:{visitor_address}", f"mailto:{booking.host_email}"]
        )


def test_a_move_and_a_cancellation_update_the_same_event(smtp_server, host):
    inbox = smtp_server()
    visitor_address = f"{uuid.uuid4().hex[:10]}@school.example"
    booking = service.book_for_lead(add_lead(email=visitor_address), slot_id(host, MONDAY_9), "Asia/Karachi", now=NOW)
    later = MONDAY_9 + timedelta(days=1)
    service.booking_reschedule(booking.id, slot_id(host, later), now=NOW)
    service.booking_cancel(booking.id, now=NOW)
    deliver()
    sent = inbox.to(visitor_address)
    assert [message["Subject"].strip().split(":")[0] for message in sent] == [
        "Your demo is booked",
        "Your demo has moved",
        "Your demo is cancelled",
    ]
    events = [(str(invitation_of(message)["METHOD"]), event_of(invitation_of(message))) for message in sent]
    assert [(method, str(event["UID"]), int(event["SEQUENCE"]), str(event["STATUS"])) for method, event in events] == [
        ("REQUEST", booking.uid, 0, "CONFIRMED"),
        ("REQUEST", booking.uid, 1, "CONFIRMED"),
        ("CANCEL", booking.uid, 2, "CANCELLED"),
    ]
    assert events[1][1].decoded("DTSTART") == later
    assert "Tuesday 2 March 2027, 09:00-09:30 (Asia/Karachi, UTC+05:00)" in sent[1].get_body(("plain",)).get_content()
    assert len(inbox.to(booking.host_email)) == 3
    cancelled = sent[2].get_body(("plain",)).get_content()
    assert "is cancelled." in cancelled and "open it to remove the demo from your calendar" in cancelled
    assert "Would you like another time? Pick a free time here" in cancelled and "/booking/" in cancelled


def test_reminders_wait_for_their_time_and_a_withdrawn_one_never_leaves(smtp_server, host):
    inbox = smtp_server()
    kept_address, moved_address = (f"{uuid.uuid4().hex[:10]}@school.example" for _ in range(2))
    kept = service.book_for_lead(add_lead(email=kept_address), slot_id(host, MONDAY_9), "UTC", now=NOW)
    moved = service.book_for_lead(
        add_lead(email=moved_address), slot_id(host, MONDAY_9 + timedelta(minutes=45)), "UTC", now=NOW
    )
    deliver()
    assert len(inbox.to(kept_address)) == 1  # the invitation only: the reminders are due in 2027
    service.booking_cancel(moved.id, now=NOW)
    with db.session() as db_session:  # the reminders' time comes
        db_session.execute(
            update(OutboxMail)
            .where(OutboxMail.audience == "reminder")
            .values(next_attempt_at=utc_now() - timedelta(seconds=1))
        )
        db_session.commit()
    deliver()
    reminders = [message for message in inbox.to(kept_address) if message["Subject"].strip().startswith("Reminder")]
    assert len(reminders) == 2 and not any(part.get_content_type() == "text/calendar" for part in reminders[0].walk())
    assert "This is a reminder of your demo with Sana <Malik> on Monday 1 March 2027, 04:00-04:30" in (
        reminders[0].get_body(("plain",)).get_content()
    )
    assert [message["Subject"].strip().split(":")[0] for message in inbox.to(moved_address)] == [
        "Your demo is booked",
        "Your demo is cancelled",
    ]
    assert kept.id != moved.id
