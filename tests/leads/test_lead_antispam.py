"""Bot traps: same rejection whatever fired, the trap named only in the log; shared rate limit."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import socket
import threading
import time
import uuid

import pytest
import redis

from marketing_site.core import rate_limit
from marketing_site.core.clock import timestamp
from marketing_site.leads import antispam
from marketing_site.leads.errors import LeadRejected


@pytest.mark.parametrize(("client", "started"), [("visitor", 10.0), ("api-client", None)], ids=["form", "api"])
def test_a_person_passes_every_trap_and_uses_one_slot_of_the_rate_limit(client, started):
    """A form filled for 10 s, or an API call (no render time, so no timing trap), is let through and counted."""
    limiter = rate_limit.MemoryRateLimiter(limit=2)
    antispam.use_rate_limiter(limiter)
    assert antispam.screen(client, "  ", None if started is None else timestamp() - started) is False
    assert limiter.allow(client) and not limiter.allow(client)  # the screened submission took the first slot


@pytest.mark.parametrize(
    ("honeypot", "seconds_ago", "trap"), [("I am a bot", 10, "honeypot"), ("", -60, "forged render time")]
)
def test_traps_give_one_generic_rejection(caplog, honeypot, seconds_ago, trap):
    caplog.set_level(logging.INFO, logger=antispam.__name__)
    with pytest.raises(LeadRejected) as caught:
        antispam.screen("bot", honeypot, timestamp() - seconds_ago)
    assert str(caught.value) == str(LeadRejected()) and "honeypot" not in str(caught.value)
    assert f"Lead rejected by {trap} trap" in caplog.messages  # which trap
    assert not [line for line in caplog.messages if "bot" in line.replace(trap, "")]  # never whose (an address)


def test_too_fast_alone_quarantines_instead_of_rejecting(caplog):
    caplog.set_level(logging.INFO, logger=antispam.__name__)
    assert antispam.screen("typist", "", timestamp()) is True
    assert caplog.messages == ["Lead quarantined by the too fast trap"]  # not the visitor's address
    assert antispam.screen("typist", "", timestamp() - 60) is False


def test_rate_limit_is_per_client_and_generic(caplog):
    caplog.set_level(logging.INFO, logger=antispam.__name__)
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=2))
    antispam.screen("a", "", None)
    antispam.screen("a", "", None)
    with pytest.raises(LeadRejected) as caught:
        antispam.screen("a", "", None)
    assert str(caught.value) == str(LeadRejected()) and "by rate limit trap" in caplog.text
    antispam.screen("b", "", None)


def test_memory_window_slides():
    limiter = rate_limit.MemoryRateLimiter(limit=1, window=0.2)
    assert limiter.allow("x") and not limiter.allow("x")
    time.sleep(0.25)
    assert limiter.allow("x")


REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


@pytest.fixture
def redis_client():
    client = rate_limit.connect_redis(REDIS_URL)
    try:
        client.ping()
    except redis.RedisError:
        pytest.skip("no Redis server for the shared-limiter test")
    yield client
    client.close()


def test_redis_limit_is_shared_between_workers(redis_client):
    prefix = f"leads-test:{uuid.uuid4().hex}"
    workers = [rate_limit.RedisRateLimiter(redis_client, limit=3, window=1, prefix=prefix) for _ in range(2)]
    results = [workers[i % 2].allow("client") for i in range(5)]
    assert results == [True, True, True, False, False]
    assert workers[0].allow("other client")
    time.sleep(1.1)
    assert workers[1].allow("client")
    for key in redis_client.scan_iter(f"{prefix}:*"):
        redis_client.delete(key)


def test_redis_outage_lets_leads_through_and_logs_the_error_with_its_cause(caplog):
    dead = rate_limit.connect_redis("redis://127.0.0.1:1/0")
    assert rate_limit.RedisRateLimiter(dead, limit=1).allow("client")
    [record] = [r for r in caplog.records if r.name == rate_limit.log.name]
    assert (record.levelno, record.getMessage()) == (logging.ERROR, "Rate limiter unavailable; allowing submission")
    assert record.exc_info and isinstance(record.exc_info[1], redis.RedisError)  # why: refused, timed out, ...


# How long a Redis outage may hold one lead at most. The designed cost is two tries of 0.5 s (connect_redis);
# the tries are counted apart below, so this bound only tells "gave up" from "hung" and leaves a busy machine
# room (a client without timeouts would wait as long as Redis stays frozen).
GAVE_UP_WITHIN = 5


def test_a_frozen_redis_costs_a_lead_about_a_second_then_lets_it_through():
    """A Redis that accepts connections but never answers (frozen, overloaded) must not hang the submission:
    two reads of 0.5 s each (one retry on a new connection), then the lead goes through."""
    with socket.socket() as frozen:
        frozen.bind(("127.0.0.1", 0))
        frozen.listen()
        limiter = rate_limit.RedisRateLimiter(
            rate_limit.connect_redis(f"redis://127.0.0.1:{frozen.getsockname()[1]}/0"), 1
        )
        answers: list[bool] = []
        started = time.monotonic()
        waiting = threading.Thread(target=lambda: answers.append(limiter.allow("client")), daemon=True)
        waiting.start()
        waiting.join(timeout=GAVE_UP_WITHIN)
        assert answers == [True] and 0.9 < time.monotonic() - started < GAVE_UP_WITHIN  # a sleep only lengthens
        frozen.setblocking(False)
        tries = 0
        with contextlib.suppress(BlockingIOError):
            while True:
                frozen.accept()[0].close()
                tries += 1
        assert tries == 2  # the first read and its one retry, each on its own connection


def test_a_redis_host_that_never_takes_the_connection_costs_a_lead_a_second():
    """A black-holed address (a host gone, a firewall dropping packets): the connect itself waits, twice."""
    with socket.socket() as full:
        full.bind(("127.0.0.1", 0))
        full.listen(0)
        queued = [socket.socket() for _ in range(3)]  # fill the accept queue: further handshakes go unanswered
        for waiting in queued:
            waiting.setblocking(False)
            waiting.connect_ex(full.getsockname())
        limiter = rate_limit.RedisRateLimiter(
            rate_limit.connect_redis(f"redis://127.0.0.1:{full.getsockname()[1]}/0"), 1
        )
        started = time.monotonic()
        assert limiter.allow("client")
        # Two connection attempts of 0.5 s each (the count of tries is pinned on the frozen server above).
        assert 0.9 < time.monotonic() - started < GAVE_UP_WITHIN
        for waiting in queued:
            waiting.close()


def test_with_redis_configured_every_worker_built_from_settings_shares_one_limit(redis_client, monkeypatch):
    configured = antispam.settings.model_copy(update={"redis_url": REDIS_URL, "rate_limit_per_minute": 2})
    monkeypatch.setattr(antispam, "settings", configured)
    monkeypatch.setattr(rate_limit, "settings", configured)
    workers = [antispam.build_rate_limiter() for _ in range(2)]
    client = f"visitor-{uuid.uuid4().hex}"
    assert [workers[i % 2].allow(client) for i in range(3)] == [True, True, False]
    # An operator finds (or clears) a client's window under leads:rate:<sha256 of the client id>.
    assert redis_client.zcard(f"leads:rate:{hashlib.sha256(client.encode()).hexdigest()}") == 2


def test_a_client_id_that_is_not_valid_utf8_still_gets_a_shared_bucket(redis_client):
    """A websocket token is any JSON string, lone surrogates included: it is counted, not a crash."""
    limiter = rate_limit.RedisRateLimiter(redis_client, limit=1, window=1, prefix=f"leads-test:{uuid.uuid4().hex}")
    assert limiter.allow("token-\ud800") and not limiter.allow("token-\ud800")


@pytest.mark.parametrize("shared", [False, True], ids=["memory", "redis"])
def test_failures_are_counted_apart_from_the_quota_and_forgotten_after_the_window(shared, request):
    """used() and record() serve the staff sign-in throttle: failures counted per client, expired with the window;
    in Redis every key expires with it too, so an idle limiter leaves nothing behind."""
    prefix = f"leads-test:{uuid.uuid4().hex}"
    if shared:
        redis_client = request.getfixturevalue("redis_client")
        limiter = rate_limit.RedisRateLimiter(redis_client, limit=2, window=0.5, prefix=prefix)
    else:
        limiter = rate_limit.MemoryRateLimiter(limit=2, window=0.5)
    assert limiter.used("client") == 0
    limiter.record("client")
    limiter.record("client")
    assert (limiter.used("client"), limiter.used("client"), limiter.used("other")) == (2, 2, 0)
    assert not limiter.allow("client")
    if shared:
        assert all(0 < redis_client.pttl(key) <= 500 for key in redis_client.scan_iter(f"{prefix}:*"))
        hourly = rate_limit.RedisRateLimiter(redis_client, limit=2, window=3600, prefix=f"{prefix}:hourly")
        hourly.record("client")
        [key] = redis_client.scan_iter(f"{prefix}:hourly:*")
        assert 3_599_000 < redis_client.pttl(key) <= 3_600_000  # the key lives exactly one window
    time.sleep(0.6)
    assert limiter.used("client") == 0
