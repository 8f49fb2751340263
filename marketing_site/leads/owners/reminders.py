"""Fire the lead timers that are due: the owner's reminder, then the admins' escalation (and, if the team's
rules say so, the lead handed to the next in the rotation). Run by the background loops of every worker;
each timer fires once (``timers.claim_due``) in the transaction that queues its mails."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlmodel import Session, col

from marketing_site.core import db
from marketing_site.core.clock import as_utc, utc_now
from marketing_site.leads.mails import shared_address
from marketing_site.leads.models import AnyLead, Lead
from marketing_site.leads.owners import owner_mails, routing, timers, work_calendar
from marketing_site.leads.owners.routing_models import TimerStage
from marketing_site.leads.statuses import LeadStatus
from marketing_site.staff.models import Role, StaffUser

BATCH = 20


def fire_due(limit: int = BATCH) -> int:
    """One pass: fire up to ``limit`` due timers, each claimed in the transaction that queues its mails and with
    a database deadline of its own (a slow machine still makes progress, one timer at a time, instead of a
    whole batch timing out again and again). Returns how many fired."""
    fired = 0
    while fired < limit and _fire_one(utc_now()):
        fired += 1
    return fired


def _fire_one(now: datetime) -> bool:
    with db.write_session() as db_session:
        claimed = timers.claim_due(db_session, now, 1)
        for timer in claimed:
            lead = db_session.get(Lead, timer.lead_id)
            if lead is None or lead.status != LeadStatus.NEW or lead.quarantined:
                timers.mark_stopped(db_session, timer.id)
            elif timer.stage == TimerStage.REMINDER:
                _remind(db_session, lead, timer.owner_id)
            else:
                _escalate(db_session, lead, timer.owner_id)
        db_session.commit()
    return bool(claimed)


def _email_of(db_session: Session, staff_id: int | None) -> str | None:
    if staff_id is None:
        return None
    active = select(col(StaffUser.email)).where(col(StaffUser.id) == staff_id, col(StaffUser.active).is_(True))
    return db_session.execute(active).scalar()  # a disabled owner's reminder goes to the shared address


def _remind(db_session: Session, lead: AnyLead, owner_id: int | None) -> None:
    recipient = _email_of(db_session, owner_id) or shared_address(lead.kind)
    week = work_calendar.week_of(db_session, owner_id)
    owner_mails.queue_reminder(db_session, lead, recipient, week.local(as_utc(lead.created_at)))


def _escalate(db_session: Session, lead: AnyLead, owner_id: int | None) -> None:
    admins = list(
        db_session.execute(
            select(col(StaffUser.email))
            .where(col(StaffUser.role) == Role.ADMIN, col(StaffUser.active).is_(True))
            .order_by(col(StaffUser.id))
        ).scalars()
    )
    owner_email = _email_of(db_session, owner_id)
    reassigned = None
    if timers.current_rules(db_session, routing.team_of(lead.kind)).auto_reassign:
        reassigned = routing.reassign_next(db_session, lead, routing.Rule.ESCALATION, None, utc_now())
    week = work_calendar.company_week()
    owner_mails.queue_escalation(
        db_session,
        lead,
        admins or [shared_address(lead.kind)],
        owner_email,
        week.local(as_utc(lead.created_at)),
        reassigned.email if reassigned else None,
    )
