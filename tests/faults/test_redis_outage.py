"""Redis (Reflex state and the shared rate limit) goes away while visitors submit.

The rate limiter lets submissions through while Redis is unreachable (it never costs a real lead),
so the API keeps storing leads within the 5 s promise. The forms do not yet: Reflex keeps each
visitor's form state in Redis, and without it the websocket handler cannot load that state and
never answers; the strict xfail below records that gap until someone closes it.
"""

from __future__ import annotations

import asyncio
import uuid

import aiohttp
import pytest

from scripts.bench_load_forms import Visitor, answered
from test_database_outage import ANSWER_PROMISE, stored_emails
from traffic import Traffic

# Runs after the other fault tests (file order): it leaves Redis restarted, with every state lost.


@pytest.fixture
def redis_down(fault_stack):
    fault_stack.redis.stop()
    yield fault_stack
    fault_stack.redis.start()


def test_the_api_stores_leads_while_redis_is_down(fault_stack):
    traffic = Traffic(fault_stack.backend.url, fault_stack.site_url)
    down_since: list[float] = []

    async def scenario() -> None:
        visitors = asyncio.create_task(traffic.run(form_visitors=0))
        await asyncio.sleep(2)
        await asyncio.to_thread(fault_stack.redis.stop)  # never block the event loop that times the visitors
        down_since.append(asyncio.get_running_loop().time())
        await asyncio.sleep(5)
        await asyncio.to_thread(fault_stack.redis.start)
        await asyncio.sleep(2)
        traffic.stop()
        await visitors

    asyncio.run(scenario())

    assert all(a.seconds <= ANSWER_PROMISE for a in traffic.answers)
    assert any(a.acknowledged for a in traffic.answers if a.asked > down_since[0] + 0.5)
    acknowledged = traffic.acknowledged()
    assert acknowledged and acknowledged <= set(stored_emails(fault_stack.database_url))


@pytest.mark.xfail(strict=True, raises=TimeoutError,
                   reason="Reflex keeps form state in Redis: without it the websocket handler never answers")
def test_a_form_stores_its_lead_while_redis_is_down(redis_down):
    async def submit() -> dict:
        async with aiohttp.ClientSession() as session:
            visitor = Visitor(session, redis_down.backend.url, redis_down.site_url, answer_timeout=ANSWER_PROMISE)
            await visitor.connect()
            try:
                form = {"name": "Redis Down", "email": f"redis-{uuid.uuid4().hex[:8]}@school.edu",
                        "contactNo": "+923001234567"}
                return await visitor.call("submit", {"form_data": form}, done=answered)
            finally:
                await visitor.close()

    assert asyncio.run(submit()).get("submitted") is True
