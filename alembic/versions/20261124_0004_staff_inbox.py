"""staff inbox: staff users, notes, audit log, the mail outbox, and each lead's status, owner and read marker

Revision ID: 0004_staff_inbox
Revises: 0003_web_vitals
Create Date: 2026-11-24 04:13:51.622498
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "0004_staff_inbox"
down_revision: str | None = "0003_web_vitals"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "staff_user",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
        sa.Column("password_hash", sqlmodel.sql.sqltypes.AutoString(length=255), nullable=False),
        sa.Column("role", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("email"),
    )
    op.create_table(
        "audit_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor_id", sa.Integer(), nullable=True),
        sa.Column("action", sqlmodel.sql.sqltypes.AutoString(length=30), nullable=False),
        sa.Column("lead_id", sa.Integer(), nullable=True),
        sa.Column("detail", sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
        sa.ForeignKeyConstraint(["actor_id"], ["staff_user.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("audit_entry", schema=None) as batch_op:
        batch_op.create_index("ix_audit_entry_lead_id", ["lead_id"], unique=False)

    op.create_table(
        "lead_note",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("lead_id", sa.Integer(), nullable=False),
        sa.Column("author_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["author_id"], ["staff_user.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["lead_id"], ["lead.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("lead_note", schema=None) as batch_op:
        batch_op.create_index("ix_lead_note_lead_id", ["lead_id"], unique=False)

    op.create_table(
        "outbox_mail",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("lead_id", sa.Integer(), nullable=True),
        sa.Column("audience", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("recipient", sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
        sa.Column("subject", sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
        sa.Column("text_body", sa.Text(), nullable=False),
        sa.Column("html_body", sa.Text(), nullable=False),
        sa.Column("message_id", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_error", sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
        sa.ForeignKeyConstraint(["lead_id"], ["lead.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("message_id"),
    )
    with op.batch_alter_table("outbox_mail", schema=None) as batch_op:
        batch_op.create_index("ix_outbox_mail_lead_id", ["lead_id"], unique=False)
        batch_op.create_index("ix_outbox_mail_status_next_attempt_at", ["status", "next_attempt_at"], unique=False)

    # Added and dropped in place, never by a batch rebuild: rebuilding ``lead`` on SQLite would cascade-delete
    # its child rows. That is also why ``owner_id`` has no foreign key (SQLite cannot drop such a column in place).
    op.add_column(
        "lead", sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=20), server_default="new", nullable=False)
    )
    op.add_column("lead", sa.Column("owner_id", sa.Integer(), nullable=True))
    op.add_column("lead", sa.Column("first_contacted_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("lead", sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("lead", sa.Column("quarantined", sa.Boolean(), server_default=sa.false(), nullable=False))
    op.create_index("ix_lead_status_created_at", "lead", ["status", sa.literal_column("created_at DESC")])
    op.create_index("ix_lead_inbox_counts", "lead", ["quarantined", "kind", "status", "seen_at"])
    op.create_index("ix_lead_inbox_days", "lead", ["quarantined", "created_at", "kind"])
    op.execute("UPDATE lead SET seen_at = created_at")  # leads from before the inbox are not news to anyone


def downgrade() -> None:
    for index in ("ix_lead_inbox_days", "ix_lead_inbox_counts", "ix_lead_status_created_at"):
        op.drop_index(index, table_name="lead")
    for column in ("quarantined", "seen_at", "first_contacted_at", "owner_id", "status"):
        op.execute(f"ALTER TABLE lead DROP COLUMN {column}")  # SQLite >= 3.35 and PostgreSQL alike

    with op.batch_alter_table("outbox_mail", schema=None) as batch_op:
        batch_op.drop_index("ix_outbox_mail_status_next_attempt_at")
        batch_op.drop_index("ix_outbox_mail_lead_id")

    op.drop_table("outbox_mail")
    with op.batch_alter_table("lead_note", schema=None) as batch_op:
        batch_op.drop_index("ix_lead_note_lead_id")

    op.drop_table("lead_note")
    with op.batch_alter_table("audit_entry", schema=None) as batch_op:
        batch_op.drop_index("ix_audit_entry_lead_id")

    op.drop_table("audit_entry")
    op.drop_table("staff_user")
