"""What the booking mails and calendar entries say, read from the outbox and the invitations' text (booking/mails.py):
the visitor's entry tells how to join (a link, a number to call, or that the host will write) and links to their
booking page; the host's, in English, names the visitor, how they join and the lead; the host's mail gives the
visitor's zone and how to reach them; reminders only for times still ahead; a move or cancellation withdraws only
reminders not yet sent."""

from __future__ import annotations

import dataclasses
import re
from datetime import UTC, datetime, timedelta

import pytest
from hosts import SAMPLE_BOOKING, add_host, add_lead, karachi_host, set_rules
from icalendar import Calendar
from sqlalchemy import select

from marketing_site.booking import mails, service
from marketing_site.booking.models import BookingChange
from marketing_site.booking.slots import as_utc, slot_id
from marketing_site.booking.tokens import booking_id_from_token
from marketing_site.content.messages import speaking
from marketing_site.core import db
from marketing_site.core.clock import frozen
from marketing_site.i18n.languages import BY_CODE
from marketing_site.mail.models import OutboxMail
from marketing_site.mail.outbox import release_held as outbox_release_held

NOW = datetime(2027, 2, 27, 12, 0, tzinfo=UTC)  # a Saturday
MONDAY_9 = SAMPLE_BOOKING.starts_at  # 09:00 in Karachi, 08:00 in Muscat
PHONE = "+92 (300) 123-4567"
BOOKING = dataclasses.replace(SAMPLE_BOOKING, host_meeting_link=PHONE)
NO_LINK = dataclasses.replace(BOOKING, host_meeting_link="", school="Greenfield School")
LEAD_LINK = "http://localhost:8000/admin/leads/3"
ARABIC = re.compile("[\u0600-\u06ff]")


def opens_booking_page(line: str) -> bool:
    """The line is the visitor's booking page (its token, signed for this booking)."""
    prefix = "http://localhost:8000/booking/"
    return line.startswith(prefix) and booking_id_from_token(line.removeprefix(prefix)) == BOOKING.id


@pytest.fixture(autouse=True)
def _rules():
    set_rules(demo_minutes=30, buffer_minutes=15, min_notice_minutes=0, horizon_days=30, daily_limit=6)


@pytest.fixture
def host() -> int:
    return karachi_host()


@pytest.fixture
def phone_host() -> int:
    return add_host(
        "Sana Malik", "Asia/Karachi", "PK", {weekday: [(9 * 60, 12 * 60)] for weekday in range(5)}, meeting_link=PHONE
    )


def outbox(booking_id: int, audience: str) -> list[OutboxMail]:
    with db.session() as db_session:
        return list(
            db_session.execute(
                select(OutboxMail)
                .where(OutboxMail.booking_id == booking_id, OutboxMail.audience == audience)
                .order_by(OutboxMail.id)
            ).scalars()
        )


def test_the_visitors_entry_says_to_call_the_hosts_number_and_links_their_booking_page():
    entry = mails.visitor_invitation(BOOKING, BY_CODE["en"], BookingChange.BOOKED)
    about, how, number, manage, page = entry.description.splitlines()
    assert (about, how, number, manage) == (
        "A live online demo of Smart School Suite for Amina Khan.",
        "To join at the time of the demo, call this number:",
        PHONE,
        "To choose another time or cancel the demo, open this link:",
    )
    assert opens_booking_page(page)
    assert (entry.summary, entry.location, entry.url) == (
        "Smart School Suite demo with Sana Malik",
        PHONE,
        "tel:+923001234567",
    )


def test_without_a_meeting_link_the_visitors_entry_says_the_host_will_write_and_points_to_the_booking_page():
    entry = mails.visitor_invitation(NO_LINK, BY_CODE["en"], BookingChange.MOVED)
    about, later, manage, page = entry.description.splitlines()
    assert (about, later) == (
        "A live online demo of Smart School Suite for Amina Khan (Greenfield School).",
        "Sana Malik will email you how to join before the demo.",
    )
    assert manage.startswith("To choose another time") and opens_booking_page(page)
    assert entry.location == "Online demo" and opens_booking_page(entry.url)


def test_a_cancelled_entry_says_so_first_and_offers_no_way_to_join():
    visitor = mails.visitor_invitation(BOOKING, BY_CODE["en"], BookingChange.CANCELLED)
    assert visitor.description.splitlines() == [
        "This demo is cancelled.",
        "A live online demo of Smart School Suite for Amina Khan.",
    ]
    host = mails.host_invitation(BOOKING, BookingChange.CANCELLED)
    assert host.description.splitlines()[:2] == [
        "This demo is cancelled.",
        "Demo of Smart School Suite for Amina Khan <amina@school.example>.",
    ]


