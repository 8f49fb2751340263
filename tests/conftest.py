"""Database fixtures: every test session gets its own fresh, migrated database.

SQLite (a temporary file) by default; set TEST_DATABASE_URL to a PostgreSQL server URL, e.g.
``postgresql+psycopg://postgres@127.0.0.1:5432/test``, and the session creates and finally drops
its own ``leads_test_<random>`` database on that server, so parallel runs never collide.
Only RESUME_DIR is set from here (before settings are read, once, at import); the database
is handed to ``db.configure_engine`` explicitly, so DATABASE_URL is never touched.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

_SCRATCH = Path(tempfile.mkdtemp(prefix="leads-tests-"))
atexit.register(shutil.rmtree, _SCRATCH, ignore_errors=True)
os.environ["RESUME_DIR"] = str(_SCRATCH / "resumes")  # test résumés never land in a real folder

import pytest  # noqa: E402
from sqlalchemy import create_engine, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from marketing_site.leads import db  # noqa: E402


def _postgres_database(server_url: str) -> Iterator[str]:
    name = f"leads_test_{uuid.uuid4().hex[:12]}"
    maintenance = create_engine(make_url(db.normalise_url(server_url)).set(database="postgres"),
                                isolation_level="AUTOCOMMIT")
    with maintenance.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(db.normalise_url(server_url)).set(database=name).render_as_string(hide_password=False)
    finally:
        with maintenance.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        maintenance.dispose()


def _sqlite_database() -> Iterator[str]:
    yield f"sqlite:///{_SCRATCH / f'leads-{uuid.uuid4().hex[:8]}.db'}"


def fresh_database_url() -> Iterator[str]:
    """A new empty database for the whole lifetime of the generator."""
    server = os.environ.get("TEST_DATABASE_URL", "")
    return _postgres_database(server) if server else _sqlite_database()


def migrate(url: str) -> None:
    from alembic import command
    from alembic.config import Config

    config = Config(str(Path(__file__).resolve().parent.parent / "alembic.ini"))
    config.attributes["configure_logging"] = False
    engine = db.build_engine(url)
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    finally:
        engine.dispose()


@pytest.fixture(scope="session")
def database_url() -> Iterator[str]:
    """The migrated session database; db.get_engine() points at it."""
    generator = fresh_database_url()
    url = next(generator)
    migrate(url)
    db.configure_engine(url)
    yield url
    db.get_engine().dispose()
    generator.close()


@pytest.fixture
def empty_database_url() -> Iterator[str]:
    """A brand-new database with no tables, dropped afterwards (PostgreSQL) or left in the temp dir."""
    generator = fresh_database_url()
    yield next(generator)
    generator.close()
