"""The Alembic history: from empty it builds exactly the models' schema, revision 0002 carries a
populated database of five lead tables into the one lead table, value for value, and back, and the
résumé revision moves résumé files into the database and back out."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import MetaData, Table, inspect, select, text
from sqlmodel import SQLModel

from marketing_site import tables  # noqa: F401  (every table on the metadata)
from marketing_site.core import db
from marketing_site.leads import search_text

ROOT = Path(__file__).resolve().parents[2]
# Alembic reads "created_at DESC" back as a plain column on SQLite, and cannot read an index on an expression
# at all; these are checked by name below (each as SQLite or PostgreSQL writes it).
DESCENDING = {
    "ix_lead_created_at": "(created_at DESC)",
    "ix_lead_kind_created_at": "(kind, created_at DESC)",
    "ix_lead_status_created_at": "(status, created_at DESC)",
}
EXPRESSIONS = {
    "ix_lead_country_lower": ("(lower(country), country)", "(lower((country)::text), country)"),
    "ix_outbox_mail_claim": (
        "(status, (CASE WHEN audience = 'owner' THEN 0 ELSE 1 END), id, next_attempt_at)",
        "(status, ( CASE WHEN ((audience)::text = 'owner'::text) THEN 0 ELSE 1 END), id, next_attempt_at)",
    ),
}


def alembic(url: str, *args: str, resume_dir: Path | None = None) -> str:
    """The CLI as an operator runs it, with the URL coming through DATABASE_URL like in production; what it
    logged. ``resume_dir``: the folder an earlier release kept résumé files in (its RESUME_DIR)."""
    folder = {"RESUME_DIR": str(resume_dir)} if resume_dir else {}
    result = subprocess.run(
        [sys.executable, "-m", "alembic", "-c", "alembic.ini", *args],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": url, **folder},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    return result.stderr


def test_upgrade_from_empty_matches_the_models(empty_database_url):
    alembic(empty_database_url, "upgrade", "head")
    engine = db.build_engine(empty_database_url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(
                connection,
                opts={
                    "compare_type": True,
                    "include_object": lambda _item, name, kind, *_: (
                        not (kind == "index" and name in DESCENDING | EXPRESSIONS)
                    ),
                },
            )
            assert compare_metadata(context, SQLModel.metadata) == []
            for name, columns in DESCENDING.items():
                assert columns in _index_sql(connection, name).replace('"', "")
            for name, forms in EXPRESSIONS.items():
                written = " ".join(_index_sql(connection, name).replace('"', "").split())  # PostgreSQL breaks a CASE
                assert any(form in written for form in forms), name
    finally:
        engine.dispose()


def _index_sql(connection, name: str) -> str:
    if connection.dialect.name == "sqlite":
        return connection.execute(text("SELECT sql FROM sqlite_master WHERE name = :n"), {"n": name}).scalar_one()
    return connection.execute(text("SELECT indexdef FROM pg_indexes WHERE indexname = :n"), {"n": name}).scalar_one()


def test_downgrade_removes_every_table(empty_database_url):
    alembic(empty_database_url, "upgrade", "head")
    alembic(empty_database_url, "downgrade", "base")
    engine = db.build_engine(empty_database_url)
    try:
        assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    finally:
        engine.dispose()


T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
MODULE_FLAGS = (
    "student_smart",
    "hr_smart",
    "academic_smart",
    "communication_smart",
    "pastoral_smart",
    "timetable_smart",
    "library_smart",
    "report_smart",
    "finance_smart",
    "administration_smart",
)
RESPONSIBILITY_FLAGS = (
    "resp_academic",
    "resp_communication",
    "resp_administration",
    "resp_it",
    "resp_admission",
    "resp_pastoral",
    "resp_finance",
)
# What revision 0002 promises: old column -> new column, per old table (the rest is NULL in the new row).
RENAMED = {
    "product_video_lead": {
        "name": "full_name",
        "contact_no_e164": "phone_e164",
        "contact_no_raw": "phone_raw",
        "product": "product",
    },
    "demo": {
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
    },
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
KIND = {
    "product_video_lead": "ProductVideo",
    "schedule_demo_lead": "ScheduleDemo",
    "signup_demo_lead": "SignupDemo",
    "product_demo_lead": "ProductDemo",
    "careers_application": "Careers",
}


def renamed(table: str) -> dict[str, str]:
    extra = {"signup_demo_lead": {"website": "website"}, "product_demo_lead": {"product": "product"}}
    return RENAMED.get(table) or {**RENAMED["demo"], **extra.get(table, {})}


def old_row(table: Table, row_id: int, minutes: int, **overrides) -> dict:
    """Every column filled with a value naming its table, column and row (visitor text kept as typed)."""
    values = {}
    for column in table.columns:
        if column.name == "id":
            values["id"] = row_id
        elif column.name == "created_at":
            values["created_at"] = T0 + timedelta(minutes=minutes)
        elif column.name.startswith("consent_") and column.name.endswith("_at"):
            values[column.name] = T0 + timedelta(minutes=minutes, seconds=len(column.name)) if row_id % 2 else None
        elif str(column.type) == "BOOLEAN":
            values[column.name] = (len(column.name) + row_id) % 2 == 0
        elif str(column.type) == "INTEGER":
            values[column.name] = 1000 + row_id
        else:
            limit = getattr(column.type, "length", None) or 4000
            values[column.name] = f"{column.name}-{row_id} <script>x</script> =1+1 \u202etxt"[:limit]
    return {**values, **overrides}


def populate(connection, resume_dir: Path) -> dict[str, list[dict]]:
    """Rows in every old table (ids collide across tables, times interleave) and their idempotency keys."""
    meta = MetaData()
    tables = {name: Table(name, meta, autoload_with=connection) for name in [*KIND, "idempotency_record"]}
    resume_dir.mkdir(parents=True, exist_ok=True)
    resume = resume_dir / "0a1b2c3d4e5f60718293a4b5c6d7e8f9.pdf"
    resume.write_bytes(b"%PDF-" + b"x" * 1001)
    rows = {
        "product_video_lead": [
            old_row(tables["product_video_lead"], 1, 30),
            old_row(tables["product_video_lead"], 2, 5),
        ],
        "schedule_demo_lead": [
            old_row(tables["schedule_demo_lead"], 1, 10),
            old_row(tables["schedule_demo_lead"], 2, 40, **dict.fromkeys(MODULE_FLAGS, True)),
        ],
        "signup_demo_lead": [old_row(tables["signup_demo_lead"], 1, 20, website="")],
        "product_demo_lead": [old_row(tables["product_demo_lead"], 1, 10)],  # same time as a schedule lead
        "careers_application": [
            old_row(
                tables["careers_application"],
                1,
                0,
                resume_path=str(resume),
                resume_filename="Sara CV.pdf",
                resume_content_type="application/pdf",
                resume_size=1006,
            ),
            old_row(
                tables["careers_application"],
                2,
                50,
                resume_path="",
                resume_filename="",
                resume_content_type="",
                resume_size=0,
                skill_description="",
                training="",
            ),
        ],
        "idempotency_record": [
            {
                "id": 1,
                "key": "k-video",
                "endpoint": "ProductVideo",
                "lead_id": 2,
                "status_code": 201,
                "response_body": '{"id": 2}',
                "created_at": T0,
            },
            {
                "id": 2,
                "key": "k-demo",
                "endpoint": "ScheduleDemo",
                "lead_id": 2,
                "status_code": 201,
                "response_body": '{"id": 2}',
                "created_at": T0,
            },
            {
                "id": 3,
                "key": "k-gone",
                "endpoint": "SignupDemo",
                "lead_id": 99,
                "status_code": 201,
                "response_body": '{"id": 99}',
                "created_at": T0,
            },
        ],
    }
    for name, values in rows.items():
        connection.execute(tables[name].insert(), values)
    return rows


def utc(value):
    return value.replace(tzinfo=UTC) if isinstance(value, datetime) and value.tzinfo is None else value


def rows_of(connection, name: str) -> list[dict]:
    table = Table(name, MetaData(), autoload_with=connection)
    return [
        {key: utc(value) for key, value in row._mapping.items()}
        for row in connection.execute(select(table).order_by(*table.primary_key.columns))
    ]


def new_ids(old: dict[str, list[dict]]) -> dict[tuple[str, int], int]:
    """(old table, old id) -> new id: time order, then the old tables' order, then the old id."""
    order = {name: position for position, name in enumerate(KIND)}
    sources = sorted((row["created_at"], order[name], row["id"], name) for name in KIND for row in old[name])
    return {(name, row_id): new_id for new_id, (_, _, row_id, name) in enumerate(sources, start=1)}


