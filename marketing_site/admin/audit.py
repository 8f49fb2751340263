"""The audit log: every change staff make is one row (who, what, when), without a visitor's personal data."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, col, select

from marketing_site.core.columns import max_length
from marketing_site.staff.models import AuditEntry


def audit(db_session: Session, actor_id: int | None, action: str, lead_id: int | None = None, detail: str = "") -> None:
    """Add an entry to the caller's transaction, so a change and its record commit together."""
    db_session.add(
        AuditEntry(actor_id=actor_id, action=action, lead_id=lead_id, detail=detail[: max_length(AuditEntry, "detail")])
    )


def lead_history(db_session: Session, lead_id: int, since: datetime) -> list[AuditEntry]:
    """The lead's entries from its arrival (``since``) on: SQLite gives the id of an erased newest lead to
    the next one, and the erased lead's entries (which outlive it) are not the new lead's history."""
    return list(
        db_session.exec(
            select(AuditEntry)
            .where(col(AuditEntry.lead_id) == lead_id, col(AuditEntry.created_at) >= since)
            .order_by(col(AuditEntry.id))
        )
    )
