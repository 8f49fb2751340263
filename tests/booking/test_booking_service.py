"""Booking, moving and cancelling through the service on the session database (SQLite, or PostgreSQL with
TEST_DATABASE_URL): one transaction each, refusals change nothing, and a slot is never booked twice."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, timedelta

import pytest
from hosts import add_booking, add_host, add_lead, every_day, karachi_host, set_rules
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from marketing_site.admin.work.erasure import person_erase
from marketing_site.booking import agenda, service
from marketing_site.booking.errors import (
    AlreadyBooked,
    BookingCancelled,
    BookingChanged,
    LeadNotFound,
    MalformedSlotId,
    SlotInPast,
    SlotOutsideAvailability,
    SlotTaken,
    UnknownTimeZone,
)
from marketing_site.booking.models import DemoBooking
from marketing_site.booking.slots import as_utc, free_slots, slot_id
from marketing_site.core import db
from marketing_site.core.clock import frozen
from marketing_site.leads.models import Lead
from marketing_site.mail import outbox
from marketing_site.mail.models import OutboxMail
from marketing_site.staff.models import AuditEntry, StaffUser

UTC = UTC
NOW = datetime(2027, 2, 27, 12, 0, tzinfo=UTC)  # a Saturday
MONDAY_9 = datetime(2027, 3, 1, 4, 0, tzinfo=UTC)  # 09:00 in Karachi


@pytest.fixture(autouse=True)
def _rules():
    set_rules(demo_minutes=30, buffer_minutes=15, min_notice_minutes=240, horizon_days=30, daily_limit=6)


@pytest.fixture
def host() -> int:
    return karachi_host()


def mails_of(booking_id: int) -> list[OutboxMail]:
    with db.session() as db_session:
        return list(
            db_session.execute(
                select(OutboxMail).where(OutboxMail.booking_id == booking_id).order_by(OutboxMail.id)
            ).scalars()
        )


def snapshot() -> tuple:
    """Everything a refused booking must leave as it was."""
    with db.session() as db_session:
        return (
            db_session.execute(select(func.count()).select_from(DemoBooking)).scalar_one(),
            db_session.execute(select(func.count()).select_from(OutboxMail)).scalar_one(),
            tuple(db_session.execute(select(Lead.status).order_by(Lead.id)).scalars()),
            tuple(
                db_session.execute(
                    select(DemoBooking.starts_at, DemoBooking.sequence, DemoBooking.status).order_by(DemoBooking.id)
                ).all()
            ),
        )


def test_booking_marks_the_lead_and_queues_invitations_and_two_reminders(host):
    lead = add_lead()
    booking = service.book_for_lead(lead, slot_id(host, MONDAY_9), "Europe/London", now=NOW)
    assert (booking.host_id, booking.starts_at, booking.ends_at) == (host, MONDAY_9, MONDAY_9 + timedelta(minutes=30))
    assert (booking.status, booking.sequence, booking.visitor_time_zone) == ("booked", 0, "Europe/London")
    with db.session() as db_session:
        assert db_session.get(Lead, lead).status == "demo_booked"
    mails = mails_of(booking.id)
    invitations = [(mail.audience, mail.recipient, mail.calendar_method) for mail in mails if mail.calendar_body]
    assert invitations == [
        ("visitor", "amina.khan@greenfield.edu.pk", "REQUEST"),
        ("host", booking.host_email, "REQUEST"),
    ]
    reminders = [mail for mail in mails if mail.audience == "reminder"]
    assert [(as_utc(mail.next_attempt_at), mail.status) for mail in reminders] == [
        (MONDAY_9 - timedelta(hours=24), "queued"),
        (MONDAY_9 - timedelta(hours=1), "queued"),
    ]


def test_a_reminder_whose_time_has_passed_is_not_queued(host):
    booking = service.book_for_lead(add_lead(), slot_id(host, MONDAY_9), "UTC", now=MONDAY_9 - timedelta(hours=5))
    assert [as_utc(mail.next_attempt_at) for mail in mails_of(booking.id) if mail.audience == "reminder"] == [
        MONDAY_9 - timedelta(hours=1)
    ]


@pytest.mark.parametrize(
    ("slot", "zone", "refusal"),
    [
        (lambda host: slot_id(host, NOW - timedelta(hours=1)), "UTC", SlotInPast),
        (lambda host: slot_id(host, MONDAY_9 - timedelta(hours=1)), "UTC", SlotOutsideAvailability),  # 08:00
        (lambda host: slot_id(host, MONDAY_9 + timedelta(minutes=20)), "UTC", SlotOutsideAvailability),  # off the grid
        (lambda host: slot_id(host, datetime(2027, 3, 6, 4, tzinfo=UTC)), "UTC", SlotOutsideAvailability),  # Saturday
        (lambda host: slot_id(host, datetime(2027, 3, 23, 4, tzinfo=UTC)), "UTC", SlotOutsideAvailability),  # holiday
        (lambda host: slot_id(host, datetime(2027, 4, 5, 4, tzinfo=UTC)), "UTC", SlotOutsideAvailability),  # horizon
        (lambda host: slot_id(host + 1000, MONDAY_9), "UTC", SlotOutsideAvailability),  # no such host
        (lambda host: slot_id(host, NOW + timedelta(hours=2)), "UTC", SlotOutsideAvailability),  # the weekend
        (lambda _host: "7-2027030T0400Z", "UTC", MalformedSlotId),
        (lambda host: slot_id(host, MONDAY_9), "Europe/Londres", UnknownTimeZone),
    ],
)
def test_a_refused_booking_changes_nothing(host, slot, zone, refusal):
    lead = add_lead()
    before = snapshot()
    with pytest.raises(refusal) as refused:
        service.book_for_lead(lead, slot(host), zone, now=NOW)
    assert str(refused.value) and snapshot() == before


def test_inside_the_notice_a_listed_time_is_gone_and_the_next_free_ones_are_offered(host):
    lead = add_lead()
    before = snapshot()
    with pytest.raises(SlotTaken) as taken:
        service.book_for_lead(lead, slot_id(host, MONDAY_9), "UTC", now=MONDAY_9 - timedelta(hours=1))
    assert snapshot() == before
    # Monday's hours end at noon, within the 4 hours' notice: Tuesday 09:00 and 09:45 in Karachi come next.
    assert [slot.starts_at for slot in taken.value.next_slots][:2] == [
        MONDAY_9 + timedelta(days=1),
        MONDAY_9 + timedelta(days=1, minutes=45),
    ]


def test_a_taken_slot_is_refused_with_the_next_free_slots_in_the_visitors_zone(host):
    service.book_for_lead(add_lead(), slot_id(host, MONDAY_9), "UTC", now=NOW)
    lead = add_lead()
    before = snapshot()
    with pytest.raises(SlotTaken) as taken:
        service.book_for_lead(lead, slot_id(host, MONDAY_9), "Asia/Karachi", now=NOW)
    assert "just taken" in str(taken.value) and snapshot() == before
    offered = taken.value.next_slots
    assert len(offered) == service.NEXT_SLOTS and offered[0].starts_at.isoformat() == "2027-03-01T09:45:00+05:00"


def test_unknown_leads_and_second_bookings_of_one_lead_are_refused(host):
    lead = add_lead()
    service.book_for_lead(lead, slot_id(host, MONDAY_9), "UTC", now=NOW)
    before = snapshot()
    with pytest.raises(AlreadyBooked):
        service.book_for_lead(lead, slot_id(host, MONDAY_9 + timedelta(minutes=45)), "UTC", now=NOW)
    with pytest.raises(LeadNotFound):
        service.book_for_lead(10**9, slot_id(host, MONDAY_9 + timedelta(minutes=45)), "UTC", now=NOW)
    assert snapshot() == before


def race(slots_wanted: list[str]) -> list[str]:
    """Book each slot for its own new lead, all at once from as many threads; each outcome."""
    leads = [add_lead(email=f"racer{number}@school.example") for number in range(len(slots_wanted))]
    start = threading.Barrier(len(slots_wanted))

    def attempt(lead_id: int, wanted: str) -> str:
        start.wait()
        try:
            service.book_for_lead(lead_id, wanted, "UTC", now=NOW)
        except SlotTaken:
            return "taken"
        return "booked"

    with ThreadPoolExecutor(len(slots_wanted)) as pool:
        return sorted(pool.map(attempt, leads, slots_wanted))


def test_many_visitors_racing_for_one_slot_get_it_once(host):
    contenders = 12
    assert race([slot_id(host, MONDAY_9)] * contenders) == ["booked"] + ["taken"] * (contenders - 1)
    with db.session() as db_session:
        assert (
            db_session.execute(
                select(func.count()).select_from(DemoBooking).where(DemoBooking.host_id == host)
            ).scalar_one()
            == 1
        )


def test_racing_for_different_slots_of_a_host_at_its_daily_limit_books_only_up_to_it(host):
    """The index cannot see a daily limit: only the host's lock (SQLite: the one writer) keeps it."""
    set_rules(demo_minutes=30, buffer_minutes=15, min_notice_minutes=240, horizon_days=30, daily_limit=1)
    wanted = [slot_id(host, MONDAY_9 + timedelta(minutes=45 * step)) for step in range(4)]
    assert race(wanted) == ["booked"] + ["taken"] * 3


