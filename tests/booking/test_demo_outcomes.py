"""Demo outcomes: at a demo's end its host is mailed a link per outcome, and one button behind it marks the demo
Held or No-show (a forged, expired, used or out-of-date link is refused, each with a clear page in the staff
area's look); a no-show visitor gets one mail in their language with the link to book again; a demo nobody
marks reminds its host once, a working day of theirs later; a held demo's recap waits for the visitor's next
working morning. The clock is frozen (core.clock), mails are read from a real SMTP server (aiosmtpd), the CRM's
webhooks by a real receiver that verifies them with standardwebhooks."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import threading
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from database_limits import sender_env
from hosts import add_host, every_day, karachi_host, set_rules
from itsdangerous import URLSafeSerializer
from leads.lead_payloads import VALID
from sqlalchemy import select
from starlette.testclient import TestClient
from webhooks.conftest import _no_endpoints, admin, delivery_settings, hooked  # noqa: F401 (fixtures)

from marketing_site.admin.app import build_admin
from marketing_site.booking import outcome_links, outcomes, service, tokens
from marketing_site.booking.models import BookingStatus, DemoBooking
from marketing_site.booking.slots import slot_id
from marketing_site.booking.views import BookingView
from marketing_site.content.messages import speaking
from marketing_site.core import db
from marketing_site.core.clock import frozen, utc_now
from marketing_site.leads.models import Lead
from marketing_site.leads.service import SubmissionContext
from marketing_site.mail import sender
from marketing_site.mail.models import OutboxMail
from marketing_site.settings import settings
from marketing_site.staff.models import AuditEntry
from marketing_site.web.html.booking_pages import build_booking_pages
from marketing_site.webhooks import sender as webhook_sender
from marketing_site.webhooks.models import WebhookDelivery

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2027, 2, 27, 12, 0, tzinfo=UTC)  # a Saturday: the demos are booked then
THURSDAY_9 = datetime(2027, 3, 4, 4, 0, tzinfo=UTC)  # 09:00 for the host in Karachi, 08:00 for the visitor in Muscat
ENDS = THURSDAY_9 + timedelta(minutes=30)
SUNDAY_9_MUSCAT = datetime(2027, 3, 7, 5, 0, tzinfo=UTC)  # Oman rests on Friday and Saturday
HOST_WHEN = "Thursday 4 March 2027, 09:00-09:30 (Asia/Karachi, UTC+05:00)"
FSI, PDI = "\u2068", "\u2069"
VISITOR_WHEN = {
    "en": "Thursday 4 March 2027, 08:00-08:30 (Asia/Muscat, UTC+04:00)",
    "ar": f"يوم الخميس 4 مارس 2027، من 08:00 إلى 08:30 (توقيت عُمان، {FSI}UTC+04:00{PDI})",
}
MISSED = {"en": "We missed you at your demo: ", "ar": "افتقدناك في عرضك التوضيحي: "}
RECAP = {"en": "A short recap of your demo: ", "ar": "ملخص موجز لعرضك التوضيحي: "}
BOOK_AGAIN = {"en": "Would you like another time? Pick a free time here", "ar": "هل تودّ حجز موعد آخر؟"}
SORRY = {"en": "We are sorry we missed you at your demo with Sana Malik", "ar": "يؤسفنا أننا لم نلتقِ بك"}
MISSED_ON_THE_PAGE = {"en": "You missed this demo.", "ar": "فاتك هذا العرض التوضيحي."}
STAFF_LOOK = '<a class="brand" href="/admin/">Smart School Suite <span>staff</span></a>'
LANGUAGES = pytest.mark.parametrize("language", ["en", "ar"])
DRAIN_IN_PROCESS = """
import asyncio
import sys
from datetime import datetime
from marketing_site.core import db
from marketing_site.core.clock import frozen
from marketing_site.mail import sender
db.configure_engine(sys.argv[1])
async def drain():
    while await sender.deliver_due():
        pass
with frozen(datetime.fromisoformat(sys.argv[2])):  # the sender's clock, handed in: nobody waits a working day
    asyncio.run(drain())
