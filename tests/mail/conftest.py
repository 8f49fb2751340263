"""Mail tests: the session database, a generous rate limiter, and a real SMTP server (aiosmtpd) on loopback."""

from __future__ import annotations

import pytest
from mail.smtp_fixtures import Inbox, smtp_port, smtp_server  # noqa: F401 (fixtures)
from sqlalchemy import delete

from marketing_site.core import db, rate_limit
from marketing_site.leads import antispam
from marketing_site.mail.models import OutboxMail


@pytest.fixture(autouse=True)
def _generous_rate_limiter(database_url):
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1_000_000))
    yield
    antispam.use_rate_limiter(None)


@pytest.fixture
def empty_outbox(database_url):
    """Mails queued by other tests' leads would be sent or claimed too; a test using this starts with none."""
    with db.session() as db_session:
        db_session.execute(delete(OutboxMail))
        db_session.commit()
