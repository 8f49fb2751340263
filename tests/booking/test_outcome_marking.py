"""What marking a demo held or no-show records, in one transaction (``outcomes.demo_outcome_mark``): the booking's
new status, a SEQUENCE one higher and the time of the marking; the lead's status; the lead's activity (the host
from their link, or the staff member, with the demo's start in UTC); the channel report's held demos; the CRM's
``demo.held`` / ``demo.no_show`` with the booking's data (none for a lead in quarantine); and the visitor's holiday
calendars of this year and the next, loaded before the transaction.

And what it refuses, each with its reason in staff's words and nothing changed: a demo that is gone, already
marked, cancelled, moved since the link or page was made, or not over yet (its last second is not; its end is),
and an outcome that is none. ``outcome_check`` (the link's page) refuses the same and changes nothing."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, date, datetime, timedelta

import pytest
from hosts import add_booking, add_lead, karachi_host
from sqlalchemy import func, select, update
from webhooks.conftest import _no_endpoints, admin, delivery_settings  # noqa: F401 (fixtures)

from marketing_site.admin.setup.webhook_endpoints import endpoint_create
from marketing_site.booking.models import BookingStatus, DemoBooking
from marketing_site.booking.outcome_links import OutcomeLink
from marketing_site.booking.outcomes import (
    AlreadyMarked,
    DemoCancelled,
    DemoChanged,
    DemoGone,
    DemoNotOver,
    demo_outcome_mark,
    outcome_check,
)
from marketing_site.core import closed_days, db
from marketing_site.core.clock import as_utc, frozen
from marketing_site.leads.models import Lead
from marketing_site.leads.tallies.models import ChannelTally
from marketing_site.mail.models import OutboxMail
from marketing_site.staff.models import AuditEntry, StaffUser
from marketing_site.webhooks.models import WebhookDelivery

STARTS = datetime(2027, 3, 4, 4, 0, tzinfo=UTC)  # Thursday 09:00 in Karachi (the host)
ENDS = STARTS + timedelta(minutes=30)
MARKED = ENDS + timedelta(minutes=20)  # 09:50 in Karachi
HOST_WHEN = "Thursday 4 March 2027, 09:00-09:30 (Asia/Karachi, UTC+05:00)"
NOTHING_CHANGED = "Nothing was changed."

pytestmark = pytest.mark.usefixtures("empty_outbox")


def demo(quarantined: bool = False, status: BookingStatus = BookingStatus.BOOKED, country: str = "Oman") -> int:
    """Thursday's demo of a visitor of ``country`` in Muscat's zone, whose lead has it booked, with Sana Malik,
    who gives demos from Karachi, 09:00-12:00 Monday to Friday (a host of its own: one demo a host at a time)."""
    host = karachi_host()
    lead = add_lead(email=f"{uuid.uuid4().hex[:8]}@school.example", quarantined=quarantined, country=country)
    with db.session() as db_session:
        db_session.execute(update(Lead).where(Lead.id == lead).values(status="demo_booked"))
        db_session.commit()
    return add_booking(host, STARTS, ENDS, lead, "Asia/Muscat", status)


def stored(booking_id: int) -> tuple[str, int, datetime, str]:
    """(the booking's status, SEQUENCE, last change; its lead's status)."""
    with db.session() as db_session:
        booking = db_session.get_one(DemoBooking, booking_id)
        lead = db_session.get_one(Lead, booking.lead_id)
        return booking.status, booking.sequence, as_utc(booking.updated_at), lead.status


def host_of(booking_id: int) -> int:
    with db.session() as db_session:
        return db_session.get_one(DemoBooking, booking_id).host_id


def activity(booking_id: int) -> list[tuple[int | None, str, str]]:
    with db.session() as db_session:
        lead_id = db_session.get_one(DemoBooking, booking_id).lead_id
        return [
            (entry.actor_id, entry.action, entry.detail)
            for entry in db_session.execute(
                select(AuditEntry).where(AuditEntry.lead_id == lead_id).order_by(AuditEntry.id)
            ).scalars()
        ]


def demos_counted() -> tuple[int, int]:
    """The channel report's (booked, held) demos, over all its rows."""
    with db.session() as db_session:
        totals = select(func.coalesce(func.sum(ChannelTally.booked), 0), func.coalesce(func.sum(ChannelTally.held), 0))
        return tuple(db_session.execute(totals).one())