def expected_leads(old: dict[str, list[dict]]) -> list[dict]:
    ids = new_ids(old)
    leads = []
    for (name, old_id), new_id in sorted(ids.items(), key=lambda item: item[1]):
        row = next(row for row in old[name] if row["id"] == old_id)
        lead = dict.fromkeys(SQLModel.metadata.tables["lead"].columns.keys())
        lead.update(
            id=new_id,
            kind=KIND[name],
            language="en",
            email=row["email"],
            created_at=row["created_at"],
            **{
                key: row[key]
                for key in row
                if key.startswith(("utm_", "consent_")) or key in ("source_page", "referrer")
            },
        )
        lead.update({new: row[old_name] for old_name, new in renamed(name).items()})
        if name == "careers_application":  # the résumé itself is in lead_resume (checked below)
            lead["resume_filename"] = row["resume_filename"] or None
        leads.append(lead)
    return leads


def test_a_populated_database_is_carried_into_one_lead_table_and_back(empty_database_url, tmp_path):
    alembic(empty_database_url, "upgrade", "0001")
    engine = db.build_engine(empty_database_url)
    try:
        with engine.begin() as connection:
            old = populate(connection, tmp_path)
        with engine.connect() as connection:
            before = {name: rows_of(connection, name) for name in old}
        alembic(empty_database_url, "upgrade", "head", resume_dir=tmp_path)
        with engine.connect() as connection:
            leads, modules, duties, ledger, resumes = (
                rows_of(connection, name)
                for name in ("lead", "lead_module", "lead_responsibility", "idempotency_record", "lead_resume")
            )
        # Revision 0004 (staff inbox) starts every carried lead as new, unowned, and already seen.
        assert leads == [
            {
                **lead,
                "status": "new",
                "owner_id": None,
                "first_contacted_at": None,
                "seen_at": lead["created_at"],
                "quarantined": False,
                **search_text.columns(lead),  # revision i33_search_text folds each carried lead's text
            }
            for lead in expected_leads(before)
        ]
        new_id = new_ids(before)
        assert resumes == [
            {
                "lead_id": new_id[("careers_application", 1)],
                "extension": ".pdf",
                "size": 1006,
                "content": b"%PDF-" + b"x" * 1001,
            }
        ]
        schedule = before["schedule_demo_lead"]
        assert modules == sorted(
            (
                {"lead_id": new_id[("schedule_demo_lead", row["id"])], "module": column.replace("_smart", "Smart")}
                for row in schedule
                for column in MODULE_FLAGS
                if row[column]
            ),
            key=lambda item: (item["lead_id"], item["module"]),
        )
        assert duties == sorted(
            (
                {"lead_id": new_id[("schedule_demo_lead", row["id"])], "responsibility": column.removeprefix("resp_")}
                for row in schedule
                for column in RESPONSIBILITY_FLAGS
                if row[column]
            ),
            key=lambda item: (item["lead_id"], item["responsibility"]),
        )
        assert [(r["key"], r["endpoint"], r["lead_id"]) for r in ledger] == [
            ("k-video", "ProductVideo", new_id[("product_video_lead", 2)]),
            ("k-demo", "ScheduleDemo", new_id[("schedule_demo_lead", 2)]),
        ]  # the record of a deleted lead is gone

        with engine.begin() as connection:  # a lead stored after the migration takes the next id
            connection.execute(
                SQLModel.metadata.tables["lead"].insert(), {k: v for k, v in leads[0].items() if k != "id"}
            )
            assert connection.execute(text("SELECT max(id) FROM lead")).scalar_one() == len(leads) + 1
            connection.execute(text("DELETE FROM lead WHERE id = :id"), {"id": len(leads) + 1})

        alembic(empty_database_url, "downgrade", "0001", resume_dir=tmp_path)
        with engine.connect() as connection:
            after = {name: rows_of(connection, name) for name in old}
        renumbered = {
            name: sorted(({**row, "id": new_id[(name, row["id"])]} for row in before[name]), key=lambda row: row["id"])
            for name in KIND
        }
        # Back out of the database, the résumé is a new file in the same folder holding the same bytes.
        [with_resume, _] = after["careers_application"]
        written = Path(with_resume["resume_path"])
        assert written.parent == tmp_path and written.suffix == ".pdf"
        assert written.read_bytes() == (tmp_path / "0a1b2c3d4e5f60718293a4b5c6d7e8f9.pdf").read_bytes()
        with_resume["resume_path"] = renumbered["careers_application"][0]["resume_path"]
        assert {name: after[name] for name in KIND} == renumbered
        assert [(r["key"], r["status_code"], r["response_body"]) for r in after["idempotency_record"]] == [
            ("k-video", 201, f'{{"id": {new_id[("product_video_lead", 2)]}}}'),
            ("k-demo", 201, f'{{"id": {new_id[("schedule_demo_lead", 2)]}}}'),
        ]
    finally:
        engine.dispose()


