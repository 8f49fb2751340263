"""config version: one counter the database moves whenever staff change what leads are routed and timed by

Revision ID: i29_config_version
Revises: i34_attribution
Create Date: 2026-11-29 08:00:00.000000

Triggers on each watched table add one to ``config_version`` in the transaction of the change (any INSERT,
DELETE, TRUNCATE, and an UPDATE of the columns listed), so every worker's caches (``core.config_version``) see it.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "i29_config_version"
down_revision: str | None = "i34_attribution"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# As core.config_version.WATCHED stood for this revision: table -> the columns whose UPDATE counts (empty: any).
WATCHED: dict[str, tuple[str, ...]] = {
    "lead_taker": (),
    "lead_routing_rules": (),
    "demo_host": (),
    "demo_working_hours": (),
    "demo_day_off": (),
    "staff_user": ("email", "active", "role"),
    "webhook_endpoint": (),
}
BUMP = "UPDATE config_version SET version = version + 1 WHERE id = 1"


def upgrade() -> None:
    op.create_table(
        "config_version",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("version", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.execute("INSERT INTO config_version (id, version) VALUES (1, 0)")
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            "CREATE FUNCTION config_version_bump() RETURNS trigger LANGUAGE plpgsql AS "
            f"$$ BEGIN {BUMP}; RETURN NULL; END $$"
        )
        for table, columns in WATCHED.items():
            update = f"UPDATE OF {', '.join(columns)}" if columns else "UPDATE"
            op.execute(
                f"CREATE TRIGGER config_version_{table} AFTER INSERT OR {update} OR DELETE OR TRUNCATE ON {table} "
                "FOR EACH STATEMENT EXECUTE FUNCTION config_version_bump()"
            )
        return
    for table, columns in WATCHED.items():
        update = f"UPDATE OF {', '.join(columns)}" if columns else "UPDATE"
        for event, name in (("INSERT", "insert"), (update, "update"), ("DELETE", "delete")):
            op.execute(f"CREATE TRIGGER config_version_{table}_{name} AFTER {event} ON {table} BEGIN {BUMP}; END")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table in WATCHED:
            op.execute(f"DROP TRIGGER config_version_{table} ON {table}")
        op.execute("DROP FUNCTION config_version_bump()")
    else:
        for table in WATCHED:
            for name in ("insert", "update", "delete"):
                op.execute(f"DROP TRIGGER config_version_{table}_{name}")
    op.drop_table("config_version")
