"""An owner for every lead, in the lead's own transaction (SQLite, or PostgreSQL with TEST_DATABASE_URL): the
rotation under concurrent submissions and its order, returning people, paused, deactivated and off-duty takers,
nobody taking leads, the owner's own mail over a real SMTP server; staff handing a lead on (the activity's
words, who is told) and releasing one from quarantine."""

from __future__ import annotations

import asyncio
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
from leads.lead_payloads import CAREERS, MODULES, VALID
from leads.takers import (
    API,
    add_staff,
    add_taker,
    audit_of,
    clear_routing,
    demo_lead,
    host_in_karachi,
    mails_of,
    nobody_takes_leads,  # noqa: F401  (autouse)
    owner_of,
    person,
    set_paused,
    takers,
    timers_of,
)
from mail.conftest import smtp_port, smtp_server  # noqa: F401  (the real SMTP server fixtures)
from sqlalchemy import select

from marketing_site.admin.work import lead_work
from marketing_site.admin.work.lead_work import WorkRefused
from marketing_site.core import db
from marketing_site.core.clock import frozen, timestamp
from marketing_site.leads import mails as lead_mails
from marketing_site.leads.service import LeadKind, SubmissionContext, application_submit, lead_submit
from marketing_site.mail import sender
from marketing_site.staff.models import AuditEntry, StaffUser

MONDAY_10_MUSCAT = datetime(2027, 3, 1, 6, 0, tzinfo=UTC)  # a working Monday in Oman (company calendar)


def test_twenty_concurrent_leads_go_round_the_three_salespeople_none_twice_none_lost_the_paused_one_skipped():
    working = takers(3)
    paused = add_taker(add_staff("sales"), paused=True)

    with ThreadPoolExecutor(max_workers=20) as pool:  # the tests' roomy database limits (tests/conftest.py)
        leads = list(pool.map(lambda _: demo_lead(), range(20)))
    assert len(set(leads)) == 20  # none lost
    owners = [owner_of(lead_id) for lead_id in leads]
    assert sorted(Counter(owners).values()) == [6, 7, 7]  # turns taken one after another: an even spread
    assert set(owners) == {user.id for user in working} and paused.id not in owners
    for lead_id, owner in zip(leads, owners, strict=True):
        assert [entry for entry in audit_of(lead_id) if entry[0] == "assign"] == [("assign", f"{owner} (round-robin)")]
        by_id = {user.id: user.email for user in working}
        assert [mail.recipient for mail in mails_of(lead_id, "owner")] == [by_id[owner]]  # one owner, one mail


def test_weights_share_the_leads_and_a_taker_back_from_a_pause_is_not_owed_a_run_of_them():
    heavy, light = add_taker(add_staff(), weight=2), add_taker(add_staff())
    owners = [owner_of(demo_lead()) for _ in range(6)]
    assert Counter(owners) == {heavy.id: 4, light.id: 2}
    set_paused(light, True)
    assert {owner_of(demo_lead()) for _ in range(4)} == {heavy.id}
    set_paused(light, False)
    owners = [owner_of(demo_lead()) for _ in range(3)]
    assert owners.count(light.id) == 1  # its share from now on, not the four it missed


def test_a_returning_person_keeps_the_owner_of_their_latest_lead_by_email_or_phone():
    first, second = takers(2)
    visitor = person()
    lead_id = demo_lead(**visitor)
    owner = owner_of(lead_id)
    other = demo_lead()  # the rotation moves on
    assert owner_of(other) != owner
    by_email = demo_lead(email=visitor["email"], phone=person()["phone"])
    by_phone = lead_submit(
        LeadKind.PRODUCT_VIDEO,
        {**VALID["ProductVideo"], "email": person()["email"], "contactNo": visitor["phone"]},
        API,
    )
    assert owner_of(by_email) == owner_of(by_phone) == owner
    assert ("assign", f"{owner} (returning person)") in audit_of(by_phone)
    assert {first.id, second.id} == {owner, owner_of(other)}