@pytest.mark.parametrize("change", [BookingChange.BOOKED, BookingChange.CANCELLED])
def test_an_arabic_visitors_entry_is_arabic_whatever_language_the_request_that_changed_it_speaks(change):
    """Staff cancel, or a visitor books from an English page, a demo asked for in Arabic: every line of prose in
    the visitor's calendar entry is Arabic (links and the booking page's address aside)."""
    with speaking("en"):
        entry = mails.visitor_invitation(NO_LINK, BY_CODE["ar"], change)
    prose = [line for line in entry.description.splitlines() if not line.startswith("http")]
    assert len(prose) == (2 if change is BookingChange.CANCELLED else 3)
    assert all(ARABIC.search(line) for line in [*prose, entry.summary, entry.location]), entry


@pytest.mark.parametrize(
    ("booking", "summary", "join", "location", "url"),
    [
        (BOOKING, "Demo for Amina Khan", f"Visitors join by: {PHONE}", PHONE, "tel:+923001234567"),
        (
            NO_LINK,
            "Demo for Amina Khan (Greenfield School)",
            "No meeting link set: tell the visitor how to join.",
            "Online demo",
            LEAD_LINK,
        ),
    ],
)
def test_the_hosts_entry_names_the_visitor_how_they_join_and_the_lead(booking, summary, join, location, url):
    entry = mails.host_invitation(booking, BookingChange.BOOKED)
    visitor = "Amina Khan (Greenfield School)" if booking.school else "Amina Khan"
    assert entry.description.splitlines() == [
        f"Demo of Smart School Suite for {visitor} <amina@school.example>.",
        join,
        "Lead:",
        LEAD_LINK,
    ]
    assert (entry.summary, entry.location, entry.url) == (summary, location, url)


def test_the_hosts_mail_gives_the_time_in_their_zone_the_visitors_zone_and_how_to_reach_them(host):
    booking = service.book_for_lead(add_lead(), slot_id(host, MONDAY_9), "Asia/Muscat", now=NOW)
    [mail] = outbox(booking.id, "host")
    lines = mail.text_body.splitlines()
    assert lines[0] == "Demo booked: Monday 1 March 2027, 09:00-09:30 (Asia/Karachi, UTC+05:00)"
    assert "Visitor: Amina Khan <amina.khan@greenfield.edu.pk>, Greenfield School" in lines
    assert "Their time zone: Asia/Muscat" in lines
    assert "No meeting link is set: tell the visitor how to join, or set yours on your availability page." in lines
    assert f"Lead: http://localhost:8000/admin/leads/{booking.lead_id}" in lines
    assert "Call: tel:+923001234567" in lines and "The invitation is attached." in lines
    assert mails.when_for_staff(booking) == lines[0].removeprefix("Demo booked: ")


@pytest.mark.parametrize(
    ("actor", "first_line"), [(None, "Demo cancelled: "), ("host", "Demo cancelled from the staff area: ")]
)
def test_the_host_hears_whether_the_visitor_or_staff_cancelled(host, actor, first_line):
    booking = service.book_for_lead(add_lead(), slot_id(host, MONDAY_9), "UTC", now=NOW)
    service.booking_cancel(booking.id, now=NOW, actor_id=host if actor else None)
    cancelled = outbox(booking.id, "host")[1].text_body.splitlines()
    assert cancelled[0] == first_line + "Monday 1 March 2027, 09:00-09:30 (Asia/Karachi, UTC+05:00)"
    assert "The cancellation for your calendar is attached." in cancelled
    visitor = outbox(booking.id, "visitor")[1].text_body
    assert not any(line.startswith("Why:") for line in visitor.splitlines())  # staff gave no reason


def test_the_visitors_mail_without_a_meeting_link_says_the_host_will_write(host):
    booking = service.book_for_lead(add_lead(), slot_id(host, MONDAY_9), "Asia/Muscat", now=NOW)
    [mail] = outbox(booking.id, "visitor")
    lines = mail.text_body.splitlines()
    assert lines[0] == "Dear Amina Khan,"
    assert "Sana Malik will email you how to join before the demo." in lines
    assert "To choose another time or cancel the demo, open this link:" in lines


def test_a_reminder_due_this_very_moment_is_not_queued(host):
    booking = service.book_for_lead(add_lead(), slot_id(host, MONDAY_9), "UTC", now=MONDAY_9 - timedelta(hours=24))
    [reminder] = outbox(booking.id, "reminder")
    assert as_utc(reminder.next_attempt_at) == MONDAY_9 - timedelta(hours=1)
    assert reminder.subject == "Reminder: your demo on Monday 1 March 2027, 04:00-04:30 (UTC, UTC+00:00)"


def test_a_move_withdraws_held_reminders_but_never_one_already_sent(host):
    booking = service.book_for_lead(add_lead(quarantined=True), slot_id(host, MONDAY_9), "UTC", now=NOW)
    with db.session() as db_session:
        first = db_session.get_one(OutboxMail, outbox(booking.id, "reminder")[0].id)
        first.status = "sent"
        db_session.commit()
    service.booking_reschedule(booking.id, slot_id(host, MONDAY_9 + timedelta(days=1)), now=NOW)
    assert [mail.status for mail in outbox(booking.id, "reminder")] == ["sent", "withdrawn", "held", "held"]
    assert {mail.status for mail in outbox(booking.id, "visitor")} == {"held"}


