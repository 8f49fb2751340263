"""The tables of speed to lead: who takes leads of which team, the rotation between them, each team's
response times, and the reminder and escalation timers of every lead.

A team is a ``Role`` value: ``sales`` takes the demo leads, ``hr`` the applications (``LeadKind.team``).
"""

from __future__ import annotations

import enum
from datetime import datetime

from sqlalchemy import BigInteger, Index, Sequence, UniqueConstraint
from sqlalchemy import false as sa_false
from sqlmodel import Field, SQLModel

from marketing_site.core.columns import timestamp


class LeadTaker(SQLModel, table=True):
    """A staff account that takes new leads of a team by round-robin, unless paused; ``weight`` 2 gets twice
    as many as weight 1."""

    __tablename__ = "lead_taker"

    staff_user_id: int = Field(foreign_key="staff_user.id", ondelete="CASCADE", primary_key=True)
    team: str = Field(max_length=10, primary_key=True)  # a Role value: sales or hr
    paused: bool = Field(default=False, sa_column_kwargs={"server_default": sa_false()})
    weight: int = Field(default=1)


class LeadRotation(SQLModel, table=True):
    """SQLite's turn counter of a team (its writers take turns anyway). PostgreSQL draws turns from the team's
    sequence instead (``TURNS``), which never waits and never makes a lead wait."""

    __tablename__ = "lead_rotation"

    team: str = Field(max_length=10, primary_key=True)
    turn: int = Field(default=0, sa_type=BigInteger)


# PostgreSQL: one sequence per team (created by migration 0008), so concurrent leads draw distinct turns
# without holding a lock until their COMMIT.
TURNS = {team: Sequence(f"lead_rotation_{team}_seq") for team in ("sales", "hr")}


class RoutingRules(SQLModel, table=True):
    """A team's response times in working minutes of the owner's calendar (a demo host's hours, otherwise
    the company's): a reminder to the owner after ``response_minutes``, the admins told after
    ``escalation_minutes`` (and the lead given to the next in the rotation if ``auto_reassign``)."""

    __tablename__ = "lead_routing_rules"

    team: str = Field(max_length=10, primary_key=True)
    response_minutes: int
    escalation_minutes: int
    auto_reassign: bool = Field(default=False, sa_column_kwargs={"server_default": sa_false()})


class TimerStage(enum.StrEnum):
    REMINDER = "reminder"  # the owner (or, unassigned, the shared address) is reminded
    ESCALATION = "escalation"  # the admins are told


class TimerStatus(enum.StrEnum):
    WAITING = "waiting"
    FIRED = "fired"  # its mail was queued, once
    STOPPED = "stopped"  # the lead was worked before it was due


class LeadTimer(SQLModel, table=True):
    """One stage of a lead's clock: due at ``due_at`` unless the lead is touched first; at most one per
    lead and stage, ever (a reassignment re-aims a waiting timer, it never adds one)."""

    __tablename__ = "lead_timer"
    __table_args__ = (
        UniqueConstraint("lead_id", "stage", name="uq_lead_timer_lead_stage"),
        Index("ix_lead_timer_status_due_at", "status", "due_at"),  # the loop's claim and the inbox's late count
    )

    id: int | None = Field(default=None, primary_key=True)
    lead_id: int = Field(foreign_key="lead.id", ondelete="CASCADE")
    stage: str = Field(max_length=10)  # a TimerStage value
    owner_id: int | None = Field(
        default=None, nullable=True
    )  # whom it reminds (staff_user.id); None: the shared address
    due_at: datetime = timestamp(nullable=False)
    status: str = Field(default=TimerStatus.WAITING.value, max_length=10)  # a TimerStatus value
    fired_at: datetime | None = timestamp(default=None, nullable=True)
