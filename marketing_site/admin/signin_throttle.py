"""Failed sign-ins per account and per address in a sliding window: only failures count, so an office
signing in every morning behind one address is never locked out, while guessing is.

The log is a rate limiter's (core.rate_limit), read and written apart: in Redis when REDIS_URL
is set (every worker sees it), else in this process.
"""

from __future__ import annotations

import redis

from marketing_site.core.rate_limit import RateLimiter, RedisRateLimiter, rate_limiter
from marketing_site.settings import settings

WINDOW_SECONDS = 15 * 60
PREFIX = "staff:signin"


def shared_failures(client: redis.Redis) -> RedisRateLimiter:
    """The failure log in Redis, the same for every worker."""
    return RedisRateLimiter(client, settings.staff_signin_attempts, WINDOW_SECONDS, prefix=PREFIX)


_failures: RateLimiter | None = None


def failures() -> RateLimiter:
    global _failures
    if _failures is None:
        _failures = rate_limiter(settings.staff_signin_attempts, WINDOW_SECONDS, prefix=PREFIX)
    return _failures


def reset() -> None:
    """Forget every count (tests); the store is rebuilt from settings on next use."""
    global _failures
    _failures = None


def _keys(email: str, address: str) -> tuple[str, str]:
    return f"account:{email.strip().lower()}", f"address:{address}"


def signin_blocked(email: str, address: str) -> bool:
    """True once the account or the address failed STAFF_SIGNIN_ATTEMPTS times within the window."""
    return any(failures().used(key) >= settings.staff_signin_attempts for key in _keys(email, address))


def signin_failed(email: str, address: str) -> None:
    for key in _keys(email, address):
        failures().record(key)
