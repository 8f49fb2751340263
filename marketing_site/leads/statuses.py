"""The lead pipeline: statuses in their order, with the words staff see for them."""

from __future__ import annotations

import enum


class LeadStatus(enum.StrEnum):
    NEW = "new"
    CONTACTED = "contacted"
    QUALIFIED = "qualified"
    DEMO_BOOKED = "demo_booked"  # set by booking.service when the lead books a slot
    WON = "won"
    LOST = "lost"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").capitalize()