"""

pytestmark = pytest.mark.usefixtures("empty_outbox")


@pytest.fixture
def host() -> int:
    """Sana Malik gives demos from Karachi, 09:00-12:00 Monday to Friday (Pakistan rests on the weekend)."""
    return karachi_host()


def book(host: int, language: str = "en", start: datetime = THURSDAY_9, booked_at: datetime = NOW) -> BookingView:
    """A demo booked through the API by a visitor of Oman in Muscat's zone, who asked about three modules."""
    data = {
        **VALID["ScheduleDemo"],
        "email": f"{uuid.uuid4().hex[:10]}@school.example",
        "country": "Oman",
        "slotId": slot_id(host, start),
        "timeZone": "Asia/Muscat",
    }
    with frozen(booked_at), speaking(language):
        _, booking = service.lead_book(data, SubmissionContext(client_id=f"203.0.113.{uuid.uuid4().int % 250}"))
    return booking


def deliver(at: datetime) -> None:
    """The mail loop's passes at ``at`` until nothing is due."""

    async def drain() -> None:
        while await sender.deliver_due():
            pass

    with frozen(at):
        asyncio.run(drain())


def deliver_in_two_processes(database_url: str, smtp_port: int, at: datetime) -> None:
    """Two sender processes at once, as two backend workers are: only the outbox's claim keeps them apart."""
    env = sender_env(SMTP_HOST="127.0.0.1", SMTP_PORT=str(smtp_port), SMTP_SECURITY="none")
    workers = [
        subprocess.Popen([sys.executable, "-c", DRAIN_IN_PROCESS, database_url, at.isoformat()], cwd=ROOT, env=env)
        for _ in range(2)
    ]
    assert [worker.wait(timeout=120) for worker in workers] == [0, 0]


def text_of(message: EmailMessage) -> str:
    return message.get_body(("plain",)).get_content()


def subjects(inbox, address: str) -> list[str]:
    return [message["Subject"] for message in inbox.to(address)]


def outcome_links_of(message: EmailMessage) -> dict[BookingStatus, str]:
    """The Held and No-show links of a host's mail, as paths of the backend."""
    text = text_of(message)
    return {
        outcome: re.search(rf"^{label}: (\S+)\r?$", text, re.MULTILINE)[1].removeprefix("http://localhost:8000")
        for outcome, label in ((BookingStatus.HELD, "Held"), (BookingStatus.NO_SHOW, "No-show"))
    }


def staff_pages() -> TestClient:
    """A browser that never signed in: the host's link asks for nothing else."""
    return TestClient(build_admin(), follow_redirects=False)


def state(booking: BookingView) -> tuple[str, str]:
    """(the booking's status, its lead's)."""
    with db.session() as db_session:
        return (
            db_session.get_one(DemoBooking, booking.id).status,
            db_session.get_one(Lead, booking.lead_id).status,
        )


def outbox_rows(booking: BookingView, audience: str) -> list[OutboxMail]:
    with db.session() as db_session:
        return list(
            db_session.execute(
                select(OutboxMail)
                .where(OutboxMail.lead_id == booking.lead_id, OutboxMail.audience == audience)
                .order_by(OutboxMail.id)
            ).scalars()
        )


def audit_of(booking: BookingView) -> list[tuple[int | None, str, str]]:
    with db.session() as db_session:
        return [
            (entry.actor_id, entry.action, entry.detail)
            for entry in db_session.execute(
                select(AuditEntry).where(AuditEntry.lead_id == booking.lead_id).order_by(AuditEntry.id)
            ).scalars()
        ]


def assert_refused(answer, status: int, words: str, heading: str = "This link cannot be used") -> None:
    """A clear page in the staff area's look: the status, the reason, and nothing else to do."""
    assert answer.status_code == status, answer.text
    assert f"<h1>{heading}</h1>" in answer.text and words in answer.text and STAFF_LOOK in answer.text
    assert "<button" not in answer.text.split("</header>")[1]


