"""Fault tests: a PostgreSQL and a Redis of their own that the tests freeze, stop and restart.

They are slow (servers and a production backend start), so they carry the ``faults`` marker and run
once per ``make test``: in the first (SQLite) pass, skipped in the PostgreSQL pass, which would run
the very same servers again. The shared PostgreSQL on 5432 and the shared Redis are never touched.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from private_servers import mark_and_run_once, require_servers  # noqa: E402

from scripts.harness.backend import Backend  # noqa: E402
from scripts.harness.build import tool_env  # noqa: E402
from scripts.harness.database import migrate  # noqa: E402
from scripts.harness.private_postgres import PrivatePostgres  # noqa: E402
from scripts.harness.private_redis import PrivateRedis  # noqa: E402

SITE_URL = "http://localhost:3000"  # the one origin the fault backend accepts


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "faults: starts private PostgreSQL/Redis servers and breaks them (slow)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    mark_and_run_once(items, Path(__file__).parent, "faults")


@pytest.fixture(scope="session")
def private_postgres() -> Iterator[PrivatePostgres]:
    require_servers("fault")
    with PrivatePostgres() as server:
        yield server


@dataclass(frozen=True)
class FaultStack:
    postgres: PrivatePostgres
    redis: PrivateRedis
    backend: Backend
    database_url: str
    env: dict[str, str]  # the backend's settings (for the commands a test runs against its database)
    site_url: str = SITE_URL


@pytest.fixture(scope="session")
def fault_stack(private_postgres: PrivatePostgres) -> Iterator[FaultStack]:
    """The production backend (several workers on Redis) on the private PostgreSQL, as production runs."""
    scratch = Path(tempfile.mkdtemp(prefix="fault-stack-"))
    with PrivateRedis() as redis_server:
        database_url = private_postgres.create_database("faults")
        env = tool_env(
            {
                "DATABASE_URL": database_url,
                "REDIS_URL": redis_server.url,
                "SITE_URL": SITE_URL,
                "LEAD_RATE_LIMIT_PER_MINUTE": "100000",
                "LEAD_MIN_SUBMIT_SECONDS": "1",  # the time trap on: a form must outlive a store switch
                "APP_ENV": "prod",
                "STAFF_SESSION_SECRET": "fault-tests-only-" + "x" * 32,
                "BOOKING_TOKEN_SECRET": "fault-tests-only-" + "b" * 32,
                "STAFF_FACTOR_KEY": "ZmF1bHQtdGVzdHMtb25seS1mYWN0b3Ita2V5LTMyYiE=",  # a Fernet key (required in prod)
            }
        )
        migrate(env)
        backend = Backend(None, env, scratch / "backend.log").start()
        try:
            yield FaultStack(private_postgres, redis_server, backend, database_url, env)
        finally:
            backend.stop()
            shutil.rmtree(scratch, ignore_errors=True)
