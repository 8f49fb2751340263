"""the senders' claim indexes: each outbox's rows by status in the order its sender claims them, each with its
time, so a claim reads its batch and stops instead of sorting the backlog (mail: owners' first,
ix_outbox_mail_claim) or scanning every delivery of the history (webhooks, ix_webhook_delivery_claim); they
replace the (status, next_attempt_at) indexes, whose other readers (the backlog's counts) they serve as well

Built CONCURRENTLY on PostgreSQL, outside the migration's transaction: the outboxes take their writes meanwhile.

Revision ID: i29c_outbox_claims
Revises: i34d_drop_channel_indexes
Create Date: 2026-11-30 10:20:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "i29c_outbox_claims"
down_revision: str | None = "i34d_drop_channel_indexes"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MAIL_ORDER = "(CASE WHEN audience = 'owner' THEN 0 ELSE 1 END)"  # as mail/models.py wrote it on this day
# table: (the claim's index and its columns, the index it replaces)
CLAIMS = {
    "outbox_mail": ("ix_outbox_mail_claim", ["status", sa.text(MAIL_ORDER), "id", "next_attempt_at"]),
    "webhook_delivery": ("ix_webhook_delivery_claim", ["status", "id", "next_attempt_at"]),
}


def upgrade() -> None:
    with op.get_context().autocommit_block():
        for table, (name, columns) in CLAIMS.items():
            op.create_index(name, table, columns, postgresql_concurrently=True)
            op.drop_index(f"ix_{table}_status_next_attempt_at", table_name=table, postgresql_concurrently=True)


def downgrade() -> None:
    with op.get_context().autocommit_block():
        for table, (name, _columns) in CLAIMS.items():
            op.create_index(
                f"ix_{table}_status_next_attempt_at", table, ["status", "next_attempt_at"], postgresql_concurrently=True
            )
            op.drop_index(name, table_name=table, postgresql_concurrently=True)
