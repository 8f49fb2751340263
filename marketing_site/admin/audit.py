"""The audit log as the staff area uses it: the writer (``staff.audit``) and a lead's history."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, col, select

from marketing_site.staff.audit import audit
from marketing_site.staff.models import AuditEntry

__all__ = ["audit", "lead_history"]


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
