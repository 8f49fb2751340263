"""Tables for every lead kind plus the idempotency ledger.

Column lengths are the single source of truth for text limits: validation reads
them from here, so an accepted value always fits its column on every database.
Field names are snake_case; the API's spelling (e.g. ``studnetSmart``) lives in
``schemas``.
"""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import Column, DateTime, Text, UniqueConstraint
from sqlmodel import Field, SQLModel


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def _timestamp(nullable: bool = False):
    """Timezone-aware column, so PostgreSQL and SQLite both keep UTC explicit."""
    return Field(default=None, sa_type=DateTime(timezone=True), nullable=nullable)


class LeadRecord(SQLModel):
    """Where a lead came from and what the visitor agreed to, common to every kind."""

    id: int | None = Field(default=None, primary_key=True)
    created_at: datetime = Field(default_factory=utc_now, sa_type=DateTime(timezone=True), nullable=False)
    source_page: str = Field(default="", max_length=300)
    referrer: str = Field(default="", max_length=1000)
    utm_source: str = Field(default="", max_length=200)
    utm_medium: str = Field(default="", max_length=200)
    utm_campaign: str = Field(default="", max_length=200)
    utm_term: str = Field(default="", max_length=200)
    utm_content: str = Field(default="", max_length=200)
    consent_communications_at: datetime | None = _timestamp(nullable=True)
    consent_data_processing_at: datetime | None = _timestamp(nullable=True)
    consent_text_version: str = Field(default="", max_length=50)


class DemoContact(LeadRecord):
    """The school-contact block shared by the three demo forms."""

    email: str = Field(max_length=254, index=True)
    first_name: str = Field(max_length=100)
    last_name: str = Field(max_length=100)
    school: str = Field(max_length=200)
    country: str = Field(max_length=100)
    phone_e164: str = Field(max_length=20)
    phone_raw: str = Field(max_length=40)
    job: str = Field(max_length=150)
    n_student: str = Field(max_length=50)
    mis: str = Field(max_length=200)
    ss: str = Field(default="", max_length=200)
    about: str = Field(max_length=200)
    t_school: str = Field(max_length=100)


class ProductVideoLead(LeadRecord, table=True):
    __tablename__ = "product_video_lead"

    email: str = Field(max_length=254, index=True)
    name: str = Field(max_length=200)
    contact_no_e164: str = Field(max_length=20)
    contact_no_raw: str = Field(max_length=40)
    product: str = Field(default="", max_length=100)


class ScheduleDemoLead(DemoContact, table=True):
    __tablename__ = "schedule_demo_lead"

    # Module interest (API: studnetSmart, hrSmart, ...).
    student_smart: bool = False
    hr_smart: bool = False
    academic_smart: bool = False
    communication_smart: bool = False
    pastoral_smart: bool = False
    timetable_smart: bool = False
    library_smart: bool = False
    report_smart: bool = False
    finance_smart: bool = False
    administration_smart: bool = False
    # Responsibilities of the person asking.
    resp_academic: bool = False
    resp_communication: bool = False
    resp_administration: bool = False
    resp_it: bool = False
    resp_admission: bool = False
    resp_pastoral: bool = False
    resp_finance: bool = False


class SignupDemoLead(DemoContact, table=True):
    __tablename__ = "signup_demo_lead"

    website: str = Field(default="", max_length=300)


class ProductDemoLead(DemoContact, table=True):
    __tablename__ = "product_demo_lead"

    product: str = Field(default="", max_length=100)


class CareersApplication(LeadRecord, table=True):
    __tablename__ = "careers_application"

    first_name: str = Field(max_length=100)
    last_name: str = Field(max_length=100)
    email: str = Field(max_length=254, index=True)
    mobile_e164: str = Field(max_length=20)
    mobile_raw: str = Field(max_length=40)
    country: str = Field(max_length=100)
    city: str = Field(max_length=100)
    position: str = Field(max_length=100)
    skill_description: str = Field(default="", max_length=4000, sa_type=Text)
    training: str = Field(default="", max_length=4000, sa_type=Text)
    resume_path: str = Field(default="", max_length=500)
    resume_filename: str = Field(default="", max_length=255)
    resume_content_type: str = Field(default="", max_length=100)
    resume_size: int = 0


class IdempotencyRecord(SQLModel, table=True):
    """First answer given to a POST carrying an Idempotency-Key; the unique pair stops double-storing."""

    __tablename__ = "idempotency_record"
    __table_args__ = (UniqueConstraint("endpoint", "key", name="uq_idempotency_endpoint_key"),)

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=200)
    endpoint: str = Field(max_length=50)
    lead_id: int
    status_code: int
    response_body: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utc_now, sa_type=DateTime(timezone=True), nullable=False)
