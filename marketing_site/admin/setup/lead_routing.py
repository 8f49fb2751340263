"""Who takes leads, as admins read and set it: per account and team (demo leads: sales, applications: hr),
whether they take them, are paused, and their weight; and each team's response times. One form, checked
whole before anything is written; ``leads.owners.routing_changes`` writes it with its audit entry in one transaction."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlmodel import col

from marketing_site.admin.roles import may_take
from marketing_site.admin.staff_db import staff_session, staff_write_session
from marketing_site.leads.owners.routing_changes import TeamRules
from marketing_site.leads.owners.routing_changes import routing_save as routing_write
from marketing_site.leads.owners.routing_models import LeadTaker, RoutingRules
from marketing_site.leads.owners.timers import team_rules
from marketing_site.staff.models import Role, StaffUser
from marketing_site.staff.refused import ChangeRefused

TEAMS = (Role.SALES, Role.HR)
TEAM_LABELS = {Role.SALES: "Demo leads", Role.HR: "Applications"}
MAX_WEIGHT = 10
MAX_MINUTES = 30 * 8 * 60  # thirty working days


@dataclass(frozen=True)
class Seat:
    """One account's place in one team's rotation (``taker`` None: it does not take the team's leads)."""

    staff: StaffUser
    team: Role
    taker: LeadTaker | None


@dataclass(frozen=True)
class RoutingView:
    seats: list[Seat]
    rules: dict[Role, RoutingRules]


def routing_view() -> RoutingView:
    with staff_session() as db_session:
        staff = db_session.execute(select(StaffUser).order_by(col(StaffUser.email))).scalars().all()
        taking = {(taker.staff_user_id, taker.team): taker for taker in db_session.execute(select(LeadTaker)).scalars()}
        seats = [
            Seat(user, team, taking.get((user.id, team.value)))
            for team in TEAMS
            for user in staff
            if may_take(user.role, team) and user.active
        ]
        return RoutingView(seats, {team: team_rules(db_session, team) for team in TEAMS})


def _whole(form: dict[str, str], field: str, smallest: int, largest: int, label: str, problems: list[str]) -> int:
    typed = form.get(field, "").strip()
    if not typed.isdigit() or not smallest <= int(typed) <= largest:
        problems.append(f"{label} must be a whole number from {smallest} to {largest}")
        return smallest
    return int(typed)


def routing_save(actor: StaffUser, form: dict[str, str]) -> None:
    """Save the whole page: ``takes|paused|weight-<team>-<staff id>`` per seat, ``response|escalation|auto-<team>``."""
    problems: list[str] = []
    rules = {
        team: (
            _whole(form, f"response-{team}", 1, MAX_MINUTES, f"{TEAM_LABELS[team]}: response time", problems),
            _whole(form, f"escalation-{team}", 1, MAX_MINUTES, f"{TEAM_LABELS[team]}: escalation", problems),
            form.get(f"auto-{team}") == "on",
        )
        for team in TEAMS
    }
    for team, (response, escalation, _) in rules.items():
        if escalation <= response:
            problems.append(f"{TEAM_LABELS[team]}: the escalation must come after the response time")
    with staff_write_session() as db_session:
        staff = db_session.execute(select(StaffUser)).scalars().all()
        wanted: dict[tuple[int, Role], tuple[bool, int]] = {}
        for team in TEAMS:
            for user in staff:
                if may_take(user.role, team) and user.active and form.get(f"takes-{team}-{user.id}") == "on":
                    weight = _whole(form, f"weight-{team}-{user.id}", 1, MAX_WEIGHT, f"{user.email}: weight", problems)
                    wanted[(user.id, team)] = (form.get(f"paused-{team}-{user.id}") == "on", weight)
        if problems:
            raise ChangeRefused("; ".join(problems))
        teams = {team: TeamRules(*values) for team, values in rules.items()}
        routing_write(db_session, actor.id, wanted, teams, {user.id: user.email for user in staff})
        db_session.commit()