def test_the_database_itself_refuses_a_second_live_booking_of_a_host_and_start(host):
    add_booking(host, MONDAY_9, MONDAY_9 + timedelta(minutes=30))
    with pytest.raises(IntegrityError):
        add_booking(host, MONDAY_9, MONDAY_9 + timedelta(minutes=30))
    service.booking_cancel(service.booking_of_lead(_lead_of_first_booking(host)).id, now=NOW)
    add_booking(host, MONDAY_9, MONDAY_9 + timedelta(minutes=30))  # a cancelled booking holds no slot


def _lead_of_first_booking(host: int) -> int:
    with db.session() as db_session:
        return (
            db_session.execute(select(DemoBooking.lead_id).where(DemoBooking.host_id == host).order_by(DemoBooking.id))
            .scalars()
            .first()
        )


def test_a_move_keeps_the_uid_raises_the_sequence_and_replaces_the_reminders(host):
    booking = service.book_for_lead(add_lead(), slot_id(host, MONDAY_9), "UTC", now=NOW)
    later = MONDAY_9 + timedelta(days=1, minutes=45)
    moved = service.booking_reschedule(booking.id, slot_id(host, later), seen_sequence=0, now=NOW)
    assert (moved.uid, moved.sequence, moved.starts_at) == (booking.uid, 1, later)
    mails = mails_of(booking.id)
    assert [(mail.status, as_utc(mail.next_attempt_at)) for mail in mails if mail.audience == "reminder"] == [
        ("withdrawn", MONDAY_9 - timedelta(hours=24)),
        ("withdrawn", MONDAY_9 - timedelta(hours=1)),
        ("queued", later - timedelta(hours=24)),
        ("queued", later - timedelta(hours=1)),
    ]
    assert [mail.calendar_method for mail in mails if mail.calendar_body] == ["REQUEST"] * 4
    assert slot_id(host, MONDAY_9) in {slot.id for slot in free_slots(date(2027, 3, 1), 1, "UTC", now=NOW)}


