"""Seeding for the booking tests: hosts with a week of hours, days off and rules, written straight to the database;
and a booking as the mails and the invitation read it."""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime, timedelta

from sqlalchemy import delete, update

from marketing_site.booking.models import BookingSettings, DayOff, DemoBooking, DemoHost, WorkingHours
from marketing_site.booking.slots import free_slots
from marketing_site.booking.views import BookingView
from marketing_site.core import db
from marketing_site.leads.models import Lead
from marketing_site.mail.models import OutboxMail
from marketing_site.staff.models import StaffUser

WEEKDAYS = range(7)
_numbers = itertools.count(1)
SAMPLE_MONDAY_9 = datetime(2027, 3, 1, 4, 0, tzinfo=UTC)  # 09:00 in Karachi, 08:00 in Muscat
SAMPLE_BOOKING = BookingView(
    id=7,
    uid="demo-7@demo-booking",
    lead_id=3,
    host_id=2,
    host_name="Sana Malik",
    host_email="sana@school-suite.example",
    host_time_zone="Asia/Karachi",
    host_meeting_link="",
    visitor_name="Amina Khan",
    visitor_email="amina@school.example",
    visitor_phone="+923001234567",
    school="",
    language="en",
    visitor_time_zone="Asia/Muscat",
    starts_at=SAMPLE_MONDAY_9,
    ends_at=SAMPLE_MONDAY_9 + timedelta(minutes=30),
    status="booked",
    sequence=0,
)


def clear_bookings() -> None:
    """No host, rule or booking left from an earlier test (leads stay: other tests count their own)."""
    with db.session() as db_session:
        db_session.execute(update(OutboxMail).where(OutboxMail.booking_id.is_not(None)).values(booking_id=None))
        for table in (DemoBooking, DayOff, WorkingHours, DemoHost, BookingSettings):
            db_session.execute(delete(table))
        db_session.commit()


def set_rules(**values: int) -> None:
    with db.session() as db_session:
        db_session.merge(BookingSettings(id=1, **values))
        db_session.commit()


def add_host(
    name: str,
    time_zone: str,
    country: str,
    hours: Mapping[int, Iterable[tuple[int, int]]],
    days_off: Iterable[date] = (),
    active: bool = True,
    meeting_link: str = "",
) -> int:
    """A staff account and its host row; ``hours`` maps weekday (0 Monday) to (start, end) minutes."""
    with db.session() as db_session:
        staff = StaffUser(
            email=f"host{next(_numbers)}-{uuid.uuid4().hex[:6]}@school-suite.example", password_hash="x", role="sales"
        )
        db_session.add(staff)
        db_session.flush()
        db_session.add(
            DemoHost(
                staff_user_id=staff.id,
                display_name=name,
                time_zone=time_zone,
                country=country,
                active=active,
                meeting_link=meeting_link,
            )
        )
        db_session.flush()
        for weekday, stretches in hours.items():
            db_session.add_all(
                WorkingHours(host_id=staff.id, weekday=weekday, start_minute=start, end_minute=end)
                for start, end in stretches
            )
        db_session.add_all(DayOff(host_id=staff.id, day=day) for day in days_off)
        db_session.commit()
        return staff.id


def every_day(start: int, end: int) -> dict[int, list[tuple[int, int]]]:
    return {weekday: [(start, end)] for weekday in WEEKDAYS}


def weekdays(start: int, end: int) -> dict[int, list[tuple[int, int]]]:
    """Monday to Friday, from ``start`` to ``end`` (minutes after midnight)."""
    return {weekday: [(start, end)] for weekday in range(5)}


def karachi_host(days_off: Iterable[date] = (), active: bool = True, meeting_link: str = "") -> int:
    """The booking tests' usual host: Sana Malik in Karachi, Monday to Friday 09:00-12:00."""
    return add_host("Sana Malik", "Asia/Karachi", "PK", weekdays(9 * 60, 12 * 60), days_off, active, meeting_link)


def add_lead(
    language: str = "en",
    email: str = "amina.khan@greenfield.edu.pk",
    quarantined: bool = False,
    country: str | None = None,
) -> int:
    with db.session() as db_session:
        lead = Lead(
            kind="ScheduleDemo",
            email=email,
            first_name="Amina",
            last_name="Khan",
            school="Greenfield School",
            phone_e164="+923001234567",
            phone_raw="+92 300 1234567",
            language=language,
            quarantined=quarantined,
            country=country,
        )
        db_session.add(lead)
        db_session.commit()
        return lead.id


def add_booking(
    host_id: int,
    starts_at: datetime,
    ends_at: datetime,
    lead_id: int | None = None,
    visitor_time_zone: str = "UTC",
    status: str = "booked",
) -> int:
    """A booking written directly, for ``lead_id`` (default: another visitor's, with a lead of its own)."""
    lead_id = lead_id or add_lead(email=f"other-{uuid.uuid4().hex[:8]}@school.example")
    with db.session() as db_session:
        booking = DemoBooking(
            uid=uuid.uuid4().hex,
            lead_id=lead_id,
            host_id=host_id,
            starts_at=starts_at,
            ends_at=ends_at,
            visitor_time_zone=visitor_time_zone,
            status=status,
        )
        db_session.add(booking)
        db_session.commit()
        return booking.id


def round_the_clock_slots(host_name: str) -> list[str]:
    """A host free around the clock (no buffer, no notice); the ids of their free slots from tomorrow on,
    in UTC. Country ZZ has no public holidays but a Saturday-Sunday weekend."""
    set_rules(demo_minutes=30, buffer_minutes=0, min_notice_minutes=0, horizon_days=30, daily_limit=48)
    add_host(host_name, "UTC", "ZZ", every_day(0, 24 * 60))
    tomorrow = datetime.now(UTC).date() + timedelta(days=1)
    return [slot.id for slot in free_slots(tomorrow, 7, "UTC")]
