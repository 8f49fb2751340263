"""the channel report's indexes: a period's leads with their state (ix_lead_channel_days), and one touch's channel
per lead read in touch order (ix_lead_touch_lead, instead of ix_lead_touch_channel in lead order)

Built CONCURRENTLY on PostgreSQL, outside the migration's transaction: the lead table takes its writes meanwhile.

Revision ID: i34p_channel_indexes
Revises: i33_cancel_reason
Create Date: 2026-11-29 07:30:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "i34p_channel_indexes"
down_revision: str | None = "i33_cancel_reason"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

LEAD_DAYS = ["quarantined", "created_at", "kind", "status"]
TOUCH_LEAD = ["touch", "lead_id", "source", "medium", "campaign"]
TOUCH_CHANNEL = ["lead_id", "touch", "source", "medium", "campaign"]


def upgrade() -> None:
    with op.get_context().autocommit_block():
        op.create_index(
            "ix_lead_channel_days", "lead", LEAD_DAYS, postgresql_include=["id"], postgresql_concurrently=True
        )
        op.create_index("ix_lead_touch_lead", "lead_touch", TOUCH_LEAD, postgresql_concurrently=True)
        op.drop_index("ix_lead_touch_channel", table_name="lead_touch", postgresql_concurrently=True)


def downgrade() -> None:
    with op.get_context().autocommit_block():
        op.create_index("ix_lead_touch_channel", "lead_touch", TOUCH_CHANNEL, postgresql_concurrently=True)
        op.drop_index("ix_lead_touch_lead", table_name="lead_touch", postgresql_concurrently=True)
        op.drop_index("ix_lead_channel_days", table_name="lead", postgresql_concurrently=True)
