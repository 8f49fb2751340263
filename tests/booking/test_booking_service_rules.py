"""The booking rules at their edges, through the service on the session database: a time at this very moment is
past, one exactly at the minimum notice is bookable and one exactly at the horizon is not, a host's daily limit
counts the demo being moved only once, a slot belongs to its own host's hours, and a cancelled demo booked again
is a fresh demo (new calendar event, staff's reason gone) that older pages can no longer change. Also what each
change leaves behind: when it was made, who made it (the lead's activity), what the CRM hears, which mails wait
(a demo request's for the form's own picker only) and what the API tells about a slot or zone it refuses."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from hosts import add_host, add_lead, karachi_host, set_rules
from leads.lead_payloads import VALID
from sqlalchemy import delete, func, select
from sqlmodel import col

from marketing_site.booking import service
from marketing_site.booking.errors import (
    AlreadyBooked,
    BookingChanged,
    BookingNotFound,
    SlotInPast,
    SlotOutsideAvailability,
    SlotTaken,
)
from marketing_site.booking.models import DemoBooking
from marketing_site.booking.slots import as_utc, slot_id
from marketing_site.core import db, metrics
from marketing_site.core.clock import frozen
from marketing_site.leads.errors import LeadValidationError
from marketing_site.leads.models import Lead, Touch
from marketing_site.leads.schemas import LeadKind
from marketing_site.leads.service import SubmissionContext
from marketing_site.leads.tallies.models import ChannelTally, Grain
from marketing_site.mail.models import OutboxMail
from marketing_site.staff.models import AuditEntry
from marketing_site.webhooks.models import WebhookDelivery, WebhookEndpoint

NOW = datetime(2027, 2, 27, 12, 0, tzinfo=UTC)  # a Saturday
MONDAY_9 = datetime(2027, 3, 1, 4, 0, tzinfo=UTC)  # 09:00 in Karachi
NEXT = timedelta(minutes=45)  # 30 minutes' demo and the 15-minute buffer
NOTICE = timedelta(minutes=240)


def rules(**changes: int) -> None:
    set_rules(**{"demo_minutes": 30, "buffer_minutes": 15, "min_notice_minutes": 240, "horizon_days": 30} | changes)


@pytest.fixture(autouse=True)
def _rules():
    rules(daily_limit=6)


@pytest.fixture
def host() -> int:
    return karachi_host()


def book(host: int, starts_at: datetime, now: datetime = NOW) -> service.BookingView:
    return service.book_for_lead(add_lead(), slot_id(host, starts_at), "UTC", now=now)


def stored(booking_id: int) -> DemoBooking:
    with db.session() as db_session:
        return db_session.get_one(DemoBooking, booking_id)


def booked_demos() -> int:
    """The channel report's booked demos, by first touch and day (a lead counts in a row of each touch and span)."""
    by_day = (col(ChannelTally.grain) == Grain.DAY, col(ChannelTally.touch) == Touch.FIRST)
    with db.session() as db_session:
        return db_session.execute(select(func.coalesce(func.sum(ChannelTally.booked), 0)).where(*by_day)).scalar_one()


def test_a_lead_counts_once_in_the_channel_reports_booked_demos_however_often_it_books_again(host):
    """The report counts leads that booked: a demo booked, cancelled and booked again is one booked demo."""
    before = booked_demos()
    booking = book(host, MONDAY_9)
    assert booked_demos() == before + 1
    service.booking_cancel(booking.id, now=NOW)
    assert booked_demos() == before + 1
    service.booking_rebook(booking.id, slot_id(host, MONDAY_9 + NEXT), now=NOW)
    assert booked_demos() == before + 1


def test_a_time_starting_this_very_moment_has_passed(host):
    with pytest.raises(SlotInPast):
        book(host, MONDAY_9, now=MONDAY_9)


def test_a_time_exactly_at_the_minimum_notice_is_bookable_a_minute_later_it_is_gone(host):
    with pytest.raises(SlotTaken):
        book(host, MONDAY_9, now=MONDAY_9 - NOTICE + timedelta(minutes=1))
    assert book(host, MONDAY_9, now=MONDAY_9 - NOTICE).starts_at == MONDAY_9


@pytest.mark.parametrize(("horizon_days", "bookable"), [(2, False), (3, True)])
def test_a_time_exactly_at_the_horizon_is_beyond_it(host, horizon_days, bookable):
    rules(daily_limit=6, horizon_days=horizon_days)
    two_days_before = MONDAY_9 - timedelta(days=2)
    if bookable:
        assert book(host, MONDAY_9, now=two_days_before).starts_at == MONDAY_9
    else:
        with pytest.raises(SlotOutsideAvailability):
            book(host, MONDAY_9, now=two_days_before)


