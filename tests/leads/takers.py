"""Seeding for the speed-to-lead tests: staff who take leads (written straight to the database), new visitors,
and a clean slate around each test (``nobody_takes_leads``, autouse where imported), since every other
test's leads would otherwise get owners too."""

from __future__ import annotations

import itertools
import random
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import date

import pytest
from leads.lead_payloads import VALID
from sqlalchemy import delete, select

from marketing_site.booking import calendar
from marketing_site.booking.models import DayOff, DemoHost, WorkingHours
from marketing_site.core import db
from marketing_site.leads.models import Lead
from marketing_site.leads.owners.routing_models import LeadRotation, LeadTaker, LeadTimer, RoutingRules
from marketing_site.leads.service import LeadKind, SubmissionContext, lead_submit
from marketing_site.mail.models import OutboxMail
from marketing_site.staff.models import AuditEntry, StaffUser
from marketing_site.webhooks.models import WebhookEndpoint

API = SubmissionContext(client_id="203.0.113.9")
_phones = itertools.count(random.randrange(1_000_000, 8_000_000))


@pytest.fixture(autouse=True)
def nobody_takes_leads():
    """No rotation, rules, timers or endpoints before or after the test; hosts' weeks read as in the app."""
    calendar.install()
    clear_routing()
    yield
    clear_routing()


def person() -> dict[str, str]:
    """A new visitor: their own email and phone (a shared one would make them a returning person)."""
    return {"email": f"{uuid.uuid4().hex[:10]}@school.example", "phone": f"+92 300 {next(_phones)}"}


def demo_lead(**who: str) -> int:
    """A demo lead through the service, from a new visitor unless ``who`` says otherwise."""
    return lead_submit(LeadKind.SCHEDULE_DEMO, {**VALID["ScheduleDemo"], **person(), **who}, API)


def add_staff(role: str = "sales", name: str = "seller") -> StaffUser:
    with db.session() as db_session:
        user = StaffUser(email=f"{name}-{uuid.uuid4().hex[:8]}@vendor.example", password_hash="x", role=role)
        db_session.add(user)
        db_session.commit()
        return user


def add_taker(user: StaffUser, team: str = "sales", paused: bool = False, weight: int = 1) -> StaffUser:
    with db.session() as db_session:
        db_session.add(LeadTaker(staff_user_id=user.id, team=team, paused=paused, weight=weight))
        db_session.commit()
    return user


def takers(count: int, team: str = "sales") -> list[StaffUser]:
    return [add_taker(add_staff(team), team) for _ in range(count)]


def clear_routing() -> None:
    """Nobody takes leads, no rules, no rotation, no timers and no webhook endpoints left."""
    with db.session() as db_session:
        for table in (LeadTaker, LeadRotation, RoutingRules, LeadTimer, WebhookEndpoint):
            db_session.execute(delete(table))
        db_session.commit()


def owner_of(lead_id: int) -> int | None:
    with db.session() as db_session:
        return db_session.get(Lead, lead_id).owner_id


def audit_of(lead_id: int) -> list[tuple[str, str]]:
    with db.session() as db_session:
        return [
            (entry.action, entry.detail)
            for entry in db_session.execute(
                select(AuditEntry).where(AuditEntry.lead_id == lead_id).order_by(AuditEntry.id)
            ).scalars()
        ]


def mails_of(lead_id: int, audience: str | None = None) -> list[OutboxMail]:
    with db.session() as db_session:
        query = select(OutboxMail).where(OutboxMail.lead_id == lead_id).order_by(OutboxMail.id)
        if audience is not None:
            query = query.where(OutboxMail.audience == audience)
        return list(db_session.execute(query).scalars())


def timers_of(lead_id: int) -> dict[str, LeadTimer]:
    with db.session() as db_session:
        return {
            timer.stage: timer
            for timer in db_session.execute(select(LeadTimer).where(LeadTimer.lead_id == lead_id)).scalars()
        }


def set_paused(user: StaffUser, paused: bool, team: str = "sales") -> None:
    with db.session() as db_session:
        db_session.get(LeadTaker, (user.id, team)).paused = paused
        db_session.commit()


@contextmanager
def host_in_karachi(user: StaffUser, weekdays: Iterable[int] = range(7), day_off: date | None = None) -> Iterator[None]:
    """``user`` as a demo host in Karachi, working 09:00-17:00 on ``weekdays`` (but ``day_off``) while the block
    runs: their own zone and hours, not the company's."""
    with db.session() as db_session:
        db_session.add(DemoHost(staff_user_id=user.id, display_name="Sana", time_zone="Asia/Karachi", country="PK"))
        db_session.flush()
        db_session.add_all(
            WorkingHours(host_id=user.id, weekday=day, start_minute=540, end_minute=1020) for day in weekdays
        )
        if day_off is not None:
            db_session.add(DayOff(host_id=user.id, day=day_off))
        db_session.commit()
    try:
        yield
    finally:
        with db.session() as db_session:
            db_session.delete(db_session.get(DemoHost, user.id))
            db_session.commit()
