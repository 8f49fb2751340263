"""A salesperson marks a lead's demo Held or No-show on the lead's page once it has ended (the booking's one code
for it, as the host's link): the page, the activity and the inbox show it; the held demo's recap is withdrawn
when staff take the lead on first (won, lost, contacted, a call logged), and the status list never claims an
outcome the demo itself does not have."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
from booking.hosts import add_host, add_lead, clear_bookings, set_rules
from sqlalchemy import select
from staff_client import token_of

from marketing_site.booking import outcomes, service
from marketing_site.booking.models import BookingStatus
from marketing_site.booking.slots import slot_id
from marketing_site.core import db
from marketing_site.core.clock import frozen
from marketing_site.leads.models import Lead
from marketing_site.mail.models import OutboxMail

NOW = datetime(2031, 3, 3, 6, 0, tzinfo=UTC)  # Monday 10:00 in Muscat: the demo is booked
TUESDAY_9 = datetime(2031, 3, 4, 5, 0, tzinfo=UTC)  # 09:00 in Muscat (the host), 10:00 in Karachi (the visitor)
ENDS = TUESDAY_9 + timedelta(minutes=30)
WEDNESDAY_9_KARACHI = datetime(2031, 3, 5, 4, 0, tzinfo=UTC)  # the visitor's next working morning
RECAP = "A short recap of your demo: "


@pytest.fixture
def booked():
    """A lead with a demo booked with a host in Muscat (Sunday to Thursday), its visitor in Karachi."""
    clear_bookings()
    set_rules(demo_minutes=30, buffer_minutes=15, min_notice_minutes=60, horizon_days=30, daily_limit=6)
    host = add_host("Maryam", "Asia/Muscat", "OM", {day: [(9 * 60, 12 * 60)] for day in (0, 1, 2, 3, 6)})
    lead = add_lead(email=f"{uuid.uuid4().hex[:10]}@school.example")  # its mails alone reach that address
    with frozen(NOW):
        booking = service.book_for_lead(lead, slot_id(host, TUESDAY_9), "Asia/Karachi")
    return host, lead, booking


def lead_status(lead_id: int) -> str:
    with db.session() as db_session:
        return db_session.get_one(Lead, lead_id).status


def recaps(lead_id: int) -> list[str]:
    with db.session() as db_session:
        return list(
            db_session.execute(
                select(OutboxMail.status).where(OutboxMail.lead_id == lead_id, OutboxMail.audience == "recap")
            ).scalars()
        )


def test_the_demo_card_marks_it_held_once_it_has_ended_and_the_lead_shows_it(booked, as_role):
    _, lead, booking = booked
    with frozen(ENDS - timedelta(minutes=5)):
        browser, _ = as_role("sales")
        page = browser.get(f"/admin/leads/{lead}").text
        assert f"/admin/leads/{lead}/demo/held" not in page  # not over yet: nothing to mark
        early = browser.post(f"/admin/leads/{lead}/demo/held", data={"sequence": "0", "csrf_token": token_of(browser)})
    assert early.status_code == 400 and "This demo has not ended yet: mark it after Tue 04 Mar 09:30" in early.text
    with frozen(ENDS + timedelta(minutes=5)):
        browser, _ = as_role("sales")
        page = browser.get(f"/admin/leads/{lead}").text
        assert "It has ended: how did it go?" in page and f'action="/admin/leads/{lead}/demo/no-show"' in page
        marked = browser.post(f"/admin/leads/{lead}/demo/held", data={"sequence": "0", "csrf_token": token_of(browser)})
        assert marked.status_code == 303 and marked.headers["location"] == f"/admin/leads/{lead}?done=held"
        page = browser.get(marked.headers["location"]).text
        again = browser.post(
            f"/admin/leads/{lead}/demo/no-show", data={"sequence": "1", "csrf_token": token_of(browser)}
        )
        inbox = browser.get("/admin/", params={"status": "demo_held"}).text
    assert "Saved: the demo was held; the visitor gets a short recap the next working morning" in page
    assert "Demo (held)" in page and "<dt>State</dt><dd>Held</dd>" in page
    assert "You marked the demo of Tue 4 Mar, 09:00 (Muscat) held" in page
    assert "You moved it from Demo booked to Demo held" in page
    assert '<option value="demo_held" selected>Demo held</option>' in page and "demo/held" not in page
    assert again.status_code == 400 and "This demo is already marked held" in again.text
    assert "Demo held" in inbox and "Amina Khan" in inbox
    assert (service.booking_get(booking.id).status, lead_status(lead)) == ("held", "demo_held")
    assert recaps(lead) == ["queued"]


def test_a_no_show_marked_on_the_page_mails_the_visitor_once_and_the_lead_shows_the_mail(booked, as_role, mailbox):
    _, lead, booking = booked
    with frozen(ENDS + timedelta(hours=1)):
        browser, _ = as_role("sales")
        browser.post(f"/admin/leads/{lead}/demo/no-show", data={"sequence": "0", "csrf_token": token_of(browser)})
        inbox = mailbox()
        mailbox()
        page = browser.get(f"/admin/leads/{lead}").text
    [missed] = [message for message in inbox.to(booking.visitor_email) if "We missed you" in message["Subject"]]
    assert (
        missed["Subject"] == "We missed you at your demo: Tuesday 4 March 2031, 10:00-10:30 (Asia/Karachi, UTC+05:00)"
    )
    assert f"<b>Missed</b> to {booking.visitor_email}: sent" in page and "Demo (no-show)" in page
    assert "You marked the demo of Tue 4 Mar, 09:00 (Muscat) a no-show" in page
    assert lead_status(lead) == "demo_no_show" and recaps(lead) == []


@pytest.mark.parametrize(
    ("action", "form", "sentence"),
    [
        ("update", {"status": "won"}, "you moved it to Won first"),
        ("update", {"status": "lost"}, "you moved it to Lost first"),
        ("update", {"status": "contacted"}, "you moved it to Contacted first"),
        ("call", {}, "you logged a call first"),
    ],
    ids=["won", "lost", "contacted", "call"],
)
def test_the_recap_is_withdrawn_when_staff_take_the_lead_on_first(booked, as_role, mailbox, action, form, sentence):
    host, lead, booking = booked
    with frozen(ENDS + timedelta(hours=2)):
        outcomes.demo_outcome_mark(booking.id, BookingStatus.HELD, booking.sequence, host)
        browser, _ = as_role("sales")
        done = browser.post(
            f"/admin/leads/{lead}/{action}", data={**form, "owner": str(host), "csrf_token": token_of(browser)}
        )
        assert done.status_code == 303
        page = browser.get(f"/admin/leads/{lead}").text
    assert recaps(lead) == ["withdrawn"]
    assert f"The recap mail to the visitor was withdrawn: {sentence}" in page
    with frozen(WEDNESDAY_9_KARACHI + timedelta(days=1)):
        inbox = mailbox()
    assert not [message for message in inbox.to(booking.visitor_email) if message["Subject"].startswith(RECAP)]


def test_a_lead_moved_on_otherwise_keeps_its_recap_which_leaves_the_visitors_next_working_morning(
    booked, as_role, mailbox
):
    host, lead, booking = booked
    with frozen(ENDS + timedelta(hours=2)):
        outcomes.demo_outcome_mark(booking.id, BookingStatus.HELD, booking.sequence, host)
        browser, _ = as_role("sales")
        browser.post(
            f"/admin/leads/{lead}/update",
            data={"status": "qualified", "owner": str(host), "csrf_token": token_of(browser)},
        )
        browser.post(f"/admin/leads/{lead}/note", data={"body": "Keen on fees", "csrf_token": token_of(browser)})
    with frozen(WEDNESDAY_9_KARACHI - timedelta(seconds=1)):
        assert not [m for m in mailbox().to(booking.visitor_email) if m["Subject"].startswith(RECAP)]
    with frozen(WEDNESDAY_9_KARACHI):
        [recap] = [m for m in mailbox().to(booking.visitor_email) if m["Subject"].startswith(RECAP)]
    words = recap.get_body(("plain",)).get_content()
    assert "Thank you for your time at the Smart School Suite demo with Maryam" in words
    assert "You asked us about" not in words  # this lead ticked no module: no list, no empty heading
    assert recaps(lead) == ["sent"]


def test_the_status_list_cannot_claim_an_outcome_the_demo_does_not_have(booked, as_role):
    host, lead, booking = booked
    with frozen(ENDS + timedelta(hours=1)):
        browser, _ = as_role("sales")
        for status in ("demo_held", "demo_no_show"):
            refused = browser.post(
                f"/admin/leads/{lead}/update",
                data={"status": status, "owner": str(host), "csrf_token": token_of(browser)},
            )
            assert refused.status_code == 400 and "Mark the demo Held or No-show in its card" in refused.text
    assert (service.booking_get(booking.id).status, lead_status(lead)) == ("booked", "demo_booked")