def test_at_the_daily_limit_the_day_is_full_but_its_demo_may_still_move_within_it(host):
    rules(daily_limit=1)
    booking = book(host, MONDAY_9)
    with pytest.raises(SlotTaken):
        book(host, MONDAY_9 + NEXT)
    moved = service.booking_reschedule(booking.id, slot_id(host, MONDAY_9 + NEXT), now=NOW)
    assert moved.starts_at == MONDAY_9 + NEXT


def test_a_slot_must_be_in_its_own_hosts_hours_whoever_else_hosts(host):
    add_host("Aaron Ali", "Asia/Karachi", "PK", {weekday: [(14 * 60, 15 * 60)] for weekday in range(5)})
    assert book(host, MONDAY_9).host_name == "Sana Malik"
    away = add_host("Away", "Asia/Karachi", "PK", {weekday: [(9 * 60, 12 * 60)] for weekday in range(5)}, active=False)
    with pytest.raises(SlotOutsideAvailability):
        book(away, MONDAY_9)


def conflicts_counted() -> float:
    """The booking conflicts counted, as /metrics shows them."""
    [family] = metrics.BOOKING_CONFLICTS.collect()
    return next(sample.value for sample in family.samples if sample.name.endswith("_total"))


def test_a_taken_time_offers_the_next_five_free_ones_and_counts_the_conflict(host):
    book(host, MONDAY_9)
    conflicts = conflicts_counted()
    with pytest.raises(SlotTaken) as taken:
        book(host, MONDAY_9)
    assert [slot.starts_at for slot in taken.value.next_slots] == [
        MONDAY_9 + NEXT,
        MONDAY_9 + 2 * NEXT,
        MONDAY_9 + 3 * NEXT,
        MONDAY_9 + timedelta(days=1),
        MONDAY_9 + timedelta(days=1) + NEXT,
    ]
    assert conflicts_counted() == conflicts + 1


def test_a_move_and_a_cancellation_record_when_they_were_made_and_only_staff_give_a_reason(host):
    booking = book(host, MONDAY_9)
    moved_at, cancelled_at = NOW + timedelta(hours=1), NOW + timedelta(hours=2)
    service.booking_reschedule(booking.id, slot_id(host, MONDAY_9 + NEXT), now=moved_at)
    assert as_utc(stored(booking.id).updated_at) == moved_at
    cancelled = service.booking_cancel(booking.id, now=cancelled_at, reason="I typed a reason")
    assert (cancelled.cancel_reason, as_utc(stored(booking.id).updated_at)) == ("", cancelled_at)
    other = book(host, MONDAY_9)
    assert service.booking_cancel(other.id, now=NOW, actor_id=host, reason="Sana is ill").cancel_reason == "Sana is ill"


def test_a_cancelled_demo_booked_again_is_a_new_event_without_staffs_reason(host):
    lead = add_lead()
    booking = service.book_for_lead(lead, slot_id(host, MONDAY_9), "Asia/Muscat", now=NOW)
    service.booking_cancel(booking.id, now=NOW, actor_id=host, reason="Sana is ill")
    again_at = NOW + timedelta(hours=3)
    again = service.booking_rebook(booking.id, slot_id(host, MONDAY_9 + NEXT), seen_sequence=1, now=again_at)
    assert (again.id, again.status, again.sequence, again.cancel_reason) == (booking.id, "booked", 2, "")
    assert (again.starts_at, again.ends_at) == (MONDAY_9 + NEXT, MONDAY_9 + NEXT + timedelta(minutes=30))
    assert again.uid != booking.uid and again.uid.endswith("@demo-booking")
    assert (again.visitor_time_zone, as_utc(stored(booking.id).updated_at)) == ("Asia/Muscat", again_at)
    with db.session() as db_session:
        assert db_session.get_one(Lead, lead).status == "demo_booked"


def test_booking_again_is_refused_for_a_stale_page_a_live_demo_or_no_demo(host):
    booking = book(host, MONDAY_9)
    with pytest.raises(AlreadyBooked):
        service.booking_rebook(booking.id, slot_id(host, MONDAY_9 + NEXT), now=NOW)
    service.booking_cancel(booking.id, now=NOW)
    with pytest.raises(BookingChanged):
        service.booking_rebook(booking.id, slot_id(host, MONDAY_9 + NEXT), seen_sequence=0, now=NOW)
    with pytest.raises(BookingNotFound):
        service.booking_rebook(10**9, slot_id(host, MONDAY_9 + NEXT), now=NOW)
    with pytest.raises(BookingNotFound):
        service.booking_of_lead(10**9)
    assert stored(booking.id).status == "cancelled"


