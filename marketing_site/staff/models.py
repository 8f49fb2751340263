"""The staff tables: accounts and the audit log; ``Role`` is the one list of roles."""

from __future__ import annotations

import enum
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy import Index
from sqlmodel import Field, SQLModel

from marketing_site.core.clock import utc_now
from marketing_site.core.columns import timestamp


class Role(enum.StrEnum):
    SALES = "sales"  # demo leads
    HR = "hr"  # job applications and their résumés
    ADMIN = "admin"  # everything, and staff users


class StaffUser(SQLModel, table=True):
    """A member of the vendor's staff who signs in at /admin; the role says which leads they may see."""

    __tablename__ = "staff_user"

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(max_length=254, unique=True)
    password_hash: str = Field(max_length=255)  # argon2 (pwdlib); "" until the invitation sets one
    role: str = Field(max_length=10)  # a Role value
    created_at: datetime = timestamp(default_factory=utc_now, nullable=False)
    # A disabled account cannot sign in and has no sessions; its leads, notes and audit entries stay.
    active: bool = Field(default=True, sa_column_kwargs={"server_default": sa.true()})
    last_signin_at: datetime | None = timestamp(default=None, nullable=True)
    # The one-time set-password link of an invitation (or of a password reset by an admin): its SHA-256.
    invitation_hash: str = Field(default="", max_length=64, sa_column_kwargs={"server_default": ""})
    invitation_expires_at: datetime | None = timestamp(default=None, nullable=True)


class AuditEntry(SQLModel, table=True):
    """Who changed what, when. ``detail`` never holds a visitor's personal data (it outlives an erasure)."""

    __tablename__ = "audit_entry"
    __table_args__ = (Index("ix_audit_entry_lead_id", "lead_id"),)

    id: int | None = Field(default=None, primary_key=True)
    created_at: datetime = timestamp(default_factory=utc_now, nullable=False)
    actor_id: int | None = Field(default=None, foreign_key="staff_user.id", ondelete="SET NULL", nullable=True)
    action: str = Field(max_length=30)  # e.g. status, owner, note, export, erase, release, resend
    lead_id: int | None = Field(default=None, nullable=True)  # no foreign key: the entry outlives the lead
    detail: str = Field(default="", max_length=500)
