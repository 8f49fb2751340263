"""The lead tables: one ``lead`` row per submission of any kind, its ticked modules and
responsibilities in child tables (filterable in SQL), and the idempotency ledger.

Columns every kind fills are NOT NULL; a column a kind never asks for stays NULL, so "not asked"
and "left empty" differ. Column lengths are the single source of truth for text limits: validation
reads them from here, so an accepted value always fits on every database. Names say what a column
holds; the API's spelling (``studnetSmart``, ``nStudent``, ``tSchool``) lives in ``schemas``.
"""

from __future__ import annotations

import enum
from datetime import datetime
from typing import Protocol

from sqlalchemy import Index, LargeBinary, Text, UniqueConstraint, desc, func, text
from sqlalchemy import false as sa_false
from sqlmodel import Field, SQLModel

from marketing_site.core.clock import utc_now
from marketing_site.core.columns import optional, timestamp
from marketing_site.leads.statuses import LeadStatus

DEFAULT_LANGUAGE = "en"


class Lead(SQLModel, table=True):
    """One submission of any form or API kind, with where it came from and what was consented to."""

    __tablename__ = "lead"
    __table_args__ = (
        Index("ix_lead_created_at", desc("created_at")),  # the inbox: newest first
        Index("ix_lead_kind_created_at", "kind", desc("created_at")),  # one kind, newest first
        Index("ix_lead_email", "email"),  # search and possible duplicates
        Index("ix_lead_phone_e164", "phone_e164"),  # possible duplicates by phone
        Index("ix_lead_status_created_at", "status", desc("created_at")),  # the inbox filtered by status
        Index("ix_lead_inbox_counts", "quarantined", "kind", "status", "seen_at"),  # counts per kind, status, unread
        Index("ix_lead_inbox_days", "quarantined", "created_at", "kind"),  # the inbox's pages and its chart
        # The countries the inbox offers (each spelling once, read off the index)
        Index("ix_lead_country_lower", func.lower(text("country")), "country"),
        Index("ix_lead_country_key", "country_key"),  # the inbox's country filter (leads/search_text.py)
    )

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(
        max_length=20
    )  # schemas.LeadKind value: ProductVideo, ScheduleDemo, SignupDemo, ProductDemo, Careers
    created_at: datetime = timestamp(default_factory=utc_now, nullable=False)
    language: str = Field(
        default=DEFAULT_LANGUAGE, max_length=10, sa_column_kwargs={"server_default": DEFAULT_LANGUAGE}
    )  # of the page the visitor used
    # The person
    email: str = Field(max_length=254)
    full_name: str | None = optional(200)  # product video: one name field, as typed
    first_name: str | None = optional(100)
    last_name: str | None = optional(100)
    phone_e164: str = Field(max_length=20)  # normalised, for matching (phone, contact number or mobile)
    phone_raw: str = Field(max_length=40)  # as the visitor typed it
    country: str | None = optional(100)
    city: str | None = optional(100)
    # The school (demo kinds)
    school: str | None = optional(200)
    school_type: str | None = optional(100)
    job_title: str | None = optional(150)
    student_count: str | None = optional(50)  # free text, as the spec asks ("about 850")
    current_system: str | None = optional(200)  # MIS/SIS (or admission system, sign-up form) in use today
    current_product_use: str | None = optional(200)  # answer to "Are you using Smart School Suite now?"
    heard_about_us: str | None = optional(200)
    website: str | None = optional(300)
    product: str | None = optional(100)  # product of interest (product video, product demo)
    # The job application (careers)
    position: str | None = optional(100)
    skill_description: str | None = optional(4000, sa_type=Text)
    training: str | None = optional(4000, sa_type=Text)
    resume_filename: str | None = optional(255)  # the file's name (its extension the detected type); see LeadResume
    # Where the lead came from
    source_page: str = Field(default="", max_length=300)
    referrer: str = Field(default="", max_length=1000)
    utm_source: str = Field(default="", max_length=200)
    utm_medium: str = Field(default="", max_length=200)
    utm_campaign: str = Field(default="", max_length=200)
    utm_term: str = Field(default="", max_length=200)
    utm_content: str = Field(default="", max_length=200)
    # Consent: when each box was ticked, and which wording was shown
    consent_communications_at: datetime | None = timestamp(default=None, nullable=True)
    consent_data_processing_at: datetime | None = timestamp(default=None, nullable=True)
    consent_text_version: str = Field(default="", max_length=50)
    # Work on the lead (staff inbox): pipeline status, owner, when it was first answered, read or not
    status: str = Field(
        default=LeadStatus.NEW.value, max_length=20, sa_column_kwargs={"server_default": LeadStatus.NEW.value}
    )  # a value of its kind's pipeline: LeadStatus, or HrStatus for job applications (LeadKind.pipeline)
    owner_id: int | None = Field(default=None, nullable=True)  # staff_user.id (no foreign key: see migration 0004)
    first_contacted_at: datetime | None = timestamp(default=None, nullable=True)
    seen_at: datetime | None = timestamp(default=None, nullable=True)  # NULL: nobody on the staff opened it yet
    # The time trap caught it, yet a human may have sent it: kept out of the inbox and unmailed until released
    quarantined: bool = Field(default=False, sa_column_kwargs={"server_default": sa_false()})
    # What the inbox searches and filters by, folded on write (leads/search_text.py): no function per row
    search_text: str = Field(default="", sa_type=Text, sa_column_kwargs={"server_default": ""})
    country_key: str = Field(default="", max_length=100, sa_column_kwargs={"server_default": ""})


