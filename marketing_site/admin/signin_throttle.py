"""Failed sign-ins per account and per address in a sliding window: only failures count, so an office
signing in every morning behind one address is never locked out, while guessing is.

The count lives in Redis when REDIS_URL is set (every worker sees it), else in this process.
"""

from __future__ import annotations

import hashlib
import threading
import time
import uuid
from collections import defaultdict, deque

import redis

from marketing_site.leads.antispam import connect_redis
from marketing_site.settings import settings

WINDOW_SECONDS = 15 * 60


class MemoryFailures:
    def __init__(self) -> None:
        self._failures: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def count(self, key: str) -> int:
        with self._lock:
            failures = self._failures[key]
            while failures and failures[0] <= time.monotonic() - WINDOW_SECONDS:
                failures.popleft()
            return len(failures)

    def record(self, key: str) -> None:
        with self._lock:
            self._failures[key].append(time.monotonic())


class RedisFailures:
    def __init__(self, client: redis.Redis) -> None:
        self._client = client

    @staticmethod
    def _key(key: str) -> str:
        return f"staff:signin:{hashlib.sha256(key.encode('utf-8', 'replace')).hexdigest()}"

    def count(self, key: str) -> int:
        name = self._key(key)
        pipeline = self._client.pipeline()
        pipeline.zremrangebyscore(name, "-inf", time.time() - WINDOW_SECONDS)
        pipeline.zcard(name)
        return pipeline.execute()[1]

    def record(self, key: str) -> None:
        name = self._key(key)
        pipeline = self._client.pipeline()
        pipeline.zadd(name, {uuid.uuid4().hex: time.time()})
        pipeline.expire(name, WINDOW_SECONDS)
        pipeline.execute()


_failures: MemoryFailures | RedisFailures | None = None


def failures() -> MemoryFailures | RedisFailures:
    global _failures
    if _failures is None:
        _failures = RedisFailures(connect_redis(settings.redis_url)) if settings.redis_url else MemoryFailures()
    return _failures


def reset() -> None:
    """Forget every count (tests); the store is rebuilt from settings on next use."""
    global _failures
    _failures = None


def _keys(email: str, address: str) -> tuple[str, str]:
    return f"account:{email.strip().lower()}", f"address:{address}"


def signin_blocked(email: str, address: str) -> bool:
    """True once the account or the address failed STAFF_SIGNIN_ATTEMPTS times within the window."""
    return any(failures().count(key) >= settings.staff_signin_attempts for key in _keys(email, address))


def signin_failed(email: str, address: str) -> None:
    for key in _keys(email, address):
        failures().record(key)
