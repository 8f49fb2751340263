"""Bot traps run before validation: honeypot, too-fast submit, per-client rate limit.

Every rejecting trap raises the same LeadRejected so a bot learns nothing; operators see which trap
fired in the INFO log. The too-fast trap alone does not reject: it quarantines (see ``screen``). The
rate limit is shared through Redis when several workers run.
"""

from __future__ import annotations

import logging

from marketing_site.core import lost_connection
from marketing_site.core.clock import timestamp
from marketing_site.core.rate_limit import RateLimiter, rate_limiter
from marketing_site.leads.errors import LeadRejected
from marketing_site.settings import settings

log = logging.getLogger(__name__)


def build_rate_limiter() -> RateLimiter:
    return rate_limiter(settings.rate_limit_per_minute, prefix="leads:rate")


_limiter: RateLimiter | None = None


def use_rate_limiter(limiter: RateLimiter | None) -> None:
    """Replace the process-wide limiter (None rebuilds it from settings on next use)."""
    global _limiter
    _limiter = limiter


def screen(client_id: str, honeypot: str, form_started_at: float | None) -> bool:
    """Raise LeadRejected for a honeypot hit, a forged (future) render time or the rate limit; return True
    when only the time trap fired: a human may have sent it (autofill, a fast typist), so it is quarantined,
    not dropped. Timing is skipped for API clients (no render time)."""
    global _limiter
    if honeypot.strip():
        _reject("honeypot")
    elapsed = None if form_started_at is None else timestamp() - form_started_at
    if elapsed is not None and elapsed < 0:
        _reject("forged render time")
    if _limiter is None:
        _limiter = build_rate_limiter()
    if not lost_connection.doing_again() and not _limiter.allow(client_id):  # the first attempt took its turn
        _reject("rate limit")
    if elapsed is not None and elapsed < settings.min_submit_seconds:
        log.info("Lead quarantined by the too fast trap")  # the visitor's address stays out of logs
        return True
    return False


def _reject(trap: str) -> None:
    log.info("Lead rejected by %s trap", trap)  # by the request id, never the visitor's address
    raise LeadRejected(trap.replace(" ", "_"))