def test_a_returning_person_whose_owner_paused_or_no_longer_takes_leads_goes_round_the_rotation():
    first, second = takers(2)
    visitor = person()
    owner = owner_of(demo_lead(**visitor))
    set_paused(first if owner == first.id else second, True)
    again = demo_lead(**visitor)
    assert owner_of(again) == ({first.id, second.id} - {owner}).pop()
    assert ("assign", f"{owner_of(again)} (round-robin)") in audit_of(again)


def test_an_application_goes_to_hr_and_a_demo_lead_to_sales():
    seller = takers(1, "sales")[0]
    recruiter = takers(1, "hr")[0]
    application = application_submit({**CAREERS, "email": person()["email"], "mobile": person()["phone"]}, None, API)
    assert owner_of(application) == recruiter.id
    assert owner_of(demo_lead()) == seller.id


def test_a_persons_job_application_does_not_make_them_a_returning_person_for_sales():
    """Only the team's own leads count: the recruiter who had the application, though they take sales leads
    too, gets the demo request by the rotation's turn, not as the person's owner."""
    both = add_taker(add_taker(add_staff("admin", "both"), "hr"), "sales")
    visitor = person()
    application = application_submit({**CAREERS, "email": visitor["email"], "mobile": visitor["phone"]}, None, API)
    assert owner_of(application) == both.id
    lead_id = demo_lead(**visitor)
    assert ("assign", f"{both.id} (round-robin)") in audit_of(lead_id)


def test_someone_on_a_day_off_today_in_their_own_zone_is_skipped():
    on_leave, at_work = takers(2)
    with host_in_karachi(on_leave, day_off=MONDAY_10_MUSCAT.date()), frozen(MONDAY_10_MUSCAT):
        owners = {owner_of(demo_lead()) for _ in range(3)}
    assert owners == {at_work.id}


def test_when_nobody_takes_the_leads_the_lead_stays_unassigned_and_the_shared_address_is_told_so():
    lead_id = demo_lead()
    assert owner_of(lead_id) is None
    [shared] = mails_of(lead_id, "staff")
    assert shared.recipient == "sales@localhost"
    assert "Nobody takes these leads, so it has no owner" in shared.text_body
    assert mails_of(lead_id, "owner") == [] and audit_of(lead_id) == []
    assert {timer.owner_id for timer in timers_of(lead_id).values()} == {
        None
    }  # the reminder goes to the shared address


def test_a_quarantined_lead_gets_no_owner_until_it_is_released():
    takers(1)
    lead_id = quarantined_lead()
    assert owner_of(lead_id) is None and timers_of(lead_id) == {} and mails_of(lead_id, "owner") == []


def test_the_owner_is_mailed_at_their_own_address_with_one_tap_call_and_mail_links(smtp_server):
    inbox = smtp_server()
    [owner] = takers(1)
    visitor = person()
    with frozen(MONDAY_10_MUSCAT):
        lead_id = demo_lead(**visitor, firstName="<b>Amina</b>")
        asyncio.run(drain())
    [mail] = inbox.to(owner.email)
    assert mail["Subject"] == "New demo request (yours): <b>Amina</b> Khan (Greenfield School)"
    text, html = mail.get_body(("plain",)).get_content(), mail.get_body(("html",)).get_content()
    phone = "+92300" + visitor["phone"][-7:]
    assert f"Call: tel:{phone}" in text and f'href="tel:{phone}"' in html
    assert f"Write: mailto:{visitor['email']}?subject=Your%20demo%20request" in text
    assert "Please answer by Mon 01 Mar 11:00 (Asia/Muscat)" in text  # 1 working hour, the company's calendar
    assert "&lt;b&gt;Amina&lt;/b&gt;" in html and "<b>Amina" not in html
    assert f"http://localhost:8000/admin/leads/{lead_id}" in text
    [copy] = mails_of(lead_id, "staff")  # the shared copy stays (LEAD_SHARED_COPY)
    [shared] = [mail for mail in inbox.to("sales@localhost") if mail["Message-ID"] == copy.message_id]
    assert f"Its owner is {owner.email}." in shared.get_body(("plain",)).get_content()


