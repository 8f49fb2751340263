"""attribution: lead_touch holds each lead's first and last touch (landing, referrer, UTM, click IDs, channel),
with the lead's kind and arrival copied for the channel report's index

Revision ID: i34_attribution
Revises: 0010_staff_area
Create Date: 2026-11-29 04:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "i34_attribution"
down_revision: str | None = "0010_staff_area"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TEXT_COLUMNS = (
    ("landing_url", 1000),
    ("referrer", 1000),
    *((name, 200) for name in ("utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content")),
    *((name, 200) for name in ("gclid", "gbraid", "wbraid", "fbclid", "li_fat_id", "msclkid")),
)


def upgrade() -> None:
    op.create_table(
        "lead_touch",
        sa.Column("lead_id", sa.Integer(), nullable=False),
        sa.Column("touch", sqlmodel.sql.sqltypes.AutoString(length=5), nullable=False),
        sa.Column("lead_created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column("landed_at", sa.DateTime(timezone=True), nullable=True),
        *(
            sa.Column(name, sqlmodel.sql.sqltypes.AutoString(length=length), nullable=False)
            for name, length in TEXT_COLUMNS
        ),
        sa.Column("source", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("medium", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("campaign", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.ForeignKeyConstraint(["lead_id"], ["lead.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("lead_id", "touch"),
    )
    op.create_index(
        "ix_lead_touch_report", "lead_touch", ["touch", "source", "medium", "campaign", "lead_created_at", "kind"]
    )
    op.create_index("ix_lead_touch_channel", "lead_touch", ["lead_id", "touch", "source", "medium", "campaign"])


def downgrade() -> None:
    op.drop_table("lead_touch")
