"""The one code that marks a demo held or no-show, after its end: by its host from the one-click link in their
mail (``outcome_links``), or by staff from the lead's page. One transaction holds the booking's new status,
the lead's (``leads.transitions``), the entry in the lead's activity, the webhook ``demo.held`` or
``demo.no_show``, the host's questions withdrawn, and the visitor's next mail: for a no-show, one mail now with
the link to book again; for a held demo, the recap their next working morning (``outcome_mails``).

A demo is marked once: the booking row is locked (PostgreSQL; SQLite's writers take turns) and only a
booking still "booked", of the occasion the link or page was made for (its SEQUENCE), may be marked. A
second click, the other link, a page from before, a link older than its days: each is refused with the
reason, and nothing changes. Marking bumps SEQUENCE, so no form of the visitor's page from before the
demo can book it again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from sqlmodel import Session, col, select

from marketing_site.booking import events, history, outcome_mails
from marketing_site.booking.models import BookingChange, BookingStatus, DemoBooking, demo_counted
from marketing_site.booking.outcome_links import OUTCOMES, OutcomeLink
from marketing_site.booking.views import BookingView, booking_view
from marketing_site.booking.when import describe
from marketing_site.core import db
from marketing_site.core.clock import as_utc, utc_now
from marketing_site.leads import transitions
from marketing_site.leads.models import Lead
from marketing_site.leads.owners.owner_mails import when as staff_when
from marketing_site.leads.statuses import LeadStatus
from marketing_site.mail.render import STAFF_LANGUAGE

LEAD_STATUS = {BookingStatus.HELD: LeadStatus.DEMO_HELD, BookingStatus.NO_SHOW: LeadStatus.DEMO_NO_SHOW}
WORDS = {BookingStatus.HELD: "held", BookingStatus.NO_SHOW: "a no-show"}


class OutcomeRefused(Exception):
    """The demo cannot be marked (the message says why, in the staff's words); nothing changed."""

    status_code = 409


class DemoGone(OutcomeRefused):
    status_code = 404


class AlreadyMarked(OutcomeRefused): ...


class DemoChanged(OutcomeRefused): ...


class DemoCancelled(OutcomeRefused): ...


class DemoNotOver(OutcomeRefused): ...


@dataclass(frozen=True)
class Marked:
    booking: BookingView
    outcome: BookingStatus
    recap_due: datetime | None  # a held demo's recap, in the visitor's zone


def _host_time(booking: BookingView, moment: datetime) -> str:
    """ "Mon 01 Mar 09:30 (Asia/Karachi)": an instant in the host's zone, as staff mails write it."""
    return staff_when(as_utc(moment).astimezone(ZoneInfo(booking.host_time_zone)))


def _refusal(db_session: Session, booking: DemoBooking | None, sequence: int, now: datetime) -> OutcomeRefused | None:
    """Why this booking cannot be marked for the occasion ``sequence``, or None."""
    if booking is None:
        return DemoGone("This demo no longer exists (its lead was erased). Nothing was changed.")
    view = booking_view(db_session, booking)
    if booking.status in OUTCOMES:
        marked = WORDS[BookingStatus(booking.status)]
        return AlreadyMarked(
            f"This demo is already marked {marked} ({_host_time(view, booking.updated_at)}): a demo is marked "
            "once. Nothing was changed."
        )
    if booking.status == BookingStatus.CANCELLED:
        return DemoCancelled("This demo was cancelled, so there is nothing to mark. Nothing was changed.")
    if booking.sequence != sequence:
        now_at = describe(*view.in_zone(view.host_time_zone), STAFF_LANGUAGE)
        return DemoChanged(
            f"This demo was moved after this was written; it is now {now_at}. Use its latest mail or the lead's "
            "page. Nothing was changed."
        )
    if as_utc(booking.ends_at) > now:
        return DemoNotOver(
            f"This demo has not ended yet: mark it after {_host_time(view, booking.ends_at)}. Nothing was changed."
        )
    return None


def outcome_check(link: OutcomeLink, now: datetime | None = None) -> BookingView:
    """The demo a valid link would mark (looking changes nothing), or the OutcomeRefused marking would raise."""
    with db.session() as db_session:
        booking = db_session.get(DemoBooking, link.booking_id)
        refused = _refusal(db_session, booking, link.sequence, as_utc(now or utc_now()))
        if refused is not None or booking is None:
            raise refused or DemoGone()
        return booking_view(db_session, booking)


def demo_outcome_mark(
    booking_id: int,
    outcome: BookingStatus,
    seen_sequence: int,
    actor_id: int | None = None,
    *,
    by_link: bool = False,
    now: datetime | None = None,
) -> Marked:
    """Mark the demo ``outcome`` (held or no-show) as staff member ``actor_id`` did, or (``by_link``) as its host
    did from their mail's link. OutcomeRefused, and nothing changes, when it cannot be."""
    if outcome not in OUTCOMES:
        raise ValueError(f"{outcome} is not a demo's outcome")
    now = as_utc(now or utc_now())
    with db.session() as db_session:
        country = db_session.execute(
            select(col(Lead.country))
            .join(DemoBooking, col(DemoBooking.lead_id) == col(Lead.id))
            .where(col(DemoBooking.id) == booking_id)
        ).scalar()
    outcome_mails.warm(country, now)
    with db.write_session() as db_session:
        booking = db_session.get(DemoBooking, booking_id, with_for_update=True)
        refused = _refusal(db_session, booking, seen_sequence, now)
        if refused is not None or booking is None:
            raise refused or DemoGone()
        lead = db_session.get_one(Lead, booking.lead_id)
        actor = booking.host_id if by_link else actor_id
        change = BookingChange(outcome.value)
        by = history.BY_LINK if by_link else history.BY_STAFF
        history.record(db_session, booking.lead_id, change, as_utc(booking.starts_at), actor, by=by)
        counted = demo_counted(outcome) - demo_counted(booking.status)  # the channel report's change
        booking.status, booking.sequence, booking.updated_at = outcome, booking.sequence + 1, now
        db_session.flush()
        view = booking_view(db_session, booking)
        outcome_mails.withdraw_host_asks(db_session, booking_id)
        transitions.demo_outcome(db_session, lead, LEAD_STATUS[outcome], actor, counted)
        recap_due = None
        if outcome is BookingStatus.NO_SHOW:
            outcome_mails.queue_missed(db_session, view, now, held=lead.quarantined)
        else:
            recap_due = outcome_mails.queue_recap(db_session, view, now, held=lead.quarantined)
        if not lead.quarantined:
            events.demo_changed(db_session, view, change)
        db_session.commit()
    local_recap = recap_due.astimezone(ZoneInfo(view.visitor_time_zone)) if recap_due else None
    return Marked(view, outcome, local_recap)
