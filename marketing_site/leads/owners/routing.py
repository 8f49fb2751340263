"""Who owns a lead: decided in the lead's own transaction by rules staff can read and set.

1. A returning person (same email, or the same E.164 phone) keeps the owner of their latest lead of the
   team, while that owner takes the team's leads, is not paused and is not off today (unless all are off).
2. A booked demo's host becomes the owner.
3. Otherwise the next of the team's takers by weighted round-robin, skipping anyone paused or on a day
   off today in their own zone (if all who are not paused are off, the rotation goes on among them: the
   lead waits for the first one back rather than for nobody).
Nobody takes the team's leads: the lead stays unassigned and the shared address is told so.

Who takes which team's leads is kept per process until staff change it (``core.config_version``), so a lead
reads it for the price of one primary-key read; its own queries are built once.

Each lead draws the next turn of its team (a PostgreSQL sequence: concurrent leads draw distinct turns and
none waits for another's COMMIT; SQLite's writers take turns on a counter row anyway) and goes to whoever
that turn falls on in the weighted cycle of the takers available now, so the counts stay even. Every
assignment and reassignment is an audit entry of the lead (actor None: the rules), its owner is mailed at
their own address (a booked host by the booking's own mail), and its timers are aimed at them (``timers``).
"""

from __future__ import annotations

import enum
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache

from sqlalchemy import Select, bindparam, insert, or_, select, update
from sqlmodel import Session, col

from marketing_site.core.columns import stored_id, table_of
from marketing_site.core.config_version import Cached
from marketing_site.leads.models import AnyLead, Lead, LeadModule
from marketing_site.leads.owners import owner_mails, timers, work_calendar
from marketing_site.leads.owners.routing_models import TURNS, LeadRotation, LeadTaker
from marketing_site.leads.schemas import LeadKind
from marketing_site.staff.audit import AuditAction, AuditDetail, audit
from marketing_site.staff.models import Role, StaffUser

NO_OWNER = "nobody"  # an owner entry's side without an owner


class Rule(enum.StrEnum):
    """Why a lead has the owner it has (the audit entry says it)."""

    RETURNING = "returning person"
    BOOKED_HOST = "booked host"
    ROUND_ROBIN = "round-robin"
    NOBODY = "nobody takes these leads"
    STAFF = "set by staff"
    ESCALATION = "escalated: next in the rotation"


@dataclass(frozen=True)
class Owner:
    id: int
    email: str


@dataclass(frozen=True)
class Assignment:
    owner: Owner | None
    rule: Rule


@dataclass(frozen=True)
class _Taker:
    id: int
    email: str
    weight: int


def team_of(kind: str) -> Role:
    return LeadKind(kind).team


def choose_owner(
    db_session: Session,
    kind: str,
    email: str,
    phone_e164: str,
    now: datetime,
    *,
    booked_host: int | None = None,
    lead_id: int | None = None,
) -> Assignment:
    """The owner the rules give a lead (``lead_id``: a stored one, left out of its own history). Takes the
    rotation's turn only if it comes to round-robin."""
    team = team_of(kind)
    takers = _takers(db_session, team)
    working = _working(db_session, takers, now) or takers  # nobody at work today (a weekend): all of them count
    returning = _latest_owner(db_session, team, email, phone_e164, lead_id) if takers else None
    kept = next((taker for taker in working if taker.id == returning), None)
    if kept is not None:
        return Assignment(Owner(kept.id, kept.email), Rule.RETURNING)
    if booked_host is not None:
        host_email = db_session.execute(
            select(col(StaffUser.email)).where(col(StaffUser.id) == booked_host)
        ).scalar_one()
        return Assignment(Owner(booked_host, host_email), Rule.BOOKED_HOST)
    if not takers:
        return Assignment(None, Rule.NOBODY)
    chosen = _next_in_rotation(db_session, team, working)
    return Assignment(Owner(chosen.id, chosen.email), Rule.ROUND_ROBIN)


def _working(db_session: Session, takers: Sequence[_Taker], now: datetime) -> list[_Taker]:
    """The takers not on a day off today in their own zone."""
    weeks = work_calendar.weeks(db_session, [taker.id for taker in takers])
    return [taker for taker in takers if not weeks[taker.id].off_on(now)]


