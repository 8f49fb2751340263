"""What the mails around a demo's outcome say, to whom and when, as the outbox holds them (``outcome_mails``):

- the host's "Held or no-show?" at the demo's end and "Still unmarked" a working day of theirs later, each with the
  demo's time in the host's zone, the visitor's contact, a Held and a No-show link that work for 7 days from the
  mail's time, and the lead's page; a demo's questions not sent yet are withdrawn, nobody else's mails;
- the no-show visitor's one mail, due at once, in their language, with the link to book again;
- the held demo's recap, due the visitor's next working morning, in their language, listing the modules they asked
  about (in the site's order, each linked to its page in their language) or no list at all.

The demos are written straight to the database; nothing is sent (the outbox rows are read)."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from hosts import add_booking, add_host, add_lead, karachi_host
from sqlalchemy import select, update

from marketing_site.booking import outcome_links, outcome_mails, outcomes, tokens
from marketing_site.booking.models import BookingStatus, DemoBooking
from marketing_site.booking.views import BookingView, booking_view
from marketing_site.core import db
from marketing_site.core.clock import as_utc, frozen
from marketing_site.leads.models import LeadModule
from marketing_site.mail.models import Audience, OutboxMail, OutboxStatus

STARTS = datetime(2027, 3, 4, 4, 0, tzinfo=UTC)  # Thursday 09:00 in Karachi (the host), 08:00 in Muscat (the visitor)
ENDS = STARTS + timedelta(minutes=30)
MARKED = ENDS + timedelta(minutes=20)
FRIDAY_930_KARACHI = datetime(2027, 3, 5, 4, 30, tzinfo=UTC)
SUNDAY_9_MUSCAT = datetime(2027, 3, 7, 5, 0, tzinfo=UTC)  # Oman rests on Friday and Saturday
HOST_WHEN = "Thursday 4 March 2027, 09:00-09:30 (Asia/Karachi, UTC+05:00)"
VISITOR_WHEN = "Thursday 4 March 2027, 08:00-08:30 (Asia/Muscat, UTC+04:00)"
ISOLATE, POP = "\u2068", "\u2069"
AR_WHEN = f"يوم الخميس 4 مارس 2027، من 08:00 إلى 08:30 (توقيت عُمان، {ISOLATE}UTC+04:00{POP})"
AR_NAME, AR_HOST = f"{ISOLATE}Amina Khan{POP}", f"{ISOLATE}Sana Malik{POP}"
AR_SUITE = f"{ISOLATE}Smart\xa0School\xa0Suite{POP}"

pytestmark = pytest.mark.usefixtures("empty_outbox")


@pytest.fixture
def host() -> int:
    """Sana Malik gives demos from Karachi, 09:00-12:00 Monday to Friday (Pakistan rests on the weekend)."""
    return karachi_host()


def demo(host: int, language: str = "en", modules: tuple[str, ...] = (), quarantined: bool = False) -> BookingView:
    """Amina Khan of Oman, in Muscat's zone, booked Thursday's demo having asked about ``modules``."""
    lead = add_lead(language, f"{uuid.uuid4().hex[:8]}@school.example", quarantined, "Oman")
    with db.session() as db_session:
        db_session.add_all(LeadModule(lead_id=lead, module=module) for module in modules)
        db_session.commit()
    booking_id = add_booking(host, STARTS, ENDS, lead, "Asia/Muscat")
    with db.session() as db_session:
        return booking_view(db_session, db_session.get_one(DemoBooking, booking_id))


def ask_host(booking: BookingView, held: bool = False) -> None:
    with db.session() as db_session:
        outcome_mails.queue_host_asks(db_session, booking, held)
        db_session.commit()


def mails(booking: BookingView) -> list[OutboxMail]:
    with db.session() as db_session:
        return list(
            db_session.execute(
                select(OutboxMail).where(OutboxMail.booking_id == booking.id).order_by(OutboxMail.id)
            ).scalars()
        )


def when_due(mail: OutboxMail) -> datetime:
    return as_utc(mail.next_attempt_at)


def host_ask(booking: BookingView, opening: str, links: dict[str, str], until: str) -> str:
    """The host's question as text: ``opening`` line, the demo's links and their end in the host's zone."""
    return f"""{opening}

Visitor: Amina Khan <{booking.visitor_email}>, Greenfield School

How did it go? Each link opens a page with one button that records it:
Held: {links["Held"]}
No-show: {links["No-show"]}

Held: the visitor gets a short recap the next working morning in their zone. No-show: they get one mail with a link \
to book another time.
The links work until {until} (Asia/Karachi); the lead's page marks it too: http://localhost:8000/admin/leads/\
{booking.lead_id}
Call: tel:+923001234567
Write: mailto:{booking.visitor_email}?subject=Your%20demo%20request
"""


