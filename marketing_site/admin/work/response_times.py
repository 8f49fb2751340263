"""Each new lead's age against its response time, as the inbox shows it: on time, due soon (the last quarter
of its time), late (its reminder is due), and escalated (the admins were told: one click hands it on); and
how many late leads each person has."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlmodel import Session, col

from marketing_site.admin.roles import kinds_seen
from marketing_site.core.clock import as_utc
from marketing_site.leads.models import Lead
from marketing_site.leads.owners.routing_models import LeadTimer, TimerStage, TimerStatus
from marketing_site.leads.statuses import LeadStatus

DUE_SOON_SHARE = 0.25  # the last quarter of a lead's response time


class Response(enum.StrEnum):
    ON_TIME = "on time"
    DUE_SOON = "due soon"
    LATE = "late"


@dataclass(frozen=True)
class Clock:
    """One new lead's standing: ``escalated`` once the admins were told."""

    response: Response
    due_at: datetime
    escalated: bool


def clocks(db_session: Session, leads: Sequence[Lead], now: datetime) -> dict[int, Clock]:
    """The standing of each new lead on a page (leads worked already, or older than the timers, have none)."""
    waiting = {lead.id: lead for lead in leads if lead.status == LeadStatus.NEW and lead.id is not None}
    timers = db_session.execute(
        select(LeadTimer).where(col(LeadTimer.lead_id).in_(list(waiting)), col(LeadTimer.status) != TimerStatus.STOPPED)
    ).scalars()
    by_lead: dict[int, dict[str, LeadTimer]] = {}
    for timer in timers:
        by_lead.setdefault(timer.lead_id, {})[timer.stage] = timer
    found: dict[int, Clock] = {}
    for lead_id, stages in by_lead.items():
        reminder = stages.get(TimerStage.REMINDER)
        if reminder is None:
            continue
        due, received = as_utc(reminder.due_at), as_utc(waiting[lead_id].created_at)
        escalation = stages.get(TimerStage.ESCALATION)
        found[lead_id] = Clock(
            Response.LATE
            if now >= due
            else Response.DUE_SOON
            if now >= due - (due - received) * DUE_SOON_SHARE
            else Response.ON_TIME,
            due,
            escalation is not None and escalation.status == TimerStatus.FIRED,
        )
    return found


def late_per_owner(db_session: Session, role: str, now: datetime) -> dict[int | None, int]:
    """New leads past their response time, per owner (None: nobody), among the kinds the role sees."""
    rows = db_session.execute(
        select(col(Lead.owner_id), func.count())
        .join(LeadTimer, col(LeadTimer.lead_id) == col(Lead.id))
        .where(
            col(LeadTimer.stage) == TimerStage.REMINDER,
            col(LeadTimer.status) != TimerStatus.STOPPED,
            col(LeadTimer.due_at) <= now,
            col(Lead.status) == LeadStatus.NEW,
            col(Lead.quarantined).is_(False),
            col(Lead.kind).in_(kinds_seen(role)),
        )
        .group_by(col(Lead.owner_id))
    ).all()
    return dict(rows)