def test_without_the_shared_copy_only_the_owner_hears_of_the_lead(monkeypatch):
    monkeypatch.setattr(lead_mails, "settings", lead_mails.settings.model_copy(update={"lead_shared_copy": False}))
    takers(1)
    lead_id = demo_lead()
    assert [mail.audience for mail in mails_of(lead_id)] == ["visitor", "owner"]


async def drain() -> None:
    while await sender.deliver_due():
        pass


def test_staff_giving_an_unowned_lead_to_someone_then_to_nobody_is_audited_in_their_name_and_only_the_owner_hears():
    """The owner's notice of a reassignment: their answer-by time in their own zone, the lead's own modules.
    Taken back to nobody: that notice, not yet gone, is withdrawn and the reminder goes to the shared address."""
    admin = add_staff("admin", "boss")
    with frozen(MONDAY_10_MUSCAT):
        lead_id = demo_lead()  # nobody takes the leads yet: unowned
        demo_lead(**dict.fromkeys(MODULES, "Yes"))  # another lead, with other modules
    host = add_staff("sales", "host")
    with host_in_karachi(host), frozen(MONDAY_10_MUSCAT):
        lead_work.lead_update(lead_id, admin, status="new", owner_id=host.id)
    assert owner_of(lead_id) == host.id and timers_of(lead_id)["reminder"].owner_id == host.id
    assert owner_entries(lead_id) == [(admin.id, f"nobody -> {host.id}")]  # staff's own choice: no rule named
    [notice] = mails_of(lead_id, "owner")
    assert notice.recipient == host.email
    assert "Please answer by Mon 01 Mar 12:00 (Asia/Karachi).\n" in notice.text_body  # 1 of the host's hours
    assert "\nModules: Student Smart, HR Smart, Academic Smart\n" in notice.text_body
    with frozen(MONDAY_10_MUSCAT + timedelta(minutes=10)):
        lead_work.lead_update(lead_id, admin, status="new", owner_id=None)
    assert owner_of(lead_id) is None and timers_of(lead_id)["reminder"].owner_id is None
    assert owner_entries(lead_id) == [(admin.id, f"nobody -> {host.id}"), (admin.id, f"{host.id} -> nobody")]
    assert [(mail.recipient, mail.status) for mail in mails_of(lead_id, "owner")] == [(host.email, "withdrawn")]


def test_one_click_reassign_goes_to_the_next_taker_at_work_today_and_is_audited_in_the_clickers_name():
    first, on_leave, third = takers(3)
    admin = add_staff("admin", "boss")
    emails = {user.id: user.email for user in (first, third)}
    with host_in_karachi(on_leave, day_off=MONDAY_10_MUSCAT.date()), frozen(MONDAY_10_MUSCAT):
        leads = {lead_id: owner_of(lead_id) for lead_id in [demo_lead() for _ in range(4)]}  # its owner before
        for lead_id in leads:
            lead_work.lead_reassign(lead_id, admin)
    assert set(leads.values()) == {first.id, third.id}
    for lead_id, before in leads.items():
        [after] = {first.id, third.id} - {before}
        assert owner_of(lead_id) == after
        assert owner_entries(lead_id) == [(admin.id, f"{before} -> {after} (round-robin)")]
        assert [(mail.recipient, mail.status) for mail in mails_of(lead_id, "owner")] == [
            (emails[before], "withdrawn"),
            (emails[after], "queued"),
        ]


