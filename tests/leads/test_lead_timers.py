"""Nobody's lead waits unseen: each lead's reminder and escalation are timers in the database, due after
working time (the company's calendar, or a demo host's own), fired exactly once across sender processes
(the clock is frozen, nobody sleeps for an hour), and stopped when someone works the lead."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from database_limits import sender_env
from leads.lead_payloads import CAREERS
from leads.takers import (  # noqa: F401  (nobody_takes_leads: autouse)
    API,
    add_staff,
    audit_of,
    demo_lead,
    host_in_karachi,
    mails_of,
    nobody_takes_leads,
    owner_of,
    person,
    takers,
    timers_of,
)
from sqlalchemy import select, update

from marketing_site.admin.accounts import accounts
from marketing_site.admin.work import lead_work
from marketing_site.core import db
from marketing_site.core.clock import as_utc, frozen
from marketing_site.leads.models import Lead
from marketing_site.leads.owners import reminders, timers
from marketing_site.leads.owners.routing_models import RoutingRules
from marketing_site.leads.service import application_submit
from marketing_site.mail.models import OutboxMail
from marketing_site.staff.models import StaffUser

ROOT = Path(__file__).resolve().parents[2]
MONDAY_10_MUSCAT = datetime(2027, 3, 1, 6, 0, tzinfo=UTC)
FRIDAY_1630_KARACHI = datetime(2027, 3, 5, 11, 30, tzinfo=UTC)
DEMO_SUBJECT = "Amina Khan (Greenfield School)"  # the name and school of every demo_lead()
FIRE_IN_PROCESS = """
import sys
from datetime import datetime
from marketing_site.booking import calendar
from marketing_site.core import db
from marketing_site.core.clock import frozen
from marketing_site.leads.owners import reminders
db.configure_engine(sys.argv[1])
calendar.install()
with frozen(datetime.fromisoformat(sys.argv[2])):  # the sender's clock, handed in: nobody waits an hour
    while reminders.fire_due(limit=2):
        pass
"""


def fire_in_two_processes(database_url: str, at: datetime) -> None:
    env = sender_env()
    senders = [
        subprocess.Popen([sys.executable, "-c", FIRE_IN_PROCESS, database_url, at.isoformat()], cwd=ROOT, env=env)
        for _ in range(2)
    ]
    assert [sender.wait(timeout=120) for sender in senders] == [0, 0]


def reminders_of(lead_id: int) -> list[OutboxMail]:
    return [mail for mail in mails_of(lead_id, "owner") if mail.subject.startswith("Still waiting")]


def mails_to(lead_id: int) -> dict[str, list[tuple[str, str]]]:
    """Each recipient's mails about the lead, as (audience, subject), in the order they were queued."""
    received: dict[str, list[tuple[str, str]]] = {}
    for mail in mails_of(lead_id):
        received.setdefault(mail.recipient, []).append((mail.audience, mail.subject))
    return received


def fire_at(moment: datetime) -> int:
    """The background loop's passes at ``moment`` until nothing is due; how many timers they took."""
    fired = 0
    with frozen(moment):
        while passed := reminders.fire_due():
            fired += passed
    return fired


def timer_states(lead_id: int) -> dict[str, tuple[str, int | None, datetime, datetime | None]]:
    """Each stored timer of the lead: (status, owner, due, fired)."""
    return {
        stage: (timer.status, timer.owner_id, as_utc(timer.due_at), timer.fired_at and as_utc(timer.fired_at))
        for stage, timer in timers_of(lead_id).items()
    }


