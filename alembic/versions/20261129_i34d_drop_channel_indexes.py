"""the channel report reads channel_tally since i34t: drop the indexes only its lead-by-lead counting read
(ix_lead_touch_report, ix_lead_touch_lead, ix_lead_channel_days), and let lead_touch's copies of the lead's kind
and arrival be NULL, as this release stops writing them

Nothing else reads these indexes (the inbox's pages use ix_lead_inbox_days, docs/benchmarks.md), and each costs
every lead write its upkeep. Dropped CONCURRENTLY on PostgreSQL, outside the migration's transaction, as i34p built
them: the lead table takes its writes meanwhile.

The copied columns (``lead_touch.kind``, ``lead_touch.lead_created_at``) only lose NOT NULL here: the release before
still writes them until its restart (expand/contract, docs/deployment.md). Dropping them is for a later release,
once no running code writes them.

Revision ID: i34d_drop_channel_indexes
Revises: i34t_channel_tally
Create Date: 2026-11-29 12:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "i34d_drop_channel_indexes"
down_revision: str | None = "i34t_channel_tally"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TOUCH_REPORT = ["touch", "source", "medium", "campaign", "lead_created_at", "kind"]
TOUCH_LEAD = ["touch", "lead_id", "source", "medium", "campaign"]
LEAD_DAYS = ["quarantined", "created_at", "kind", "status"]
COPIED = (
    ("kind", sqlmodel.sql.sqltypes.AutoString(length=20)),
    ("lead_created_at", sa.DateTime(timezone=True)),
)


def upgrade() -> None:
    with op.get_context().autocommit_block():
        op.drop_index("ix_lead_touch_report", table_name="lead_touch", postgresql_concurrently=True, if_exists=True)
        op.drop_index("ix_lead_touch_lead", table_name="lead_touch", postgresql_concurrently=True, if_exists=True)
        op.drop_index("ix_lead_channel_days", table_name="lead", postgresql_concurrently=True, if_exists=True)
    with op.batch_alter_table("lead_touch") as batch:  # SQLite: the table copied; PostgreSQL: DROP NOT NULL
        for name, type_ in COPIED:
            batch.alter_column(name, existing_type=type_, nullable=True)


def downgrade() -> None:
    # The rows this release stored without the copies get them from their lead before NOT NULL comes back
    for name, source in (("kind", "kind"), ("lead_created_at", "created_at")):
        op.execute(
            f"UPDATE lead_touch SET {name} = (SELECT lead.{source} FROM lead WHERE lead.id = lead_touch.lead_id) "
            f"WHERE {name} IS NULL"
        )
    with op.batch_alter_table("lead_touch") as batch:
        for name, type_ in COPIED:
            batch.alter_column(name, existing_type=type_, nullable=False)
    with op.get_context().autocommit_block():
        op.create_index(
            "ix_lead_channel_days", "lead", LEAD_DAYS, postgresql_include=["id"], postgresql_concurrently=True
        )
        op.create_index("ix_lead_touch_lead", "lead_touch", TOUCH_LEAD, postgresql_concurrently=True)
        op.create_index("ix_lead_touch_report", "lead_touch", TOUCH_REPORT, postgresql_concurrently=True)
