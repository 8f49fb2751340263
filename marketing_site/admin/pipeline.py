"""The lead pipeline: statuses in their order, and the words staff see for them."""

from __future__ import annotations

NEW = "new"
STATUSES: dict[str, str] = {NEW: "New", "contacted": "Contacted", "qualified": "Qualified",
                            "demo_booked": "Demo booked", "won": "Won", "lost": "Lost"}
