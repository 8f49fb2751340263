"""The mails of speed to lead that staff read, queued or fired in this process: the owner's notice of a new
lead, their reminder of one still new and the admins' escalation of a late one (each word, the call, write
and open links, the visitor's typed name escaped in the HTML), the mail sender woken at once, and a
reassignment withdrawing only the previous owner's notice that has not left."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from leads.takers import (  # noqa: F401  (nobody_takes_leads: autouse)
    add_staff,
    demo_lead,
    mails_of,
    nobody_takes_leads,
    owner_of,
    person,
    takers,
)
from sqlalchemy import select, update

from marketing_site.admin.work import lead_work
from marketing_site.core import db, wakeup
from marketing_site.core.clock import frozen
from marketing_site.leads.owners import reminders
from marketing_site.mail.models import OutboxMail
from marketing_site.staff.models import StaffUser

MONDAY_10_MUSCAT = datetime(2027, 3, 1, 6, 0, tzinfo=UTC)  # a working Monday in Oman (company calendar)
LINK = "http://localhost:8000/admin/leads/"


def fire_timers_at(moment: datetime) -> None:
    with frozen(moment):
        while reminders.fire_due():
            pass


def waiting_lead(**who: str) -> tuple[int, dict[str, str]]:
    """A demo lead from a visitor who typed markup into their first name, stored Monday 10:00 in Muscat."""
    visitor = {**person(), **who}
    with frozen(MONDAY_10_MUSCAT):
        return demo_lead(**visitor, firstName="<b>Amina</b>"), visitor


def tel(visitor: dict[str, str]) -> str:
    return "tel:" + visitor["phone"].replace(" ", "")


def mailto(visitor: dict[str, str]) -> str:
    return f"mailto:{visitor['email']}?subject=Your%20demo%20request"


def test_the_owners_notice_of_a_new_lead_word_for_word_with_its_modules_and_links():
    [owner] = takers(1)
    lead_id, visitor = waiting_lead()
    [notice] = mails_of(lead_id, "owner")
    assert (notice.recipient, notice.subject) == (
        owner.email,
        "New demo request (yours): <b>Amina</b> Khan (Greenfield School)",
    )
    assert notice.text_body == (
        "A new demo request is yours: <b>Amina</b> Khan.\n"
        "Please answer by Mon 01 Mar 11:00 (Asia/Muscat).\n"
        "\n"
        f"Call: {tel(visitor)}\n"
        f"Write: {mailto(visitor)}\n"
        "\n"
        "Name: <b>Amina</b> Khan\n"
        f"Email: {visitor['email']}\n"
        f"Phone: {visitor['phone']}\n"
        "School: Greenfield School\n"
        "Type of school: Multi-branch\n"
        "Job title: Principal\n"
        "Country: Pakistan\n"
        "Modules: Student Smart, HR Smart, Academic Smart\n"
        "\n"
        f"Open it in the inbox: {LINK}{lead_id}\n"
    )
    assert "is yours: <bdi>&lt;b&gt;Amina&lt;/b&gt; Khan</bdi>. Please answer by" in notice.html_body
    assert "<b>Amina" not in notice.html_body


def test_the_owners_reminder_names_the_waiting_visitor_since_when_with_call_write_and_open_links():
    [owner] = takers(1)
    lead_id, visitor = waiting_lead()
    fire_timers_at(MONDAY_10_MUSCAT + timedelta(hours=2))  # past the hour to answer
    notice, reminder = mails_of(lead_id, "owner")
    assert (notice.recipient, reminder.recipient) == (owner.email, owner.email)
    assert reminder.subject == "Still waiting: <b>Amina</b> Khan (Greenfield School)"
    assert reminder.text_body == (
        "This demo request is still new: <b>Amina</b> Khan, waiting since Mon 01 Mar 10:00 (Asia/Muscat).\n"
        "\n"
        f"Call: {tel(visitor)}\n"
        f"Write: {mailto(visitor)}\n"
        "\n"
        f"Open it, and set its status or add a note once you have answered: {LINK}{lead_id}\n"
    )
    html = reminder.html_body
    assert "still new: <bdi>&lt;b&gt;Amina&lt;/b&gt; Khan</bdi>, waiting since Mon 01 Mar 10:00 (Asia/Muscat)" in html
    assert "<b>Amina" not in html
    assert f'href="{tel(visitor)}"' in html and f'href="{mailto(visitor)}"' in html
    assert f'<a href="{LINK}{lead_id}">Open it</a>' in html


def test_the_admins_escalation_names_the_owner_and_offers_the_one_click_reassignment():
    [owner] = takers(1)
    admin = add_staff("admin", "boss")
    lead_id, _ = waiting_lead()
    fire_timers_at(MONDAY_10_MUSCAT + timedelta(hours=5))  # past the four hours of the second limit
    escalations = mails_of(lead_id, "escalation")
    assert sorted(mail.recipient for mail in escalations) == _active_admins() and admin.email in _active_admins()
    [mail] = [mail for mail in escalations if mail.recipient == admin.email]
    assert mail.subject == "Late lead: <b>Amina</b> Khan (Greenfield School)"
    assert mail.text_body == (
        "A demo request has waited past its limit: <b>Amina</b> Khan, new since Mon 01 Mar 10:00 (Asia/Muscat).\n"
        f"Owner: {owner.email}.\n"
        f"Reassign it in one click on its page: {LINK}{lead_id}\n"
    )
    html = mail.html_body
    assert "its limit: <bdi>&lt;b&gt;Amina&lt;/b&gt; Khan</bdi>, new since Mon 01 Mar 10:00 (Asia/Muscat)" in html
    assert "<b>Amina" not in html
    assert f"<p>Owner: {owner.email}.</p>" in html
    assert f'<a href="{LINK}{lead_id}">Reassign it in one click</a>' in html


def test_the_escalation_of_a_lead_nobody_owns_says_its_owner_is_nobody():
    """Nobody takes the team's leads: the admins read "Owner: nobody", not an empty name."""
    add_staff("admin", "boss")
    lead_id, _ = waiting_lead()
    fire_timers_at(MONDAY_10_MUSCAT + timedelta(hours=5))
    [first, *_] = mails_of(lead_id, "escalation")
    assert "\nOwner: nobody.\nReassign it in one click on its page:" in first.text_body
    assert "<p>Owner: nobody.</p>" in first.html_body


