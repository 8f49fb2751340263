"""Booking tests: the session database with no hosts, rules or bookings left from another test, a
generous rate limiter, and the mail tests' real SMTP server (reused from tests/mail/conftest.py)."""

from __future__ import annotations

import pytest
from hosts import clear_bookings
from mail.conftest import smtp_port, smtp_server  # noqa: F401  (fixtures shared with the mail tests)

from marketing_site.core import rate_limit
from marketing_site.leads import antispam


@pytest.fixture(autouse=True)
def _fresh_bookings(database_url):
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1_000_000))
    clear_bookings()
    yield
    antispam.use_rate_limiter(None)