class NamedLead(Protocol):
    """What ``display_name`` reads: a ``Lead``, or the row ``lead_write`` returns."""

    full_name: str | None
    first_name: str | None
    last_name: str | None


class WrittenLead(NamedLead, Protocol):
    """A lead just written, as ``leads.service.lead_write`` hands it on: the INSERT's RETURNING row, which
    carries every column of ``Lead`` under the same name, its id set. These are the ones its readers use."""

    id: int
    kind: str
    language: str
    email: str
    phone_e164: str
    school: str | None
    quarantined: bool
    resume_filename: str | None
    status: str
    owner_id: int | None
    created_at: datetime


AnyLead = Lead | WrittenLead  # a loaded ``Lead``, or the row ``lead_write`` returns (routing, its mails, webhooks)


def display_name(lead: NamedLead) -> str:
    """The visitor's name as staff and mails show it (one name field, or first and last)."""
    return lead.full_name or " ".join(part for part in (lead.first_name, lead.last_name) if part)


class LeadNote(SQLModel, table=True):
    """A dated note a staff member wrote on a lead."""

    __tablename__ = "lead_note"
    __table_args__ = (Index("ix_lead_note_lead_id", "lead_id"),)

    id: int | None = Field(default=None, primary_key=True)
    lead_id: int = Field(foreign_key="lead.id", ondelete="CASCADE")
    author_id: int | None = Field(default=None, foreign_key="staff_user.id", ondelete="SET NULL", nullable=True)
    created_at: datetime = timestamp(default_factory=utc_now, nullable=False)
    body: str = Field(max_length=4000, sa_type=Text)


class LeadModule(SQLModel, table=True):
    """A module the visitor ticked as interesting (content.modules slug, e.g. "studentSmart")."""

    __tablename__ = "lead_module"
    __table_args__ = (Index("ix_lead_module_module", "module"),)

    lead_id: int = Field(foreign_key="lead.id", ondelete="CASCADE", primary_key=True)
    module: str = Field(max_length=50, primary_key=True)


