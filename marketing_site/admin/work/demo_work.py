"""A lead's demo moved or cancelled by a staff member from the lead's page: the very service the visitor's
mail link uses (booking.service), so visitor and host get the same updated invitation or cancellation, and
the lead's activity says which colleague did it. Free times are listed in the staff member's own zone.

Cancelling asks first, as Calendly's host does: a page naming the demo, an optional reason for the visitor,
and the one button that cancels. The visitor's mail then says the vendor cancelled, apologises, gives the
reason and offers to book another time."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from marketing_site.admin.local_time import StaffClock
from marketing_site.admin.work.lead_work import LeadNotFound, WorkRefused, lead_get
from marketing_site.booking import service, slots
from marketing_site.booking.errors import BookingError, BookingNotFound
from marketing_site.booking.models import BookingStatus, DemoBooking
from marketing_site.booking.views import BookingView
from marketing_site.leads.validation import InvalidField, clean_text, max_length
from marketing_site.staff.models import StaffUser

DAYS_SHOWN = 7


@dataclass(frozen=True)
class DemoChoices:
    """The lead's live demo and a week of its host's free times, by day of the staff member's zone."""

    booking: BookingView
    first: date
    days: list[tuple[date, list[slots.Slot]]]
    today: date

    @property
    def later(self) -> date:
        return self.first + timedelta(days=DAYS_SHOWN)

    @property
    def earlier(self) -> date | None:
        return max(self.first - timedelta(days=DAYS_SHOWN), self.today) if self.first > self.today else None


def _live_booking(lead_id: int, user: StaffUser) -> BookingView:
    lead_get(lead_id, user)  # LeadNotFound for a lead the role may not see
    try:
        booking = service.booking_of_lead(lead_id)
    except BookingNotFound:
        raise LeadNotFound(lead_id) from None
    if booking.status != BookingStatus.BOOKED:
        raise WorkRefused("This demo was cancelled; there is nothing to move")
    return booking


def demo_choices(lead_id: int, user: StaffUser, clock: StaffClock, from_day: date | None) -> DemoChoices:
    booking = _live_booking(lead_id, user)
    first = max(from_day or clock.today(), clock.today())
    free = slots.free_slots(first, DAYS_SHOWN, clock.zone.key, host_id=booking.host_id)
    days: dict[date, list[slots.Slot]] = {first + timedelta(days=offset): [] for offset in range(DAYS_SHOWN)}
    for slot in free:
        days.setdefault(slot.starts_at.date(), []).append(slot)
    return DemoChoices(booking, first, sorted(days.items()), clock.today())


def demo_move(lead_id: int, user: StaffUser, slot_id: str, seen_sequence: str) -> BookingView:
    """Move the demo to ``slot_id`` as the page showed it (a page older than the last change is refused)."""
    booking = _live_booking(lead_id, user)
    try:
        return service.booking_reschedule(booking.id, slot_id, _sequence(seen_sequence), actor_id=user.id)
    except BookingError as refused:
        raise WorkRefused(str(refused)) from None


def demo_to_cancel(lead_id: int, user: StaffUser) -> BookingView:
    """The live demo the confirmation page asks about."""
    return _live_booking(lead_id, user)


def demo_cancel(lead_id: int, user: StaffUser, seen_sequence: str, reason: str = "") -> BookingView:
    """Cancel the demo as the confirmation page showed it, with the reason (optional) the visitor's mail gives."""
    booking = _live_booking(lead_id, user)
    try:
        typed = clean_text(reason, "The reason", max_length("cancel_reason", DemoBooking), multiline=True)
    except InvalidField as bad:
        raise WorkRefused(str(bad)) from None
    try:
        return service.booking_cancel(booking.id, _sequence(seen_sequence), actor_id=user.id, reason=typed)
    except BookingError as refused:
        raise WorkRefused(str(refused)) from None


def _sequence(typed: str) -> int:
    if not typed.isdigit():
        raise WorkRefused("The form expired; open the lead again")
    return int(typed)
