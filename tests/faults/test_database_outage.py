"""A PostgreSQL that hangs (SIGSTOP) or goes away while visitors submit through the API and the forms.

Every answer comes within 5 s; while the server is down nothing is acknowledged; once it is back,
leads are stored again without restarting the app; and the database holds exactly the leads that
were acknowledged, each once (a COMMIT applied after its 503 would show up as an extra row).
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import Counter

import httpx
from sqlalchemy import create_engine, text
from traffic import Traffic

ANSWER_PROMISE = 5.0


async def _one_shot_posts(backend_url: str, count: int) -> list[tuple[str, int]]:
    """Posts nobody retries: each must be refused, and must stay unstored after the server wakes."""
    async with httpx.AsyncClient(base_url=backend_url, timeout=15) as http:
        emails = [f"oneshot-{uuid.uuid4().hex[:12]}@school.edu" for _ in range(count)]
        responses = await asyncio.gather(
            *(
                http.post("/api/ProductVideo", json={"name": "One Shot", "email": email, "contactNo": "+923001234567"})
                for email in emails
            )
        )
        return [(email, response.status_code) for email, response in zip(emails, responses, strict=True)]


def stored_emails(database_url: str) -> Counter:
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            return Counter(connection.execute(text("SELECT email FROM lead")).scalars())
    finally:
        engine.dispose()


def test_frozen_and_stopped_database_refuse_in_time_and_recover(fault_stack):
    postgres = fault_stack.postgres
    traffic = Traffic(fault_stack.backend.url, fault_stack.site_url)
    outages: list[tuple[float, float]] = []
    one_shots: list[tuple[str, int]] = []
    earlier = stored_emails(fault_stack.database_url)  # the fault stack's database is shared by the fault tests

    async def scenario() -> None:
        visitors = asyncio.create_task(traffic.run())
        await asyncio.sleep(3)  # healthy: leads are stored
        await asyncio.to_thread(postgres.freeze)  # never block the visitors' event loop (it times them)
        frozen = time.monotonic()
        one_shots.extend(await _one_shot_posts(fault_stack.backend.url, 3))
        await asyncio.sleep(7)
        outages.append((frozen, time.monotonic()))
        await asyncio.to_thread(postgres.thaw)
        await asyncio.sleep(4)  # recovered without restarting the app
        await asyncio.to_thread(postgres.stop)
        stopped = time.monotonic()
        await asyncio.sleep(4)
        outages.append((stopped, time.monotonic()))
        await asyncio.to_thread(postgres.start)
        await asyncio.sleep(6)
        traffic.stop()
        await visitors

    asyncio.run(scenario())

    slow = [a for a in traffic.answers if a.seconds > ANSWER_PROMISE]
    assert not slow, f"{len(slow)} answers took longer than {ANSWER_PROMISE} s, e.g. {slow[:3]}; outages {outages}"
    during = [a for a in traffic.answers for start, end in outages if start < a.asked and a.answered < end]
    assert during and not any(a.acknowledged for a in during), "a lead was acknowledged while the database was down"
    assert [status for _, status in one_shots] == [503] * len(one_shots)
    last_outage_end = outages[-1][1]
    for channel in ("api", "form"):
        assert any(a.acknowledged and a.asked > last_outage_end for a in traffic.answers if a.channel == channel), (
            f"{channel} did not store leads again after the database came back"
        )

    time.sleep(1)  # longer than any server-side timeout left over from the outage
    stored = stored_emails(fault_stack.database_url) - earlier
    assert not [email for email, count in stored.items() if count > 1], "a lead was stored twice"
    assert set(stored) == traffic.acknowledged(), "stored leads differ from acknowledged ones"
    assert not {email for email, _ in one_shots} & set(stored), "a refused lead was committed after its 503"
