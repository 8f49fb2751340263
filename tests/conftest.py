"""Database fixtures: every test session gets its own fresh, migrated database.

SQLite (a temporary file) by default; set TEST_DATABASE_URL to a PostgreSQL server URL, e.g.
``postgresql+psycopg://postgres@127.0.0.1:5432/test``, and the session creates and finally drops
its own ``leads_test_<random>`` database on that server, so parallel runs never collide.
The database is handed to ``db.configure_engine`` explicitly, so DATABASE_URL is never touched.
"""

from __future__ import annotations

import atexit
import logging
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

from marketing_site.core import db
from scripts.harness.database import throwaway_database

_SCRATCH = Path(tempfile.mkdtemp(prefix="leads-tests-"))
atexit.register(shutil.rmtree, _SCRATCH, ignore_errors=True)


class ReflexDeprecation(Exception):
    """Code that Reflex's next release drops (it logs, not warns: this makes the log line an error)."""


def _refuse_deprecations(record: logging.LogRecord) -> bool:
    raise ReflexDeprecation(record.getMessage())


logging.getLogger("reflex.deprecation").addFilter(_refuse_deprecations)


def fresh_database_url() -> AbstractContextManager[str]:
    """A new empty database for the lifetime of the block (dropped afterwards on PostgreSQL)."""
    return throwaway_database(_SCRATCH, db.normalise_url(os.environ.get("TEST_DATABASE_URL", "")), prefix="leads")


def migrate(url: str) -> None:
    from alembic.config import Config

    from alembic import command

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
    with fresh_database_url() as url:
        migrate(url)
        db.configure_engine(url)
        yield url
        db.get_engine().dispose()


@pytest.fixture
def empty_database_url() -> Iterator[str]:
    """A brand-new database with no tables, dropped afterwards (PostgreSQL) or left in the temp dir."""
    with fresh_database_url() as url:
        yield url
