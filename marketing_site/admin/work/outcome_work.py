"""A demo marked held or no-show: by a staff member on the lead's page (its Demo card, once the demo has
ended), or by its host from the one-click link in their mail, which asks for no sign-in (the signed link is
the key) and does one thing. Both call the booking's one code for it (``booking.outcomes``)."""

from __future__ import annotations

from marketing_site.admin.work.lead_work import LeadNotFound, WorkRefused, lead_get
from marketing_site.booking import outcome_links, outcomes, service
from marketing_site.booking.errors import BookingNotFound
from marketing_site.booking.models import BookingStatus
from marketing_site.booking.views import BookingView
from marketing_site.staff.models import StaffUser


def _mark(lead_id: int, user: StaffUser, outcome: BookingStatus, seen_sequence: str) -> None:
    lead_get(lead_id, user)  # LeadNotFound for a lead the role may not see
    try:
        booking = service.booking_of_lead(lead_id)
    except BookingNotFound:
        raise LeadNotFound(lead_id) from None
    if not seen_sequence.isdigit():
        raise WorkRefused("The form expired; open the lead again")
    try:
        outcomes.demo_outcome_mark(booking.id, outcome, int(seen_sequence), user.id)
    except outcomes.OutcomeRefused as refused:
        raise WorkRefused(str(refused)) from None


def demo_held(lead_id: int, user: StaffUser, seen_sequence: str) -> None:
    _mark(lead_id, user, BookingStatus.HELD, seen_sequence)


def demo_no_show(lead_id: int, user: StaffUser, seen_sequence: str) -> None:
    _mark(lead_id, user, BookingStatus.NO_SHOW, seen_sequence)


def link_check(token: str) -> tuple[outcome_links.OutcomeLink, BookingView]:
    """What the link would mark; TokenInvalid / TokenExpired, or OutcomeRefused, when it cannot."""
    link = outcome_links.read(token)
    return link, outcomes.outcome_check(link)


def link_use(token: str) -> outcomes.Marked:
    """Mark the demo as the link says, as its host; the same refusals as ``link_check``."""
    link = outcome_links.read(token)
    return outcomes.demo_outcome_mark(link.booking_id, link.outcome, link.sequence, by_link=True)
