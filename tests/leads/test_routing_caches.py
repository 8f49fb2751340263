"""Every worker keeps the rotation, the working weeks and the team's times in memory (``core.config_version``),
yet the lead after a staff change is routed and timed by the new rules: in a production backend of its own
(several workers on PostgreSQL with Redis, one on SQLite) and in this test process alike, each of which has
read the old rules just before. The changes are written straight to the tables, as any tool might."""

from __future__ import annotations

import os
import random
import shutil
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import holidays
import httpx
import pytest
from database_limits import ROOMY_DATABASE_LIMITS
from leads.takers import (  # noqa: F401  (nobody_takes_leads: autouse)
    API,
    add_staff,
    add_taker,
    nobody_takes_leads,
    owner_of,
    set_paused,
    timers_of,
)
from sqlalchemy import delete

from marketing_site.booking.models import DayOff, DemoHost, WorkingHours
from marketing_site.core import db
from marketing_site.core.clock import as_utc, utc_now
from marketing_site.core.closed_days import is_closed
from marketing_site.leads.models import Lead
from marketing_site.leads.owners.routing_models import RoutingRules
from marketing_site.leads.owners.work_calendar import WorkWeek
from marketing_site.leads.service import LeadKind, lead_submit
from scripts.harness.backend import Backend
from scripts.harness.build import tool_env

LEADS_PER_CHECK = 8  # through the API at once: more than enough to keep each of the backend's workers busy
ALL_DAY = ((0, 1440),)
HOST_NAME = "Cache Test Host"


@pytest.fixture(scope="module")
def backend(database_url: str) -> Iterator[Backend]:
    """The production backend on the session database: several workers when the PostgreSQL pass has Redis. With
    the roomy database limits (database_limits.py): its workers take the module's first leads cold, and in a CI
    run on PostgreSQL, while the other test session built the export, one of them was refused (503) under
    production's."""
    scratch = Path(tempfile.mkdtemp(prefix="routing-caches-"))
    redis_url = os.environ.get("TEST_SITE_REDIS_URL", "") if os.environ.get("TEST_DATABASE_URL") else ""
    env = tool_env(
        {
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "APP_ENV": "prod",
            "SITE_URL": "http://localhost:3000",
            "SMTP_HOST": "",
            "LEAD_RATE_LIMIT_PER_MINUTE": "100000",
            "LEAD_MIN_SUBMIT_SECONDS": "0",
            "STAFF_SESSION_SECRET": "cache-tests-only-" + "x" * 32,
            "BOOKING_TOKEN_SECRET": "cache-tests-only-" + "b" * 32,
            "STAFF_FACTOR_KEY": "Y2FjaGUtdGVzdHMtb25seS1mYWN0b3Ita2V5LTMyYiE=",
            **ROOMY_DATABASE_LIMITS,
        }
    )
    server = Backend(None, env, scratch / "backend.log").start()
    try:
        assert server.worker_count() >= (2 if redis_url else 1)
        yield server
    finally:
        server.stop()
        shutil.rmtree(scratch, ignore_errors=True)


def visitor() -> dict[str, str]:
    """A new person (no returning-person rule): an e-mail and a phone of their own."""
    email = f"cache-{os.urandom(6).hex()}@school.edu"
    return {"name": "Cache Test", "email": email, "contactNo": f"+92300{random.randrange(1_000_000, 9_999_999)}"}


def leads_everywhere(backend: Backend) -> list[int]:
    """New visitors' leads through the backend's API, sent at once so that every worker takes some, and one in
    this process. A refusal shows what the backend logged meanwhile."""
    logged = backend.log_size()

    def post(_: int) -> int:
        answer = httpx.post(f"{backend.url}/api/ProductVideo", json=visitor(), timeout=30)
        assert answer.status_code == 201, f"{answer.status_code} {answer.text}\n{backend.log_since(logged)[-4000:]}"
        return int(answer.json()["id"])

    with ThreadPoolExecutor(LEADS_PER_CHECK) as clients:
        ids = list(clients.map(post, range(LEADS_PER_CHECK)))
    return [*ids, lead_submit(LeadKind.PRODUCT_VIDEO, visitor(), API)]