@pytest.fixture
def no_other_admins() -> Iterator[None]:
    """The admins of earlier tests are disabled while the test runs (and enabled again after it), so that
    the test knows every admin an escalation may go to."""
    with db.session() as db_session:
        set_aside = list(
            db_session.execute(
                update(StaffUser)
                .where(StaffUser.role == "admin", StaffUser.active.is_(True))
                .values(active=False)
                .returning(StaffUser.id)
            ).scalars()
        )
        db_session.commit()
    yield
    with db.session() as db_session:
        db_session.execute(update(StaffUser).where(StaffUser.id.in_(set_aside)).values(active=True))
        db_session.commit()


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
    """Friday afternoon in Karachi is working time for the host (not for the company in Oman), and their
    reminder tells the time in their own zone."""
    [host] = takers(1)
    with host_in_karachi(host, weekdays=range(5)):
        with frozen(FRIDAY_1630_KARACHI):
            lead_id = demo_lead()
        due = {stage: as_utc(timer.due_at) for stage, timer in timers_of(lead_id).items()}
        assert due["reminder"] == datetime(2027, 3, 8, 4, 30, tzinfo=UTC)  # Monday 09:30 in Karachi
        assert due["escalation"] == datetime(2027, 3, 8, 7, 30, tzinfo=UTC)  # Monday 12:30
        assert fire_at(due["reminder"]) == 1
    [reminder] = reminders_of(lead_id)
    assert reminder.recipient == host.email
    assert "waiting since Fri 05 Mar 16:30 (Asia/Karachi)" in reminder.text_body


def test_a_demo_host_who_takes_a_lead_over_gets_the_response_time_of_their_own_hours():
    """The re-aimed timers count the new owner's working week, not the company's."""
    takers(1)
    host = add_staff("sales", "host")
    admin = add_staff("admin", "boss")
    with host_in_karachi(host, weekdays=range(5)):
        with frozen(FRIDAY_1630_KARACHI):
            lead_id = demo_lead()
            lead_work.lead_update(lead_id, admin, status="new", owner_id=host.id)
        assert {stage: (timer.owner_id, as_utc(timer.due_at)) for stage, timer in timers_of(lead_id).items()} == {
            "reminder": (host.id, datetime(2027, 3, 8, 4, 30, tzinfo=UTC)),  # Monday 09:30 in Karachi
            "escalation": (host.id, datetime(2027, 3, 8, 7, 30, tzinfo=UTC)),
        }


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
    [notice] = [mail for mail in mails_of(lead_id, "owner") if mail.recipient == other.email]
    assert "Please answer by Mon 01 Mar 11:50 (Asia/Muscat)." in notice.text_body


def _staff(staff_id: int) -> list[StaffUser]:
    with db.session() as db_session:
        return list(db_session.execute(select(StaffUser).where(StaffUser.id == staff_id)).scalars())


def _admin_emails() -> list[str]:
    """Every active admin (a disabled one is told nothing)."""
    with db.session() as db_session:
        query = select(StaffUser.email).where(StaffUser.role == "admin", StaffUser.active.is_(True))
        return sorted(db_session.execute(query).scalars())


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


def test_the_owner_is_reminded_then_every_active_admin_is_told_in_the_order_they_joined(no_other_admins):
    """Who gets what, in process: the owner their notice and one reminder (an hour of working time), each
    active admin one escalation (four hours) naming the owner; a disabled admin nothing; nothing fires twice."""
    first_admin, second_admin, gone_admin = (add_staff("admin", "boss") for _ in range(3))
    accounts.active_set(second_admin, gone_admin.id, False)
    accounts.active_set(second_admin, first_admin.id, False)  # away, and back: still mailed, still first
    accounts.active_set(second_admin, first_admin.id, True)
    [owner] = takers(1)
    with frozen(MONDAY_10_MUSCAT):
        lead_id = demo_lead()
    [notice] = mails_to(lead_id)[owner.email]
    assert fire_at(MONDAY_10_MUSCAT + timedelta(minutes=59)) == 0
    assert fire_at(MONDAY_10_MUSCAT + timedelta(hours=1)) == 1
    assert mails_to(lead_id)[owner.email] == [notice, ("owner", f"Still waiting: {DEMO_SUBJECT}")]
    assert "still new: Amina Khan, waiting since Mon 01 Mar 10:00 (Asia/Muscat)" in reminders_of(lead_id)[0].text_body
    assert fire_at(MONDAY_10_MUSCAT + timedelta(hours=4)) == 1
    assert fire_at(MONDAY_10_MUSCAT + timedelta(hours=9)) == 0
    received = mails_to(lead_id)
    assert received[owner.email] == [notice, ("owner", f"Still waiting: {DEMO_SUBJECT}")]
    assert [mail.recipient for mail in mails_of(lead_id, "escalation")] == [first_admin.email, second_admin.email]
    for admin in (first_admin, second_admin):
        assert received[admin.email] == [("escalation", f"Late lead: {DEMO_SUBJECT}")]
    assert gone_admin.email not in received
    [escalation, _] = mails_of(lead_id, "escalation")
    assert f"new since Mon 01 Mar 10:00 (Asia/Muscat).\nOwner: {owner.email}.\nReassign it in one click" in (
        escalation.text_body
    )
    assert timer_states(lead_id) == {
        "reminder": ("fired", owner.id, MONDAY_10_MUSCAT + timedelta(hours=1), MONDAY_10_MUSCAT + timedelta(hours=1)),
        "escalation": ("fired", owner.id, MONDAY_10_MUSCAT + timedelta(hours=4), MONDAY_10_MUSCAT + timedelta(hours=4)),
    }


