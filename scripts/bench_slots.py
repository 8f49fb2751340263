"""Time the free-slot listing: 30 days for 5 hosts with 1,000 existing bookings (``make bench-slots``).

Seeds a throwaway, migrated database (SQLite by default; ``--database-server postgresql+psycopg://…``
creates and drops one on that server), then times ``booking.slots.free_slots`` (what GET
/api/demo-slots runs) and the whole GET through the API in-process, and prints the median and p95.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.harness.database import migrate, throwaway_database  # noqa: E402

HOSTS = (
    ("Sana Malik", "Asia/Karachi", "PK"),
    ("Omar Al-Harthy", "Asia/Muscat", "OM"),
    ("Olivia Brown", "Europe/London", "GB"),
    ("Aisha Rahman", "Asia/Dubai", "AE"),
    ("Bilal Khan", "Asia/Karachi", "PK"),
)
BOOKINGS = 1000
DAYS = 30
BUDGET_MS = 50.0


def seed(url: str, now: datetime) -> None:
    """5 hosts working 08:00-18:00 on their weekdays and 1,000 live bookings on their grid in the next 30 days
    (through an engine without the submission limits: a bulk insert is no visitor's request)."""
    from sqlmodel import Session

    from marketing_site.booking.models import BookingSettings, DemoBooking, DemoHost, WorkingHours
    from marketing_site.booking.slots import host_weeks
    from marketing_site.core import db
    from marketing_site.leads.models import Lead
    from marketing_site.staff.models import StaffUser

    engine = db.build_engine(url)
    with Session(engine) as db_session:
        db_session.add(
            BookingSettings(
                id=1, demo_minutes=30, buffer_minutes=15, min_notice_minutes=240, horizon_days=DAYS, daily_limit=12
            )
        )
        for name, zone_name, country in HOSTS:
            staff = StaffUser(email=f"{uuid.uuid4().hex[:8]}@bench.example", password_hash="x", role="sales")
            db_session.add(staff)
            db_session.flush()
            db_session.add(DemoHost(staff_user_id=staff.id, display_name=name, time_zone=zone_name, country=country))
            db_session.flush()
            db_session.add_all(
                WorkingHours(host_id=staff.id, weekday=weekday, start_minute=8 * 60, end_minute=18 * 60)
                for weekday in range(7)
            )
        db_session.flush()
        demo, step = timedelta(minutes=30), timedelta(minutes=45)
        grid = [
            (week.host.staff_user_id, start)
            for week in host_weeks(db_session)
            for day in week.working_days(now.date(), (now + timedelta(days=DAYS)).date())
            for start in week.day_starts(day, demo, step)
        ]
        chosen = grid[:: max(len(grid) // BOOKINGS, 1)][:BOOKINGS]
        if len(chosen) < BOOKINGS:
            raise SystemExit(f"only {len(grid)} grid slots to book; need {BOOKINGS}")
        leads = [
            Lead(
                kind="ScheduleDemo",
                email=f"visitor{number}@bench.example",
                phone_e164="+923001234567",
                phone_raw="+92 300 1234567",
            )
            for number in range(BOOKINGS)
        ]
        db_session.add_all(leads)
        db_session.flush()
        db_session.add_all(
            DemoBooking(
                uid=uuid.uuid4().hex,
                lead_id=lead.id,
                host_id=host_id,
                starts_at=start,
                ends_at=start + demo,
                visitor_time_zone="Europe/London",
            )
            for lead, (host_id, start) in zip(leads, chosen, strict=True)
        )
        db_session.commit()
    engine.dispose()


def timed(call, runs: int) -> list[float]:
    call()  # warm: holiday calendars, pool, statement cache
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        call()
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def report(label: str, samples: list[float]) -> str:
    p95 = statistics.quantiles(samples, n=20)[-1]
    return f"{label:<38} median {statistics.median(samples):6.1f} ms   p95 {p95:6.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-server", default="", help="a PostgreSQL server URL (default: SQLite)")
    parser.add_argument("--runs", type=int, default=50)
    options = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="bench-slots-"))
    with throwaway_database(scratch, options.database_server, prefix="bench_slots") as url:
        migrate({**os.environ, "DATABASE_URL": url})
        from fastapi.testclient import TestClient

        from marketing_site.booking.slots import free_slots
        from marketing_site.core import db
        from marketing_site.web import api

        db.configure_engine(url)
        now = datetime.now(UTC)
        seed(url, now)
        today = now.date()
        found = free_slots(today, DAYS, "Europe/London")
        listing = timed(lambda: free_slots(today, DAYS, "Europe/London"), options.runs)
        with TestClient(api.build_api()) as client:
            query = {"from": today.isoformat(), "days": str(DAYS), "tz": "Europe/London"}
            assert client.get("/api/demo-slots", params=query).status_code == 200
            through_api = timed(lambda: client.get("/api/demo-slots", params=query), options.runs)
        db.get_engine().dispose()
    backend = "PostgreSQL" if options.database_server else "SQLite"
    print(
        f"{backend}: {len(HOSTS)} hosts, {BOOKINGS} bookings, {DAYS} days "
        f"-> {len(found)} free slots, {options.runs} runs"
    )
    print(report("free_slots()", listing))
    print(report("GET /api/demo-slots (in-process ASGI)", through_api))
    verdict = "within" if statistics.median(listing) < BUDGET_MS else "OVER"
    print(f"==> {verdict} the {BUDGET_MS:.0f} ms budget (median of free_slots)")


if __name__ == "__main__":
    main()
