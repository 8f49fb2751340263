"""Nobody's lead waits unseen: each lead's reminder and escalation are timers in the database, due after
working time (the company's calendar, or a demo host's own), fired exactly once across sender processes
(the clock is frozen, nobody sleeps for an hour), and stopped when someone works the lead."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from leads.takers import (  # noqa: F401  (nobody_takes_leads: autouse)
    add_staff,
    audit_of,
    demo_lead,
    mails_of,
    nobody_takes_leads,
    owner_of,
    takers,
    timers_of,
)
from sqlalchemy import select

from marketing_site.admin import lead_work
from marketing_site.booking.models import DemoHost, WorkingHours
from marketing_site.core import db
from marketing_site.core.clock import as_utc, frozen
from marketing_site.leads import reminders
from marketing_site.leads.models import Lead
from marketing_site.leads.routing_models import RoutingRules
from marketing_site.mail.models import OutboxMail
from marketing_site.staff.models import StaffUser

ROOT = Path(__file__).resolve().parents[2]
MONDAY_10_MUSCAT = datetime(2027, 3, 1, 6, 0, tzinfo=UTC)
FIRE_IN_PROCESS = """
import sys
from datetime import datetime
from marketing_site.booking import calendar
from marketing_site.core import db
from marketing_site.core.clock import frozen
from marketing_site.leads import reminders
db.configure_engine(sys.argv[1])
calendar.install()
with frozen(datetime.fromisoformat(sys.argv[2])):  # the sender's clock, handed in: nobody waits an hour
    while reminders.fire_due(limit=2):
        pass
