"""Erase a person on request, and the retention rule for job applications: rows, notes, mails and
résumés go (they cascade with the lead's row); the audit log keeps that it happened and how much, never who."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import ColumnElement, delete, func
from sqlmodel import Session, col

from marketing_site.admin.audit import audit
from marketing_site.admin.staff_db import BULK_WORK_SECONDS, staff_write_session
from marketing_site.admin.work import channel_tallies
from marketing_site.core.clock import utc_now
from marketing_site.leads.models import Lead
from marketing_site.leads.schemas import LeadKind
from marketing_site.staff.audit import AuditAction
from marketing_site.staff.models import StaffUser

DAYS_PER_MONTH = 30


def person_erase(email: str, user: StaffUser) -> int:
    """Delete every lead for ``email`` (any kind, any case), with its notes, mails and résumé; returns how many."""
    with staff_write_session() as db_session:  # lower() on both sides in SQL: one case rule, the database's
        erased = _delete(db_session, func.lower(Lead.email) == func.lower(email.strip()))
        audit(db_session, user.id, AuditAction.ERASE, None, f"{erased} leads of one person erased on request")
        db_session.commit()
    return erased


def applications_expire(months: int) -> int:
    """Delete job applications older than ``months`` (the RETENTION setting; 0 keeps them); returns how many."""
    if months <= 0:
        return 0
    cutoff = utc_now() - timedelta(days=months * DAYS_PER_MONTH)
    with staff_write_session(BULK_WORK_SECONDS) as db_session:
        expired = _delete(db_session, col(Lead.kind) == LeadKind.CAREERS.value, col(Lead.created_at) < cutoff)
        if expired:
            audit(
                db_session, None, AuditAction.RETENTION, None, f"{expired} job applications older than {months} months"
            )
        db_session.commit()
    return expired


def _delete(db_session: Session, *where: ColumnElement[bool]) -> int:
    """Delete the matching leads (notes, mails, modules and résumés cascade in the database), taken out of the
    channel report's tallies first, a batch of ids per statement: the transaction waits on Python only to sum
    a batch's counts (under a busy CPU a long gap met PostgreSQL's idle-in-transaction limit). Returns how many went."""
    ids = channel_tallies.withdraw(db_session, *where)
    for start in range(0, len(ids), channel_tallies.BATCH):
        db_session.execute(delete(Lead).where(col(Lead.id).in_(ids[start : start + channel_tallies.BATCH])))
    return len(ids)
