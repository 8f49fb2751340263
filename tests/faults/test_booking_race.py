"""Many visitors book at once through the production backend: several workers on PostgreSQL (and Redis),
as production runs. For one slot, exactly one gets 201 and every other one 409, and the database holds
one booking (and no lead for the visitors who lost). For different slots of a host with a daily limit
of one, only the host's row lock across workers can keep the limit: again one 201."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime, timedelta

import httpx
from leads.lead_payloads import VALID
from sqlalchemy import create_engine, text

from marketing_site.booking.slots import slot_id

CONTENDERS = 24


def seed_host(database_url: str) -> int:
    """A host free around the clock on weekdays (UTC), one demo a day, written straight to the database."""
    engine = create_engine(database_url)
    try:
        with engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO booking_settings (id, demo_minutes, buffer_minutes, min_notice_minutes, "
                    "horizon_days, daily_limit) VALUES (1, 30, 15, 240, 30, 1) ON CONFLICT DO NOTHING"
                )
            )
            host_id = connection.execute(
                text(
                    "INSERT INTO staff_user (email, password_hash, role, created_at) "
                    "VALUES (:email, 'x', 'sales', now()) RETURNING id"
                ),
                {"email": f"race-{uuid.uuid4().hex[:8]}@x.example"},
            ).scalar_one()
            connection.execute(
                text(
                    "INSERT INTO demo_host (staff_user_id, display_name, time_zone, country, active) "
                    "VALUES (:id, 'Racer', 'UTC', 'ZZ', true)"
                ),
                {"id": host_id},
            )
            for weekday in range(5):
                connection.execute(
                    text(
                        "INSERT INTO demo_working_hours (host_id, weekday, start_minute, end_minute) "
                        "VALUES (:id, :weekday, 0, 1440)"
                    ),
                    {"id": host_id, "weekday": weekday},
                )
        return host_id
    finally:
        engine.dispose()


def next_weekday_noon() -> datetime:
    day = datetime.now(UTC).replace(hour=12, minute=0, second=0, microsecond=0) + timedelta(days=1)
    while day.weekday() >= 5:
        day += timedelta(days=1)
    return day


RETRIES = 10  # a busy machine may answer 503 + Retry-After: each visitor's deadline can pass before its turn


async def book(http: httpx.AsyncClient, slot: str) -> int:
    """One visitor's booking as the API asks clients to send it: with an Idempotency-Key, sent again with
    the same key after a 503 (nothing was stored), Retry-After honoured up to a second. Its final status."""
    body = {
        **VALID["ScheduleDemo"],
        "email": f"racer-{uuid.uuid4().hex[:10]}@school.example",
        "slotId": slot,
        "timeZone": "Europe/London",
    }
    key = {"Idempotency-Key": str(uuid.uuid4())}
    for _ in range(RETRIES):
        answer = await http.post("/api/demo-bookings", json=body, headers=key)
        if answer.status_code != 503:
            return answer.status_code
        await asyncio.sleep(min(float(answer.headers.get("retry-after", "1")), 1.0))
    return answer.status_code


async def contend(backend_url: str, slots: list[str]) -> list[int]:
    """Each slot posted by its own visitor, all at once; the statuses, sorted."""
    async with httpx.AsyncClient(base_url=backend_url, timeout=15) as http:
        answers = await asyncio.gather(*(book(http, slot) for slot in slots))
    return sorted(answers)


def test_one_slot_racing_visitors_through_several_workers_is_booked_once(fault_stack):
    assert fault_stack.backend.worker_count() > 1
    host_id = seed_host(fault_stack.database_url)
    noon = next_weekday_noon()
    assert asyncio.run(contend(fault_stack.backend.url, [slot_id(host_id, noon)] * CONTENDERS)) == (
        [201] + [409] * (CONTENDERS - 1)
    )
    next_day = noon + timedelta(days=3 if noon.weekday() == 4 else 1)
    different = [slot_id(host_id, next_day + timedelta(minutes=45 * step)) for step in range(8)]
    assert asyncio.run(contend(fault_stack.backend.url, different)) == [201] + [409] * 7
    engine = create_engine(fault_stack.database_url)
    try:
        with engine.connect() as connection:
            booked = connection.execute(
                text("SELECT count(*) FROM demo_booking WHERE host_id = :id AND status = 'booked'"), {"id": host_id}
            ).scalar_one()
            racers = connection.execute(text("SELECT count(*) FROM lead WHERE email LIKE 'racer-%'")).scalar_one()
    finally:
        engine.dispose()
    assert (booked, racers) == (2, 2)


def test_the_production_backend_serves_the_booking_page_with_the_security_headers(fault_stack):
    answer = httpx.get(f"{fault_stack.backend.url}/booking/not-a-token", headers={"Accept-Language": "ar"})
    assert answer.status_code == 404 and 'dir="rtl"' in answer.text and "هذا الرابط غير صالح" in answer.text
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    assert answer.headers["cache-control"] == "no-store" and answer.headers["x-content-type-options"] == "nosniff"
