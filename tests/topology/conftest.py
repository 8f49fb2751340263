"""Topology tests: the processes of deploy/supervisord.conf as `make prod` runs them (supervisord keeping two
backends in their own working folders, the background loops and nginx running), on PostgreSQL and Redis.

They run once per ``make test``, in the PostgreSQL pass (skipped in the SQLite one): production runs on
PostgreSQL and Redis, and the failover they prove (a backend killed or restarted under load) is about
exactly that. The database is a fresh one on that pass's server (TEST_DATABASE_URL), the Redis a private one
(so the served site's rate limits in the same pass never count these leads). One topology serves every test
of the folder; the tests that kill or restart a backend leave it running again.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from marketing_site.core import db
from scripts.harness.build import tool_env
from scripts.harness.database import migrate, throwaway_database
from scripts.harness.private_redis import PrivateRedis
from scripts.harness.topology import Topology, topology

SETTINGS = {
    "LEAD_RATE_LIMIT_PER_MINUTE": "1000000",  # every client comes from 127.0.0.1
    "LEAD_MIN_SUBMIT_SECONDS": "1",  # the time trap is on: a form's start must reach its submit
    # A backend starting on a busy 2-core machine slows the other; the deadline's own behaviour is
    # tests/faults', here a slow answer must not pass for a failover's failure.
    "DATABASE_SUBMIT_TIMEOUT": "10",
    "DATABASE_STATEMENT_TIMEOUT": "5",
}
HERE = Path(__file__).parent


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "topology: starts supervisord with two backends, the background loops and nginx (slow)"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.topology)
            if not os.environ.get("TEST_DATABASE_URL"):
                item.add_marker(pytest.mark.skip(reason="topology tests run once, in the PostgreSQL pass"))


def _require_redis_server() -> None:
    if shutil.which("redis-server") is None:
        message = "topology tests need Debian's redis-server"
        pytest.fail(message) if os.environ.get("CI") else pytest.skip(message)


@pytest.fixture(scope="session")
def stack() -> Iterator[Topology]:
    _require_redis_server()
    run_dir = Path(tempfile.mkdtemp(prefix="topology-"))
    server = db.normalise_url(os.environ["TEST_DATABASE_URL"])
    try:
        with throwaway_database(run_dir, server, prefix="topology") as database_url, PrivateRedis() as redis_server:
            migrate(tool_env({"DATABASE_URL": database_url}))
            with topology(database_url, redis_server.url, run_dir, settings=SETTINGS) as running:
                yield running
    finally:
        shutil.rmtree(run_dir, ignore_errors=True)
