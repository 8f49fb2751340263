"""Form states without a browser write to the leads engineer's migrated session database
(tests/conftest.py); rows are read back through the lead tables, never mocked."""

from __future__ import annotations

import pytest

from marketing_site.core import db
from marketing_site.leads import antispam


@pytest.fixture(autouse=True)
def _session_database(database_url: str):
    """Every state test writes to the migrated session database with a fresh rate limiter."""
    db.configure_engine(database_url)
    antispam.use_rate_limiter(None)
    yield
    antispam.use_rate_limiter(None)
