"""The audit log as the staff area uses it: the writer (``staff.audit``) and a lead's history."""

from __future__ import annotations

from sqlmodel import Session, select

from marketing_site.staff.audit import audit
from marketing_site.staff.models import AuditEntry

__all__ = ["audit", "lead_history"]


def lead_history(db_session: Session, lead_id: int) -> list[AuditEntry]:
    return list(db_session.exec(select(AuditEntry).where(AuditEntry.lead_id == lead_id).order_by(AuditEntry.id)))
