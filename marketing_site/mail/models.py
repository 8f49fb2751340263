"""The outbox: one row per mail, written in the same transaction as the lead it is about.

A row is ``queued`` until the SMTP server accepts it (``sent``), gives up after its retries (``dead``)
or is ``held`` while its lead sits in quarantine; a demo's reminder waits ``queued`` until its
``next_attempt_at`` and is ``withdrawn`` when the demo moves or is cancelled. ``next_attempt_at`` is
both the back-off and the claim: a sender moves it a lease ahead when it takes the row, so no other
worker takes it meanwhile.
"""

from __future__ import annotations

import enum
from datetime import datetime

from sqlalchemy import DateTime, Index, Text, text
from sqlmodel import Field, SQLModel

from marketing_site.core.clock import utc_now


class OutboxStatus(enum.StrEnum):
    QUEUED = "queued"  # waiting for its next attempt (a reminder: for its time)
    SENT = "sent"  # the SMTP server accepted it
    DEAD = "dead"  # every retry failed
    HELD = "held"  # its lead is in quarantine
    WITHDRAWN = "withdrawn"  # a reminder of a demo that moved or was cancelled, a follow-up no longer wanted


class Audience(enum.StrEnum):
    """Who a mail is for."""

    STAFF = "staff"  # the shared sales or HR address
    VISITOR = "visitor"  # the person who sent the lead
    HOST = "host"  # the salesperson giving the demo
    REMINDER = "reminder"  # the visitor, before their demo
    OWNER = "owner"  # the lead's owner: it is theirs now, or it still waits for an answer
    ESCALATION = "escalation"  # the admins: a lead waited past its second limit
    ACCOUNT = "account"  # a staff member, about their own account (invitation, sign-ins, sign-in methods)
    OUTCOME = "outcome"  # the host, at the demo's end: was it held? (one-click links)
    UNMARKED = "unmarked"  # the host, a working day later, if nobody marked the demo yet
    MISSED = "missed"  # the visitor who did not come: a link to book again
    RECAP = "recap"  # the visitor after a held demo, the next working morning: what they asked about


# The sender claims the owners' mails first (speed to lead), then the others in the order they came. Its index
# holds the mails in that order, each with its time, so a claim reads its rows and stops, whatever the backlog
# (sorting a campaign's backlog cost a claim 2-4 ms of SQLite's one writer turn at 3,000 mails waiting).
CLAIM_ORDER = f"CASE WHEN audience = '{Audience.OWNER}' THEN 0 ELSE 1 END"


class OutboxMail(SQLModel, table=True):
    __tablename__ = "outbox_mail"
    __table_args__ = (
        Index("ix_outbox_mail_claim", "status", text(f"({CLAIM_ORDER})"), "id", "next_attempt_at"),  # and the backlog
        Index("ix_outbox_mail_lead_id", "lead_id"),
        Index("ix_outbox_mail_booking_id", "booking_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    lead_id: int | None = Field(default=None, foreign_key="lead.id", ondelete="CASCADE", nullable=True)
    booking_id: int | None = Field(default=None, foreign_key="demo_booking.id", ondelete="CASCADE", nullable=True)
    audience: str = Field(max_length=10)  # an Audience value
    recipient: str = Field(max_length=254)
    subject: str = Field(max_length=300)
    text_body: str = Field(sa_type=Text)
    html_body: str = Field(sa_type=Text)
    calendar_body: str = Field(
        default="", sa_type=Text, sa_column_kwargs={"server_default": ""}
    )  # an iCalendar invitation sent as text/calendar, or ""
    calendar_method: str = Field(
        default="", max_length=10, sa_column_kwargs={"server_default": ""}
    )  # its METHOD: REQUEST or CANCEL
    message_id: str = Field(max_length=200, unique=True)  # stable across retries: a resend is recognisable
    status: str = Field(default=OutboxStatus.QUEUED.value, max_length=10)  # an OutboxStatus value
    attempts: int = Field(default=0)
    next_attempt_at: datetime = Field(default_factory=utc_now, sa_type=DateTime(timezone=True), nullable=False)
    created_at: datetime = Field(default_factory=utc_now, sa_type=DateTime(timezone=True), nullable=False)
    sent_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True), nullable=True)
    last_error: str = Field(default="", max_length=500)
