"""the inbox's folded search: lead.search_text and lead.country_key, filled for every stored lead

Revision ID: i33_search_text
Revises: i29_config_version
Create Date: 2026-11-29 08:00:00.000000

The two columns hold each lead's text folded as a reader compares it (leads/search_text.py: Arabic without
its marks or tatweel, its letter forms folded, phone numbers as digits); new leads get them on write, the
leads already stored get them here, in batches.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel

from alembic import context, op
from marketing_site.leads import search_text

revision: str = "i33_search_text"
down_revision: str | None = "i29_config_version"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BATCH = 2000
_READ = ("id", *search_text.SEARCHED, "phone_e164", "phone_raw")


def upgrade() -> None:
    op.add_column("lead", sa.Column("search_text", sa.Text(), server_default="", nullable=False))
    op.add_column(
        "lead",
        sa.Column("country_key", sqlmodel.sql.sqltypes.AutoString(length=100), server_default="", nullable=False),
    )
    if not context.is_offline_mode():  # the fill is Python (search_text.columns): `--sql` output cannot hold it
        _fill_search_columns()
    op.create_index("ix_lead_country_key", "lead", ["country_key"])


def _fill_search_columns() -> None:
    """Fold every stored lead's text, BATCH rows at a time, as the lead service does for new ones."""
    connection = op.get_bind()
    lead = sa.table("lead", *(sa.column(name) for name in (*_READ, "search_text", "country_key")))
    last = 0
    while True:
        rows = (
            connection.execute(
                sa.select(*(lead.c[name] for name in _READ)).where(lead.c.id > last).order_by(lead.c.id).limit(BATCH)
            )
            .mappings()
            .all()
        )
        if not rows:
            break
        connection.execute(
            sa.update(lead).where(lead.c.id == sa.bindparam("lead_id")),
            [{"lead_id": row["id"], **search_text.columns(row)} for row in rows],
        )
        last = rows[-1]["id"]


def downgrade() -> None:
    op.drop_index("ix_lead_country_key", table_name="lead")
    op.execute("ALTER TABLE lead DROP COLUMN country_key")  # SQLite >= 3.35 and PostgreSQL alike
    op.execute("ALTER TABLE lead DROP COLUMN search_text")