"""


def fire_in_two_processes(database_url: str, at: datetime) -> None:
    env = {**os.environ, "REDIS_URL": ""}
    senders = [
        subprocess.Popen([sys.executable, "-c", FIRE_IN_PROCESS, database_url, at.isoformat()], cwd=ROOT, env=env)
        for _ in range(2)
    ]
    assert [sender.wait(timeout=120) for sender in senders] == [0, 0]


def reminders_of(lead_id: int) -> list[OutboxMail]:
    return [mail for mail in mails_of(lead_id, "owner") if mail.subject.startswith("Still waiting")]


def test_response_time_counts_the_companys_working_hours_weekend_and_holidays():
    takers(1)
    sunday_1530_muscat = datetime(2027, 3, 7, 11, 30, tzinfo=UTC)
    with frozen(sunday_1530_muscat):
        lead_id = demo_lead()
    due = {stage: as_utc(timer.due_at) for stage, timer in timers_of(lead_id).items()}
    # 30 minutes on Sunday, then Eid (8-11 March) and the Friday-Saturday weekend: Sunday 14 March 08:30 Muscat
    assert due["reminder"] == datetime(2027, 3, 14, 4, 30, tzinfo=UTC)
    assert due["escalation"] == datetime(2027, 3, 14, 7, 30, tzinfo=UTC)  # 4 working hours: 11:30


def test_a_demo_hosts_response_time_counts_their_own_hours_in_their_own_zone():
    [host] = takers(1)
    with db.session() as db_session:
        db_session.add(DemoHost(staff_user_id=host.id, display_name="Sana", time_zone="Asia/Karachi", country="PK"))
        db_session.flush()
        db_session.add_all(
            WorkingHours(host_id=host.id, weekday=day, start_minute=540, end_minute=1020) for day in range(5)
        )
        db_session.commit()
    try:
        friday_1630_karachi = datetime(2027, 3, 5, 11, 30, tzinfo=UTC)
        with frozen(friday_1630_karachi):
            lead_id = demo_lead()
        due = {stage: as_utc(timer.due_at) for stage, timer in timers_of(lead_id).items()}
        assert due["reminder"] == datetime(2027, 3, 8, 4, 30, tzinfo=UTC)  # Monday 09:30 in Karachi
        assert due["escalation"] == datetime(2027, 3, 8, 7, 30, tzinfo=UTC)  # Monday 12:30
    finally:
        with db.session() as db_session:
            db_session.delete(db_session.get(DemoHost, host.id))
            db_session.commit()


def test_reminders_fire_once_each_across_two_sender_processes_and_a_touched_lead_gets_none(database_url):
    takers(2)
    admin = add_staff("admin", "boss")
    with frozen(MONDAY_10_MUSCAT):
        leads = [demo_lead() for _ in range(10)]
        lead_work.lead_update(leads[0], admin, status="contacted", owner_id=owner_of(leads[0]))
        lead_work.note_add(leads[1], admin, "Left a voicemail")
        lead_work.call_log(leads[2], admin)
    waiting, touched = leads[3:], leads[:3]
    fire_in_two_processes(database_url, MONDAY_10_MUSCAT + timedelta(hours=2))  # past 1 working hour
    for lead_id in waiting:
        [reminder] = reminders_of(lead_id)
        assert reminder.recipient in {user.email for user in _staff(owner_of(lead_id))}
        assert {stage: timer.status for stage, timer in timers_of(lead_id).items()} == {
            "reminder": "fired",
            "escalation": "waiting",
        }
    for lead_id in touched:
        assert reminders_of(lead_id) == []
        assert {timer.status for timer in timers_of(lead_id).values()} == {"stopped"}
    fire_in_two_processes(database_url, MONDAY_10_MUSCAT + timedelta(hours=5))  # past 4: the admins are told
    fire_in_two_processes(database_url, MONDAY_10_MUSCAT + timedelta(hours=5))  # and nothing fires twice
    admins = _admin_emails()
    for lead_id in waiting:
        assert len(reminders_of(lead_id)) == 1
        escalations = [mail.recipient for mail in mails_of(lead_id, "escalation")]
        assert sorted(escalations) == admins and admin.email in escalations
        assert "Reassign it in one click" in mails_of(lead_id, "escalation")[0].text_body
    for lead_id in touched:
        assert mails_of(lead_id, "escalation") == []


def test_a_lead_nobody_owns_reminds_the_shared_address():
    with frozen(MONDAY_10_MUSCAT):
        lead_id = demo_lead()
    with frozen(MONDAY_10_MUSCAT + timedelta(hours=2)):
        while reminders.fire_due():
            pass
    [reminder] = reminders_of(lead_id)
    assert reminder.recipient == "sales@localhost" and "still new" in reminder.text_body


def test_an_escalation_hands_the_lead_to_the_next_in_the_rotation_when_the_rules_say_so():
    first, second = takers(2)
    with db.session() as db_session:
        db_session.add(RoutingRules(team="sales", response_minutes=60, escalation_minutes=120, auto_reassign=True))
        db_session.commit()
    with frozen(MONDAY_10_MUSCAT):
        lead_id = demo_lead()
    owner = owner_of(lead_id)
    other = first if owner == second.id else second
    with frozen(MONDAY_10_MUSCAT + timedelta(hours=3)):
        while reminders.fire_due():
            pass
    assert owner_of(lead_id) == other.id
    assert ("owner", f"{owner} -> {other.id} (escalated: next in the rotation)") in audit_of(lead_id)
    assert other.email in [mail.recipient for mail in mails_of(lead_id, "owner")]
    assert (
        f"The rules gave it to the next in the rotation: {other.email}" in mails_of(lead_id, "escalation")[0].text_body
    )


def test_a_new_owner_gets_the_whole_response_time_from_the_reassignment():
    first, second = takers(2)
    admin = add_staff("admin", "boss")
    with frozen(MONDAY_10_MUSCAT):
        lead_id = demo_lead()
    with frozen(MONDAY_10_MUSCAT + timedelta(minutes=50)):
        other = first if owner_of(lead_id) == second.id else second
        lead_work.lead_update(lead_id, admin, status="new", owner_id=other.id)
    reminder = timers_of(lead_id)["reminder"]
    assert reminder.owner_id == other.id
    assert as_utc(reminder.due_at) == MONDAY_10_MUSCAT + timedelta(minutes=110)
    assert other.email in [mail.recipient for mail in mails_of(lead_id, "owner")]


def _staff(staff_id: int) -> list[StaffUser]:
    with db.session() as db_session:
        return list(db_session.execute(select(StaffUser).where(StaffUser.id == staff_id)).scalars())


def _admin_emails() -> list[str]:
    with db.session() as db_session:
        return sorted(db_session.execute(select(StaffUser.email).where(StaffUser.role == "admin")).scalars())


def test_a_released_lead_starts_its_clock_afresh_even_if_it_had_one():
    [owner] = takers(1)
    admin = add_staff("admin", "boss")
    lead_id = demo_lead()
    with db.session() as db_session:  # put back into quarantine by hand, timers and all
        db_session.get(Lead, lead_id).quarantined = True
        db_session.commit()
    with frozen(MONDAY_10_MUSCAT):
        lead_work.quarantine_release(lead_id, admin)
    assert {stage: as_utc(timer.due_at) for stage, timer in timers_of(lead_id).items()} == {
        "reminder": MONDAY_10_MUSCAT + timedelta(hours=1),
        "escalation": MONDAY_10_MUSCAT + timedelta(hours=4),
    }
    assert owner_of(lead_id) == owner.id