def test_a_move_is_refused_for_a_stale_page_another_host_or_a_taken_slot_and_changes_nothing(host):
    other = add_host("Other", "Asia/Karachi", "PK", every_day(9 * 60, 12 * 60))
    booking = service.book_for_lead(add_lead(), slot_id(host, MONDAY_9), "UTC", now=NOW)
    service.book_for_lead(add_lead(), slot_id(host, MONDAY_9 + timedelta(minutes=45)), "UTC", now=NOW)
    before = snapshot()
    with pytest.raises(BookingChanged):
        service.booking_reschedule(booking.id, slot_id(host, MONDAY_9 + timedelta(days=1)), seen_sequence=3, now=NOW)
    with pytest.raises(SlotOutsideAvailability):
        service.booking_reschedule(booking.id, slot_id(other, MONDAY_9 + timedelta(days=1)), now=NOW)
    with pytest.raises(SlotTaken) as taken:
        service.booking_reschedule(booking.id, slot_id(host, MONDAY_9 + timedelta(minutes=45)), now=NOW)
    assert {slot.host_id for slot in taken.value.next_slots} == {host}
    assert snapshot() == before


def test_a_move_and_a_cancel_from_the_same_page_at_once_make_one_change(host):
    booking = service.book_for_lead(add_lead(), slot_id(host, MONDAY_9), "UTC", now=NOW)
    start = threading.Barrier(2)

    def act(change) -> str:
        start.wait()
        try:
            change()
        except (BookingChanged, BookingCancelled):
            return "refused"
        return "done"

    moves = (
        lambda: service.booking_reschedule(
            booking.id, slot_id(host, MONDAY_9 + timedelta(days=1)), seen_sequence=0, now=NOW
        ),
        lambda: service.booking_cancel(booking.id, seen_sequence=0, now=NOW),
    )
    with ThreadPoolExecutor(2) as pool:
        assert sorted(pool.map(act, moves)) == ["done", "refused"]
    assert service.booking_get(booking.id).sequence == 1
    assert len([mail for mail in mails_of(booking.id) if mail.calendar_body]) == 4  # booked + one change, each x2


