"""What booking refuses, each with the field it is about and a visitor message (content/messages.py).

The API turns a refusal into 422 (409 for SlotTaken); the site's forms and the manage page show
``str(error)``, already in the language being spoken.
"""

from __future__ import annotations

from collections.abc import Sequence

from marketing_site.booking.slot import Slot
from marketing_site.content.messages import message


class BookingError(Exception):
    """A booking request the visitor can fix; ``field`` names the API field it is about."""

    field = "slotId"
    message_id = ""

    def __init_subclass__(cls, message_id: str = "", field: str = "", **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.message_id = message_id or cls.message_id
        cls.field = field or cls.field

    def __init__(self, **values: object) -> None:
        super().__init__(message(self.message_id, None, **values))  # in the language being spoken


class BadWindow(BookingError):
    """The slot listing's ``from`` or ``days`` is unreadable or out of range."""

    def __init__(self, field: str, message_id: str, **values: object) -> None:
        self.field, self.message_id = field, message_id
        super().__init__(**values)


class SlotTaken(BookingError, message_id="booking.slot_taken"):
    """Someone else booked it first (or it fell inside the minimum notice): here are the next free ones."""

    def __init__(self, next_slots: Sequence[Slot] = ()) -> None:
        self.next_slots = tuple(next_slots)
        super().__init__()


class MalformedSlotId(BookingError, message_id="booking.slot_malformed"): ...


class UnknownTimeZone(BookingError, message_id="booking.time_zone_unknown", field="timeZone"): ...


class SlotInPast(BookingError, message_id="booking.slot_past"): ...


class SlotOutsideAvailability(BookingError, message_id="booking.slot_unavailable"): ...


class LeadNotFound(BookingError, message_id="booking.lead_not_found", field="leadId"): ...


class AlreadyBooked(BookingError, message_id="booking.lead_has_booking", field="leadId"): ...  # one demo per lead


class BookingNotFound(BookingError, message_id="booking.not_found", field="booking"): ...


class BookingCancelled(BookingError, message_id="booking.cancelled", field="booking"): ...


# The page the visitor acted on showed an older state of the demo (moved or cancelled meanwhile).
class BookingChanged(BookingError, message_id="booking.changed", field="booking"): ...