@LANGUAGES
def test_the_host_is_asked_at_the_end_and_one_button_behind_the_link_marks_the_demo_held(language, smtp_server, host):
    inbox = smtp_server()
    booking = book(host, language)
    deliver(NOW)
    deliver(ENDS - timedelta(seconds=1))
    assert subjects(inbox, booking.host_email) == [f"Demo booked: Amina Khan, {HOST_WHEN}"]
    deliver(ENDS)
    assert subjects(inbox, booking.host_email)[1:] == [f"Held or no-show? Demo with Amina Khan, {HOST_WHEN}"]
    asked = inbox.to(booking.host_email)[1]
    assert f"/admin/leads/{booking.lead_id}" in text_of(asked) and "tel:+923001234567" in text_of(asked)
    link = outcome_links_of(asked)
    pages = staff_pages()
    with frozen(ENDS + timedelta(minutes=7)):
        question = pages.get(link[BookingStatus.HELD])
        assert question.status_code == 200 and STAFF_LOOK in question.text
        assert "Mark the demo held?" in question.text and HOST_WHEN in question.text
        assert f'<form method="post" action="{link[BookingStatus.HELD]}"><button>Yes, it was held</button>' in (
            question.text
        )
        assert state(booking) == ("booked", "demo_booked")  # looking changed nothing (mail scanners look)
        marked = pages.post(link[BookingStatus.HELD])
    assert marked.status_code == 200 and "Marked held" in marked.text
    assert "<bdi>Amina Khan</bdi> gets a short recap on Sun 07 Mar 09:00 (Asia/Muscat)" in marked.text
    assert state(booking) == ("held", "demo_held")
    assert audit_of(booking)[-2:] == [
        (booking.host_id, "demo held", f"{THURSDAY_9.isoformat()}; by link"),
        (booking.host_id, "status", "demo_booked -> demo_held"),
    ]
    with frozen(ENDS + timedelta(minutes=8)):  # the second click, and the other link: the first outcome stays
        again, other = pages.post(link[BookingStatus.HELD]), pages.get(link[BookingStatus.NO_SHOW])
    for refused in (again, other):
        assert_refused(
            refused, 409, "This demo is already marked held (Thu 04 Mar 09:37 (Asia/Karachi))", "Already marked"
        )
    assert state(booking) == ("held", "demo_held")

    deliver(SUNDAY_9_MUSCAT - timedelta(seconds=1))  # the visitor's next working morning: not Friday or Saturday
    assert not [subject for subject in subjects(inbox, booking.visitor_email) if subject.startswith(RECAP[language])]
    deliver(SUNDAY_9_MUSCAT)
    [recap] = [message for message in inbox.to(booking.visitor_email) if message["Subject"].startswith(RECAP[language])]
    assert recap["Subject"] == RECAP[language] + VISITOR_WHEN[language]
    words = text_of(recap)
    prefix = "" if language == "en" else "/ar"
    for module, page in (
        ("Student Smart", "/studentSmart"),
        ("HR Smart", "/hrSmart"),
        ("Academic Smart", "/academicSmart"),
    ):
        assert f"{module}: {settings.site_url}{prefix}{page}" in words
    assert "Finance Smart" not in words and "Sana Malik" in words
    assert [mail.status for mail in outbox_rows(booking, "unmarked")] == ["withdrawn"]  # marked: no reminder
    assert subjects(inbox, booking.host_email)[2:] == []


@LANGUAGES
def test_a_no_show_visitor_gets_one_mail_in_their_language_with_the_link_to_book_again(language, smtp_server, host):
    inbox = smtp_server()
    booking = book(host, language)
    deliver(ENDS)
    link = outcome_links_of(inbox.to(booking.host_email)[-1])[BookingStatus.NO_SHOW]
    answers: list[int] = []

    def click() -> None:
        answers.append(staff_pages().post(link).status_code)

    with frozen(ENDS + timedelta(minutes=10)):  # four clicks at once (a double click, a second device, …)
        clicks = [threading.Thread(target=click) for _ in range(4)]
        for one in clicks:
            one.start()
        for one in clicks:
            one.join()
    assert sorted(answers) == [200, 409, 409, 409]
    assert state(booking) == ("no_show", "demo_no_show")
    deliver(ENDS + timedelta(minutes=10))
    deliver(ENDS + timedelta(days=3))  # later passes send nothing more
    missed = [message for message in inbox.to(booking.visitor_email) if message["Subject"].startswith(MISSED[language])]
    assert len(missed) == 1 and len(outbox_rows(booking, "missed")) == 1
    assert missed[0]["Subject"] == MISSED[language] + VISITOR_WHEN[language]
    words = text_of(missed[0])
    assert SORRY[language] in words and BOOK_AGAIN[language] in words
    pick = next(line for line in words.splitlines() if "/booking/new/" in line).removeprefix("http://localhost:8000")
    assert outbox_rows(booking, "recap") == []

    with TestClient(build_booking_pages(), follow_redirects=False) as visitor, frozen(ENDS + timedelta(hours=2)):
        demo_page = visitor.get(f"/booking/{tokens.booking_token(booking.id)}")
        assert demo_page.status_code == 200 and MISSED_ON_THE_PAGE[language] in demo_page.text
        assert "/rebook" in demo_page.text
        page = visitor.get(pick)  # the mail's link: free times of every host, not the missed demo's page
        assert page.status_code == 200 and "day=2027-03-08" in page.text
        page = visitor.get(pick, params={"day": "2027-03-08"})  # the visitor picks Monday, then its time
        assert page.status_code == 200 and f"{pick}/book" in page.text
        monday = slot_id(host, datetime(2027, 3, 8, 4, 45, tzinfo=UTC))  # Monday 09:45 in Karachi
        assert f'value="{monday}"' in page.text
        form_token = re.search(r'name="form_token" value="([^"]+)"', page.text)[1]
        booked = visitor.post(f"{pick}/book", data={"slot": monday, "tz": "Asia/Muscat", "form_token": form_token})
    assert booked.status_code == 303 and booked.headers["location"].endswith("?done=booked")
    again = service.booking_get(booking.id)
    assert (again.status, again.starts_at, again.uid != booking.uid) == (
        "booked",
        datetime(2027, 3, 8, 4, 45, tzinfo=UTC),
        True,
    )
    assert state(booking) == ("booked", "demo_booked")
    assert [mail.status for mail in outbox_rows(booking, "outcome")][-1] == "queued"  # asked again at its end