def test_staff_who_take_a_lead_themselves_get_no_notice_of_it():
    seller = add_staff("sales")
    lead_id = demo_lead()
    lead_work.lead_update(lead_id, seller, status="new", owner_id=seller.id)
    assert owner_of(lead_id) == seller.id and owner_entries(lead_id) == [(seller.id, f"nobody -> {seller.id}")]
    assert mails_of(lead_id, "owner") == []


def test_one_click_reassign_is_refused_when_nobody_else_takes_the_teams_leads():
    [only] = takers(1)
    admin = add_staff("admin", "boss")
    lead_id = demo_lead()
    with pytest.raises(WorkRefused, match="Nobody else takes these leads"):
        lead_work.lead_reassign(lead_id, admin)
    assert owner_of(lead_id) == only.id and owner_entries(lead_id) == []


@pytest.mark.parametrize("shared", ["email", "phone"])
def test_a_released_lead_of_a_returning_person_keeps_their_owner_by_email_or_by_phone_alone(shared):
    takers(2)
    admin = add_staff("admin", "boss")
    visitor = person()
    owner = owner_of(demo_lead(**visitor))
    lead_id = quarantined_lead(**{shared: visitor[shared]})
    lead_work.quarantine_release(lead_id, admin)
    assert owner_of(lead_id) == owner
    assert [entry for entry in audit_of(lead_id) if entry[0] == "assign"] == [("assign", f"{owner} (returning person)")]


def test_a_released_lead_goes_round_the_rotation_its_owner_told_its_own_modules_no_other_lead_changing_hands():
    admin = add_staff("admin", "boss")
    unowned = demo_lead(**dict.fromkeys(MODULES, "Yes"))  # stored while nobody took leads
    [seller] = takers(1)
    lead_id = quarantined_lead()
    lead_work.quarantine_release(lead_id, admin)
    assert (owner_of(lead_id), owner_of(unowned)) == (seller.id, None)
    assert [entry for entry in audit_of(lead_id) if entry[0] == "assign"] == [("assign", f"{seller.id} (round-robin)")]
    [notice] = mails_of(lead_id, "owner")
    assert notice.recipient == seller.email
    assert "\nModules: Student Smart, HR Smart, Academic Smart\n" in notice.text_body


def test_a_released_lead_that_nobody_takes_stays_unowned_its_reminder_for_the_shared_address():
    admin = add_staff("admin", "boss")
    lead_id = quarantined_lead()
    lead_work.quarantine_release(lead_id, admin)
    assert owner_of(lead_id) is None and mails_of(lead_id, "owner") == []
    assert {stage: timer.owner_id for stage, timer in timers_of(lead_id).items()} == {
        "reminder": None,
        "escalation": None,
    }