def test_a_reassignment_withdraws_only_this_leads_unsent_notice_and_not_one_already_tried():
    """The previous owner's notice that has not left never goes; another lead's stays, and so does a notice
    the sender already tried once (it may have reached them: its retry is left alone)."""
    first, second = takers(2)
    admin = add_staff("admin", "boss")
    reassigned, untouched, tried = demo_lead(), demo_lead(), demo_lead()
    [tried_notice] = mails_of(tried, "owner")
    with db.session() as db_session:  # as the sender leaves a notice whose first attempt failed: queued, tried once
        db_session.execute(update(OutboxMail).where(OutboxMail.id == tried_notice.id).values(attempts=1))
        db_session.commit()
    for lead_id in (reassigned, tried):
        other = first if owner_of(lead_id) == second.id else second
        lead_work.lead_update(lead_id, admin, status="new", owner_id=other.id)
    assert [mail.status for mail in mails_of(reassigned, "owner")] == ["withdrawn", "queued"]
    assert [mail.status for mail in mails_of(untouched, "owner")] == ["queued"]
    assert [mail.status for mail in mails_of(tried, "owner")] == ["queued", "queued"]


def test_a_worked_lead_handed_to_someone_else_tells_them_without_an_answer_by_time():
    """Its timers stopped when it was contacted: the new owner's notice sets no time to answer by."""
    first, second = takers(2)
    admin = add_staff("admin", "boss")
    lead_id = demo_lead()
    lead_work.lead_update(lead_id, admin, status="contacted", owner_id=owner_of(lead_id))
    other = first if owner_of(lead_id) == second.id else second
    lead_work.lead_update(lead_id, admin, status="contacted", owner_id=other.id)
    notice = mails_of(lead_id, "owner")[-1]
    assert notice.recipient == other.email
    assert notice.text_body.startswith("A new demo request is yours: Amina Khan.\n\nCall: tel:")
    assert "answer by" not in notice.html_body


def test_a_fired_reminder_wakes_the_mail_sender_at_once_rather_than_at_its_next_poll():
    takers(1)
    waiting_lead()

    async def seconds_until_woken() -> float:
        with wakeup.Listener() as listener:  # as the sender's loop waits between polls
            await asyncio.to_thread(fire_timers_at, MONDAY_10_MUSCAT + timedelta(hours=2))
            started = time.monotonic()
            await listener.wait(timeout=10)
            return time.monotonic() - started

    assert asyncio.run(seconds_until_woken()) < 5


# The single-port server's backend (another process, BACKGROUND_WAKEUP_SOCKET set): stores one demo lead.
STORE_A_LEAD = """
from leads.takers import demo_lead
demo_lead()
"""


def test_a_lead_stored_by_the_backend_wakes_the_background_process_listening_on_its_socket(database_url, tmp_path):
    """The single-port server's loops run apart (`make serve`): the backend's commit wakes them through the socket,
    not their 2-second poll, so the owner's mail leaves as soon as it did from inside the worker."""
    socket_path = str(tmp_path / "background.wake")
    tests = Path(__file__).parents[1]
    backend_env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "BACKGROUND_WAKEUP_SOCKET": socket_path,
        "PYTHONPATH": os.pathsep.join([str(tests), str(tests.parent)]),  # leads.takers, marketing_site
    }

    async def woken() -> bool:
        with wakeup.from_other_processes(socket_path), wakeup.Listener() as listener:
            backend = await asyncio.create_subprocess_exec(
                sys.executable, "-c", STORE_A_LEAD, env=backend_env, cwd=tests.parent
            )
            assert await backend.wait() == 0
            return await listener.wait(timeout=60)  # True: nudged (by now, or meanwhile); False: 60 s passed

    assert asyncio.run(woken())


def _active_admins() -> list[str]:
    with db.session() as db_session:
        return sorted(
            db_session.execute(select(StaffUser.email).where(StaffUser.role == "admin", StaffUser.active)).scalars()
        )