def _revision_before_resumes() -> str:
    """The revision the résumé migration follows (its down_revision, whatever the chain becomes)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(Config(str(ROOT / "alembic.ini"))).get_revision(RESUMES).down_revision


RESUMES = "0009_resumes_in_database"


def test_resume_files_move_into_the_database_and_back_out(empty_database_url, tmp_path):
    """Files of an earlier release go into lead_resume; one that cannot be read is named in the log and its
    lead kept with its file name; a downgrade writes each résumé back as a file and points the lead at it."""
    alembic(empty_database_url, "upgrade", _revision_before_resumes())
    folder = tmp_path / "resumes"
    folder.mkdir()
    pdf_name, docx_name, lost_name = "a" * 32 + ".pdf", "b" * 32 + ".docx", "c" * 32 + ".pdf"
    files = {pdf_name: b"%PDF-1.7 a CV", docx_name: b"PK\x03\x04 a Word CV"}
    for name, content in files.items():
        (folder / name).write_bytes(content)
    engine = db.build_engine(empty_database_url)
    try:
        with engine.begin() as connection:
            ids = [
                connection.execute(
                    text(
                        "INSERT INTO lead (kind, created_at, language, email, phone_e164, phone_raw, source_page,"
                        " referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content, consent_text_version,"
                        " resume_file, resume_filename) VALUES ('Careers', CURRENT_TIMESTAMP, 'en', 'cv@school.edu',"
                        " '+923001234567', '0300 1234567', '', '', '', '', '', '', '', '', :file, :shown) RETURNING id"
                    ),
                    {"file": stored, "shown": shown},
                ).scalar_one()
                for stored, shown in (
                    (pdf_name, "Sara CV.pdf"),
                    (docx_name, "Omar CV.docx"),
                    (lost_name, "Lost CV.pdf"),  # its file is gone
                    (None, None),  # applied without one
                )
            ]
        log = alembic(empty_database_url, "upgrade", "head", resume_dir=folder)
        with engine.connect() as connection:
            moved = {
                row.lead_id: (row.extension, row.size, row.content)
                for row in connection.execute(text("SELECT lead_id, extension, size, content FROM lead_resume"))
            }
            names = dict(connection.execute(text("SELECT id, resume_filename FROM lead")).all())
        assert moved == {
            ids[0]: (".pdf", len(files[pdf_name]), files[pdf_name]),
            ids[1]: (".docx", len(files[docx_name]), files[docx_name]),
        }
        assert (names[ids[2]], names[ids[3]]) == ("Lost CV.pdf", None)
        assert f"Lead {ids[2]}: résumé {folder / lost_name} not moved" in log
        assert "Moved 2 résumés" in log and "1 could not be read" in log
        assert sorted(path.name for path in folder.iterdir()) == sorted(files)  # left in place

        for path in folder.iterdir():
            path.unlink()
        alembic(empty_database_url, "downgrade", _revision_before_resumes(), resume_dir=folder)
        with engine.connect() as connection:
            back = dict(connection.execute(text("SELECT id, resume_file FROM lead")).all())
            assert "lead_resume" not in inspect(connection).get_table_names()
        assert back[ids[2]] is None and back[ids[3]] is None
        for lead_id, original in zip(ids[:2], files.values(), strict=True):
            written = folder / back[lead_id]
            assert written.read_bytes() == original and written.stat().st_mode & 0o777 == 0o600
        assert {back[ids[0]][-4:], back[ids[1]][-5:]} == {".pdf", ".docx"}
    finally:
        engine.dispose()


def test_without_resume_dir_the_upgrade_looks_for_resume_files_where_an_earlier_release_kept_them(
    empty_database_url, monkeypatch
):
    """An earlier release kept résumé files in var/resumes under the project unless RESUME_DIR named another
    folder: the upgrade reads that folder and tells the operator so."""
    monkeypatch.delenv("RESUME_DIR", raising=False)
    log = alembic(empty_database_url, "upgrade", "head")
    assert f"Moved 0 résumés from {ROOT / 'var' / 'resumes'} into lead_resume" in log


def test_the_search_columns_are_filled_for_leads_stored_before_them(empty_database_url):
    """Issue 33: the inbox's folded search reads columns written with each lead; the leads already stored get
    them in the upgrade (in batches), the same as the service writes them."""
    alembic(empty_database_url, "upgrade", "0010_staff_area")
    engine = db.build_engine(empty_database_url)
    try:
        with engine.begin() as connection:
            insert = text(
                "INSERT INTO lead (kind, created_at, language, email, first_name, last_name, phone_e164, phone_raw,"
                " country, school, source_page, referrer, utm_source, utm_medium, utm_campaign, utm_term,"
                " utm_content, consent_text_version) VALUES ('ScheduleDemo', CURRENT_TIMESTAMP, 'ar', :email,"
                " 'سَلِيم', 'الرَّاشِدِيّ', '+96891234567', '9123 4567', :country, 'مدرسة النُّور', '', '', '', '',"
                " '', '', '', '') RETURNING id"
            )
            ids = [
                connection.execute(insert, {"email": f"{number}@school.om", "country": country}).scalar_one()
                for number, country in enumerate(("عُمان", "Pakistan", "Atlantis"))
            ]
        alembic(empty_database_url, "upgrade", "head")
        with engine.connect() as connection:
            stored = {row.id: row for row in connection.execute(text("SELECT id, search_text, country_key FROM lead"))}
        assert [stored[lead_id].country_key for lead_id in ids] == ["oman", "pakistan", "atlantis"]
        assert stored[ids[0]].search_text.split("\n") == [
            "0@school.om", "سليم", "الراشدي", "مدرسه النور", "عمان", "سليم الراشدي", "oman", "91234567",
            "96891234567",
        ]  # fmt: skip
        alembic(empty_database_url, "downgrade", "0010_staff_area")
        with engine.connect() as connection:
            assert "search_text" not in {column["name"] for column in inspect(connection).get_columns("lead")}
    finally:
        engine.dispose()