def _every_team_takers(db_session: Session) -> Mapping[str, tuple[_Taker, ...]]:
    """Each team's takers who are neither paused nor disabled, by account id."""
    rows = db_session.execute(
        select(col(LeadTaker.team), col(LeadTaker.staff_user_id), col(StaffUser.email), col(LeadTaker.weight))
        .join(StaffUser, col(StaffUser.id) == col(LeadTaker.staff_user_id))
        .where(col(LeadTaker.paused).is_(False), col(StaffUser.active).is_(True))
        .order_by(col(LeadTaker.staff_user_id))
    ).all()
    teams: dict[str, list[_Taker]] = defaultdict(list)
    for team, *taker in rows:
        teams[team].append(_Taker(*taker))
    return {team: tuple(takers) for team, takers in teams.items()}


_available = Cached(_every_team_takers)


def _takers(db_session: Session, team: Role) -> tuple[_Taker, ...]:
    return _available.get(db_session).get(team.value, ())


@cache
def _latest_owner_query(team: Role, by_phone: bool, excluding: bool) -> Select[int | None]:
    """The owner of the person's latest lead of the team (built once per shape: a lead runs it every time). On the
    Core table: a query of the ORM's attributes cost twice the CPU to run."""
    lead = table_of(Lead).c
    email = lead.email == bindparam("email")
    query = (
        select(lead.owner_id)
        .where(
            or_(email, lead.phone_e164 == bindparam("phone")) if by_phone else email,
            lead.kind.in_([kind.value for kind in LeadKind if kind.team is team]),
            lead.owner_id.is_not(None),
        )
        .order_by(lead.created_at.desc(), lead.id.desc())
        .limit(1)
    )
    return query.where(lead.id != bindparam("lead_id")) if excluding else query


def _latest_owner(db_session: Session, team: Role, email: str, phone_e164: str, lead_id: int | None) -> int | None:
    query = _latest_owner_query(team, bool(phone_e164), lead_id is not None)
    return db_session.execute(query, {"email": email, "phone": phone_e164, "lead_id": lead_id}).scalar()


def _next_in_rotation(db_session: Session, team: Role, candidates: Sequence[_Taker]) -> _Taker:
    """The candidate whose place in the team's weighted cycle the next turn falls on. Each lead draws its own
    turn (concurrent ones distinct turns), so the counts stay even, and a taker back from a pause simply
    has their place again, with no run of leads owed."""
    cycle = _cycle(sorted(candidates, key=lambda taker: taker.id))
    return cycle[_turn(db_session, team) % len(cycle)]


def _cycle(candidates: Sequence[_Taker]) -> list[_Taker]:
    """Smooth weighted round-robin: weights 2 and 1 give A, B, A (interleaved, never A, A, B)."""
    total = sum(taker.weight for taker in candidates)
    current = dict.fromkeys((taker.id for taker in candidates), 0)
    cycle = []
    for _ in range(total):
        for taker in candidates:
            current[taker.id] += taker.weight
        chosen = max(candidates, key=lambda taker: (current[taker.id], -taker.id))
        current[chosen.id] -= total
        cycle.append(chosen)
    return cycle


_ROTATION = table_of(LeadRotation).c
_NEXT_TURN = (  # on the Core table: the ORM's UPDATE also looked for rotation objects to refresh, 5 times the CPU
    update(table_of(LeadRotation))
    .where(_ROTATION.team == bindparam("rotation_team"))
    .values(turn=_ROTATION.turn + 1)
    .returning(_ROTATION.turn)
)
_NEXT_IN_SEQUENCE = {team: select(sequence.next_value()) for team, sequence in TURNS.items()}


def _turn(db_session: Session, team: Role) -> int:
    """The team's next turn: PostgreSQL's sequence (no lock held until COMMIT), SQLite's counter row (the first
    turn adds the row: the UPDATE that found none already holds SQLite's one write lock, so nobody else can)."""
    if db_session.get_bind().dialect.name == "postgresql":
        return int(db_session.execute(_NEXT_IN_SEQUENCE[team.value]).scalar_one())
    turn = db_session.execute(_NEXT_TURN, {"rotation_team": team.value}).scalar()
    if turn is None:
        db_session.execute(insert(LeadRotation).values(team=team.value, turn=1))
        turn = 1
    return int(turn)