def links_of(mail: OutboxMail) -> dict[str, str]:
    return dict(re.findall(r"^(Held|No-show): (http://localhost:8000/admin/demo-outcome/\S+)$", mail.text_body, re.M))


def test_the_host_is_asked_at_the_end_and_reminded_a_working_day_later_with_links_for_seven_days(host):
    booking = demo(host)
    ask_host(booking)
    asked, reminder = mails(booking)
    assert [(mail.audience, mail.recipient, mail.status, when_due(mail)) for mail in (asked, reminder)] == [
        (Audience.OUTCOME, booking.host_email, OutboxStatus.QUEUED, ENDS),
        (Audience.UNMARKED, booking.host_email, OutboxStatus.QUEUED, FRIDAY_930_KARACHI),
    ]
    assert (asked.subject, reminder.subject) == (
        f"Held or no-show? Demo with Amina Khan, {HOST_WHEN}",
        f"Still unmarked: demo with Amina Khan, {HOST_WHEN}",
    )
    for mail, opening, until in (
        (asked, f"Your demo with Amina Khan has ended: {HOST_WHEN}.", "Thu 11 Mar 09:30"),
        (reminder, f"Nobody has marked your demo with Amina Khan yet: {HOST_WHEN}.", "Fri 12 Mar 09:30"),
    ):
        links = links_of(mail)
        assert mail.text_body == host_ask(booking, opening, links, until)
        due = when_due(mail)
        for label, outcome in (("Held", BookingStatus.HELD), ("No-show", BookingStatus.NO_SHOW)):
            token = links[label].rpartition("/")[2]
            with frozen(due + timedelta(days=7)):
                assert outcome_links.read(token) == outcome_links.OutcomeLink(booking.id, booking.sequence, outcome)
            with frozen(due + timedelta(days=7, seconds=1)), pytest.raises(tokens.TokenExpired):
                outcome_links.read(token)


def test_the_hosts_questions_about_a_quarantined_lead_are_held(host):
    booking = demo(host, quarantined=True)
    ask_host(booking, held=True)
    assert [(mail.audience, mail.status) for mail in mails(booking)] == [
        (Audience.OUTCOME, OutboxStatus.HELD),
        (Audience.UNMARKED, OutboxStatus.HELD),
    ]


def test_withdrawing_takes_only_the_demos_questions_not_sent_yet(host):
    booking, other = demo(host), demo(add_host("Aisha Rahman", "Asia/Karachi", "PK", {}))  # another host's demo
    for one in (booking, other):
        ask_host(one)
    asked, reminder = mails(booking)
    with db.session() as db_session:
        db_session.execute(update(OutboxMail).where(OutboxMail.id == asked.id).values(status=OutboxStatus.SENT))
        db_session.execute(update(OutboxMail).where(OutboxMail.id == reminder.id).values(status=OutboxStatus.HELD))
        outcome_mails.queue_missed(db_session, booking, MARKED)  # a visitor's mail of the demo stays
        outcome_mails.withdraw_host_asks(db_session, booking.id)
        db_session.commit()
    assert [(mail.audience, mail.status) for mail in mails(booking)] == [
        (Audience.OUTCOME, OutboxStatus.SENT),
        (Audience.UNMARKED, OutboxStatus.WITHDRAWN),
        (Audience.MISSED, OutboxStatus.QUEUED),
    ]
    assert [mail.status for mail in mails(other)] == [OutboxStatus.QUEUED, OutboxStatus.QUEUED]


def test_a_no_show_visitor_gets_one_mail_at_once_with_the_link_to_book_again(host):
    booking = demo(host, modules=("hrSmart",))
    outcomes.demo_outcome_mark(booking.id, BookingStatus.NO_SHOW, booking.sequence, by_link=True, now=MARKED)
    [missed] = mails(booking)
    assert (missed.audience, missed.recipient, missed.status, when_due(missed)) == (
        Audience.MISSED,
        booking.visitor_email,
        OutboxStatus.QUEUED,
        MARKED,
    )
    assert missed.subject == f"We missed you at your demo: {VISITOR_WHEN}"
    link = re.search(r"^(http://localhost:8000/booking/new/\S+)$", missed.text_body, re.M)[1]
    assert missed.text_body == (
        f"Dear Amina Khan,\n\nWe are sorry we missed you at your demo with Sana Malik on {VISITOR_WHEN}.\n\n"
        f"Would you like another time? Pick a free time here and it is booked at once:\n{link}\n\n"
        "The Smart School Suite team\n"
    )
    assert tokens.lead_id_from_token(link.rpartition("/")[2]) == booking.lead_id
    assert '<div lang="en" dir="ltr">' in missed.html_body