def test_a_disabled_owners_reminder_goes_to_the_shared_address_and_the_escalation_says_nobody_owns_it():
    """A disabled account reads no mail: the team's shared address is reminded instead."""
    boss = add_staff("admin", "boss")
    [owner] = takers(1)
    with frozen(MONDAY_10_MUSCAT):
        lead_id = demo_lead()
    accounts.active_set(boss, owner.id, False)
    assert fire_at(MONDAY_10_MUSCAT + timedelta(hours=4)) == 2
    [reminder] = reminders_of(lead_id)
    assert (reminder.recipient, reminder.subject) == ("sales@localhost", f"Still waiting: {DEMO_SUBJECT}")
    assert [subject for _, subject in mails_to(lead_id)[owner.email]] == [f"New demo request (yours): {DEMO_SUBJECT}"]
    assert "Owner: nobody." in mails_of(lead_id, "escalation")[0].text_body


def test_an_application_nobody_owns_reminds_hr_and_escalates_to_hr_when_no_admin_is_active(no_other_admins):
    """HR's shared address stands in for the owner and, with every admin disabled, for the admins too."""
    with frozen(MONDAY_10_MUSCAT):
        lead_id = application_submit({**CAREERS, "email": person()["email"], "mobile": person()["phone"]}, None, API)
    assert fire_at(MONDAY_10_MUSCAT + timedelta(days=30)) == 2
    assert [mail for mail in mails_to(lead_id)["hr@localhost"] if mail[0] in ("owner", "escalation")] == [
        ("owner", "Still waiting: Sara Iqbal"),
        ("escalation", "Late lead: Sara Iqbal"),
    ]
    assert "Owner: nobody." in mails_of(lead_id, "escalation")[0].text_body


def test_a_lead_no_longer_new_or_back_in_quarantine_gets_no_reminder_and_its_timers_stop():
    """Working a lead stops its timers; should one still come due for a lead that left "new" or went back
    into quarantine, it is stopped (not fired) and nobody is mailed."""
    takers(1)
    with frozen(MONDAY_10_MUSCAT):
        contacted, quarantined = demo_lead(), demo_lead()
    with db.session() as db_session:  # by hand, timers left running
        db_session.get(Lead, contacted).status = "contacted"
        db_session.get(Lead, quarantined).quarantined = True
        db_session.commit()
    before = {lead_id: mails_of(lead_id) for lead_id in (contacted, quarantined)}
    assert fire_at(MONDAY_10_MUSCAT + timedelta(hours=5)) == 4
    for lead_id in (contacted, quarantined):
        assert [mail.id for mail in mails_of(lead_id)] == [mail.id for mail in before[lead_id]]
        assert {stage: (status, fired) for stage, (status, _, _, fired) in timer_states(lead_id).items()} == {
            "reminder": ("stopped", None),
            "escalation": ("stopped", None),
        }


