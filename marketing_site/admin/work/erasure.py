"""Erase a person on request, and the retention rule for job applications: rows, notes, mails and
résumés go (they cascade with the lead's row); the audit log keeps that it happened and how much, never who."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select
from sqlmodel import Session, col

from marketing_site.admin.audit import audit
from marketing_site.admin.staff_db import BULK_WORK_SECONDS, staff_write_session
from marketing_site.core.clock import utc_now
from marketing_site.leads.models import Lead
from marketing_site.leads.schemas import LeadKind
from marketing_site.staff.models import StaffUser

DAYS_PER_MONTH = 30


def person_erase(email: str, user: StaffUser) -> int:
    """Delete every lead for ``email`` (any kind, any case), with its notes, mails and résumé; returns how many."""
    with staff_write_session() as db_session:  # lower() on both sides in SQL: one case rule, the database's
        leads = list(
            db_session.execute(select(Lead).where(func.lower(Lead.email) == func.lower(email.strip()))).scalars()
        )
        _delete(db_session, leads)
        audit(db_session, user.id, "erase", None, f"{len(leads)} leads of one person erased on request")
        db_session.commit()
    return len(leads)


def applications_expire(months: int) -> int:
    """Delete job applications older than ``months`` (the RETENTION setting; 0 keeps them); returns how many."""
    if months <= 0:
        return 0
    cutoff = utc_now() - timedelta(days=months * DAYS_PER_MONTH)
    with staff_write_session(BULK_WORK_SECONDS) as db_session:
        leads = list(
            db_session.execute(
                select(Lead).where(col(Lead.kind) == LeadKind.CAREERS.value, col(Lead.created_at) < cutoff)
            ).scalars()
        )
        _delete(db_session, leads)
        if leads:
            audit(db_session, None, "retention", None, f"{len(leads)} job applications older than {months} months")
        db_session.commit()
    return len(leads)


def _delete(db_session: Session, leads: list[Lead]) -> None:
    """Delete the rows; notes, mails, modules and résumés cascade in the database."""
    for lead in leads:
        db_session.delete(lead)
