"""Mail tests: the session database, a generous rate limiter, and a real SMTP server (aiosmtpd) on loopback."""

from __future__ import annotations

import pytest
from mail.smtp_fixtures import Inbox, smtp_port, smtp_server  # noqa: F401 (fixtures)

from marketing_site.core import rate_limit
from marketing_site.leads import antispam


@pytest.fixture(autouse=True)
def _generous_rate_limiter(database_url):
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1_000_000))
    yield
    antispam.use_rate_limiter(None)