class LeadResponsibility(SQLModel, table=True):
    """A responsibility the visitor ticked (the schedule form's API name, e.g. "it")."""

    __tablename__ = "lead_responsibility"
    __table_args__ = (Index("ix_lead_responsibility_responsibility", "responsibility"),)

    lead_id: int = Field(foreign_key="lead.id", ondelete="CASCADE", primary_key=True)
    responsibility: str = Field(max_length=50, primary_key=True)


class LeadResume(SQLModel, table=True):
    """A job application's résumé: its bytes in the database, written in the lead's own transaction, so
    every backend serves it, a backup holds it and erasing the lead (ON DELETE CASCADE) erases it.

    A table of its own (``bytea`` on PostgreSQL, ``BLOB`` on SQLite): lead queries never read the bytes."""

    __tablename__ = "lead_resume"

    lead_id: int = Field(foreign_key="lead.id", ondelete="CASCADE", primary_key=True)
    extension: str = Field(max_length=5)  # .pdf, .doc or .docx: the type its content was recognised as
    size: int  # bytes, to show without reading them
    content: bytes = Field(sa_type=LargeBinary)


class Touch(enum.StrEnum):
    """Which visit a ``LeadTouch`` records (leads/attribution.py says when the browser keeps each)."""

    FIRST = "first"  # the visit that first brought the person, kept 90 days
    LAST = "last"  # the latest visit that brought campaign parameters (the first, until another does)


class LeadTouch(SQLModel, table=True):
    """Where the person came from on one visit, as their browser kept it: the landing address, the referrer,
    the campaign's UTM parameters and the ad networks' click IDs; ``source``, ``medium`` and ``campaign`` are
    the channel the report groups it under (``attribution.channel``), worked out once when it is stored.

    Read by lead (the primary key); the channel report sums ``channel_tally`` instead of reading these rows."""

    __tablename__ = "lead_touch"

    lead_id: int = Field(foreign_key="lead.id", ondelete="CASCADE", primary_key=True)
    touch: str = Field(max_length=5, primary_key=True)  # a Touch value
    # The lead's created_at and kind, copied for the channel report's old index; no longer written nor read since
    # i34d_drop_channel_indexes (NULL from then on), kept while the release before may still write them: dropped later
    lead_created_at: datetime | None = timestamp(default=None, nullable=True)
    kind: str | None = Field(default=None, max_length=20)
    landed_at: datetime | None = timestamp(default=None, nullable=True)  # the browser's clock: a hint
    landing_url: str = Field(default="", max_length=1000)
    referrer: str = Field(default="", max_length=1000)
    utm_source: str = Field(default="", max_length=200)
    utm_medium: str = Field(default="", max_length=200)
    utm_campaign: str = Field(default="", max_length=200)
    utm_term: str = Field(default="", max_length=200)
    utm_content: str = Field(default="", max_length=200)
    gclid: str = Field(default="", max_length=200)  # Google Ads
    gbraid: str = Field(default="", max_length=200)  # Google Ads, iOS apps
    wbraid: str = Field(default="", max_length=200)  # Google Ads, iOS web
    fbclid: str = Field(default="", max_length=200)  # Meta (Facebook, Instagram)
    li_fat_id: str = Field(default="", max_length=200)  # LinkedIn
    msclkid: str = Field(default="", max_length=200)  # Microsoft Advertising
    source: str = Field(max_length=200)
    medium: str = Field(max_length=200)
    campaign: str = Field(max_length=200)


class IdempotencyRecord(SQLModel, table=True):
    """A POST's Idempotency-Key and the lead it stored; the unique pair stops double-storing.

    The answer replayed to a retry (201 with the lead's id) is derived, not stored.
    """

    __tablename__ = "idempotency_record"
    __table_args__ = (UniqueConstraint("endpoint", "key", name="uq_idempotency_endpoint_key"),)

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=200)
    endpoint: str = Field(max_length=50)
    lead_id: int = Field(foreign_key="lead.id", ondelete="CASCADE")
    created_at: datetime = timestamp(default_factory=utc_now, nullable=False)
