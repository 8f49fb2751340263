"""What a booking's changes leave in its lead's activity: one audit entry per change, added to the change's
own transaction (a demo that moved always says so in the lead's history, and one that did not never does).

The entry holds instants and who acted, never the visitor's personal data (an entry outlives an erasure):
action "demo booked" / "demo moved" / … (``AuditAction``); detail (``AuditDetail``) the demo's start in UTC
ISO 8601 (a move: from ``before`` to ``after``), ``by`` the visitor, staff (the entry's actor) or the host's
link.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from marketing_site.booking.models import BookingChange
from marketing_site.staff.audit import AuditAction, AuditDetail, audit

ACTION_PREFIX = "demo "
BY_VISITOR = "visitor"
BY_STAFF = "staff"
BY_LINK = "link"  # the host, from the link in their mail


def action_of(change: BookingChange) -> AuditAction:
    return AuditAction(f"{ACTION_PREFIX}{change}")


def record(
    db_session: Session,
    lead_id: int,
    change: BookingChange,
    starts_at: datetime,
    actor_id: int | None,
    moved_from: datetime | None = None,
    by: str = "",
) -> None:
    """Add the entry of ``change`` to the caller's transaction; ``actor_id`` None means the visitor acted
    (``by``: who, when it was neither the visitor nor staff)."""
    by = by or (BY_VISITOR if actor_id is None else BY_STAFF)
    before = moved_from.isoformat() if moved_from else ""
    audit(db_session, actor_id, action_of(change), lead_id, AuditDetail(before, starts_at.isoformat(), by=by))