def cycle_from_anywhere(cycle: list[int], length: int) -> list[list[int]]:
    """The ``length`` owners in a row that ``cycle``, repeated, gives from each of its places."""
    repeated = cycle * (length // len(cycle) + 2)
    return [repeated[start : start + length] for start in range(len(cycle))]


def quarantined_lead(**who: str) -> int:
    """A demo lead the too-fast trap holds in quarantine (from a new visitor unless ``who`` says otherwise)."""
    return lead_submit(
        LeadKind.SCHEDULE_DEMO,
        {**VALID["ScheduleDemo"], **person(), **who},
        SubmissionContext("q", form_started_at=timestamp()),
    )


def owner_entries(lead_id: int) -> list[tuple[int | None, str]]:
    """The lead's owner changes as the activity records them: who made each, and its words."""
    with db.session() as db_session:
        query = select(AuditEntry.actor_id, AuditEntry.detail).where(
            AuditEntry.lead_id == lead_id, AuditEntry.action == "owner"
        )
        return [tuple(row) for row in db_session.execute(query.order_by(AuditEntry.id))]


def test_a_deactivated_account_gets_no_leads_though_it_still_takes_them_under_lead_routing():
    [working] = takers(1)
    gone = add_taker(add_staff())
    with db.session() as db_session:
        db_session.get(StaffUser, gone.id).active = False
        db_session.commit()
    assert {owner_of(demo_lead()) for _ in range(3)} == {working.id}


def test_the_rotation_goes_round_the_takers_in_the_order_they_joined_and_weights_interleave():
    """Equal weights: each taker in turn, by account; weights 2 and 1: A, B, A, never A, A, B (PostgreSQL's
    turns do not restart at each test, so the cycle may begin anywhere)."""
    first, second, third = takers(3)
    assert [owner_of(demo_lead()) for _ in range(6)] in cycle_from_anywhere([first.id, second.id, third.id], 6)
    clear_routing()
    heavy, light = add_taker(add_staff(), weight=2), add_taker(add_staff())
    assert [owner_of(demo_lead()) for _ in range(6)] in cycle_from_anywhere([heavy.id, light.id, heavy.id], 6)


def test_when_every_taker_is_off_today_the_rotation_goes_on_among_them_rather_than_to_nobody():
    [on_leave] = takers(1)
    with host_in_karachi(on_leave, day_off=MONDAY_10_MUSCAT.date()), frozen(MONDAY_10_MUSCAT):
        lead_id = demo_lead()
    assert owner_of(lead_id) == on_leave.id
    assert ("assign", f"{on_leave.id} (round-robin)") in audit_of(lead_id)


def test_a_returning_person_keeps_the_owner_of_their_latest_owned_lead_not_of_the_first():
    """Their first lead went to one taker, the next was handed by staff to another, the one after that came
    while nobody took leads: the new lead goes to the second, as the person's latest owner."""
    first, second = takers(2)
    admin = add_staff("admin", "boss")
    visitor = person()
    older = demo_lead(**visitor)
    newer = demo_lead(**visitor)
    other = first if owner_of(older) == second.id else second
    lead_work.lead_update(newer, admin, status="new", owner_id=other.id)
    clear_routing()
    unowned = demo_lead(**visitor)
    add_taker(first)
    add_taker(second)
    again = demo_lead(**visitor)
    assert owner_of(unowned) is None
    assert owner_of(again) == other.id
    assert ("assign", f"{other.id} (returning person)") in audit_of(again)


def test_a_returning_persons_owner_on_a_day_off_today_does_not_keep_them():
    first, second = takers(2)
    visitor = person()
    owner = owner_of(demo_lead(**visitor))
    away = first if owner == first.id else second
    with host_in_karachi(away, day_off=MONDAY_10_MUSCAT.date()), frozen(MONDAY_10_MUSCAT):
        again = demo_lead(**visitor)
    at_work = second if away == first else first
    assert owner_of(again) == at_work.id
    assert ("assign", f"{at_work.id} (round-robin)") in audit_of(again)


def test_a_new_leads_owner_reads_the_answer_by_time_in_their_own_zone():
    [host] = takers(1)
    with host_in_karachi(host), frozen(MONDAY_10_MUSCAT):
        lead_id = demo_lead()
    [notice] = mails_of(lead_id, "owner")
    assert "Please answer by Mon 01 Mar 12:00 (Asia/Karachi).\n" in notice.text_body  # 11:00 there, 1 working hour


def test_on_a_weekend_when_nobody_is_at_work_a_returning_person_still_keeps_their_owner():
    """Nobody works on Friday in Oman: the rotation then goes on among all takers, and a returning person's
    owner counts among them."""
    takers(2)
    visitor = person()
    with frozen(MONDAY_10_MUSCAT):
        owner = owner_of(demo_lead(**visitor))
    with frozen(MONDAY_10_MUSCAT + timedelta(days=4)):  # Friday 5 March, 10:00 in Muscat
        again = demo_lead(**visitor)
    assert owner_of(again) == owner
    assert ("assign", f"{owner} (returning person)") in audit_of(again)
