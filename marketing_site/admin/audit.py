"""The audit log: every change staff make is one row (who, what, when), without a visitor's personal data."""

from __future__ import annotations

from sqlmodel import Session, select

from marketing_site.core.columns import max_length
from marketing_site.staff.models import AuditEntry


def audit(db_session: Session, actor_id: int | None, action: str, lead_id: int | None = None, detail: str = "") -> None:
    """Add an entry to the caller's transaction, so a change and its record commit together."""
    db_session.add(
        AuditEntry(actor_id=actor_id, action=action, lead_id=lead_id, detail=detail[: max_length(AuditEntry, "detail")])
    )


def lead_history(db_session: Session, lead_id: int) -> list[AuditEntry]:
    return list(db_session.exec(select(AuditEntry).where(AuditEntry.lead_id == lead_id).order_by(AuditEntry.id)))
