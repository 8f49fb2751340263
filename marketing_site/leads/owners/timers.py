"""A lead's clock, kept in the database: a reminder and an escalation timer per lead, started with its owner,
re-aimed when the owner changes, stopped when someone works the lead, and claimed exactly once when due.

A claim is one ``UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING`` that marks the timers
fired inside the transaction that queues their mails (``reminders``), so several loops in several workers
never fire one twice, and a loop that dies before its COMMIT fires nothing (another takes the timer).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Row, delete, select, update
from sqlmodel import Session, col

from marketing_site.core import commit_trip
from marketing_site.core.columns import table_of
from marketing_site.core.config_version import Cached
from marketing_site.leads.owners import work_calendar
from marketing_site.leads.owners.routing_models import LeadTimer, RoutingRules, TimerStage, TimerStatus
from marketing_site.staff.models import Role

TIMERS = table_of(LeadTimer)
WORKING_DAY_MINUTES = 8 * 60
# team: (response minutes, escalation minutes) until an admin saves the team's rules
DEFAULT_RULES: dict[Role, tuple[int, int]] = {
    Role.SALES: (60, 4 * 60),
    Role.HR: (2 * WORKING_DAY_MINUTES, 4 * WORKING_DAY_MINUTES),
}


def team_rules(db_session: Session, team: Role) -> RoutingRules:
    """The team's saved rules, or the defaults (not stored) until an admin saves them."""
    return db_session.get(RoutingRules, team.value) or _default_rules(team)


def _default_rules(team: Role) -> RoutingRules:
    response, escalation = DEFAULT_RULES[team]
    return RoutingRules(team=team.value, response_minutes=response, escalation_minutes=escalation)


@dataclass(frozen=True)
class Rules:
    response_minutes: int
    escalation_minutes: int
    auto_reassign: bool = False


def _every_team_rules(db_session: Session) -> Mapping[Role, Rules]:
    saved = {
        Role(team): Rules(*times)
        for team, *times in db_session.execute(
            select(
                col(RoutingRules.team),
                col(RoutingRules.response_minutes),
                col(RoutingRules.escalation_minutes),
                col(RoutingRules.auto_reassign),
            )
        )
    }
    return {team: saved.get(team) or Rules(*DEFAULT_RULES[team]) for team in DEFAULT_RULES}


_rules = Cached(_every_team_rules)


def current_rules(db_session: Session, team: Role) -> Rules:
    """The team's rules as a lead or a timer reads them: kept per process until staff change them
    (``core.config_version``)."""
    return _rules.get(db_session)[team]


def _due(db_session: Session, team: Role, owner_id: int | None, start: datetime) -> dict[TimerStage, datetime]:
    rules = current_rules(db_session, team)
    week = work_calendar.week_of(db_session, owner_id)
    return {
        TimerStage.REMINDER: week.after_working_minutes(start, rules.response_minutes),
        TimerStage.ESCALATION: week.after_working_minutes(start, rules.escalation_minutes),
    }


def start(db_session: Session, lead_id: int, team: Role, owner_id: int | None, start_at: datetime) -> datetime:
    """Both timers of a lead that waits from ``start_at``; returns when the owner's reminder is due."""
    due = _due(db_session, team, owner_id, start_at)
    commit_trip.insert(
        db_session,
        TIMERS,
        [
            {"lead_id": lead_id, "stage": stage, "owner_id": owner_id, "due_at": at, "status": TimerStatus.WAITING}
            for stage, at in due.items()
        ],
    )
    return due[TimerStage.REMINDER]


def re_aim(db_session: Session, lead_id: int, team: Role, owner_id: int | None, now: datetime) -> datetime | None:
    """A new owner gets the whole response time from ``now``; timers already fired stay fired (one per stage,
    ever). Returns the new reminder's due time, or None when it had fired or stopped already."""
    due = _due(db_session, team, owner_id, now)
    for stage, at in due.items():
        db_session.execute(
            update(LeadTimer)
            .where(
                col(LeadTimer.lead_id) == lead_id,
                col(LeadTimer.stage) == stage,
                col(LeadTimer.status) == TimerStatus.WAITING,
            )
            .values(owner_id=owner_id, due_at=at)
        )
    waiting = db_session.execute(
        select(col(LeadTimer.id)).where(
            col(LeadTimer.lead_id) == lead_id,
            col(LeadTimer.stage) == TimerStage.REMINDER,
            col(LeadTimer.status) == TimerStatus.WAITING,
        )
    ).first()
    return due[TimerStage.REMINDER] if waiting is not None else None


def clear(db_session: Session, lead_id: int) -> None:
    """Forget a lead's timers (a lead released from quarantine starts afresh, whatever it had before)."""
    db_session.execute(delete(LeadTimer).where(col(LeadTimer.lead_id) == lead_id))


def stop(db_session: Session, lead_id: int) -> None:
    """Someone worked the lead (status, note, call): its waiting timers never fire."""
    db_session.execute(
        update(LeadTimer)
        .where(col(LeadTimer.lead_id) == lead_id, col(LeadTimer.status) == TimerStatus.WAITING)
        .values(status=TimerStatus.STOPPED)
    )


def claim_due(db_session: Session, now: datetime, limit: int) -> list[Row[Any]]:
    """Mark up to ``limit`` due timers fired and return them (id, lead_id, stage, owner_id), oldest due first;
    they count as fired only once the caller commits the mails it queues for them."""
    due = (
        select(col(LeadTimer.id))
        .where(col(LeadTimer.status) == TimerStatus.WAITING, col(LeadTimer.due_at) <= now)
        .order_by(col(LeadTimer.due_at), col(LeadTimer.id))
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    claimed = db_session.execute(
        update(LeadTimer)
        .where(col(LeadTimer.id).in_(due.scalar_subquery()))
        .values(status=TimerStatus.FIRED, fired_at=now)
        .returning(col(LeadTimer.id), col(LeadTimer.lead_id), col(LeadTimer.stage), col(LeadTimer.owner_id))
    ).all()
    return sorted(claimed, key=lambda timer: timer.id)


def mark_stopped(db_session: Session, timer_id: int) -> None:
    """A claimed timer whose lead was worked meanwhile (or left the inbox): stopped, not fired."""
    db_session.execute(
        update(LeadTimer).where(col(LeadTimer.id) == timer_id).values(status=TimerStatus.STOPPED, fired_at=None)
    )