def test_cancelling_sends_cancel_withdraws_reminders_and_frees_the_slot(host):
    booking = service.book_for_lead(add_lead(), slot_id(host, MONDAY_9), "UTC", now=NOW)
    cancelled = service.booking_cancel(booking.id, seen_sequence=0, now=NOW)
    assert (cancelled.status, cancelled.sequence, cancelled.uid) == ("cancelled", 1, booking.uid)
    mails = mails_of(booking.id)
    assert [mail.calendar_method for mail in mails if mail.calendar_body] == ["REQUEST", "REQUEST", "CANCEL", "CANCEL"]
    assert {mail.status for mail in mails if mail.audience == "reminder"} == {"withdrawn"}
    assert slot_id(host, MONDAY_9) in {slot.id for slot in free_slots(date(2027, 3, 1), 1, "UTC", now=NOW)}
    before = snapshot()
    with pytest.raises(BookingCancelled):
        service.booking_cancel(booking.id, now=NOW)
    with pytest.raises(BookingCancelled):
        service.booking_reschedule(booking.id, slot_id(host, MONDAY_9), now=NOW)
    assert snapshot() == before


def test_a_quarantined_leads_booking_mails_are_held_and_released_reminders_keep_their_time(host):
    lead = add_lead(quarantined=True)
    booking = service.book_for_lead(lead, slot_id(host, MONDAY_9), "UTC", now=NOW)
    assert {mail.status for mail in mails_of(booking.id)} == {"held"}
    with frozen(NOW), db.session() as db_session:  # released before the reminders' time, whenever the suite runs
        outbox.release_held(db_session, lead)
        db_session.commit()
    reminders = [as_utc(mail.next_attempt_at) for mail in mails_of(booking.id) if mail.audience == "reminder"]
    assert reminders == [MONDAY_9 - timedelta(hours=24), MONDAY_9 - timedelta(hours=1)]


def test_the_agenda_lists_a_hosts_demos_by_their_own_local_day(host):
    other = add_host("Other", "America/New_York", "US", every_day(0, 24 * 60))
    first = service.book_for_lead(add_lead(), slot_id(host, MONDAY_9), "UTC", now=NOW)
    service.book_for_lead(add_lead(), slot_id(host, MONDAY_9 + timedelta(days=1)), "UTC", now=NOW)
    late = service.book_for_lead(add_lead(), slot_id(other, datetime(2027, 3, 2, 2, 45, tzinfo=UTC)), "UTC", now=NOW)
    assert [view.id for view in agenda.agenda(date(2027, 3, 1))] == [first.id, late.id]  # 21:45 on 1 March in New York
    assert [view.id for view in agenda.agenda(date(2027, 3, 1), 7, host_id=host)] == [first.id, first.id + 1]
    service.booking_cancel(first.id, now=NOW)
    assert [view.id for view in agenda.agenda(date(2027, 3, 1), host_id=host)] == []
    assert [view.status for view in agenda.agenda(date(2027, 3, 1), host_id=host, include_cancelled=True)] == [
        "cancelled"
    ]