def test_a_no_show_visitor_speaking_arabic_is_written_to_in_arabic(host):
    booking = demo(host, language="ar")
    outcomes.demo_outcome_mark(booking.id, BookingStatus.NO_SHOW, booking.sequence, by_link=True, now=MARKED)
    [missed] = mails(booking)
    assert missed.subject == f"افتقدناك في عرضك التوضيحي: {AR_WHEN}"
    link = re.search(r"^(http://localhost:8000/booking/new/\S+)$", missed.text_body, re.M)[1]
    assert missed.text_body == (
        f"مرحبًا {AR_NAME}،\n\nيؤسفنا أننا لم نلتقِ بك في عرضك التوضيحي مع {AR_HOST} {AR_WHEN}.\n\n"
        f"هل تودّ حجز موعد آخر؟ اختر موعدًا متاحًا من هنا ليُحجز لك فورًا:\n{link}\n\nفريق {AR_SUITE}\n"
    )
    assert '<div lang="ar" dir="rtl">' in missed.html_body


def test_a_held_demos_recap_lists_the_modules_asked_about_and_waits_for_the_next_working_morning(host):
    booking = demo(host, modules=("hrSmart", "studentSmart"))
    marked = outcomes.demo_outcome_mark(booking.id, BookingStatus.HELD, booking.sequence, by_link=True, now=MARKED)
    [recap] = mails(booking)
    assert (recap.audience, recap.recipient, recap.status, when_due(recap)) == (
        Audience.RECAP,
        booking.visitor_email,
        OutboxStatus.QUEUED,
        SUNDAY_9_MUSCAT,
    )
    assert marked.recap_due == SUNDAY_9_MUSCAT and str(marked.recap_due.tzinfo) == "Asia/Muscat"
    assert recap.subject == f"A short recap of your demo: {VISITOR_WHEN}"
    assert recap.text_body == (
        "Dear Amina Khan,\n\n"
        f"Thank you for your time at the Smart School Suite demo with Sana Malik on {VISITOR_WHEN}.\n\n"
        "You asked us about these modules; each one's page tells you more:\n"
        "Student Smart: http://localhost:3000/studentSmart\n"
        "HR Smart: http://localhost:3000/hrSmart\n\n"
        "Sana Malik will contact you about the next steps.\n\n"
        "The Smart School Suite team\n"
    )
    assert '<div lang="en" dir="ltr">' in recap.html_body
    assert '<li><a href="http://localhost:3000/studentSmart"><bdi>Student Smart</bdi></a></li>' in recap.html_body


def test_a_recap_in_arabic_links_the_arabic_pages(host):
    booking = demo(host, language="ar", modules=("academicSmart",))
    outcomes.demo_outcome_mark(booking.id, BookingStatus.HELD, booking.sequence, by_link=True, now=MARKED)
    [recap] = mails(booking)
    assert recap.subject == f"ملخص موجز لعرضك التوضيحي: {AR_WHEN}"
    assert recap.text_body == (
        f"مرحبًا {AR_NAME}،\n\n"
        f"شكرًا لك على وقتك في العرض التوضيحي لمنظومة {AR_SUITE} مع {AR_HOST} {AR_WHEN}.\n\n"
        "سألتنا عن هذه الوحدات، وتجد في صفحة كل منها المزيد عنها:\n"
        "Academic Smart: http://localhost:3000/ar/academicSmart\n\n"
        f"سيتواصل معك {AR_HOST} بشأن الخطوات التالية.\n\n"
        f"فريق {AR_SUITE}\n"
    )
    assert '<div lang="ar" dir="rtl">' in recap.html_body


@pytest.mark.parametrize("language", ["en", "xx"])  # a language the site does not speak: English
def test_a_recap_without_modules_asked_about_has_no_list(host, language):
    booking = demo(host, language=language)
    outcomes.demo_outcome_mark(booking.id, BookingStatus.HELD, booking.sequence, by_link=True, now=MARKED)
    [recap] = mails(booking)
    assert recap.text_body == (
        "Dear Amina Khan,\n\n"
        f"Thank you for your time at the Smart School Suite demo with Sana Malik on {VISITOR_WHEN}.\n\n"
        "Sana Malik will contact you about the next steps.\n\n"
        "The Smart School Suite team\n"
    )
    assert "<ul>" not in recap.html_body and '<div lang="en" dir="ltr">' in recap.html_body


@pytest.mark.parametrize("outcome", [BookingStatus.HELD, BookingStatus.NO_SHOW])
def test_the_visitors_mail_about_a_quarantined_lead_is_held(host, outcome):
    booking = demo(host, quarantined=True)
    outcomes.demo_outcome_mark(booking.id, outcome, booking.sequence, by_link=True, now=MARKED)
    assert [mail.status for mail in mails(booking)] == [OutboxStatus.HELD]
