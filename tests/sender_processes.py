"""The environment of the processes some tests start to do a sender's work beside them (two or three at once, as
backend workers are): this process's roomy database limits (tests/conftest.py) rather than production's, and no
Redis. Those tests are about each row being handled once across processes; with production's 3 s deadline a cold
process on a busy machine once took longer for one timer, and its exit failed the test (CI, 30 Nov, PostgreSQL)."""

from __future__ import annotations

import os

from marketing_site.settings import settings

ROOMY = {
    "DATABASE_SUBMIT_TIMEOUT": settings.database_submit_timeout,
    "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT": settings.database_idle_in_transaction_timeout,
    "DATABASE_STATEMENT_TIMEOUT": settings.database_statement_timeout,
    "DATABASE_POOL_TIMEOUT": settings.database_pool_timeout,
}


def sender_env(**extra: str) -> dict[str, str]:
    """``os.environ`` with the limits above, ``REDIS_URL`` empty and ``extra``."""
    return {**os.environ, **{name: str(value) for name, value in ROOMY.items()}, "REDIS_URL": "", **extra}
