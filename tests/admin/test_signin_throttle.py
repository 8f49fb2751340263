"""The failed sign-in count: shared by every worker through Redis, as in production."""

from __future__ import annotations

import os
import uuid

import pytest
import redis

from marketing_site.admin import signin_throttle
from marketing_site.core import rate_limit
from marketing_site.settings import settings


@pytest.fixture
def shared_counts(monkeypatch):
    client = rate_limit.connect_redis(os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0"))
    try:
        client.ping()
    except redis.RedisError:
        pytest.skip("no Redis server for the shared-count test")
    yield [signin_throttle.shared_failures(client) for _ in range(2)]  # two workers
    client.close()


def test_failures_counted_by_one_worker_block_the_account_on_another(shared_counts, monkeypatch):
    first, second = shared_counts
    email, address = f"{uuid.uuid4().hex}@vendor.example", f"test-address-{uuid.uuid4().hex}"
    monkeypatch.setattr(signin_throttle, "_failures", first)
    for _ in range(settings.staff_signin_attempts):
        assert not signin_throttle.signin_blocked(email, address)
        signin_throttle.signin_failed(email, address)
    monkeypatch.setattr(signin_throttle, "_failures", second)
    assert signin_throttle.signin_blocked(email, address)
    assert signin_throttle.signin_blocked(f"other-{email}", address)  # the address too
    assert not signin_throttle.signin_blocked(f"other-{email}", f"test-address-{uuid.uuid4().hex}")
