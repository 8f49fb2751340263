"""Copy of the slot picker a demo request's success modal shows, when hosts have free times."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SlotPickerCopy:
    heading: str
    intro: str
    zone_label: str
    book_label: str
    busy_label: str
    booked_title: str
    booked_with: str  # followed by the host's name
    booked_note: str


SLOT_PICKER = SlotPickerCopy(
    heading="Pick a time for your demo",
    intro="Choose a free time below and it is yours at once. Prefer us to call you? Just continue.",
    zone_label="Times shown in",
    book_label="Book this time",
    busy_label="Booking…",
    booked_title="Your demo is booked",
    booked_with="Your host:",
    booked_note="We have emailed you an invitation for your calendar, with a link to change or cancel it.",
)
