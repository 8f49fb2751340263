"""Redis (Reflex state and the shared rate limit) goes away while visitors submit.

The rate limiter lets submissions through while Redis is unreachable (it never costs a real lead),
so the API keeps storing leads within the 5 s promise. The forms do too: Reflex keeps each visitor's
form state in Redis, and marketing_site/web/state_fallback.py serves a visitor's events from the worker's
memory while Redis is away (without it the websocket handler never answers).
"""

from __future__ import annotations

import asyncio
import re
import uuid

import aiohttp
import pytest
from test_database_outage import ANSWER_PROMISE, stored_emails
from traffic import Traffic

from marketing_site.leads.schemas import LeadKind
from scripts.bench_load_forms import Visitor, answered
from scripts.harness.private_redis import PrivateRedis

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


def test_a_form_stores_its_lead_while_redis_is_down(redis_down):
    """The backend's line saying the event was served from memory has the id of the submission it served."""
    email = f"redis-{uuid.uuid4().hex[:8]}@school.edu"
    logged_before = redis_down.backend.log_size()

    async def submit() -> dict:
        async with aiohttp.ClientSession() as session:
            visitor = Visitor(session, redis_down.backend.url, redis_down.site_url, answer_timeout=ANSWER_PROMISE)
            await visitor.connect()
            try:
                form = {"name": "Redis Down", "email": email, "contactNo": "+923001234567"}
                return await visitor.call("submit", {"form_data": form}, done=answered)
            finally:
                await visitor.close()

    assert asyncio.run(submit()).get("submitted") is True
    assert email in stored_emails(redis_down.database_url)
    lines = redis_down.backend.log_since(logged_before).splitlines()
    served = {request for request, message in _app_lines(lines) if "served from the worker's memory" in message}
    stored = {request for request, message in _app_lines(lines) if message.startswith(STORED)}
    assert len(stored) == 1 and stored <= served, lines


STORED = f"Lead form {LeadKind.PRODUCT_VIDEO} stored lead"
LINE_IDS = re.compile(r" marketing_site\.[\w.]+ \[([0-9a-f]{32})(?: \d+)?\]: (.*)")


def _app_lines(lines: list[str]) -> list[tuple[str, str]]:
    """The app's text log lines that carry ids: (request id, message)."""
    return [(found[1], found[2]) for line in lines if (found := LINE_IDS.search(line))]


def handled(delta: dict) -> bool:
    """This visitor's first submission was answered: a state the worker creates in memory when Redis goes
    away is first sent whole (``answered`` 0), before the submission's own update."""
    return delta.get("answered", 0) > 0


async def submit_across(fault_stack, steps, emails: list[str], during_first=None) -> list[dict]:
    """One visitor opens the form, Redis takes a step (stop, freeze…), the visitor submits; then again with
    the next step. ``during_first`` runs after the first submission, before the second step. Each answer
    is awaited for the 5 s the site promises."""
    answers = []
    async with aiohttp.ClientSession() as session:
        visitor = Visitor(session, fault_stack.backend.url, fault_stack.site_url, answer_timeout=ANSWER_PROMISE)
        await visitor.connect()
        try:
            for email, redis_step in zip(emails, steps, strict=True):
                await visitor.call(
                    "start",
                    {"browser": {"referrer": "", "product": "Student Smart"}},
                    done=lambda delta: "started_at" in delta,
                )
                await asyncio.to_thread(redis_step)
                form = {"name": "Across Outage", "email": email, "contactNo": "+923001234567"}
                answers.append(
                    await asyncio.wait_for(visitor.call("submit", {"form_data": form}, done=handled), ANSWER_PROMISE)
                )
                if during_first is not None and len(answers) == 1:
                    await during_first(session)
        finally:
            await visitor.close()
    return answers


def test_a_form_opened_before_the_outage_is_answered_during_and_after_it(fault_stack):
    """The visitor opened the form while Redis was up, submits while it is down, and again once it is back."""
    emails = [f"redis-across-{uuid.uuid4().hex[:8]}-{n}@school.edu" for n in range(2)]
    try:
        answers = asyncio.run(submit_across(fault_stack, (fault_stack.redis.stop, fault_stack.redis.start), emails))
    finally:
        fault_stack.redis.start()  # never leave the next test without Redis, whatever failed above
    assert [answer.get("submitted") for answer in answers] == [True, True]
    assert set(emails) <= set(stored_emails(fault_stack.database_url))


def test_a_form_and_the_api_answer_while_redis_hangs(fault_stack):
    """Redis frozen (SIGSTOP): connections open but nothing answers. A visitor who opened the form before
    submits during the freeze and again after it; the API stores a lead meanwhile. Every answer in 5 s."""
    emails = [f"redis-frozen-{uuid.uuid4().hex[:8]}-{n}@school.edu" for n in range(2)]
    api_email = f"redis-frozen-api-{uuid.uuid4().hex[:8]}@school.edu"
    api_statuses: list[int] = []

    async def api_lead(session: aiohttp.ClientSession) -> None:
        async with session.post(
            f"{fault_stack.backend.url}/api/ProductVideo",
            json={"name": "Frozen Redis", "email": api_email, "contactNo": "+923001234567", "product": "Student Smart"},
            headers={"Origin": fault_stack.site_url},
            timeout=aiohttp.ClientTimeout(total=ANSWER_PROMISE),
        ) as answer:
            api_statuses.append(answer.status)

    try:
        answers = asyncio.run(
            submit_across(
                fault_stack, (fault_stack.redis.freeze, fault_stack.redis.thaw), emails, during_first=api_lead
            )
        )
    finally:
        fault_stack.redis.thaw()
    assert [answer.get("submitted") for answer in answers] == [True, True]
    assert api_statuses == [201]
    assert {*emails, api_email} <= set(stored_emails(fault_stack.database_url))


def test_starting_a_running_private_redis_keeps_one_server():
    """The fixtures start Redis again after a test that may already have done so: never a second
    server, which no ``close`` would stop (they piled up, orphaned, one per run)."""
    with PrivateRedis() as server:
        running = server._process
        server.start()
        assert server._process is running
