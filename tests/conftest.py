"""Database fixtures: every test session gets its own fresh, migrated database.

SQLite (a temporary file) by default; set TEST_DATABASE_URL to a PostgreSQL server URL, e.g.
``postgresql+psycopg://postgres@127.0.0.1:5432/test``, and the session creates and finally drops
its own ``leads_test_<random>`` database on that server, so parallel runs never collide.
The database is handed to ``db.configure_engine`` explicitly, so DATABASE_URL is never touched.

Parallel runs (pytest-xdist, as scripts/test.sh runs the suite: ``-n 2 --dist loadscope``): each worker
is a pytest session of its own, with its own session fixtures (database, servers, ports). Tests that share
something costly run on one worker, as one unit: each test module (its module fixtures and module state),
and each folder of SHARED_SESSION_FOLDERS as a whole (its session fixtures: one export build, one set of
private servers). See docs/testing.md.
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
from database_limits import ROOMY_DATABASE_LIMITS
from session_notes import SESSION_NOTES

# The roomy database limits this process reads (database_limits.py says why).
_outside = {name: os.environ.get(name) for name in ROOMY_DATABASE_LIMITS}
os.environ.update(ROOMY_DATABASE_LIMITS)
from marketing_site.core import db  # noqa: E402  (reads the settings)
from marketing_site.settings import settings  # noqa: E402

# Read with these limits: by this import, or by an earlier run of this conftest in the same process (mutmut
# runs pytest several times in one).
assert settings.database_submit_timeout == float(ROOMY_DATABASE_LIMITS["DATABASE_SUBMIT_TIMEOUT"]), (
    "the settings were read before the limits were set"
)

for _name, _value in _outside.items():  # the servers tests start see the environment as it was
    if _value is None:
        del os.environ[_name]
    else:
        os.environ[_name] = _value
from scripts.harness.database import throwaway_database  # noqa: E402

_SCRATCH = Path(tempfile.mkdtemp(prefix="leads-tests-"))
atexit.register(shutil.rmtree, _SCRATCH, ignore_errors=True)


class ReflexDeprecation(Exception):
    """Code that Reflex's next release drops (it logs, not warns: this makes the log line an error)."""


def _refuse_deprecations(record: logging.LogRecord) -> bool:
    raise ReflexDeprecation(record.getMessage())


logging.getLogger("reflex.deprecation").addFilter(_refuse_deprecations)

# Folders whose tests share a session fixture that must exist once per run, not once per worker: the export
# build and its served site (browser), private PostgreSQL and Redis servers (faults, topology).
SHARED_SESSION_FOLDERS = ("browser", "faults", "topology")


def parallel_group(nodeid: str) -> str:
    """The xdist unit of work a test belongs to: its shared-session folder, else its module."""
    path = nodeid.split("::")[0]
    parts = path.split("/")
    if len(parts) > 2 and parts[0] == "tests" and parts[1] in SHARED_SESSION_FOLDERS:
        return "/".join(parts[:2])
    return path


def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """``--dist loadscope`` (scripts/test.sh) with this suite's units, parallel_group: xdist's own ``loadgroup``
    cannot be used, as it renames items in a way pytest 9 ignores (its groups silently fall apart)."""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class SuiteUnits(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return parallel_group(nodeid)

    return SuiteUnits(config, log)


def pytest_sessionfinish(session: pytest.Session) -> None:
    if hasattr(session.config, "workeroutput"):  # an xdist worker: the controller prints them
        session.config.workeroutput["session_notes"] = SESSION_NOTES


def pytest_testnodedown(node, error) -> None:
    SESSION_NOTES.extend(getattr(node, "workeroutput", {}).get("session_notes", []))


def pytest_terminal_summary(terminalreporter) -> None:
    for note in SESSION_NOTES:
        terminalreporter.write_line(note)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "database_independent: run once, in the pass without TEST_DATABASE_URL")


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]):
    """The PostgreSQL pass skips what the database cannot change (marker ``database_independent``: page layout,
    axe, headers). After the other hooks, on an xdist worker: the longest units first (the browser tests, then
    the private-server folders), so they do not start last (the scheduler keeps the collection's order)."""
    if os.environ.get("TEST_DATABASE_URL"):
        once = pytest.mark.skip(reason="database-independent: checked in the SQLite pass")
        for item in items:
            if item.get_closest_marker("database_independent"):
                item.add_marker(once)
    result = yield
    if hasattr(config, "workerinput"):
        first = {f"tests/{folder}": rank for rank, folder in enumerate(SHARED_SESSION_FOLDERS)}
        items.sort(key=lambda item: first.get(parallel_group(item.nodeid), len(first)))
    return result


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
        with engine.connect() as connection:  # Alembic's own transaction, as in production (autocommit blocks)
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
