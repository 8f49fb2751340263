"""Topology tests: deploy/Procfile's processes as production runs them (two backends in their own working
folders, the background loops apart, nginx in front) on a private PostgreSQL and Redis.

They start servers of their own, so they carry the ``topology`` marker and run once per ``make test``:
in the first (SQLite) pass, skipped in the PostgreSQL pass, like tests/faults.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from private_servers import mark_and_run_once, require_servers

from scripts.harness.build import tool_env
from scripts.harness.database import migrate
from scripts.harness.private_postgres import PrivatePostgres
from scripts.harness.private_redis import PrivateRedis
from scripts.harness.topology import Topology, topology

SETTINGS = {
    "LEAD_RATE_LIMIT_PER_MINUTE": "1000000",  # every client comes from 127.0.0.1
    "LEAD_MIN_SUBMIT_SECONDS": "1",  # the time trap is on: a form's start must reach its submit
}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "topology: starts two backends, the background loops and nginx on private servers (slow)"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    mark_and_run_once(items, Path(__file__).parent, "topology")


@pytest.fixture(scope="session")
def stack() -> Iterator[Topology]:
    require_servers("topology")
    run_dir = Path(tempfile.mkdtemp(prefix="topology-"))
    try:
        with PrivatePostgres() as postgres, PrivateRedis() as redis_server:
            database_url = postgres.create_database("topology")
            migrate(tool_env({"DATABASE_URL": database_url}))
            with topology(database_url, redis_server.url, run_dir, settings=SETTINGS) as running:
                yield running
    finally:
        shutil.rmtree(run_dir, ignore_errors=True)