def test_the_agenda_lists_demos_in_start_order_and_at_the_same_start_by_host(host):
    """Whatever order they were booked in, and whichever host was added first."""
    later_host = add_host("Omar Saeed", "Asia/Karachi", "PK", {weekday: [(9 * 60, 12 * 60)] for weekday in range(5)})
    next_start = MONDAY_9 + timedelta(minutes=45)  # 30 minutes and the 15-minute buffer
    booked = [
        service.book_for_lead(add_lead(), slot_id(*at), "UTC", now=NOW).id
        for at in ((later_host, MONDAY_9), (host, next_start), (later_host, next_start), (host, MONDAY_9))
    ]
    assert [view.id for view in agenda.agenda(date(2027, 3, 1))] == [booked[3], booked[0], booked[1], booked[2]]


def test_erasing_a_person_takes_their_booking_and_its_mails_and_frees_the_slot(host):
    booking = service.book_for_lead(add_lead(email="erase.me@school.example"), slot_id(host, MONDAY_9), "UTC", now=NOW)
    with db.session() as db_session:
        staff = db_session.get(StaffUser, host)
    assert person_erase("Erase.Me@school.example", staff) == 1
    assert mails_of(booking.id) == []
    with db.session() as db_session:
        assert db_session.get(DemoBooking, booking.id) is None
    assert slot_id(host, MONDAY_9) in {slot.id for slot in free_slots(date(2027, 3, 1), 1, "UTC", now=NOW)}


def _activity(lead_id: int) -> list[tuple[int | None, str, str]]:
    """The lead's demo and status entries since it was stored (SQLite hands an erased lead's id to the next
    lead; the owner's entries are the routing's)."""
    with db.session() as db_session:
        stored = db_session.get(Lead, lead_id).created_at
        return [
            tuple(row)
            for row in db_session.execute(
                select(AuditEntry.actor_id, AuditEntry.action, AuditEntry.detail)
                .where(
                    AuditEntry.lead_id == lead_id,
                    AuditEntry.created_at >= stored,
                    AuditEntry.action.in_(("demo booked", "demo moved", "demo cancelled", "status")),
                )
                .order_by(AuditEntry.id)
            )
        ]


def test_every_change_of_a_demo_is_in_its_leads_activity_and_a_cancellation_ends_demo_booked(host):
    lead = add_lead()
    with db.session() as db_session:
        salesperson = db_session.get(StaffUser, host).id
    booking = service.book_for_lead(lead, slot_id(host, MONDAY_9), "UTC", now=NOW)
    later = MONDAY_9 + timedelta(days=1)
    service.booking_reschedule(booking.id, slot_id(host, later), now=NOW)  # the visitor, from the mail's link
    service.booking_reschedule(booking.id, slot_id(host, MONDAY_9), now=NOW, actor_id=salesperson)
    service.booking_cancel(booking.id, now=NOW)
    assert _activity(lead) == [
        (None, "demo booked", f"{MONDAY_9.isoformat()}; by visitor"),
        (None, "demo moved", f"{MONDAY_9.isoformat()} -> {later.isoformat()}; by visitor"),
        (salesperson, "demo moved", f"{later.isoformat()} -> {MONDAY_9.isoformat()}; by staff"),
        (None, "demo cancelled", f"{MONDAY_9.isoformat()}; by visitor"),
        (None, "status", "demo_booked -> demo_cancelled"),
    ]
    with db.session() as db_session:
        assert db_session.get(Lead, lead).status == "demo_cancelled"


def test_a_cancellation_leaves_a_lead_staff_moved_past_demo_booked_where_it_is(host):
    lead = add_lead()
    booking = service.book_for_lead(lead, slot_id(host, MONDAY_9), "UTC", now=NOW)
    with db.session() as db_session:
        db_session.get(Lead, lead).status = "won"
        db_session.commit()
    service.booking_cancel(booking.id, now=NOW, actor_id=host)
    assert _activity(lead)[-1] == (host, "demo cancelled", f"{MONDAY_9.isoformat()}; by staff")
    with db.session() as db_session:
        assert db_session.get(Lead, lead).status == "won"


def test_a_refused_move_leaves_no_activity(host):
    lead = add_lead()
    booking = service.book_for_lead(lead, slot_id(host, MONDAY_9), "UTC", now=NOW)
    with pytest.raises(BookingChanged):
        service.booking_reschedule(booking.id, slot_id(host, MONDAY_9 + timedelta(days=1)), seen_sequence=5, now=NOW)
    assert [action for _, action, _ in _activity(lead)] == ["demo booked"]
