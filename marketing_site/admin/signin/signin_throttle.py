"""Failed sign-ins (passwords and second factors alike), counted per account and per address over 15 minutes.

- An **address** with STAFF_SIGNIN_ATTEMPTS failures is refused until the window passes: guessing from one
  place stops. Only failures count, so an office signing in every morning behind one address is never refused.
- An **account** with that many failures is not refused but slowed down: each further attempt waits
  30 s after the last failure, doubling with every failure up to 15 minutes. The delay never applies to the
  account's usual browser or address (one it completed a sign-in from: devices.py), so an attacker
  guessing a colleague's password cannot lock the colleague out; only their own guesses slow down.

The log lives in Redis when REDIS_URL is set (every worker sees it) and always in this worker's memory
too: when Redis fails or hangs (its calls give up within 0.6 s), the worker logs it, counts from its
own memory and tries Redis again after FALLBACK_SECONDS, so sign-in goes on.
"""

from __future__ import annotations

import hashlib
import logging
import math
import threading
import time
import uuid
from collections import defaultdict, deque
from dataclasses import dataclass
from typing import Protocol

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from marketing_site.core import metrics
from marketing_site.core.clock import utc_now
from marketing_site.settings import settings

log = logging.getLogger(__name__)
WINDOW_SECONDS = 15 * 60
FIRST_DELAY_SECONDS = 30
FALLBACK_SECONDS = 30.0  # after a Redis failure, this worker counts alone for this long
REDIS_SECONDS = 0.3  # a Redis call's connect and read limit: a frozen Redis costs one sign-in 0.6 s, once
PREFIX = "staff:signin"


class FailureLog(Protocol):
    def failures(self, key: str, now: float) -> tuple[int, float]:
        """Failures of ``key`` within the window before ``now``, and when the newest was (0 if none)."""

    def record(self, key: str, now: float) -> None: ...


class MemoryFailureLog:
    def __init__(self) -> None:
        self._times: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def failures(self, key: str, now: float) -> tuple[int, float]:
        with self._lock:
            times = self._times[key]
            while times and times[0] <= now - WINDOW_SECONDS:
                times.popleft()
            return len(times), (times[-1] if times else 0.0)

    def record(self, key: str, now: float) -> None:
        with self._lock:
            self._times[key].append(now)


class RedisFailureLog:
    """A sorted set per key (scores: failure times), shared by every worker."""

    def __init__(self, client: redis.Redis) -> None:
        self._client = client

    def failures(self, key: str, now: float) -> tuple[int, float]:
        pipeline = self._client.pipeline()
        pipeline.zremrangebyscore(key, "-inf", now - WINDOW_SECONDS)
        pipeline.zcard(key)
        pipeline.zrevrange(key, 0, 0, withscores=True)
        _, count, newest = pipeline.execute()
        return int(count), (float(newest[0][1]) if newest else 0.0)

    def record(self, key: str, now: float) -> None:
        pipeline = self._client.pipeline()
        pipeline.zadd(key, {uuid.uuid4().hex: now})
        pipeline.expire(key, WINDOW_SECONDS)
        pipeline.execute()


class SharedFailureLog:
    """Redis first, this worker's memory when Redis fails (logged, retried after FALLBACK_SECONDS)."""

    def __init__(self, shared: FailureLog) -> None:
        self.shared, self.local = shared, MemoryFailureLog()
        self._redis_back_at = 0.0

    def failures(self, key: str, now: float) -> tuple[int, float]:
        if time.monotonic() >= self._redis_back_at:
            try:
                return self.shared.failures(key, now)
            except redis.RedisError:
                self._fall_back()
        return self.local.failures(key, now)

    def record(self, key: str, now: float) -> None:
        self.local.record(key, now)
        if time.monotonic() >= self._redis_back_at:
            try:
                self.shared.record(key, now)
            except redis.RedisError:
                self._fall_back()

    def _fall_back(self) -> None:
        log.error(
            "Sign-in throttle: Redis unavailable; counting failed sign-ins in this worker for %.0f s",
            FALLBACK_SECONDS,
            exc_info=True,
        )
        self._redis_back_at = time.monotonic() + FALLBACK_SECONDS


_log: FailureLog | None = None


def shared_log(url: str) -> SharedFailureLog:
    """The log in the Redis at ``url``: each call gives up after REDIS_SECONDS twice (one retry)."""
    client = redis.Redis.from_url(
        url, socket_connect_timeout=REDIS_SECONDS, socket_timeout=REDIS_SECONDS, retry=Retry(NoBackoff(), 1)
    )
    return SharedFailureLog(RedisFailureLog(client))


def failure_log() -> FailureLog:
    global _log
    if _log is None:
        _log = shared_log(settings.redis_url) if settings.redis_url else MemoryFailureLog()
    return _log


def use_log(chosen: FailureLog | None) -> None:
    """Count in ``chosen`` (tests), or rebuild from settings on next use (None)."""
    global _log
    _log = chosen


@dataclass(frozen=True)
class Refusal:
    reason: str
    retry_after: int  # seconds


def _key(kind: str, value: str) -> str:
    return f"{PREFIX}:{kind}:{hashlib.sha256(value.strip().lower().encode('utf-8', 'replace')).hexdigest()}"


def signin_refusal(email: str, address: str, usual: bool) -> Refusal | None:
    """Why this attempt is not even checked, or None. ``usual``: the account's own browser or address."""
    now, limit = utc_now().timestamp(), settings.staff_signin_attempts
    count, newest = failure_log().failures(_key("address", address), now)
    if count >= limit:
        metrics.signin_failed("throttled")
        return Refusal(
            "Too many failed sign-ins from your network. Wait 15 minutes and try again.",
            math.ceil(newest + WINDOW_SECONDS - now),
        )
    if usual:
        return None
    count, newest = failure_log().failures(_key("account", email), now)
    if count >= limit:
        wait = newest + min(FIRST_DELAY_SECONDS * 2 ** (count - limit), WINDOW_SECONDS) - now
        if wait > 0:
            metrics.signin_failed("throttled")
            return Refusal(
                f"This account had many failed sign-ins. Wait {math.ceil(wait)} seconds and try again.",
                math.ceil(wait),
            )
    return None


def signin_failed(email: str, address: str) -> None:
    metrics.signin_failed("wrong_credentials")  # a password, a code or a passkey refused
    now = utc_now().timestamp()
    for key in (_key("account", email), _key("address", address)):
        failure_log().record(key, now)