def staff_member() -> int:
    with db.session() as db_session:
        staff = StaffUser(email=f"sales-{uuid.uuid4().hex[:8]}@vendor.example", password_hash="x", role="sales")
        db_session.add(staff)
        db_session.commit()
        return staff.id


@pytest.mark.parametrize(
    ("outcome", "lead_status", "action", "counts_held"),
    [
        (BookingStatus.HELD, "demo_held", "demo held", True),
        (BookingStatus.NO_SHOW, "demo_no_show", "demo no_show", False),
    ],
)
@pytest.mark.parametrize("by_link", [True, False])
def test_marking_records_the_outcome_who_marked_it_and_the_channel_reports_held_demos(
    outcome, lead_status, action, counts_held, by_link
):
    booking = demo()
    actor, by = (host_of(booking), "link") if by_link else (staff_member(), "staff")
    booked, held = demos_counted()
    if by_link:
        marked = demo_outcome_mark(booking, outcome, 0, by_link=True, now=MARKED)
    else:  # as the lead's page does
        marked = demo_outcome_mark(booking, outcome, 0, actor, now=MARKED)
    assert (marked.outcome, marked.booking.status, marked.booking.sequence) == (outcome, outcome, 1)
    assert stored(booking) == (outcome, 1, MARKED, lead_status)
    assert activity(booking) == [
        (actor, action, f"{STARTS.isoformat()}; by {by}"),
        (actor, "status", f"demo_booked -> {lead_status}"),
    ]
    booked_now, held_now = demos_counted()
    assert (booked_now, held_now > held) == (booked, counts_held)  # a demo stays booked; held ones count as held


def test_only_a_held_demo_has_a_recap_due_given_in_the_visitors_zone():
    held = demo_outcome_mark(demo(), BookingStatus.HELD, 0, by_link=True, now=MARKED)
    missed = demo_outcome_mark(demo(), BookingStatus.NO_SHOW, 0, by_link=True, now=MARKED)
    assert held.recap_due.isoformat() == "2027-03-07T09:00:00+04:00" and str(held.recap_due.tzinfo) == "Asia/Muscat"
    assert missed.recap_due is None


@pytest.mark.parametrize(
    ("outcome", "event"), [(BookingStatus.HELD, "demo.held"), (BookingStatus.NO_SHOW, "demo.no_show")]
)
def test_the_crm_is_told_the_outcome_with_the_bookings_data(admin, delivery_settings, outcome, event):
    endpoint, _ = endpoint_create(admin, "http://127.0.0.1:9/hooks", ["demo.held", "demo.no_show"])
    booking = demo()
    quarantined = demo(quarantined=True)
    view = demo_outcome_mark(booking, outcome, 0, by_link=True, now=MARKED).booking
    demo_outcome_mark(quarantined, outcome, 0, by_link=True, now=MARKED)
    with db.session() as db_session:
        deliveries = db_session.execute(select(WebhookDelivery).where(WebhookDelivery.endpoint_id == endpoint.id))
        [(told, payload)] = [(row.event, json.loads(row.payload)) for row in deliveries.scalars()]
        lead_id = db_session.get_one(DemoBooking, booking).lead_id
    assert (told, payload["type"]) == (event, event)  # the quarantined lead's demo is not told
    assert payload["data"] == {
        "id": booking,
        "leadId": lead_id,
        "status": outcome.value,
        "startsAt": "2027-03-04T04:00:00+00:00",
        "endsAt": "2027-03-04T04:30:00+00:00",
        "visitorTimeZone": "Asia/Muscat",
        "sequence": 1,
        "host": {"id": host_of(booking), "name": "Sana Malik", "email": view.host_email},
        "leadUrl": f"http://localhost:8000/admin/leads/{lead_id}",
    }


def test_marking_loads_the_visitors_holiday_calendars_of_this_year_and_the_next_first():
    demo(country="Pakistan")  # another visitor's demo: their calendars are not the ones loaded
    booking = demo(country="Uruguay")  # no other test's visitor comes from there
    closed_days._closed_days.cache_clear()
    demo_outcome_mark(booking, BookingStatus.HELD, 0, by_link=True, now=MARKED)
    loaded = closed_days._closed_days.cache_info().misses
    closed_days.is_closed("UY", date(2028, 12, 31))
    assert closed_days._closed_days.cache_info().misses == loaded


