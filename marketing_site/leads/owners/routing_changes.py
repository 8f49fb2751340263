"""Who takes leads and each team's response times, as an admin saves them: the seats of the rotation and the
rules, written with their audit entry in the caller's session (the staff area reads the form and decides which
accounts may take a team's leads)."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from sqlalchemy import select
from sqlmodel import Session

from marketing_site.leads.owners.routing_models import LeadTaker, RoutingRules
from marketing_site.leads.owners.timers import team_rules
from marketing_site.staff.audit import AuditAction, audit
from marketing_site.staff.models import Role


@dataclass(frozen=True)
class TeamRules:
    response_minutes: int
    escalation_minutes: int
    auto_reassign: bool


def routing_save(
    db_session: Session,
    actor_id: int | None,
    wanted: dict[tuple[int, Role], tuple[bool, int]],
    rules: dict[Role, TeamRules],
    emails: dict[int, str],
) -> None:
    """Write the seats as ``wanted`` ((staff id, team): (paused, weight)) and each team's rules, audited in words."""
    changes = _save_takers(db_session, wanted, emails)
    for team, wanted_rules in rules.items():
        saved = team_rules(db_session, team)
        if TeamRules(saved.response_minutes, saved.escalation_minutes, saved.auto_reassign) != wanted_rules:
            response, escalation = wanted_rules.response_minutes, wanted_rules.escalation_minutes
            changes.append(
                f"{team} rules {response}/{escalation} min{', auto-reassign' if wanted_rules.auto_reassign else ''}"
            )
        db_session.merge(RoutingRules(team=team.value, **asdict(wanted_rules)))
    audit(db_session, actor_id, AuditAction.LEAD_ROUTING, detail="; ".join(changes) or "unchanged")


def _save_takers(
    db_session: Session, wanted: dict[tuple[int, Role], tuple[bool, int]], emails: dict[int, str]
) -> list[str]:
    """Write the seats as asked; what changed, in words for the audit log."""
    changes: list[str] = []
    current = {
        (taker.staff_user_id, Role(taker.team)): taker for taker in db_session.execute(select(LeadTaker)).scalars()
    }
    for (staff_id, team), taker in current.items():
        if (staff_id, team) not in wanted:
            db_session.delete(taker)
            changes.append(f"{emails.get(staff_id, str(staff_id))} stops taking {team}")
    for (staff_id, team), (paused, weight) in wanted.items():
        taker = current.get((staff_id, team))
        if taker is None:
            taker = LeadTaker(staff_user_id=staff_id, team=team.value)
            changes.append(f"{emails[staff_id]} takes {team}")
        elif (taker.paused, taker.weight) != (paused, weight):
            changes.append(f"{emails[staff_id]} {team}: {'paused' if paused else 'taking'}, weight {weight}")
        taker.paused, taker.weight = paused, weight
        db_session.add(taker)
    return changes
