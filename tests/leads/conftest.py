"""Fixtures of the lead tests: the session database and a fresh, generous rate limiter per test."""

from __future__ import annotations

import pytest

from marketing_site.leads import antispam


@pytest.fixture(autouse=True)
def _fresh_rate_limiter():
    """Each test starts with an empty, generous limiter; tests about the limit install their own."""
    antispam.use_rate_limiter(antispam.MemoryRateLimiter(limit=1_000_000))
    yield
    antispam.use_rate_limiter(None)


@pytest.fixture(autouse=True, scope="session")
def _session_database(database_url):
    """Every lead test talks to the throw-away session database, never to a configured one."""
    return database_url