def gone() -> tuple[int, int, datetime]:
    """(the booking, the SEQUENCE the link or page was made for, now): a booking erased with its lead."""
    return demo() + 1000, 0, MARKED


def marked_held() -> tuple[int, int, datetime]:
    booking = demo()
    demo_outcome_mark(booking, BookingStatus.HELD, 0, by_link=True, now=MARKED)
    return booking, 0, MARKED  # the second click


def marked_no_show() -> tuple[int, int, datetime]:
    booking = demo()
    demo_outcome_mark(booking, BookingStatus.NO_SHOW, 0, by_link=True, now=MARKED)
    return booking, 1, MARKED  # a page made after the marking


def cancelled() -> tuple[int, int, datetime]:
    return demo(status=BookingStatus.CANCELLED), 1, MARKED


def moved() -> tuple[int, int, datetime]:
    return demo(), 1, MARKED  # a link of another occasion than the booking's


def not_over() -> tuple[int, int, datetime]:
    return demo(), 0, ENDS - timedelta(seconds=1)


ALREADY = "This demo is already marked {} (Thu 04 Mar 09:50 (Asia/Karachi)): a demo is marked once. "


@pytest.mark.parametrize(
    ("situation", "refusal", "status_code", "words"),
    [
        (gone, DemoGone, 404, "This demo no longer exists (its lead was erased). "),
        (marked_held, AlreadyMarked, 409, ALREADY.format("held")),
        (marked_no_show, AlreadyMarked, 409, ALREADY.format("a no-show")),
        (cancelled, DemoCancelled, 409, "This demo was cancelled, so there is nothing to mark. "),
        (
            moved,
            DemoChanged,
            409,
            f"This demo was moved after this was written; it is now {HOST_WHEN}. Use its latest mail or the lead's "
            "page. ",
        ),
        (not_over, DemoNotOver, 409, "This demo has not ended yet: mark it after Thu 04 Mar 09:30 (Asia/Karachi). "),
    ],
)
def test_a_demo_that_cannot_be_marked_is_refused_with_the_reason_and_nothing_changes(
    situation, refusal, status_code, words
):
    booking, sequence, now = situation()
    before = (stored(booking), activity(booking)) if situation is not gone else None
    with pytest.raises(refusal) as looked:
        outcome_check(OutcomeLink(booking, sequence, BookingStatus.HELD), now)
    with pytest.raises(refusal) as marking:
        demo_outcome_mark(booking, BookingStatus.NO_SHOW, sequence, by_link=True, now=now)
    for refused in (looked.value, marking.value):
        assert (str(refused), refused.status_code) == (words + NOTHING_CHANGED, status_code)
    if before is not None:
        assert (stored(booking), activity(booking)) == before


def test_a_demo_can_be_marked_from_its_end_on():
    booking = demo()
    with frozen(ENDS):
        assert outcome_check(OutcomeLink(booking, 0, BookingStatus.HELD)).id == booking
    assert stored(booking)[0] == "booked"  # looking changes nothing
    demo_outcome_mark(booking, BookingStatus.HELD, 0, by_link=True, now=ENDS)
    assert stored(booking)[:2] == ("held", 1)


def test_on_the_applications_clock_a_demo_is_over_only_after_its_end():
    booking = demo()
    with frozen(ENDS - timedelta(seconds=1)):
        with pytest.raises(DemoNotOver):
            outcome_check(OutcomeLink(booking, 0, BookingStatus.HELD))
        with pytest.raises(DemoNotOver):
            demo_outcome_mark(booking, BookingStatus.HELD, 0, by_link=True)
    with frozen(MARKED):
        demo_outcome_mark(booking, BookingStatus.HELD, 0, by_link=True)
    assert stored(booking) == ("held", 1, MARKED, "demo_held")


@pytest.mark.parametrize("outcome", [BookingStatus.BOOKED, BookingStatus.CANCELLED])
def test_an_outcome_that_is_none_is_refused_before_anything_is_read(outcome):
    booking = demo()
    with pytest.raises(ValueError, match=f"^{outcome} is not a demo's outcome$"):
        demo_outcome_mark(booking, outcome, 0, by_link=True, now=MARKED)
    assert stored(booking)[:2] == ("booked", 0)
    with db.session() as db_session:
        assert db_session.execute(select(func.count()).select_from(OutboxMail)).scalar_one() == 0
