"""demo booking: hosts, working hours, days off, bookings; outbox invitations and reminders

Revision ID: 0005_demo_booking
Revises: 0004_staff_inbox
Create Date: 2026-11-24 07:00:54.000735
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "0005_demo_booking"
down_revision: str | None = "0004_staff_inbox"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "booking_settings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("demo_minutes", sa.Integer(), nullable=False),
        sa.Column("buffer_minutes", sa.Integer(), nullable=False),
        sa.Column("min_notice_minutes", sa.Integer(), nullable=False),
        sa.Column("horizon_days", sa.Integer(), nullable=False),
        sa.Column("daily_limit", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "demo_host",
        sa.Column("staff_user_id", sa.Integer(), nullable=False),
        sa.Column("display_name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("time_zone", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("country", sqlmodel.sql.sqltypes.AutoString(length=2), nullable=False),
        sa.Column("active", sa.Boolean(), server_default=sa.true(), nullable=False),
        sa.ForeignKeyConstraint(["staff_user_id"], ["staff_user.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("staff_user_id"),
    )
    op.create_table(
        "demo_booking",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("uid", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("lead_id", sa.Integer(), nullable=False),
        sa.Column("host_id", sa.Integer(), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("visitor_time_zone", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["host_id"],
            ["demo_host.staff_user_id"],
        ),
        sa.ForeignKeyConstraint(["lead_id"], ["lead.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("lead_id"),
        sa.UniqueConstraint("uid"),
    )
    with op.batch_alter_table("demo_booking", schema=None) as batch_op:
        batch_op.create_index("ix_demo_booking_host_starts_at", ["host_id", "starts_at"], unique=False)
        batch_op.create_index("ix_demo_booking_status_starts_at", ["status", "starts_at"], unique=False)
        batch_op.create_index(
            "uq_demo_booking_live_host_start",
            ["host_id", "starts_at"],
            unique=True,
            sqlite_where=sa.text("status = 'booked'"),
            postgresql_where=sa.text("status = 'booked'"),
        )

    op.create_table(
        "demo_day_off",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("host_id", sa.Integer(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.ForeignKeyConstraint(["host_id"], ["demo_host.staff_user_id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("host_id", "day", name="uq_demo_day_off_host_day"),
    )
    op.create_table(
        "demo_working_hours",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("host_id", sa.Integer(), nullable=False),
        sa.Column("weekday", sa.Integer(), nullable=False),
        sa.Column("start_minute", sa.Integer(), nullable=False),
        sa.Column("end_minute", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["host_id"], ["demo_host.staff_user_id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("demo_working_hours", schema=None) as batch_op:
        batch_op.create_index("ix_demo_working_hours_host_id", ["host_id"], unique=False)

    with op.batch_alter_table("outbox_mail", schema=None) as batch_op:
        batch_op.add_column(sa.Column("booking_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("calendar_body", sa.Text(), server_default="", nullable=False))
        batch_op.add_column(
            sa.Column("calendar_method", sqlmodel.sql.sqltypes.AutoString(length=10), server_default="", nullable=False)
        )
        batch_op.create_index("ix_outbox_mail_booking_id", ["booking_id"], unique=False)
        batch_op.create_foreign_key(
            "fk_outbox_mail_booking_id", "demo_booking", ["booking_id"], ["id"], ondelete="CASCADE"
        )


def downgrade() -> None:
    with op.batch_alter_table("outbox_mail", schema=None) as batch_op:
        batch_op.drop_constraint("fk_outbox_mail_booking_id", type_="foreignkey")
        batch_op.drop_index("ix_outbox_mail_booking_id")
        batch_op.drop_column("calendar_method")
        batch_op.drop_column("calendar_body")
        batch_op.drop_column("booking_id")

    with op.batch_alter_table("demo_working_hours", schema=None) as batch_op:
        batch_op.drop_index("ix_demo_working_hours_host_id")

    op.drop_table("demo_working_hours")
    op.drop_table("demo_day_off")
    with op.batch_alter_table("demo_booking", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_demo_booking_live_host_start",
            sqlite_where=sa.text("status = 'booked'"),
            postgresql_where=sa.text("status = 'booked'"),
        )
        batch_op.drop_index("ix_demo_booking_status_starts_at")
        batch_op.drop_index("ix_demo_booking_host_starts_at")

    op.drop_table("demo_booking")
    op.drop_table("demo_host")
    op.drop_table("booking_settings")