def record(
    db_session: Session,
    lead: AnyLead,
    modules: Sequence[str],
    assignment: Assignment,
    now: datetime,
    send_at: datetime | None = None,
) -> None:
    """A new lead's assignment: its audit entry, its timers and its owner's mail (same transaction; ``send_at``:
    the mail waits with the lead's others)."""
    owner = assignment.owner
    if owner is not None:
        audit(db_session, None, AuditAction.ASSIGN, lead.id, AuditDetail(after=str(owner.id), rule=assignment.rule))
    answer_by = timers.start(db_session, stored_id(lead), team_of(lead.kind), owner.id if owner else None, now)
    if owner is not None and assignment.rule is not Rule.BOOKED_HOST:  # a host's notice is the booking's mail
        week = work_calendar.week_of(db_session, owner.id)
        owner_mails.queue_owner_mail(db_session, lead, modules, owner.email, week.local(answer_by), send_at)


def reassign(
    db_session: Session, lead: AnyLead, owner: Owner | None, rule: Rule, actor_id: int | None, now: datetime
) -> None:
    """Give a stored lead to ``owner`` (None: nobody): audited, the new owner mailed, the waiting timers
    aimed at them with the whole response time from now."""
    if (owner.id if owner else None) == lead.owner_id:
        return
    change = AuditDetail(
        before=str(lead.owner_id or NO_OWNER),
        after=str(owner.id) if owner else NO_OWNER,
        rule="" if rule is Rule.STAFF else rule,  # staff's choice says no more than who made it
    )
    audit(db_session, actor_id, AuditAction.OWNER, lead.id, change)
    db_session.execute(update(Lead).where(col(Lead.id) == lead.id).values(owner_id=owner.id if owner else None))
    owner_mails.withdraw_unsent_notice(db_session, stored_id(lead))  # the previous owner's, if it has not left
    answer_by = timers.re_aim(db_session, stored_id(lead), team_of(lead.kind), owner.id if owner else None, now)
    if owner is not None and rule is not Rule.BOOKED_HOST and owner.id != actor_id:  # a host's: the booking's mail
        modules = (
            db_session.execute(select(col(LeadModule.module)).where(col(LeadModule.lead_id) == lead.id)).scalars().all()
        )
        week = work_calendar.week_of(db_session, owner.id)
        owner_mails.queue_owner_mail(
            db_session, lead, modules, owner.email, week.local(answer_by) if answer_by else None
        )


def assign_released(db_session: Session, lead: AnyLead, now: datetime, booked_host: int | None = None) -> None:
    """A lead released from quarantine gets its owner now, as it would have on arrival (its timers start now)."""
    assignment = choose_owner(
        db_session, lead.kind, lead.email, lead.phone_e164, now, booked_host=booked_host, lead_id=lead.id
    )
    db_session.execute(
        update(Lead).where(col(Lead.id) == lead.id).values(owner_id=assignment.owner.id if assignment.owner else None)
    )
    modules = (
        db_session.execute(select(col(LeadModule.module)).where(col(LeadModule.lead_id) == lead.id)).scalars().all()
    )
    timers.clear(db_session, stored_id(lead))
    record(db_session, lead, modules, assignment, now)


def host_takes_over(db_session: Session, lead: AnyLead, host_id: int, now: datetime) -> None:
    """A lead that just booked its demo goes to the host, unless a returning person keeps their owner."""
    assignment = choose_owner(
        db_session, lead.kind, lead.email, lead.phone_e164, now, booked_host=host_id, lead_id=lead.id
    )
    if assignment.rule is Rule.BOOKED_HOST:
        reassign(db_session, lead, assignment.owner, Rule.BOOKED_HOST, None, now)


def reassign_next(db_session: Session, lead: AnyLead, rule: Rule, actor_id: int | None, now: datetime) -> Owner | None:
    """Hand the lead to the next in the rotation other than its owner (one click after an escalation, or the
    rules' own escalation); None, and nothing changes, when nobody else takes the team's leads."""
    team = team_of(lead.kind)
    others = [taker for taker in _takers(db_session, team) if taker.id != lead.owner_id]
    if not others:
        return None
    chosen = _next_in_rotation(db_session, team, _working(db_session, others, now) or others)
    owner = Owner(chosen.id, chosen.email)
    reassign(db_session, lead, owner, rule, actor_id, now)
    return owner
