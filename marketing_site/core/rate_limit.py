"""Sliding-window rate limits: in this process, or in Redis when REDIS_URL is set so every worker shares one.

Used by the lead rule (leads.antispam), the web-vitals beacon and the staff sign-in throttle;
``rate_limiter`` is the one factory that picks the store.
"""

from __future__ import annotations

import hashlib
import logging
import math
import threading
import time
import uuid
from collections import defaultdict, deque
from typing import Protocol

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from marketing_site.settings import settings

log = logging.getLogger(__name__)
WINDOW_SECONDS = 60.0


class RateLimiter(Protocol):
    """A sliding-window log per client. ``allow`` checks and records at once (leads); ``used`` and
    ``record`` apart serve a count of failures only (the staff sign-in throttle)."""

    def allow(self, client_id: str) -> bool:
        """Record one attempt; False when the client already used its quota for the window."""

    def used(self, client_id: str) -> int:
        """Attempts recorded for the client within the window; records nothing."""

    def record(self, client_id: str) -> None:
        """Record one attempt without checking the quota."""


class MemoryRateLimiter:
    """Sliding-window log per client, for a single worker process."""

    def __init__(self, limit: int, window: float = WINDOW_SECONDS):
        self.limit, self.window = limit, window
        self._hits: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def allow(self, client_id: str) -> bool:
        with self._lock:
            if self._used(client_id) >= self.limit:
                return False
            self._hits[client_id].append(time.monotonic())
            return True

    def used(self, client_id: str) -> int:
        with self._lock:
            return self._used(client_id)

    def record(self, client_id: str) -> None:
        with self._lock:
            self._hits[client_id].append(time.monotonic())

    def _used(self, client_id: str) -> int:
        hits, cutoff = self._hits[client_id], time.monotonic() - self.window
        while hits and hits[0] <= cutoff:
            hits.popleft()
        return len(hits)


# Atomic check-and-record, so concurrent workers cannot both take the last slot.
_SLIDING_WINDOW = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1] - ARGV[2])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], math.ceil(ARGV[2] * 1000))
return 1
"""


class RedisRateLimiter:
    """Sliding-window log in a Redis sorted set, shared by every backend worker."""

    def __init__(self, client: redis.Redis, limit: int, window: float = WINDOW_SECONDS, prefix: str = "leads:rate"):
        self.limit, self.window, self.prefix = limit, window, prefix
        self._client, self._script = client, client.register_script(_SLIDING_WINDOW)

    def allow(self, client_id: str) -> bool:
        try:
            return bool(
                self._script(keys=[self._key(client_id)], args=[time.time(), self.window, self.limit, uuid.uuid4().hex])
            )
        except redis.RedisError:
            # A Redis outage must not lose real leads: let the submission through, loudly.
            log.error("Rate limiter unavailable; allowing submission", exc_info=True)
            return True

    def used(self, client_id: str) -> int:
        key, pipeline = self._key(client_id), self._client.pipeline()
        pipeline.zremrangebyscore(key, "-inf", time.time() - self.window)
        pipeline.zcard(key)
        return int(pipeline.execute()[1])  # ZCARD's count

    def record(self, client_id: str) -> None:
        key, pipeline = self._key(client_id), self._client.pipeline()
        pipeline.zadd(key, {uuid.uuid4().hex: time.time()})
        pipeline.pexpire(key, math.ceil(self.window * 1000))
        pipeline.execute()

    def _key(self, client_id: str) -> str:
        return f"{self.prefix}:{hashlib.sha256(client_id.encode('utf-8', 'replace')).hexdigest()}"


def connect_redis(url: str) -> redis.Redis:
    """Short timeouts and one retry: a Redis outage may cost a visitor a second, not a minute."""
    return redis.Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5, retry=Retry(NoBackoff(), 1))


def rate_limiter(limit: int, window: float = WINDOW_SECONDS, *, prefix: str) -> RateLimiter:
    """``limit`` attempts per client per ``window`` seconds: shared through Redis when it is configured
    (keys under ``prefix``), else counted in this worker."""
    if settings.redis_url:
        return RedisRateLimiter(connect_redis(settings.redis_url), limit, window, prefix=prefix)
    return MemoryRateLimiter(limit, window)
