"""one lead table: the five lead tables become ``lead`` (+ ``lead_module``, ``lead_responsibility``)

Every row is carried across. New ids follow (created_at, table, old id), so id order is time
order; idempotency records are pointed at their lead's new id (records whose lead is gone are
dropped) and lose the answer they stored (always 201 {"id": lead_id}, now derived). Columns get
names that say what they hold (mis -> current_system, ss -> current_product_use, ...); a column a
kind never asked for is NULL. The résumé keeps its stored file name (not the absolute path) and the
visitor's file name; type and size are read from the file. Downgrade rebuilds the five tables, each row
keeping its lead's id.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24 09:00:00
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import sqlalchemy as sa

from alembic import op
from marketing_site.leads.uploads import legacy_folder

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Old table -> the kind its rows become (also the idempotency ledger's endpoint name).
KINDS = {
    "product_video_lead": "ProductVideo",
    "schedule_demo_lead": "ScheduleDemo",
    "signup_demo_lead": "SignupDemo",
    "product_demo_lead": "ProductDemo",
    "careers_application": "Careers",
}
COMMON = (
    "created_at",
    "source_page",
    "referrer",
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "utm_term",
    "utm_content",
    "consent_communications_at",
    "consent_data_processing_at",
    "consent_text_version",
    "email",
)
DEMO = {
    "first_name": "first_name",
    "last_name": "last_name",
    "school": "school",
    "country": "country",
    "phone_e164": "phone_e164",
    "phone_raw": "phone_raw",
    "job": "job_title",
    "n_student": "student_count",
    "mis": "current_system",
    "ss": "current_product_use",
    "about": "heard_about_us",
    "t_school": "school_type",
}
# Old column -> new column, per table (besides COMMON).
RENAMES = {
    "product_video_lead": {
        "name": "full_name",
        "contact_no_e164": "phone_e164",
        "contact_no_raw": "phone_raw",
        "product": "product",
    },
    "schedule_demo_lead": DEMO,
    "signup_demo_lead": {**DEMO, "website": "website"},
    "product_demo_lead": {**DEMO, "product": "product"},
    "careers_application": {
        "first_name": "first_name",
        "last_name": "last_name",
        "mobile_e164": "phone_e164",
        "mobile_raw": "phone_raw",
        "country": "country",
        "city": "city",
        "position": "position",
        "skill_description": "skill_description",
        "training": "training",
        "resume_filename": "resume_filename",
    },
}
MODULE_COLUMNS = {
    "student_smart": "studentSmart",
    "hr_smart": "hrSmart",
    "academic_smart": "academicSmart",
    "communication_smart": "communicationSmart",
    "pastoral_smart": "pastoralSmart",
    "timetable_smart": "timetableSmart",
    "library_smart": "librarySmart",
    "report_smart": "reportSmart",
    "finance_smart": "financeSmart",
    "administration_smart": "administrationSmart",
}
RESPONSIBILITY_COLUMNS = {
    f"resp_{name}": name
    for name in ("academic", "communication", "administration", "it", "admission", "pastoral", "finance")
}
RESUME_TYPES = {
    ".pdf": "application/pdf",
    ".doc": "application/msword",
    ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
}


def upgrade() -> None:
    lead = op.create_table(
        "lead",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("language", sa.String(10), server_default="en", nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        *[
            sa.Column(name, sa.String(length), nullable=True)
            for name, length in (("full_name", 200), ("first_name", 100), ("last_name", 100))
        ],
        sa.Column("phone_e164", sa.String(20), nullable=False),
        sa.Column("phone_raw", sa.String(40), nullable=False),
        *[
            sa.Column(name, sa.String(length), nullable=True)
            for name, length in (
                ("country", 100),
                ("city", 100),
                ("school", 200),
                ("school_type", 100),
                ("job_title", 150),
                ("student_count", 50),
                ("current_system", 200),
                ("current_product_use", 200),
                ("heard_about_us", 200),
                ("website", 300),
                ("product", 100),
                ("position", 100),
            )
        ],
        sa.Column("skill_description", sa.Text(), nullable=True),
        sa.Column("training", sa.Text(), nullable=True),
        sa.Column("resume_file", sa.String(64), nullable=True),
        sa.Column("resume_filename", sa.String(255), nullable=True),
        sa.Column("source_page", sa.String(300), nullable=False),
        sa.Column("referrer", sa.String(1000), nullable=False),
        *[
            sa.Column(f"utm_{name}", sa.String(200), nullable=False)
            for name in ("source", "medium", "campaign", "term", "content")
        ],
        sa.Column("consent_communications_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("consent_data_processing_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("consent_text_version", sa.String(50), nullable=False),
    )
    op.create_index("ix_lead_created_at", "lead", [sa.text("created_at DESC")])
    op.create_index("ix_lead_kind_created_at", "lead", ["kind", sa.text("created_at DESC")])
    op.create_index("ix_lead_email", "lead", ["email"])
    op.create_index("ix_lead_phone_e164", "lead", ["phone_e164"])
    children = {
        name: op.create_table(
            f"lead_{name}",
            sa.Column("lead_id", sa.Integer(), sa.ForeignKey("lead.id", ondelete="CASCADE"), primary_key=True),
            sa.Column(name, sa.String(50), primary_key=True),
        )
        for name in ("module", "responsibility")
    }
    op.create_index("ix_lead_module_module", "lead_module", ["module"])
    op.create_index("ix_lead_responsibility_responsibility", "lead_responsibility", ["responsibility"])

    bind = op.get_bind()
    old = sa.MetaData()
    tables = {name: sa.Table(name, old, autoload_with=bind) for name in KINDS}
    sources = sorted(
        (
            (row.created_at, position, name, row)
            for position, name in enumerate(KINDS)
            for row in bind.execute(sa.select(tables[name]).order_by(tables[name].c.id))
        ),
        key=lambda item: (*item[:2], item[3].id),
    )
    new_ids: dict[tuple[str, int], int] = {}
    leads, ticked = [], {"module": [], "responsibility": []}
    for new_id, (_, _, name, row) in enumerate(sources, start=1):
        new_ids[(KINDS[name], row.id)] = new_id
        leads.append({**dict.fromkeys(lead.columns.keys()), **_lead_values(new_id, name, row._mapping)})
        for column, value in MODULE_COLUMNS.items() if name == "schedule_demo_lead" else ():
            if row._mapping[column]:
                ticked["module"].append({"lead_id": new_id, "module": value})
        for column, value in RESPONSIBILITY_COLUMNS.items() if name == "schedule_demo_lead" else ():
            if row._mapping[column]:
                ticked["responsibility"].append({"lead_id": new_id, "responsibility": value})
    if leads:
        op.bulk_insert(lead, leads)
    for name, rows in ticked.items():
        if rows:
            op.bulk_insert(children[name], rows)
    if bind.dialect.name == "postgresql":
        bind.execute(
            sa.text(
                "SELECT setval(pg_get_serial_sequence('lead', 'id'), COALESCE(MAX(id), 1), "
                "MAX(id) IS NOT NULL) FROM lead"
            )
        )

    ledger = sa.Table("idempotency_record", old, autoload_with=bind)
    for record in bind.execute(sa.select(ledger.c.id, ledger.c.endpoint, ledger.c.lead_id)).all():
        target = new_ids.get((record.endpoint, record.lead_id))
        change = ledger.delete() if target is None else ledger.update().values(lead_id=target)
        bind.execute(change.where(ledger.c.id == record.id))
    with op.batch_alter_table("idempotency_record") as batch:
        batch.drop_column("status_code")
        batch.drop_column("response_body")
        batch.create_foreign_key("fk_idempotency_record_lead_id_lead", "lead", ["lead_id"], ["id"], ondelete="CASCADE")
    for name in KINDS:
        op.drop_index(f"ix_{name}_email", table_name=name)
        op.drop_table(name)


def _lead_values(new_id: int, table: str, row) -> dict:
    values = {"id": new_id, "kind": KINDS[table], "language": "en", **{column: row[column] for column in COMMON}}
    values.update({new: row[old] for old, new in RENAMES[table].items()})
    if table == "careers_application":
        values["resume_file"] = Path(row["resume_path"]).name if row["resume_path"] else None
        values["resume_filename"] = row["resume_filename"] or None
    return values


def downgrade() -> None:
    bind = op.get_bind()
    meta = sa.MetaData()
    lead = sa.Table("lead", meta, autoload_with=bind)
    module = sa.Table("lead_module", meta, autoload_with=bind)
    responsibility = sa.Table("lead_responsibility", meta, autoload_with=bind)
    tables = {name: _create_old_table(name) for name in KINDS}
    ticked: dict[int, set[str]] = {}
    for row in bind.execute(sa.select(module.c.lead_id, module.c.module)):
        ticked.setdefault(row.lead_id, set()).add(row.module)
    for row in bind.execute(sa.select(responsibility.c.lead_id, responsibility.c.responsibility)):
        ticked.setdefault(row.lead_id, set()).add(f"resp:{row.responsibility}")
    by_table: dict[str, list[dict]] = {name: [] for name in KINDS}
    table_of = {kind: name for name, kind in KINDS.items()}
    for row in bind.execute(sa.select(lead).order_by(lead.c.id)):
        name = table_of[row.kind]
        by_table[name].append(_old_values(name, row._mapping, ticked.get(row.id, set())))
    for name, rows in by_table.items():
        if rows:
            op.bulk_insert(tables[name], rows)
        if bind.dialect.name == "postgresql":
            bind.execute(
                sa.text(
                    f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), COALESCE(MAX(id), 1), "
                    f"MAX(id) IS NOT NULL) FROM {name}"
                )
            )

    with op.batch_alter_table("idempotency_record") as batch:
        batch.drop_constraint("fk_idempotency_record_lead_id_lead", type_="foreignkey")
        batch.add_column(sa.Column("status_code", sa.Integer(), nullable=False, server_default="201"))
        batch.add_column(sa.Column("response_body", sa.Text(), nullable=False, server_default=""))
    ledger = sa.Table("idempotency_record", sa.MetaData(), autoload_with=bind)
    for record in bind.execute(sa.select(ledger.c.id, ledger.c.lead_id)).all():
        bind.execute(
            ledger.update().where(ledger.c.id == record.id).values(response_body=json.dumps({"id": record.lead_id}))
        )
    with op.batch_alter_table("idempotency_record") as batch:
        batch.alter_column("status_code", server_default=None)
        batch.alter_column("response_body", server_default=None)
    for name in ("module", "responsibility"):
        op.drop_index(f"ix_lead_{name}_{name}", table_name=f"lead_{name}")
        op.drop_table(f"lead_{name}")
    for index in ("ix_lead_created_at", "ix_lead_kind_created_at", "ix_lead_email", "ix_lead_phone_e164"):
        op.drop_index(index, table_name="lead")
    op.drop_table("lead")


def _old_values(table: str, row, ticked: set[str]) -> dict:
    values = {"id": row["id"], **{column: row[column] for column in COMMON}}
    values.update({old: row[new] if row[new] is not None else "" for old, new in RENAMES[table].items()})
    if table == "schedule_demo_lead":
        values.update({column: value in ticked for column, value in MODULE_COLUMNS.items()})
        values.update({column: f"resp:{value}" in ticked for column, value in RESPONSIBILITY_COLUMNS.items()})
    if table == "careers_application":
        stored = legacy_folder() / row["resume_file"] if row["resume_file"] else None
        values.update(
            resume_path=str(stored) if stored else "",
            resume_content_type=RESUME_TYPES.get(stored.suffix, "") if stored else "",
            resume_size=stored.stat().st_size if stored and stored.exists() else 0,
        )
    return values


def _create_old_table(name: str) -> sa.Table:
    """The 0001 shape of one lead table."""
    string = sa.String
    columns = [
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("source_page", string(300), nullable=False),
        sa.Column("referrer", string(1000), nullable=False),
        *[
            sa.Column(f"utm_{part}", string(200), nullable=False)
            for part in ("source", "medium", "campaign", "term", "content")
        ],
        sa.Column("consent_communications_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("consent_data_processing_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("consent_text_version", string(50), nullable=False),
        sa.Column("email", string(254), nullable=False),
    ]
    lengths = {
        "name": 200,
        "contact_no_e164": 20,
        "contact_no_raw": 40,
        "product": 100,
        "first_name": 100,
        "last_name": 100,
        "school": 200,
        "country": 100,
        "phone_e164": 20,
        "phone_raw": 40,
        "job": 150,
        "n_student": 50,
        "mis": 200,
        "ss": 200,
        "about": 200,
        "t_school": 100,
        "website": 300,
        "mobile_e164": 20,
        "mobile_raw": 40,
        "city": 100,
        "position": 100,
        "resume_filename": 255,
    }
    for old in RENAMES[name]:
        kind = sa.Text() if old in ("skill_description", "training") else string(lengths[old])
        columns.append(sa.Column(old, kind, nullable=False))
    if name == "schedule_demo_lead":
        columns += [
            sa.Column(column, sa.Boolean(), nullable=False) for column in (*MODULE_COLUMNS, *RESPONSIBILITY_COLUMNS)
        ]
    if name == "careers_application":
        columns += [
            sa.Column("resume_path", string(500), nullable=False),
            sa.Column("resume_content_type", string(100), nullable=False),
            sa.Column("resume_size", sa.Integer(), nullable=False),
        ]
    table = op.create_table(name, *columns)
    op.create_index(f"ix_{name}_email", name, ["email"])
    return table
