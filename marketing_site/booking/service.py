"""The only code that books, moves or cancels a demo: every change with its invitations and its entry in the
lead's activity (``history``) in one transaction.

It also stores a demo request without a time (``demo_request``): its two mails offer a link to pick a free
time when there is one, and from the site's forms (where the slot picker follows) they wait PICK_WINDOW,
so that a time picked meanwhile replaces them: the visitor then gets one mail, the booking's, and sales
one notice, "New demo booked". A cancelled demo can be booked again (with any host): same row and page,
a new calendar event.

No double booking, ever: the host's demo_host row is locked first (PostgreSQL; SQLite's writers
already take turns in ``db.write_session``), so overlap checks of one host run one after another,
and the partial unique index on live (host, start) refuses a second booking of the same time even
so. A refusal (SlotTaken, SlotInPast, …) rolls everything back and changes nothing.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from marketing_site.booking import events, history, mails, tokens
from marketing_site.booking.errors import (
    AlreadyBooked,
    BookingCancelled,
    BookingChanged,
    BookingError,
    BookingNotFound,
    LeadNotFound,
    SlotInPast,
    SlotOutsideAvailability,
    SlotTaken,
)
from marketing_site.booking.models import BookingChange, BookingStatus, DemoBooking, DemoHost, demo_counted
from marketing_site.booking.slots import any_free, host_weeks, next_free_slots, parse_slot_id, rules, taken, zone
from marketing_site.booking.views import BookingView, booking_view
from marketing_site.core import db, metrics
from marketing_site.core.clock import as_utc, utc_now
from marketing_site.leads import service as lead_service
from marketing_site.leads import transitions
from marketing_site.leads.errors import LeadValidationError
from marketing_site.leads.mails import RequestMails
from marketing_site.leads.models import Lead, WrittenLead
from marketing_site.leads.schemas import LeadKind
from marketing_site.leads.transitions import BookedDemo

IDEMPOTENCY_ENDPOINT = "demo-bookings"  # an Idempotency-Key replays only this endpoint's answers
NEXT_SLOTS = 5  # offered with "that time was just taken"
PICK_WINDOW = timedelta(minutes=5)  # a form's request mails wait this long for a time picked in its slot picker


def demo_request(
    kind: LeadKind,
    data: Mapping[str, Any],
    context: lead_service.SubmissionContext,
    picker: bool = False,
    now: datetime | None = None,
) -> int:
    """Store a demo request without a time (ScheduleDemo, ProductDemo) like ``lead_service.lead_submit``; its
    mails link to a page of free times when there are any. ``picker``: the site's form offers them at once,
    so the mails wait PICK_WINDOW for a booking to replace them (``_book``)."""
    now = as_utc(now or utc_now())
    prepared = lead_service.lead_prepare(kind, data, context)
    if isinstance(prepared, int):
        return prepared
    with db.session() as db_session:
        free = any_free(db_session, now)
    plan = RequestMails(
        send_at=now + PICK_WINDOW if picker and free else None, pick_link=tokens.pick_url if free else None
    )
    return lead_service.lead_store(prepared, plan)


def book_for_lead(lead_id: int, slot_id: str, visitor_time_zone: str, now: datetime | None = None) -> BookingView:
    """Book ``slot_id`` for a stored lead (the site's form stores the lead first, then the visitor picks).

    The lead becomes "demo_booked" and the visitor and host get the invitation, with reminders queued,
    all in one transaction. Raises SlotTaken (with ``next_slots``), SlotInPast, SlotOutsideAvailability,
    MalformedSlotId, UnknownTimeZone, LeadNotFound or AlreadyBooked; nothing is stored then.
    """
    host_id, starts_at = parse_slot_id(slot_id)
    zone(visitor_time_zone)
    now = as_utc(now or utc_now())
    with _offering_next_slots(starts_at, visitor_time_zone, now), db.write_session() as db_session:
        lead = db_session.get(Lead, lead_id)
        if lead is None:
            raise LeadNotFound()
        view, booked = _book(db_session, lead_id, lead.quarantined, host_id, starts_at, visitor_time_zone, now)
        transitions.demo_booked(db_session, lead_id, booked)
        db_session.commit()
    return view


def lead_book(
    data: Mapping[str, Any], context: lead_service.SubmissionContext, now: datetime | None = None
) -> tuple[int, BookingView]:
    """The API's path: a ScheduleDemo lead plus its booking of ``data["slotId"]`` in ``data["timeZone"]``,
    stored together or not at all (same validation, consent, anti-spam and Idempotency-Key rules as
    every lead). Returns (lead id, booking). LeadValidationError holds every field error, the slot's
    and zone's included; SlotTaken carries the next free slots.

    Two calls into leads/: ``lead_prepare`` (refusing the slot's and zone's errors with the lead's), then
    ``lead_store``, whose hook writes the booking and hands back what it does to the lead (``BookedDemo``).
    """
    now = as_utc(now or utc_now())
    fields = {name: value for name, value in data.items() if name not in ("slotId", "timeZone")}
    errors: dict[str, str] = {}
    try:
        host_id, starts_at = parse_slot_id(data.get("slotId"))
    except BookingError as bad:
        errors[bad.field] = str(bad)
    try:
        visitor_time_zone = zone(data.get("timeZone")).key  # the name asked for
    except BookingError as bad:
        errors[bad.field] = str(bad)
    prepared = lead_service.lead_prepare(
        LeadKind.SCHEDULE_DEMO, fields, context, endpoint=IDEMPOTENCY_ENDPOINT, extra_errors=errors
    )
    if isinstance(prepared, int):  # a retry of a stored booking
        return prepared, booking_of_lead(prepared)

    def book(db_session: Session, lead: WrittenLead) -> BookedDemo:
        """The lead's booking; a time not bookable is the slot field's error, as a bad slot id is."""
        try:
            return _book(db_session, lead.id, lead.quarantined, host_id, starts_at, visitor_time_zone, now)[1]
        except (SlotInPast, SlotOutsideAvailability) as refused:
            raise LeadValidationError({refused.field: str(refused)}) from None

    with _offering_next_slots(starts_at, visitor_time_zone, now):
        lead_id = lead_service.lead_store(prepared, booked_host=host_id, with_lead=book)
    return lead_id, booking_of_lead(lead_id)


def booking_rebook(
    booking_id: int, slot_id: str, seen_sequence: int | None = None, now: datetime | None = None
) -> BookingView:
    """Book a cancelled demo again, at a free slot of any host, from its page (``seen_sequence`` as for a move).
    AlreadyBooked when it is live again (booked meanwhile from another page)."""
    host_id, starts_at = parse_slot_id(slot_id)
    now = as_utc(now or utc_now())
    current = booking_get(booking_id)
    with _offering_next_slots(starts_at, current.visitor_time_zone, now), db.write_session() as db_session:
        booking = db_session.get(DemoBooking, booking_id, with_for_update=True)
        if booking is None:
            raise BookingNotFound()
        if seen_sequence is not None and booking.sequence != seen_sequence:
            raise BookingChanged()
        lead = db_session.get_one(Lead, booking.lead_id)
        view, booked = _book(
            db_session, booking.lead_id, lead.quarantined, host_id, starts_at, booking.visitor_time_zone, now
        )
        transitions.demo_booked(db_session, booking.lead_id, booked)
        db_session.commit()
    return view


def booking_reschedule(
    booking_id: int,
    slot_id: str,
    seen_sequence: int | None = None,
    now: datetime | None = None,
    actor_id: int | None = None,
) -> BookingView:
    """Move a live booking to another free slot of the same host; the invitation (same UID, SEQUENCE + 1)
    goes to visitor and host, the old reminders are withdrawn and new ones queued, and the lead's activity
    records the move by the visitor (``actor_id`` None) or by that staff member. ``seen_sequence`` (the
    page's form) refuses a change made from a page that showed an older state (BookingChanged).
    """
    host_id, starts_at = parse_slot_id(slot_id)
    now = as_utc(now or utc_now())
    current = booking_get(booking_id)
    with (
        _offering_next_slots(starts_at, current.visitor_time_zone, now, booking_id, current.host_id),
        db.write_session() as db_session,
    ):
        booking = _live_booking(db_session, booking_id, seen_sequence)
        if host_id != booking.host_id:
            raise SlotOutsideAvailability()
        lead = db_session.get_one(Lead, booking.lead_id)
        demo = _place(db_session, host_id, starts_at, now, exclude_booking_id=booking_id)
        history.record(
            db_session, booking.lead_id, BookingChange.MOVED, starts_at, actor_id, moved_from=as_utc(booking.starts_at)
        )
        booking.starts_at, booking.ends_at = starts_at, starts_at + demo
        booking.sequence += 1
        booking.updated_at = now
        _flush_or_taken(db_session)
        view = booking_view(db_session, booking)
        mails.withdraw_reminders(db_session, booking_id)
        mails.queue_invitations(db_session, view, BookingChange.MOVED, held=lead.quarantined)
        mails.queue_reminders(db_session, view, now, held=lead.quarantined)
        if not lead.quarantined:
            events.demo_changed(db_session, view, BookingChange.MOVED)
        db_session.commit()
    return view


def booking_cancel(
    booking_id: int,
    seen_sequence: int | None = None,
    now: datetime | None = None,
    actor_id: int | None = None,
    reason: str = "",
) -> BookingView:
    """Cancel a live booking: its slot is free again, visitor and host get METHOD:CANCEL (SEQUENCE + 1),
    reminders are withdrawn, the lead's activity records who cancelled (``actor_id`` None: the visitor), and
    a lead still at "demo booked" moves to "demo cancelled" (one to win back, not a demo to prepare).
    Cancelled by staff, the visitor's mail says the vendor cancelled, apologises, gives ``reason`` (kept on the
    booking for the lead's page) and offers to book again. BookingCancelled if it already was, BookingChanged
    for a stale page."""
    now = as_utc(now or utc_now())
    with db.write_session() as db_session:
        booking = _live_booking(db_session, booking_id, seen_sequence)
        lead = db_session.get_one(Lead, booking.lead_id)
        history.record(db_session, booking.lead_id, BookingChange.CANCELLED, as_utc(booking.starts_at), actor_id)
        transitions.demo_cancelled(db_session, lead, actor_id)
        booking.status, booking.sequence, booking.updated_at = BookingStatus.CANCELLED, booking.sequence + 1, now
        booking.cancel_reason = reason if actor_id is not None else ""
        db_session.flush()
        view = booking_view(db_session, booking)
        mails.withdraw_reminders(db_session, booking_id)
        mails.queue_invitations(
            db_session, view, BookingChange.CANCELLED, held=lead.quarantined, by_staff=actor_id is not None
        )
        if not lead.quarantined:
            events.demo_changed(db_session, view, BookingChange.CANCELLED)
        db_session.commit()
    return view


def booking_get(booking_id: int) -> BookingView:
    """The booking (live or cancelled); BookingNotFound if there is none (erased with its lead)."""
    with db.session() as db_session:
        booking = db_session.get(DemoBooking, booking_id)
        if booking is None:
            raise BookingNotFound()
        return booking_view(db_session, booking)


def booking_of_lead(lead_id: int) -> BookingView:
    with db.session() as db_session:
        booking = db_session.exec(select(DemoBooking).where(DemoBooking.lead_id == lead_id)).first()
        if booking is None:
            raise BookingNotFound()
        return booking_view(db_session, booking)


@contextmanager
def _offering_next_slots(
    after: datetime, tz_name: str, now: datetime, exclude_booking_id: int | None = None, host_id: int | None = None
) -> Iterator[None]:
    """A bare SlotTaken raised inside the block comes out carrying the next free slots, read afresh once
    the failed transaction was rolled back."""
    try:
        yield
    except SlotTaken as taken:
        if taken.next_slots:
            raise
        metrics.booking_conflict()
        with db.session() as db_session:
            offered = next_free_slots(db_session, after, tz_name, now, NEXT_SLOTS, host_id, exclude_booking_id)
        raise SlotTaken(offered) from None


def _book(
    db_session: Session,
    lead_id: int,
    quarantined: bool,
    host_id: int,
    starts_at: datetime,
    visitor_time_zone: str,
    now: datetime,
) -> tuple[BookingView, BookedDemo]:
    """Add the booking, its entry in the lead's activity, its mails and reminders to the lead's transaction (lead
    flushed, not committed); a quarantined lead's mails are held. Returns the booking and what it does to the lead
    (status, owner, timers, sales' notice, the channel report, the CRM's ``demo.booked``), which the caller hands
    to ``transitions.demo_booked`` (the API's ``lead_store`` does it itself).

    A lead has one booking row: a cancelled one is booked again in place, as a new calendar event (a new UID;
    SEQUENCE keeps rising, so a form from a page of the old demo stays refused)."""
    booking = db_session.exec(select(DemoBooking).where(DemoBooking.lead_id == lead_id).with_for_update()).first()
    if booking is not None and booking.status == BookingStatus.BOOKED:
        raise AlreadyBooked()
    demo = _place(db_session, host_id, starts_at, now)
    uid = f"{uuid.uuid4()}@demo-booking"
    before = demo_counted(booking.status if booking is not None else None)
    if booking is None:
        booking = DemoBooking(
            uid=uid,
            lead_id=lead_id,
            host_id=host_id,
            starts_at=starts_at,
            ends_at=starts_at + demo,
            visitor_time_zone=visitor_time_zone,
            created_at=now,
            updated_at=now,
        )
    else:
        booking.sqlmodel_update(
            {
                "uid": uid,
                "host_id": host_id,
                "starts_at": starts_at,
                "ends_at": starts_at + demo,
                "visitor_time_zone": visitor_time_zone,
                "status": BookingStatus.BOOKED,
                "sequence": booking.sequence + 1,
                "updated_at": now,
                "cancel_reason": "",
            }
        )
    db_session.add(booking)
    _flush_or_taken(db_session)
    history.record(db_session, booking.lead_id, BookingChange.BOOKED, starts_at, None)
    view = booking_view(db_session, booking)
    mails.queue_invitations(db_session, view, BookingChange.BOOKED, held=quarantined)
    mails.queue_reminders(db_session, view, now, held=quarantined)
    booked = BookedDemo(
        host_id=host_id,
        host=view.host_name,
        booking_id=view.id,
        when=mails.when_for_staff(view),
        counted=demo_counted(BookingStatus.BOOKED) - before,
        news=events.booking_data(view),
        booked_at=now,
    )
    return view, booked


def _place(
    db_session: Session, host_id: int, starts_at: datetime, now: datetime, exclude_booking_id: int | None = None
) -> timedelta:
    """Check, under the host's lock, that ``starts_at`` is a free slot of the host; returns the demo length."""
    if starts_at <= now:
        raise SlotInPast()
    lock = select(DemoHost).where(DemoHost.staff_user_id == host_id, DemoHost.active)
    if db_session.get_bind().dialect.name == "postgresql":
        lock = lock.with_for_update()  # overlap checks of one host run one after another
    if db_session.exec(lock).first() is None:
        raise SlotOutsideAvailability()
    settings_row = rules(db_session)
    week = host_weeks(db_session, host_id)[0]
    demo, buffer = timedelta(minutes=settings_row.demo_minutes), timedelta(minutes=settings_row.buffer_minutes)
    local_day = starts_at.astimezone(zone(week.host.time_zone)).date()
    if (
        starts_at >= now + timedelta(days=settings_row.horizon_days)
        or local_day not in set(week.working_days(local_day, local_day))
        or starts_at not in set(week.day_starts(local_day, demo, demo + buffer))
    ):
        raise SlotOutsideAvailability()
    booked = taken(db_session, [week], starts_at, starts_at + demo, buffer, exclude_booking_id)[host_id]
    if (
        starts_at < now + timedelta(minutes=settings_row.min_notice_minutes)
        or booked.per_day.get(local_day, 0) >= settings_row.daily_limit
        or booked.overlaps(starts_at, starts_at + demo)
    ):
        raise SlotTaken()
    return demo


def _flush_or_taken(db_session: Session) -> None:
    """The partial unique index is the last word: a live booking of the same host and start means taken."""
    try:
        db_session.flush()
    except IntegrityError as refused:
        if "lead_id" in str(refused.orig):
            raise AlreadyBooked() from None
        raise SlotTaken() from None


def _live_booking(db_session: Session, booking_id: int, seen_sequence: int | None) -> DemoBooking:
    """The booking, locked (PostgreSQL) so that a move and a cancellation of it run one after the other."""
    booking = db_session.get(DemoBooking, booking_id, with_for_update=True)
    if booking is None:
        raise BookingNotFound()
    if seen_sequence is not None and booking.sequence != seen_sequence:
        raise BookingChanged()
    if booking.status != BookingStatus.BOOKED:
        raise BookingCancelled()
    return booking
