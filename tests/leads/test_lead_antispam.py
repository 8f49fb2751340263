"""Bot traps: same rejection whatever fired, the trap named only in the log; shared rate limit."""

from __future__ import annotations

import logging
import os
import time
import uuid

import pytest
import redis

from marketing_site.leads import antispam
from marketing_site.leads.errors import LeadRejected


@pytest.mark.parametrize(("client", "started"), [("visitor", 10.0), ("api-client", None)], ids=["form", "api"])
def test_a_person_passes_every_trap_and_uses_one_slot_of_the_rate_limit(client, started):
    """A form filled for 10 s, or an API call (no render time, so no timing trap), is let through and counted."""
    limiter = antispam.MemoryRateLimiter(limit=2)
    antispam.use_rate_limiter(limiter)
    assert antispam.screen(client, "  ", None if started is None else time.time() - started) is False
    assert limiter.allow(client) and not limiter.allow(client)  # the screened submission took the first slot


@pytest.mark.parametrize(("honeypot", "seconds_ago", "trap"), [("I am a bot", 10, "honeypot"),
                                                                ("", -60, "forged render time")])
def test_traps_give_one_generic_rejection(caplog, honeypot, seconds_ago, trap):
    caplog.set_level(logging.INFO, logger=antispam.__name__)
    with pytest.raises(LeadRejected) as caught:
        antispam.screen("bot", honeypot, time.time() - seconds_ago)
    assert str(caught.value) == str(LeadRejected()) and "honeypot" not in str(caught.value)
    assert f"by {trap} trap" in caplog.text


def test_too_fast_alone_quarantines_instead_of_rejecting(caplog):
    caplog.set_level(logging.INFO, logger=antispam.__name__)
    assert antispam.screen("typist", "", time.time()) is True
    assert "quarantined by the too fast trap" in caplog.text
    assert antispam.screen("typist", "", time.time() - 60) is False


def test_rate_limit_is_per_client_and_generic(caplog):
    caplog.set_level(logging.INFO, logger=antispam.__name__)
    antispam.use_rate_limiter(antispam.MemoryRateLimiter(limit=2))
    antispam.screen("a", "", None)
    antispam.screen("a", "", None)
    with pytest.raises(LeadRejected) as caught:
        antispam.screen("a", "", None)
    assert str(caught.value) == str(LeadRejected()) and "by rate limit trap" in caplog.text
    antispam.screen("b", "", None)


def test_memory_window_slides():
    limiter = antispam.MemoryRateLimiter(limit=1, window=0.2)
    assert limiter.allow("x") and not limiter.allow("x")
    time.sleep(0.25)
    assert limiter.allow("x")


@pytest.fixture
def redis_client():
    client = antispam.connect_redis(os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0"))
    try:
        client.ping()
    except redis.RedisError:
        pytest.skip("no Redis server for the shared-limiter test")
    yield client
    client.close()


def test_redis_limit_is_shared_between_workers(redis_client):
    prefix = f"leads-test:{uuid.uuid4().hex}"
    workers = [antispam.RedisRateLimiter(redis_client, limit=3, window=1, prefix=prefix) for _ in range(2)]
    results = [workers[i % 2].allow("client") for i in range(5)]
    assert results == [True, True, True, False, False]
    assert workers[0].allow("other client")
    time.sleep(1.1)
    assert workers[1].allow("client")
    for key in redis_client.scan_iter(f"{prefix}:*"):
        redis_client.delete(key)


def test_redis_outage_lets_leads_through(caplog):
    dead = antispam.connect_redis("redis://127.0.0.1:1/0")
    assert antispam.RedisRateLimiter(dead, limit=1).allow("client")
    assert "Rate limiter unavailable" in caplog.text