def test_one_pass_fires_at_most_its_limit_oldest_due_first_and_says_how_many():
    """A pass is bounded (``limit``) and returns how many timers it took, so the loop knows to come back;
    the lead that has waited longest goes first, whatever order the leads were stored in."""
    with frozen(MONDAY_10_MUSCAT):
        leads = [demo_lead() for _ in range(4)]
    with frozen(MONDAY_10_MUSCAT - timedelta(minutes=30)):
        earliest = demo_lead()  # stored last, due first
    with frozen(MONDAY_10_MUSCAT + timedelta(minutes=30) - timedelta(seconds=1)):
        assert reminders.fire_due() == 0
    with frozen(MONDAY_10_MUSCAT + timedelta(hours=1)):
        assert reminders.fire_due(limit=3) == 3
        fired = [lead_id for lead_id in [*leads, earliest] if timers_of(lead_id)["reminder"].status == "fired"]
        assert fired == [leads[0], leads[1], earliest]
        assert reminders.fire_due(limit=3) == 2
        assert reminders.fire_due(limit=3) == 0
    for lead_id in [*leads, earliest]:
        assert len(reminders_of(lead_id)) == 1
        assert {stage: timer.status for stage, timer in timers_of(lead_id).items()} == {
            "reminder": "fired",
            "escalation": "waiting",
        }


def test_a_claim_takes_the_due_timers_up_to_its_limit_and_counts_only_once_committed():
    """``claim_due`` marks timers fired in the caller's transaction: a sender that dies before its COMMIT
    has fired nothing, and one that commits gets them back in id order with the moment they fired."""
    [owner] = takers(1)
    with frozen(MONDAY_10_MUSCAT):
        leads = [demo_lead() for _ in range(3)]
    now = MONDAY_10_MUSCAT + timedelta(hours=2)
    with db.write_session() as db_session:
        assert len(timers.claim_due(db_session, now, 2)) == 2  # and no COMMIT
    assert {timer.status for lead_id in leads for timer in timers_of(lead_id).values()} == {"waiting"}
    with db.write_session() as db_session:
        claimed = timers.claim_due(db_session, now, 2)
        db_session.commit()
    assert [(timer.lead_id, timer.stage, timer.owner_id) for timer in claimed] == [
        (leads[0], "reminder", owner.id),
        (leads[1], "reminder", owner.id),
    ]
    assert [timer_states(lead_id)["reminder"] for lead_id in leads] == [
        ("fired", owner.id, MONDAY_10_MUSCAT + timedelta(hours=1), now),
        ("fired", owner.id, MONDAY_10_MUSCAT + timedelta(hours=1), now),
        ("waiting", owner.id, MONDAY_10_MUSCAT + timedelta(hours=1), None),
    ]


def test_a_new_owner_after_the_reminder_fired_is_given_no_answer_by_and_the_fired_reminder_stays_as_it_was():
    """One reminder per lead, ever: the new owner gets the escalation's clock from now, no answer-by time;
    the lead's fired reminder and other leads' timers are left alone."""
    [first] = takers(1)
    second = add_staff("sales")
    admin = add_staff("admin", "boss")
    with frozen(MONDAY_10_MUSCAT):
        lead_id = demo_lead()
    with frozen(MONDAY_10_MUSCAT + timedelta(minutes=30)):
        other_lead = demo_lead()
    assert fire_at(MONDAY_10_MUSCAT + timedelta(hours=1)) == 1
    with frozen(MONDAY_10_MUSCAT + timedelta(minutes=70)):
        lead_work.lead_update(lead_id, admin, status="new", owner_id=second.id)
    hour = MONDAY_10_MUSCAT + timedelta(hours=1)
    assert timer_states(lead_id) == {
        "reminder": ("fired", first.id, hour, hour),
        "escalation": ("waiting", second.id, MONDAY_10_MUSCAT + timedelta(minutes=70 + 240), None),
    }
    assert timer_states(other_lead) == {
        "reminder": ("waiting", first.id, MONDAY_10_MUSCAT + timedelta(minutes=90), None),
        "escalation": ("waiting", first.id, MONDAY_10_MUSCAT + timedelta(minutes=270), None),
    }
    [notice] = [mail for mail in mails_of(lead_id, "owner") if mail.recipient == second.email]
    assert notice.subject == f"New demo request (yours): {DEMO_SUBJECT}"
    assert "answer by" not in notice.text_body
