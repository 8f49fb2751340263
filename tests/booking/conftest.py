"""Booking tests: the session database with no hosts, rules or bookings left from another test, a
generous rate limiter, and the mail tests' real SMTP server (reused from tests/mail/conftest.py)."""

from __future__ import annotations

import pytest
from hosts import clear_bookings, set_rules
from mail.conftest import smtp_port, smtp_server  # noqa: F401  (fixtures shared with the mail tests)
from sqlalchemy import delete

from marketing_site.core import db, rate_limit
from marketing_site.leads import antispam
from marketing_site.mail.models import OutboxMail


@pytest.fixture(autouse=True)
def _fresh_bookings(database_url):
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1_000_000))
    clear_bookings()
    yield
    antispam.use_rate_limiter(None)


@pytest.fixture
def empty_outbox():
    """Only this test's mails are due, under the default booking rules."""
    set_rules(demo_minutes=30, buffer_minutes=15, min_notice_minutes=240, horizon_days=30, daily_limit=6)
    with db.session() as db_session:
        db_session.execute(delete(OutboxMail))
        db_session.commit()
