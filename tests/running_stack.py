"""Seeding a running stack (tests/topology, tests/faults) from the test process: rows straight into its
database, then a demo booked through its API, as a visitor would."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
from booking.hosts import round_the_clock_slots
from leads.lead_payloads import VALID
from sqlalchemy import create_engine, text

from marketing_site.core import db


@contextmanager
def this_process_on(database_url: str, session_database: str) -> Iterator[None]:
    """Point this test process's engine at the stack's database, then back at the session's."""
    db.configure_engine(database_url)
    try:
        yield
    finally:
        db.configure_engine(session_database)


def demo_booked(api_url: str, database_url: str, session_database: str, origin: str) -> tuple[int, str]:
    """A host free around the clock, and a demo booked with them through the API at ``api_url``; the lead's
    id and the token of the visitor's booking link, read from their mail."""
    with this_process_on(database_url, session_database):
        slot = round_the_clock_slots("Sana Malik")[0]
    booked = httpx.post(
        f"{api_url}/api/demo-bookings",
        json={
            **VALID["ScheduleDemo"],
            "email": f"{uuid.uuid4().hex[:8]}@school.edu",
            "slotId": slot,
            "timeZone": "UTC",
        },
        headers={"Origin": origin},
        timeout=10,
    )
    assert booked.status_code == 201, booked.text
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            mail = connection.execute(
                text("SELECT text_body FROM outbox_mail WHERE booking_id = :b AND audience = 'visitor'"),
                {"b": booked.json()["booking"]["id"]},
            ).scalar_one()
    finally:
        engine.dispose()
    return booked.json()["id"], re.search(r"/booking/(\S+)", mail).group(1)
