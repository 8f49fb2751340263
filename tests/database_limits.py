"""The database limits of the test process, and the environment of the processes some tests start to do a sender's
work beside them (two or three at once, as backend workers are). Those tests are about each row being handled
once across processes; with production's 3 s deadline a cold process on a busy machine once took longer for one
timer, and its exit failed the test (CI, 30 Nov, PostgreSQL)."""

from __future__ import annotations

import os

# Production's database limits (a submission's 3 s, 1 s idle inside a transaction, 2 s for a statement, a lock or a
# pooled connection) would let the machine's speed decide tests that are not about them: on a busy 2-core machine
# (`make test-stress`) a worker thread waits that long for the CPU between two statements. The test process reads
# these roomier ones (tests/conftest.py); the tests of the limits set their own (tests/leads/test_db_limits.py,
# test_database_watchdog.py, test_lost_connection.py, tests/faults/test_commit_after_deadline.py), and every
# server a test starts (tests/faults, tests/browser, tests/topology) inherits the environment without them, so
# it runs with production's, except the processes doing a sender's work beside a test (``sender_env``) and the
# backend of tests/leads/test_routing_caches.py.
ROOMY_DATABASE_LIMITS = {
    "DATABASE_SUBMIT_TIMEOUT": "60",
    "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT": "10",
    "DATABASE_STATEMENT_TIMEOUT": "30",
    "DATABASE_POOL_TIMEOUT": "30",
}


def sender_env(**extra: str) -> dict[str, str]:
    """``os.environ`` with the roomy limits, ``REDIS_URL`` empty (no shared rate limit) and ``extra``."""
    return {**os.environ, **ROOMY_DATABASE_LIMITS, "REDIS_URL": "", **extra}
