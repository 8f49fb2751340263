"""staff area: each account's own time zone; the index behind the inbox's list of countries

Revision ID: 0010_staff_area
Revises: 0009_resumes_in_database
Create Date: 2026-11-25 08:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import op

revision: str = "0010_staff_area"
down_revision: str | None = "0009_resumes_in_database"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("staff_user", sa.Column("time_zone", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))
    op.create_index("ix_lead_country_lower", "lead", [sa.text("lower(country)"), "country"])


def downgrade() -> None:
    op.drop_index("ix_lead_country_lower", table_name="lead")
    op.execute("ALTER TABLE staff_user DROP COLUMN time_zone")  # SQLite >= 3.35 and PostgreSQL alike
