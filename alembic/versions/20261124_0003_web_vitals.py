"""web vitals: one row per metric a visitor's browser reported (no personal data)

Revision ID: 0003_web_vitals
Revises: 0002
Create Date: 2026-11-24 00:20:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "0003_web_vitals"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "web_vital",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("route", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("metric", sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
        sa.Column("value", sa.Float(), nullable=False),
        sa.Column("device", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_web_vital_created_at", "web_vital", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_web_vital_created_at", table_name="web_vital")
    op.drop_table("web_vital")
