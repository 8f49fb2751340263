"""résumés in the database: lead_resume holds their bytes; lead.resume_file (a name under RESUME_DIR) goes

Upgrade reads each lead's file from the folder an earlier release stored them in (RESUME_DIR, else
var/resumes) into lead_resume, logs every file it could not read (the lead keeps the visitor's file
name and has no résumé) and leaves the folder as it was: remove it once a backup holds the database.
Downgrade writes each résumé back into that folder under a new random name and drops the table.

Revision ID: 0009_resumes_in_database
Revises: 0008_speed_to_lead
Create Date: 2026-11-26 09:00:00.000000
"""

from __future__ import annotations

import logging
import os
import uuid
from collections.abc import Sequence
from pathlib import Path

import sqlalchemy as sa

from alembic import op
from marketing_site.leads.uploads import legacy_folder

revision: str = "0009_resumes_in_database"
down_revision: str | None = "0008_speed_to_lead"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

log = logging.getLogger("alembic.runtime.migration")
EXTENSIONS = (".pdf", ".doc", ".docx")

lead = sa.table("lead", sa.column("id", sa.Integer), sa.column("resume_file", sa.String))
lead_resume = sa.table(
    "lead_resume",
    sa.column("lead_id", sa.Integer),
    sa.column("extension", sa.String),
    sa.column("size", sa.Integer),
    sa.column("content", sa.LargeBinary),
)


def upgrade() -> None:
    op.create_table(
        "lead_resume",
        sa.Column("lead_id", sa.Integer(), nullable=False),
        sa.Column("extension", sa.String(length=5), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(["lead_id"], ["lead.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("lead_id"),
    )
    folder = legacy_folder()
    connection = op.get_bind()
    rows = connection.execute(sa.select(lead.c.id, lead.c.resume_file).where(lead.c.resume_file.is_not(None)))
    moved, unreadable = 0, 0
    for lead_id, name in rows.all():
        path = folder / Path(name).name  # a stored name, never a path elsewhere
        extension = path.suffix.lower()
        try:
            if extension not in EXTENSIONS:
                raise ValueError(f"not a résumé type ({extension or 'no extension'})")
            content = path.read_bytes()
        except (OSError, ValueError) as unread:
            unreadable += 1
            log.warning("Lead %s: résumé %s not moved (%s); the lead keeps its file name only", lead_id, path, unread)
            continue
        connection.execute(
            lead_resume.insert().values(lead_id=lead_id, extension=extension, size=len(content), content=content)
        )
        moved += 1
    op.execute("ALTER TABLE lead DROP COLUMN resume_file")  # SQLite >= 3.35 and PostgreSQL alike
    log.info(
        "Moved %s résumés from %s into lead_resume; %s could not be read (listed above). "
        "The files were left in place: remove the folder once a backup holds the database.",
        moved,
        folder,
        unreadable,
    )


def downgrade() -> None:
    op.add_column("lead", sa.Column("resume_file", sa.String(length=64), nullable=True))
    folder = legacy_folder()
    connection = op.get_bind()
    rows = connection.execute(sa.select(lead_resume.c.lead_id, lead_resume.c.extension, lead_resume.c.content))
    written = 0
    for lead_id, extension, content in rows.all():
        folder.mkdir(parents=True, exist_ok=True)
        name = f"{uuid.uuid4().hex}{extension}"
        descriptor = os.open(folder / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)  # staff-only, never replaces
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(content)
        connection.execute(lead.update().where(lead.c.id == lead_id).values(resume_file=name))
        written += 1
    op.drop_table("lead_resume")
    log.info("Wrote %s résumés from lead_resume back into %s", written, folder)
