"""the channel report's tallies: channel_tally, counts per quarter hour and UTC day, kind, touch and channel, kept
by the writes from now on and counted here for the leads already stored

A new table takes no lock another transaction waits on, and the fill (``channel_tallies.rebuild``) takes none on the
leads either: the processes running meanwhile are the release before, which keeps no tallies, so what they write
until their restart is not counted here nor by them (docs/marketing.md: count again after the deploy).

Revision ID: i34t_channel_tally
Revises: i34p_channel_indexes
Create Date: 2026-11-29 11:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import context, op
from marketing_site.admin.work import channel_tallies

revision: str = "i34t_channel_tally"
down_revision: str | None = "i34p_channel_indexes"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "channel_tally",
        sa.Column("grain", sqlmodel.sql.sqltypes.AutoString(length=7), nullable=False),
        sa.Column("touch", sqlmodel.sql.sqltypes.AutoString(length=5), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column("source", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("medium", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("campaign", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("leads", sa.Integer(), nullable=False),
        sa.Column("booked", sa.Integer(), nullable=False),
        sa.Column("held", sa.Integer(), nullable=False),
        sa.Column("won", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("grain", "touch", "starts_at", "kind", "source", "medium", "campaign"),
    )
    if not context.is_offline_mode():  # the count is Python (leads.tallies): `--sql` output cannot hold it
        channel_tallies.rebuild(op.get_bind(), hold_writes=False)


def downgrade() -> None:
    op.drop_table("channel_tally")
