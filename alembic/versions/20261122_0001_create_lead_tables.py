"""create lead tables

Revision ID: 0001
Revises:
Create Date: 2026-11-22 03:10:25.969571
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Reviewed: five lead tables, the idempotency ledger (unique endpoint+key), e-mail indexes.
    op.create_table(
        "careers_application",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("source_page", sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
        sa.Column("referrer", sqlmodel.sql.sqltypes.AutoString(length=1000), nullable=False),
        sa.Column("utm_source", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_medium", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_campaign", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_term", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_content", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("consent_communications_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("consent_data_processing_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("consent_text_version", sqlmodel.sql.sqltypes.AutoString(length=50), nullable=False),
        sa.Column("first_name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("last_name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("email", sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
        sa.Column("mobile_e164", sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column("mobile_raw", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("country", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("city", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("position", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("skill_description", sa.Text(), nullable=False),
        sa.Column("training", sa.Text(), nullable=False),
        sa.Column("resume_path", sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
        sa.Column("resume_filename", sqlmodel.sql.sqltypes.AutoString(length=255), nullable=False),
        sa.Column("resume_content_type", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("resume_size", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("careers_application", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_careers_application_email"), ["email"], unique=False)

    op.create_table(
        "idempotency_record",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("endpoint", sqlmodel.sql.sqltypes.AutoString(length=50), nullable=False),
        sa.Column("lead_id", sa.Integer(), nullable=False),
        sa.Column("status_code", sa.Integer(), nullable=False),
        sa.Column("response_body", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("endpoint", "key", name="uq_idempotency_endpoint_key"),
    )
    op.create_table(
        "product_demo_lead",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("source_page", sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
        sa.Column("referrer", sqlmodel.sql.sqltypes.AutoString(length=1000), nullable=False),
        sa.Column("utm_source", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_medium", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_campaign", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_term", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_content", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("consent_communications_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("consent_data_processing_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("consent_text_version", sqlmodel.sql.sqltypes.AutoString(length=50), nullable=False),
        sa.Column("email", sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
        sa.Column("first_name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("last_name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("school", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("country", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("phone_e164", sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column("phone_raw", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("job", sqlmodel.sql.sqltypes.AutoString(length=150), nullable=False),
        sa.Column("n_student", sqlmodel.sql.sqltypes.AutoString(length=50), nullable=False),
        sa.Column("mis", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("ss", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("about", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("t_school", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("product", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("product_demo_lead", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_product_demo_lead_email"), ["email"], unique=False)

    op.create_table(
        "product_video_lead",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("source_page", sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
        sa.Column("referrer", sqlmodel.sql.sqltypes.AutoString(length=1000), nullable=False),
        sa.Column("utm_source", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_medium", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_campaign", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_term", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_content", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("consent_communications_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("consent_data_processing_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("consent_text_version", sqlmodel.sql.sqltypes.AutoString(length=50), nullable=False),
        sa.Column("email", sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("contact_no_e164", sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column("contact_no_raw", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("product", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("product_video_lead", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_product_video_lead_email"), ["email"], unique=False)

    op.create_table(
        "schedule_demo_lead",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("source_page", sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
        sa.Column("referrer", sqlmodel.sql.sqltypes.AutoString(length=1000), nullable=False),
        sa.Column("utm_source", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_medium", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_campaign", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_term", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_content", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("consent_communications_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("consent_data_processing_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("consent_text_version", sqlmodel.sql.sqltypes.AutoString(length=50), nullable=False),
        sa.Column("email", sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
        sa.Column("first_name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("last_name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("school", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("country", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("phone_e164", sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column("phone_raw", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("job", sqlmodel.sql.sqltypes.AutoString(length=150), nullable=False),
        sa.Column("n_student", sqlmodel.sql.sqltypes.AutoString(length=50), nullable=False),
        sa.Column("mis", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("ss", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("about", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("t_school", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("student_smart", sa.Boolean(), nullable=False),
        sa.Column("hr_smart", sa.Boolean(), nullable=False),
        sa.Column("academic_smart", sa.Boolean(), nullable=False),
        sa.Column("communication_smart", sa.Boolean(), nullable=False),
        sa.Column("pastoral_smart", sa.Boolean(), nullable=False),
        sa.Column("timetable_smart", sa.Boolean(), nullable=False),
        sa.Column("library_smart", sa.Boolean(), nullable=False),
        sa.Column("report_smart", sa.Boolean(), nullable=False),
        sa.Column("finance_smart", sa.Boolean(), nullable=False),
        sa.Column("administration_smart", sa.Boolean(), nullable=False),
        sa.Column("resp_academic", sa.Boolean(), nullable=False),
        sa.Column("resp_communication", sa.Boolean(), nullable=False),
        sa.Column("resp_administration", sa.Boolean(), nullable=False),
        sa.Column("resp_it", sa.Boolean(), nullable=False),
        sa.Column("resp_admission", sa.Boolean(), nullable=False),
        sa.Column("resp_pastoral", sa.Boolean(), nullable=False),
        sa.Column("resp_finance", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("schedule_demo_lead", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_schedule_demo_lead_email"), ["email"], unique=False)

    op.create_table(
        "signup_demo_lead",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("source_page", sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
        sa.Column("referrer", sqlmodel.sql.sqltypes.AutoString(length=1000), nullable=False),
        sa.Column("utm_source", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_medium", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_campaign", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_term", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("utm_content", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("consent_communications_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("consent_data_processing_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("consent_text_version", sqlmodel.sql.sqltypes.AutoString(length=50), nullable=False),
        sa.Column("email", sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
        sa.Column("first_name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("last_name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("school", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("country", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("phone_e164", sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column("phone_raw", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("job", sqlmodel.sql.sqltypes.AutoString(length=150), nullable=False),
        sa.Column("n_student", sqlmodel.sql.sqltypes.AutoString(length=50), nullable=False),
        sa.Column("mis", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("ss", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("about", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("t_school", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("website", sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("signup_demo_lead", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_signup_demo_lead_email"), ["email"], unique=False)


def downgrade() -> None:
    # Drops everything upgrade() created, in reverse order.
    with op.batch_alter_table("signup_demo_lead", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_signup_demo_lead_email"))

    op.drop_table("signup_demo_lead")
    with op.batch_alter_table("schedule_demo_lead", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_schedule_demo_lead_email"))

    op.drop_table("schedule_demo_lead")
    with op.batch_alter_table("product_video_lead", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_product_video_lead_email"))

    op.drop_table("product_video_lead")
    with op.batch_alter_table("product_demo_lead", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_product_demo_lead_email"))

    op.drop_table("product_demo_lead")
    op.drop_table("idempotency_record")
    with op.batch_alter_table("careers_application", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_careers_application_email"))

    op.drop_table("careers_application")
