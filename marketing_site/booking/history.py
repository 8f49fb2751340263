"""What a booking's changes leave in its lead's activity: one audit entry per change, added to the change's
own transaction (a demo that moved always says so in the lead's history, and one that did not never does).

The entry holds instants and who acted, never the visitor's personal data (an entry outlives an erasure):
action "demo booked" / "demo moved" / "demo cancelled"; detail the demo's start in UTC ISO 8601 (a move:
"<from> -> <to>"), then "; by visitor" or "; by staff" (the staff member is the entry's actor).
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from marketing_site.booking.models import BookingChange
from marketing_site.core.columns import max_length
from marketing_site.staff.models import AuditEntry

ACTION_PREFIX = "demo "
BY_VISITOR = "visitor"
BY_STAFF = "staff"
SEPARATOR = "; by "


def action_of(change: BookingChange) -> str:
    return f"{ACTION_PREFIX}{change}"


def record(
    db_session: Session,
    lead_id: int,
    change: BookingChange,
    starts_at: datetime,
    actor_id: int | None,
    moved_from: datetime | None = None,
) -> None:
    """Add the entry of ``change`` to the caller's transaction; ``actor_id`` None means the visitor acted."""
    when = starts_at.isoformat() if moved_from is None else f"{moved_from.isoformat()} -> {starts_at.isoformat()}"
    detail = f"{when}{SEPARATOR}{BY_VISITOR if actor_id is None else BY_STAFF}"
    db_session.add(
        AuditEntry(
            actor_id=actor_id,
            action=action_of(change),
            lead_id=lead_id,
            detail=detail[: max_length(AuditEntry, "detail")],
        )
    )