def open_today() -> tuple[ZoneInfo, str]:
    """A zone well inside its day now and a country whose today there is no weekend or holiday: the checks
    then never depend on the date the suite runs. The site's own countries first, then every other the
    holiday calendars know: on a Saturday all of the first are at their weekend (Oman's is Friday and
    Saturday), Iran's is Friday alone."""
    for zone in (ZoneInfo("Asia/Karachi"), ZoneInfo("America/New_York")):
        local = utc_now().astimezone(zone)
        if 1 <= local.hour < 22:
            break
    for country in ("PK", "AE", "GB", "US", "OM", "JP", *sorted(holidays.list_supported_countries())):
        if not is_closed(country, local.date()):
            return zone, country
    raise AssertionError("every country is closed today")


@pytest.fixture(autouse=True)
def no_hosts_left() -> Iterator[None]:
    """The hosts a test makes go with it (other tests list every host's free slots)."""
    yield
    with db.session() as db_session:
        db_session.execute(delete(DemoHost).where(DemoHost.display_name == HOST_NAME))
        db_session.commit()


def make_host(user_id: int, zone: ZoneInfo, country: str, hours: dict[int, tuple[tuple[int, int], ...]]) -> None:
    with db.session() as db_session:
        db_session.add(DemoHost(staff_user_id=user_id, display_name=HOST_NAME, time_zone=zone.key, country=country))
        db_session.flush()
        set_hours(db_session, user_id, hours)
        db_session.commit()


def set_hours(db_session, user_id: int, hours: dict[int, tuple[tuple[int, int], ...]]) -> None:
    db_session.execute(delete(WorkingHours).where(WorkingHours.host_id == user_id))
    db_session.add_all(
        WorkingHours(host_id=user_id, weekday=weekday, start_minute=start, end_minute=end)
        for weekday, stretches in hours.items()
        for start, end in stretches
    )


def every_day(stretches: tuple[tuple[int, int], ...] = ALL_DAY) -> dict[int, tuple[tuple[int, int], ...]]:
    return dict.fromkeys(range(7), stretches)


def test_a_paused_taker_and_one_on_a_day_off_get_none_of_the_next_leads_in_any_worker(backend):
    zone, country = open_today()
    first, second = add_taker(add_staff()), add_taker(add_staff())
    for user in (first, second):
        make_host(user.id, zone, country, every_day())
    assert {owner_of(lead) for lead in leads_everywhere(backend)} == {first.id, second.id}, "both read as at work"

    set_paused(first, True)
    assert {owner_of(lead) for lead in leads_everywhere(backend)} == {second.id}

    set_paused(first, False)
    assert {owner_of(lead) for lead in leads_everywhere(backend)} == {first.id, second.id}

    with db.session() as db_session:
        db_session.add(DayOff(host_id=second.id, day=utc_now().astimezone(zone).date()))
        db_session.commit()
    assert {owner_of(lead) for lead in leads_everywhere(backend)} == {first.id}

    with db.session() as db_session:
        db_session.execute(delete(DayOff).where(DayOff.host_id == second.id))
        db_session.get(DemoHost, first.id).active = False  # no longer a host: the company's week, maybe off today
        db_session.commit()
    owners = {owner_of(lead) for lead in leads_everywhere(backend)}
    assert second.id in owners and owners <= {first.id, second.id}


def test_the_next_lead_is_timed_by_the_hours_and_response_time_just_saved_in_every_worker(backend):
    zone, country = open_today()
    owner = add_taker(add_staff())
    make_host(owner.id, zone, country, every_day())
    week = WorkWeek(zone, every_day(), country)
    for lead in leads_everywhere(backend):
        assert_reminder(lead, week, 60)

    local_now = utc_now().astimezone(zone)
    ends_soon = (0, local_now.hour * 60 + local_now.minute + 20)  # twenty working minutes left today
    hours = {**every_day(), local_now.weekday(): (ends_soon,)}
    with db.session() as db_session:
        set_hours(db_session, owner.id, hours)
        db_session.merge(RoutingRules(team="sales", response_minutes=45, escalation_minutes=300))
        db_session.commit()
    week = WorkWeek(zone, hours, country)
    for lead in leads_everywhere(backend):
        reminder = assert_reminder(lead, week, 45)
        assert reminder.astimezone(zone).date() > local_now.date(), "the rest of the 45 minutes falls on a later day"


def assert_reminder(lead_id: int, week: WorkWeek, minutes: int) -> datetime:
    """The lead's reminder is due ``minutes`` of ``week``'s working time after the lead arrived."""
    with db.session() as db_session:
        created = as_utc(db_session.get(Lead, lead_id).created_at)
    due = as_utc(timers_of(lead_id)["reminder"].due_at)
    assert due == week.after_working_minutes(created, minutes), (lead_id, created, due)
    return due
