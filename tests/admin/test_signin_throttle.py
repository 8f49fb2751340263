"""The failed sign-in count: shared by every worker through Redis, an account slowed down but never locked
for its owner, and sign-in going on when Redis is stopped or frozen (a private Redis server)."""

from __future__ import annotations

import logging
import os
import time
import uuid
from datetime import UTC, datetime, timedelta

import pytest
import redis
from staff_client import PASSWORD, client, csrf, phone_code, second_factor, signed_in

from marketing_site.admin.signin import signin_throttle
from marketing_site.core import rate_limit
from marketing_site.core.clock import frozen
from marketing_site.settings import settings
from scripts.harness.private_redis import PrivateRedis


@pytest.fixture
def shared_logs():
    client = rate_limit.connect_redis(os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0"))
    try:
        client.ping()
    except redis.RedisError:
        pytest.skip("no Redis server for the shared-count test")
    yield [signin_throttle.SharedFailureLog(signin_throttle.RedisFailureLog(client)) for _ in range(2)]  # two workers
    client.close()


def test_failures_counted_by_one_worker_block_the_address_and_slow_the_account_on_another(shared_logs):
    first, second = shared_logs
    email, address = f"{uuid.uuid4().hex}@vendor.example", f"test-address-{uuid.uuid4().hex}"
    signin_throttle.use_log(first)
    for _ in range(settings.staff_signin_attempts):
        assert signin_throttle.signin_refusal(email, address, usual=False) is None
        signin_throttle.signin_failed(email, address)
    signin_throttle.use_log(second)
    assert "from your network" in signin_throttle.signin_refusal(email, address, usual=False).reason
    assert signin_throttle.signin_refusal(f"other-{email}", address, usual=True) is not None  # the address too
    elsewhere = f"test-address-{uuid.uuid4().hex}"
    slowed = signin_throttle.signin_refusal(email, elsewhere, usual=False)
    assert "This account had many failed sign-ins" in slowed.reason and 0 < slowed.retry_after <= 30
    assert signin_throttle.signin_refusal(email, elsewhere, usual=True) is None  # its owner's browser or address


def _fail(browser, email: str, times: int) -> None:
    token = csrf(browser.get("/admin/signin").text)
    for _ in range(times):
        answer = browser.post(
            "/admin/signin", data={"email": email, "password": "guess-guess-guess", "csrf_token": token}
        )
        assert answer.status_code == 401


def test_an_attacker_guessing_a_colleagues_password_slows_only_strangers_down(staff):
    user = staff("sales")
    signed_in(user, client("10.1.1.1")).close()  # the colleague's usual office address
    with frozen(datetime.now(UTC)) as advance:
        _fail(client("203.0.113.1"), user.email, settings.staff_signin_attempts)
        advance(timedelta(seconds=31))  # the first delay has passed: one more guess, from another address
        _fail(client("203.0.113.2"), user.email, 1)
        stranger = client("198.51.100.7")
        token = csrf(stranger.get("/admin/signin").text)
        slowed = stranger.post("/admin/signin", data={"email": user.email, "password": PASSWORD, "csrf_token": token})
        assert slowed.status_code == 429 and int(slowed.headers["retry-after"]) > 30  # doubled past the first 30 s
        office = client("10.1.1.1")  # the colleague, from their usual address, with the right password and code
        answer = second_factor(_password(office, user.email), phone_code(user))
        assert answer.status_code == 303 and office.get("/admin/").status_code == 200
        advance(timedelta(minutes=16))  # the window has passed: strangers are no longer slowed
        assert (
            stranger.post(
                "/admin/signin", data={"email": user.email, "password": PASSWORD, "csrf_token": token}
            ).status_code
            == 303
        )


def _password(browser, email: str):
    token = csrf(browser.get("/admin/signin").text)
    answer = browser.post("/admin/signin", data={"email": email, "password": PASSWORD, "csrf_token": token})
    assert answer.status_code == 303, answer.text
    return browser


def test_wrong_second_factor_codes_count_like_wrong_passwords(staff):
    user = staff("hr")
    browser = _password(client("192.0.2.50"), user.email)
    for _ in range(settings.staff_signin_attempts):
        assert second_factor(browser, "000000").status_code == 401
    assert second_factor(browser, phone_code(user)).status_code == 429  # the address is blocked now


@pytest.mark.parametrize("outage", ["stopped", "frozen"])
def test_sign_in_goes_on_within_a_second_when_redis_is_down(staff, outage, caplog):
    with PrivateRedis() as server:
        signin_throttle.use_log(signin_throttle.shared_log(server.url))
        user = staff("sales")
        browser = client("192.0.2.77")
        _fail(browser, user.email, 2)  # counted in Redis
        server.stop() if outage == "stopped" else server.freeze()
        token = csrf(browser.get("/admin/signin").text)
        with caplog.at_level(logging.ERROR, logger=signin_throttle.__name__):
            started = time.monotonic()
            assert signin_throttle.signin_refusal(user.email, "192.0.2.77", usual=False) is None
            # The fall-back, within a second: two tries of REDIS_SECONDS (0.6 s), and a busy machine's delay
            # in waking a thread after its socket timeout stays far under the 0.4 s left.
            assert time.monotonic() - started < 1.0
            answer = browser.post(
                "/admin/signin", data={"email": user.email, "password": PASSWORD, "csrf_token": token}
            )
            assert answer.status_code == 303
            assert second_factor(browser, phone_code(user)).status_code == 303
            stranger = client("192.0.2.78")
            _fail(stranger, user.email, settings.staff_signin_attempts - 2)  # with the 2 before: counted on, in memory
            token = csrf(stranger.get("/admin/signin").text)
            answer = stranger.post(
                "/admin/signin", data={"email": user.email, "password": "x" * 12, "csrf_token": token}
            )
        assert answer.status_code == 429
        # No Redis wait while falling back: Redis was tried once, every later sign-in counted in memory (each
        # try at a stopped or frozen Redis fails and is logged), whatever the time those sign-ins took.
        assert caplog.text.count("Redis unavailable; counting failed sign-ins in this worker") == 1
        server.thaw()
