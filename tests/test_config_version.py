"""The configuration counter (``core.config_version``) moves with every change to what routes and times a lead,
made any way at all, and stays put when staff merely sign in: the caches of every worker depend on it."""

from __future__ import annotations

import importlib.util
from datetime import date
from pathlib import Path

import pytest
from leads.takers import add_staff, nobody_takes_leads  # noqa: F401  (nobody_takes_leads: autouse)
from sqlalchemy import delete, update

from marketing_site.booking.models import DayOff, DemoHost, WorkingHours
from marketing_site.core import config_version, db
from marketing_site.core.clock import utc_now
from marketing_site.leads.owners.routing_models import LeadTaker, RoutingRules
from marketing_site.staff.models import StaffUser
from marketing_site.webhooks.models import WebhookEndpoint

MIGRATION = Path(__file__).resolve().parent.parent / "alembic" / "versions" / "20261129_i29_config_version.py"


def version() -> int:
    with db.session() as db_session:
        return config_version.current(db_session)


def moved(change) -> bool:
    before = version()
    with db.session() as db_session:
        change(db_session)
        db_session.commit()
    return version() > before


@pytest.fixture
def staff(database_url) -> StaffUser:
    return add_staff()


def test_every_change_to_takers_rules_hosts_hours_days_off_accounts_and_endpoints_moves_the_counter(staff):
    host = DemoHost(staff_user_id=staff.id, display_name="Counter Host")
    changes = {
        "takes leads": lambda s: s.add(LeadTaker(staff_user_id=staff.id, team="sales")),
        "paused": lambda s: s.execute(update(LeadTaker).values(paused=True)),
        "stops taking leads": lambda s: s.execute(delete(LeadTaker).where(LeadTaker.staff_user_id == staff.id)),
        "response times": lambda s: s.merge(RoutingRules(team="sales", response_minutes=30, escalation_minutes=90)),
        "becomes a host": lambda s: s.add(host),
        "hours": lambda s: s.add(WorkingHours(host_id=staff.id, weekday=0, start_minute=540, end_minute=600)),
        "day off": lambda s: s.add(DayOff(host_id=staff.id, day=date(2031, 1, 2))),
        "zone": lambda s: s.execute(update(DemoHost).values(time_zone="Asia/Karachi")),
        "no longer a host": lambda s: s.execute(delete(DemoHost).where(DemoHost.staff_user_id == staff.id)),
        "address": lambda s: s.execute(
            update(StaffUser).where(StaffUser.id == staff.id).values(email=f"n{staff.email}")
        ),
        "disabled": lambda s: s.execute(update(StaffUser).where(StaffUser.id == staff.id).values(active=False)),
        "endpoint": lambda s: s.add(WebhookEndpoint(url="https://crm.example/h", events="lead.created", secret="s")),
        "endpoint off": lambda s: s.execute(update(WebhookEndpoint).values(enabled=False)),
    }
    assert [name for name, change in changes.items() if not moved(change)] == []


def test_signing_in_leaves_the_counter_and_every_cache_where_it_was(staff):
    assert not moved(lambda s: s.execute(update(StaffUser).values(last_signin_at=utc_now())))


def test_the_migration_watches_what_the_code_says_it_watches():
    spec = importlib.util.spec_from_file_location("config_version_migration", MIGRATION)
    migration = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(migration)
    assert migration.WATCHED == config_version.WATCHED
