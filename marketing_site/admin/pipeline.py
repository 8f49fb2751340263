"""The lead pipeline: statuses in their order, and the words staff see for them."""

from __future__ import annotations

NEW = "new"
DEMO_BOOKED = "demo_booked"  # set by booking.service when the lead books a slot
STATUSES: dict[str, str] = {
    NEW: "New",
    "contacted": "Contacted",
    "qualified": "Qualified",
    DEMO_BOOKED: "Demo booked",
    "won": "Won",
    "lost": "Lost",
}
