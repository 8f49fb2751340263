"""meeting links: how visitors join each host's demos (a video-call address or a phone number)

Revision ID: 0007_meeting_links
Revises: 0006_staff_signin
Create Date: 2026-11-26 11:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "0007_meeting_links"
down_revision: str | None = "0006_staff_signin"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("demo_host", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("meeting_link", sqlmodel.sql.sqltypes.AutoString(length=300), server_default="", nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("demo_host", schema=None) as batch_op:
        batch_op.drop_column("meeting_link")