def test_a_booking_is_found_by_its_id_and_by_its_lead_and_nothing_else_is(host):
    lead = add_lead()
    booking = service.book_for_lead(lead, slot_id(host, MONDAY_9), "UTC", now=NOW)
    assert service.booking_get(booking.id) == booking == service.booking_of_lead(lead)
    with pytest.raises(BookingNotFound):
        service.booking_get(10**9)


def test_booking_again_at_a_taken_time_offers_the_next_free_ones_from_it_in_the_visitors_zone(host):
    booking = service.book_for_lead(add_lead(), slot_id(host, MONDAY_9), "Asia/Muscat", now=NOW)
    service.booking_cancel(booking.id, now=NOW)
    book(host, MONDAY_9 + NEXT)
    with pytest.raises(SlotTaken) as taken:
        service.booking_rebook(booking.id, slot_id(host, MONDAY_9 + NEXT), now=NOW)
    assert [slot.starts_at.isoformat() for slot in taken.value.next_slots[:2]] == [
        "2027-03-01T09:30:00+04:00",
        "2027-03-01T10:15:00+04:00",
    ]


def test_a_quarantined_leads_demo_booked_again_keeps_its_mails_held(host):
    booking = service.book_for_lead(add_lead(quarantined=True), slot_id(host, MONDAY_9), "UTC", now=NOW)
    service.booking_cancel(booking.id, now=NOW)
    service.booking_rebook(booking.id, slot_id(host, MONDAY_9 + NEXT), now=NOW)
    with db.session() as db_session:
        statuses = db_session.execute(select(OutboxMail.status).where(OutboxMail.booking_id == booking.id)).scalars()
        assert set(statuses) == {"held", "withdrawn"}


def test_a_move_to_a_taken_time_offers_the_same_days_later_times_its_own_demo_not_counting_towards_the_limit(host):
    rules(daily_limit=2)
    booking = book(host, MONDAY_9)
    book(host, MONDAY_9 + NEXT)
    with pytest.raises(SlotTaken) as taken:
        service.booking_reschedule(booking.id, slot_id(host, MONDAY_9 + NEXT), now=NOW)
    assert [slot.starts_at for slot in taken.value.next_slots[:2]] == [MONDAY_9 + 2 * NEXT, MONDAY_9 + 3 * NEXT]


def api_data(slot: str, zone_name: str = "Asia/Muscat") -> dict:
    return {
        **VALID["ScheduleDemo"],
        "email": f"{uuid.uuid4().hex[:10]}@school.example",
        "slotId": slot,
        "timeZone": zone_name,
    }


def test_the_apis_booking_is_in_the_zone_asked_for_and_its_key_never_replays_a_demo_request(host):
    context = SubmissionContext(client_id="203.0.113.9", idempotency_key=uuid.uuid4().hex)
    request_id = service.demo_request(LeadKind.SCHEDULE_DEMO, {**VALID["ScheduleDemo"]}, context, now=NOW)
    lead_id, booking = service.lead_book(api_data(slot_id(host, MONDAY_9)), context, now=NOW)
    assert lead_id != request_id and (booking.lead_id, booking.visitor_time_zone) == (lead_id, "Asia/Muscat")
    assert service.lead_book(api_data(slot_id(host, MONDAY_9)), context, now=NOW) == (lead_id, booking)  # a retry


@pytest.mark.parametrize(
    ("starts_at", "said"),
    [
        (NOW - timedelta(hours=1), "That time has already passed. Please choose a later time."),
        (MONDAY_9 + timedelta(minutes=20), "That time is not open for demos. Please choose one of the free times."),
    ],
)
def test_the_api_refuses_a_time_not_bookable_as_the_slots_field_error_and_stores_nothing(host, starts_at, said):
    data = api_data(slot_id(host, starts_at))
    with pytest.raises(LeadValidationError) as refused:
        service.lead_book(data, SubmissionContext(client_id="203.0.113.10"), now=NOW)
    assert refused.value.errors == {"slotId": said}
    with db.session() as db_session:
        assert db_session.execute(select(Lead).where(Lead.email == data["email"])).first() is None


