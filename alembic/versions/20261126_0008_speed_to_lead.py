"""speed to lead: who takes leads, the rotation's turns, response times, lead timers, webhook endpoints, deliveries

Revision ID: 0008_speed_to_lead
Revises: 0007_meeting_links
Create Date: 2026-11-26 11:07:52.340741
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "0008_speed_to_lead"
down_revision: str | None = "0007_meeting_links"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


TEAMS = ("sales", "hr")  # staff.models.Role values that take leads


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":  # each team's turns (leads.routing_models.TURNS)
        for team in TEAMS:
            op.execute(sa.schema.CreateSequence(sa.Sequence(f"lead_rotation_{team}_seq")))
    op.create_table(
        "lead_rotation",
        sa.Column("team", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("turn", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("team"),
    )
    op.create_table(
        "lead_routing_rules",
        sa.Column("team", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("response_minutes", sa.Integer(), nullable=False),
        sa.Column("escalation_minutes", sa.Integer(), nullable=False),
        sa.Column("auto_reassign", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.PrimaryKeyConstraint("team"),
    )
    op.create_table(
        "lead_taker",
        sa.Column("staff_user_id", sa.Integer(), nullable=False),
        sa.Column("team", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("paused", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("weight", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["staff_user_id"], ["staff_user.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("staff_user_id", "team"),
    )
    op.create_table(
        "lead_timer",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("lead_id", sa.Integer(), nullable=False),
        sa.Column("stage", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=True),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("fired_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["lead_id"], ["lead.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("lead_id", "stage", name="uq_lead_timer_lead_stage"),
    )
    with op.batch_alter_table("lead_timer", schema=None) as batch_op:
        batch_op.create_index("ix_lead_timer_status_due_at", ["status", "due_at"], unique=False)

    op.create_table(
        "webhook_endpoint",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("url", sqlmodel.sql.sqltypes.AutoString(length=2000), nullable=False),
        sa.Column("events", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("secret", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("previous_secret", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("previous_secret_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("enabled", sa.Boolean(), server_default=sa.true(), nullable=False),
        sa.Column("disabled_reason", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "webhook_delivery",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("endpoint_id", sa.Integer(), nullable=False),
        sa.Column("lead_id", sa.Integer(), nullable=True),
        sa.Column("message_id", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("event", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_status", sa.Integer(), nullable=True),
        sa.Column("last_error", sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
        sa.ForeignKeyConstraint(["endpoint_id"], ["webhook_endpoint.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["lead_id"], ["lead.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("message_id"),
    )
    with op.batch_alter_table("webhook_delivery", schema=None) as batch_op:
        batch_op.create_index("ix_webhook_delivery_endpoint_id", ["endpoint_id", "id"], unique=False)
        batch_op.create_index("ix_webhook_delivery_lead_id", ["lead_id"], unique=False)
        batch_op.create_index("ix_webhook_delivery_status_next_attempt_at", ["status", "next_attempt_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("webhook_delivery", schema=None) as batch_op:
        batch_op.drop_index("ix_webhook_delivery_status_next_attempt_at")
        batch_op.drop_index("ix_webhook_delivery_lead_id")
        batch_op.drop_index("ix_webhook_delivery_endpoint_id")
    op.drop_table("webhook_delivery")
    op.drop_table("webhook_endpoint")
    with op.batch_alter_table("lead_timer", schema=None) as batch_op:
        batch_op.drop_index("ix_lead_timer_status_due_at")
    op.drop_table("lead_timer")
    op.drop_table("lead_taker")
    op.drop_table("lead_routing_rules")
    op.drop_table("lead_rotation")
    if op.get_bind().dialect.name == "postgresql":
        for team in TEAMS:
            op.execute(sa.schema.DropSequence(sa.Sequence(f"lead_rotation_{team}_seq")))
