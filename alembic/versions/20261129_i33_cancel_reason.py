"""a demo cancelled by staff keeps the reason the visitor's mail gave: demo_booking.cancel_reason

Revision ID: i33_cancel_reason
Revises: i33_search_text
Create Date: 2026-11-29 09:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "i33_cancel_reason"
down_revision: str | None = "i33_search_text"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "demo_booking",
        sa.Column("cancel_reason", sqlmodel.sql.sqltypes.AutoString(length=500), server_default="", nullable=False),
    )


def downgrade() -> None:
    op.execute("ALTER TABLE demo_booking DROP COLUMN cancel_reason")  # SQLite >= 3.35 and PostgreSQL alike