@pytest.mark.parametrize(("picker", "due"), [(False, NOW), (True, NOW + service.PICK_WINDOW)])
def test_a_request_with_free_times_links_to_them_and_waits_only_for_the_forms_own_picker(host, picker, due):
    with frozen(NOW):
        request_id = service.demo_request(
            LeadKind.SCHEDULE_DEMO, VALID["ScheduleDemo"], SubmissionContext(client_id="203.0.113.11"), picker=picker
        )
    with db.session() as db_session:
        mails = db_session.execute(select(OutboxMail).where(OutboxMail.lead_id == request_id)).scalars().all()
    assert {as_utc(mail.next_attempt_at) for mail in mails} == {due}
    [visitor] = [mail for mail in mails if mail.audience == "visitor"]
    assert "/booking/new/" in visitor.text_body


def test_each_move_raises_the_sequence_again(host):
    booking = book(host, MONDAY_9)
    service.booking_reschedule(booking.id, slot_id(host, MONDAY_9 + NEXT), seen_sequence=0, now=NOW)
    moved = service.booking_reschedule(booking.id, slot_id(host, MONDAY_9 + 2 * NEXT), seen_sequence=1, now=NOW)
    assert (moved.sequence, moved.uid) == (2, booking.uid)


def test_the_status_change_of_a_cancellation_by_staff_is_theirs_in_the_leads_activity(host):
    lead = add_lead()
    booking = service.book_for_lead(lead, slot_id(host, MONDAY_9), "UTC", now=NOW)
    service.booking_cancel(booking.id, now=NOW, actor_id=host)
    with db.session() as db_session:
        [status_change] = db_session.execute(
            select(AuditEntry).where(AuditEntry.lead_id == lead, AuditEntry.action == "status")
        ).scalars()
    assert (status_change.actor_id, status_change.detail) == (host, "demo_booked -> demo_cancelled")


@pytest.fixture
def crm() -> Iterator[None]:
    """A CRM endpoint that wants to hear of moves and cancellations."""
    with db.session() as db_session:
        endpoint = WebhookEndpoint(
            url="https://crm.example/demos", events="demo.moved demo.cancelled", secret="whsec_x"
        )
        db_session.add(endpoint)
        db_session.commit()
        endpoint_id = endpoint.id
    yield
    with db.session() as db_session:
        db_session.execute(delete(WebhookDelivery).where(WebhookDelivery.endpoint_id == endpoint_id))
        db_session.execute(delete(WebhookEndpoint).where(WebhookEndpoint.id == endpoint_id))
        db_session.commit()


@pytest.mark.usefixtures("crm")
def test_the_crm_hears_of_moves_and_cancellations_but_not_of_a_quarantined_leads(host):
    heard = {}
    for quarantined, start in ((False, MONDAY_9), (True, MONDAY_9 + NEXT)):
        booking = service.book_for_lead(add_lead(quarantined=quarantined), slot_id(host, start), "UTC", now=NOW)
        service.booking_reschedule(booking.id, slot_id(host, start + timedelta(days=1)), now=NOW)
        service.booking_cancel(booking.id, now=NOW)
        with db.session() as db_session:
            heard[quarantined] = list(
                db_session.execute(
                    select(WebhookDelivery.event)
                    .where(WebhookDelivery.lead_id == booking.lead_id)
                    .order_by(WebhookDelivery.id)
                ).scalars()
            )
    assert heard == {False: ["demo.moved", "demo.cancelled"], True: []}


def test_the_api_tells_what_is_wrong_with_the_slot_and_the_zone_beside_the_leads_own_errors(host):
    data = {**api_data("7-2027030T0400Z", "Europe/Londres"), "email": "not an address"}
    with pytest.raises(LeadValidationError) as refused:
        service.lead_book(data, SubmissionContext(client_id="203.0.113.12"), now=NOW)
    errors = refused.value.errors
    assert (errors["slotId"], errors["timeZone"]) == (
        "Please choose a time from the list of free times.",
        "Please choose your time zone from the list, e.g. Europe/London.",
    )
    assert "email" in errors


def test_a_booking_sent_too_fast_to_be_human_is_kept_with_its_mails_held(host):
    with frozen(NOW):
        too_fast = SubmissionContext(client_id="203.0.113.13", form_started_at=NOW.timestamp())
        _, booking = service.lead_book(api_data(slot_id(host, MONDAY_9)), too_fast)
    with db.session() as db_session:
        statuses = db_session.execute(select(OutboxMail.status).where(OutboxMail.booking_id == booking.id)).scalars()
        assert set(statuses) == {"held"}
