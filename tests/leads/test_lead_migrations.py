"""The one Alembic history builds, from empty, exactly the schema the models declare."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect
from sqlmodel import SQLModel

from marketing_site.leads import db, models  # noqa: F401  (tables on the metadata)

ROOT = Path(__file__).resolve().parents[2]


def alembic(url: str, *args: str) -> None:
    """The CLI as an operator runs it, with the URL coming through DATABASE_URL like in production."""
    subprocess.run([sys.executable, "-m", "alembic", "-c", "alembic.ini", *args], cwd=ROOT, check=True,
                   env={**os.environ, "DATABASE_URL": url}, capture_output=True)


def test_upgrade_from_empty_matches_the_models(empty_database_url):
    alembic(empty_database_url, "upgrade", "head")
    engine = db.build_engine(empty_database_url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, SQLModel.metadata) == []
    finally:
        engine.dispose()


def test_downgrade_removes_every_table(empty_database_url):
    alembic(empty_database_url, "upgrade", "head")
    alembic(empty_database_url, "downgrade", "base")
    engine = db.build_engine(empty_database_url)
    try:
        assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    finally:
        engine.dispose()