def test_the_visitors_mail_gives_the_number_to_call_as_a_link_a_phone_dials(phone_host):
    booking = service.book_for_lead(add_lead(), slot_id(phone_host, MONDAY_9), "UTC", now=NOW)
    [mail] = outbox(booking.id, "visitor")
    assert f"To join at the time of the demo, call this number:\n{PHONE}\n" in mail.text_body
    assert f'<a href="tel:+923001234567" dir="ltr">{PHONE}</a>' in mail.html_body
    [host_mail] = outbox(booking.id, "host")
    assert (
        "Write: mailto:amina.khan@greenfield.edu.pk?subject=Your%20demo%20request" in host_mail.text_body.splitlines()
    )
    assert f"They join by: {PHONE}" in host_mail.text_body.splitlines()


def test_a_visitor_whose_language_the_site_no_longer_speaks_gets_english_mails(host):
    booking = service.book_for_lead(add_lead(language="fr"), slot_id(host, MONDAY_9), "UTC", now=NOW)
    [mail] = outbox(booking.id, "visitor")
    assert mail.subject == "Your demo is booked: Monday 1 March 2027, 04:00-04:30 (UTC, UTC+00:00)"
    assert {reminder.subject.split(":")[0] for reminder in outbox(booking.id, "reminder")} == {"Reminder"}


@pytest.mark.parametrize(
    ("hosts_fixture", "how_to_join"),
    [
        ("host", "ستصلك طريقة الانضمام من \u2068Sana Malik\u2069 بالبريد الإلكتروني قبل موعد العرض."),
        ("phone_host", "للانضمام في موعد العرض التوضيحي، اتصل بهذا الرقم:"),
    ],
)
def test_an_arabic_visitors_mails_and_reminders_are_arabic_whatever_language_the_booking_was_made_in(
    request, hosts_fixture, how_to_join
):
    host_id = request.getfixturevalue(hosts_fixture)
    booking = service.book_for_lead(
        add_lead(language="ar"), slot_id(host_id, MONDAY_9), "UTC", now=NOW
    )  # English spoken
    [mail] = outbox(booking.id, "visitor")
    lines = mail.text_body.splitlines()
    assert how_to_join in lines and lines[0] == "مرحبًا \u2068Amina Khan\u2069،"
    assert lines[3] == "أرفقنا دعوة التقويم: افتحها لإضافة العرض التوضيحي إلى تقويمك."
    reminder_lines = outbox(booking.id, "reminder")[0].text_body.splitlines()
    assert (
        reminder_lines[:2] == [lines[0], ""]
        and reminder_lines[2].startswith("نذكّرك بعرضك التوضيحي")
        and reminder_lines[3] == ""
    )
    assert [reminder.subject.split(":")[0] for reminder in outbox(booking.id, "reminder")] == [
        "تذكير بعرضك التوضيحي"
    ] * 2


def test_a_quarantined_leads_booking_mails_are_released_with_its_other_mails(host):
    lead = add_lead(quarantined=True)
    booking = service.book_for_lead(lead, slot_id(host, MONDAY_9), "UTC", now=NOW)
    with frozen(NOW), db.session() as db_session:
        outbox_release_held(db_session, lead)
        db_session.commit()
    for audience in ("visitor", "host", "reminder"):
        assert {(mail.lead_id, mail.status) for mail in outbox(booking.id, audience)} == {(lead, "queued")}, audience


def test_the_visitors_cancellation_entry_says_it_is_cancelled_and_no_longer_how_to_join(phone_host):
    booking = service.book_for_lead(add_lead(), slot_id(phone_host, MONDAY_9), "UTC", now=NOW)
    service.booking_cancel(booking.id, now=NOW)
    cancellation = outbox(booking.id, "visitor")[1]
    [event] = Calendar.from_ical(cancellation.calendar_body).walk("VEVENT")
    assert str(event["DESCRIPTION"]).splitlines() == [
        "This demo is cancelled.",
        "A live online demo of Smart School Suite for Amina Khan (Greenfield School).",
    ]
    greeting, _, news, attached, _, again, page, _, signature = cancellation.text_body.splitlines()
    assert (news, attached, again, signature) == (
        "Your demo with Sana Malik on Monday 1 March 2027, 04:00-04:30 (UTC, UTC+00:00) is cancelled.",
        "The cancellation is attached: open it to remove the demo from your calendar.",
        "Would you like another time? Pick a free time here and it is booked at once:",
        "The Smart School Suite team",
    )
    assert greeting == "Dear Amina Khan," and page.startswith("http://localhost:8000/booking/")
    [host_event] = Calendar.from_ical(outbox(booking.id, "host")[1].calendar_body).walk("VEVENT")
    assert str(host_event["DESCRIPTION"]).startswith("This demo is cancelled.\nDemo of Smart School Suite for Amina")
