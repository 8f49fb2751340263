"""What a visitor is told when booking refuses: each refusal names the API field it is about (the API's errors and
the forms put the message next to that field) and says, in the language being spoken, what to do instead."""

from __future__ import annotations

import pytest

from marketing_site.booking.errors import (
    AlreadyBooked,
    BadWindow,
    BookingCancelled,
    BookingChanged,
    BookingNotFound,
    LeadNotFound,
    MalformedSlotId,
    SlotInPast,
    SlotOutsideAvailability,
    SlotTaken,
    UnknownTimeZone,
)
from marketing_site.content.messages import CATALOGUES, speaking


@pytest.mark.parametrize(
    ("refusal", "field", "said"),
    [
        (SlotTaken, "slotId", "Sorry, that time was just taken. Please choose another: here are the next free times."),
        (MalformedSlotId, "slotId", "Please choose a time from the list of free times."),
        (SlotInPast, "slotId", "That time has already passed. Please choose a later time."),
        (SlotOutsideAvailability, "slotId", "That time is not open for demos. Please choose one of the free times."),
        (UnknownTimeZone, "timeZone", "Please choose your time zone from the list, e.g. Europe/London."),
        (LeadNotFound, "leadId", "We could not find your request. Please fill in the form again."),
        (
            AlreadyBooked,
            "leadId",
            "Your demo is already booked. To change its time, use the link in your booking email.",
        ),
        (
            BookingNotFound,
            "booking",
            "We could not find this demo. It may have been removed; you are welcome to book a new one.",
        ),
        (
            BookingCancelled,
            "booking",
            "This demo is cancelled, so it can no longer be changed. You are welcome to book a new one.",
        ),
        (
            BookingChanged,
            "booking",
            "This demo was changed in the meantime. Please look at its current time and try again.",
        ),
    ],
)
def test_each_refusal_names_its_field_and_tells_the_visitor_what_to_do(refusal, field, said):
    refused = refusal()
    assert (refused.field, str(refused)) == (field, said)
    with speaking("ar"):
        assert str(refusal()) == CATALOGUES["ar"][refusal.message_id] != said


def test_a_bad_listing_window_names_the_parameter_and_fills_in_the_limit():
    refused = BadWindow("days", "booking.days_invalid", limit=14)
    assert (refused.field, str(refused)) == ("days", "Please ask for between 1 and 14 days.")
    assert SlotTaken().next_slots == ()


def test_a_new_kind_of_refusal_says_its_own_words_about_its_own_field_or_else_its_parents():
    class Closed(SlotOutsideAvailability, field="from"): ...

    class Gone(BookingNotFound, message_id="booking.slot_past"): ...

    class Unchanged(SlotInPast): ...

    assert (Closed.field, str(Closed())) == (
        "from",
        "That time is not open for demos. Please choose one of the free times.",
    )
    assert (Gone.field, str(Gone())) == ("booking", "That time has already passed. Please choose a later time.")
    assert (Unchanged.field, Unchanged.message_id) == ("slotId", "booking.slot_past")