def test_links_forged_expired_or_for_another_purpose_are_refused_each_with_a_clear_page(smtp_server, host):
    inbox = smtp_server()
    booking = book(host)
    deliver(ENDS)
    link = outcome_links_of(inbox.to(booking.host_email)[-1])[BookingStatus.HELD]
    base, _, token = link.rpartition("/")
    never_expires = int((ENDS + timedelta(days=3650)).timestamp())
    forged = {
        "changed": token[:-3] + ("abc" if not token.endswith("abc") else "xyz"),
        "cut short": token[: len(token) // 2],
        "signed elsewhere": URLSafeSerializer("a secret of the attacker", salt=outcome_links.SALT).dumps(
            [booking.id, booking.sequence, "held", never_expires]
        ),
        "the visitor's booking link": tokens.booking_token(booking.id),
        "an outcome that is none": URLSafeSerializer(tokens.signing_secret(), salt=outcome_links.SALT).dumps(
            [booking.id, booking.sequence, "cancelled", never_expires]
        ),
    }
    pages = staff_pages()
    with frozen(ENDS + timedelta(minutes=5)):
        for bad in forged.values():
            for method in ("GET", "POST"):
                assert_refused(pages.request(method, f"{base}/{bad}"), 404, "This link is not valid")
        with TestClient(build_booking_pages()) as visitor:  # nor is the host's link a key to the visitor's page
            assert visitor.get(f"/booking/{token}").status_code == 404
    with frozen(ENDS + timedelta(days=settings.demo_outcome_link_days, seconds=1)):
        for method in ("GET", "POST"):
            assert_refused(pages.request(method, link), 410, "This link has expired: links work for 7 days")
    assert state(booking) == ("booked", "demo_booked")
    with frozen(ENDS + timedelta(days=settings.demo_outcome_link_days)):  # its last second still works
        assert pages.post(link).status_code == 200
    assert state(booking) == ("held", "demo_held")


def test_a_link_from_before_a_move_or_a_cancellation_or_before_the_end_changes_nothing(smtp_server, host):
    inbox = smtp_server()
    booking = book(host)
    deliver(ENDS)
    old = outcome_links_of(inbox.to(booking.host_email)[-1])
    monday_9 = datetime(2027, 3, 8, 4, 0, tzinfo=UTC)
    with frozen(ENDS + timedelta(hours=1)):  # the visitor asked for another time: staff move the missed demo
        service.booking_reschedule(booking.id, slot_id(host, monday_9))
    assert [mail.status for mail in outbox_rows(booking, "unmarked")] == ["withdrawn", "queued"]
    pages = staff_pages()
    with frozen(ENDS + timedelta(hours=2)):
        for outcome in old.values():
            assert_refused(
                pages.post(outcome),
                409,
                "This demo was moved after this was written; it is now Monday 8 March 2027, 09:00-09:30",
            )
        asked = outbox_rows(booking, "outcome")[-1]  # the moved demo's question, due at its new end
        early = re.search(r"^Held: \S+(/admin/demo-outcome/\S+)$", asked.text_body, re.MULTILINE)[1]
        assert_refused(pages.get(early), 409, "This demo has not ended yet: mark it after Mon 08 Mar 09:30")
        service.booking_cancel(booking.id)
    with frozen(monday_9 + timedelta(hours=1)):
        assert_refused(pages.post(early), 409, "This demo was cancelled, so there is nothing to mark")
    assert state(booking) == ("cancelled", "demo_cancelled")
    assert outbox_rows(booking, "missed") == outbox_rows(booking, "recap") == []


def test_a_demo_nobody_marks_reminds_its_host_once_a_working_day_of_theirs_later(
    smtp_server, smtp_port, database_url, host
):
    """Tuesday 9 March 2027 in Karachi; Eid (10-12 March) and the weekend follow: the reminder waits for Monday."""
    inbox = smtp_server()
    tuesday_9 = datetime(2027, 3, 9, 4, 0, tzinfo=UTC)
    booking = book(host, start=tuesday_9)
    deliver(tuesday_9 + timedelta(minutes=30))
    monday_930 = datetime(2027, 3, 15, 4, 30, tzinfo=UTC)  # the same time of Sana's next working day
    deliver_in_two_processes(database_url, smtp_port, monday_930 - timedelta(seconds=1))
    host_when = "Tuesday 9 March 2027, 09:00-09:30 (Asia/Karachi, UTC+05:00)"
    assert subjects(inbox, booking.host_email)[1:] == [f"Held or no-show? Demo with Amina Khan, {host_when}"]
    for _ in range(2):
        deliver_in_two_processes(database_url, smtp_port, monday_930)
    deliver_in_two_processes(database_url, smtp_port, monday_930 + timedelta(days=8))
    assert subjects(inbox, booking.host_email)[2:] == [f"Still unmarked: demo with Amina Khan, {host_when}"]
    assert set(Counter(message["Message-ID"] for _, message in inbox.received).values()) == {1}
    reminder = inbox.to(booking.host_email)[2]
    assert "Nobody has marked your demo with Amina Khan yet" in text_of(reminder)
    with frozen(monday_930 + timedelta(hours=1)):  # its links work from then for their 7 days
        assert staff_pages().post(outcome_links_of(reminder)[BookingStatus.NO_SHOW]).status_code == 200
    assert state(booking) == ("no_show", "demo_no_show")


def test_the_crm_receives_demo_held_and_demo_no_show_signed_like_every_other_event(hooked):
    """On the real clock (the receiver checks each signature's timestamp against its own): two demos of the day
    before, marked now, one held and one a no-show."""
    crm, endpoint = hooked(events=("demo.held", "demo.no_show", "lead.status_changed"))
    set_rules(demo_minutes=30, buffer_minutes=0, min_notice_minutes=0, horizon_days=30, daily_limit=48)
    host = add_host("Aisha Rahman", "UTC", "ZZ", every_day(0, 24 * 60))
    day = utc_now().date() - timedelta(days=1)
    while day.weekday() >= 5:  # country ZZ rests on Saturday and Sunday
        day -= timedelta(days=1)
    start = datetime(day.year, day.month, day.day, 9, 0, tzinfo=UTC)
    held = book(host, start=start, booked_at=start - timedelta(days=1))
    missed = book(host, start=start + timedelta(hours=1), booked_at=start - timedelta(days=1))
    for booking, outcome in ((held, BookingStatus.HELD), (missed, BookingStatus.NO_SHOW)):
        outcomes.demo_outcome_mark(booking.id, outcome, booking.sequence, by_link=True)

    async def until_sent() -> None:
        while any(row.status != "sent" for row in deliveries(endpoint.id)):
            if not await webhook_sender.deliver_due():
                await asyncio.sleep(0.02)

    asyncio.run(asyncio.wait_for(until_sent(), 30))
    stored = {(event["type"], event["data"]["id"], event["data"]["status"]): event["data"] for event in crm.stored()}
    demo_held, demo_no_show = stored["demo.held", held.id, "held"], stored["demo.no_show", missed.id, "no_show"]
    assert (demo_held["leadId"], demo_held["startsAt"]) == (held.lead_id, start.isoformat())
    assert demo_held["host"] == {"id": host, "name": "Aisha Rahman", "email": held.host_email}
    assert demo_held["leadUrl"] == f"http://localhost:8000/admin/leads/{held.lead_id}"
    assert demo_no_show["leadId"] == missed.lead_id
    for booking, status in ((held, "demo_held"), (missed, "demo_no_show")):
        assert stored["lead.status_changed", booking.lead_id, status]["previousStatus"] == "demo_booked"


def deliveries(endpoint_id: int) -> list[WebhookDelivery]:
    with db.session() as db_session:
        return list(
            db_session.execute(select(WebhookDelivery).where(WebhookDelivery.endpoint_id == endpoint_id)).scalars()
        )
