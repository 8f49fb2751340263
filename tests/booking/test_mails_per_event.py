"""What one person receives for each event of a demo, at a real SMTP server (aiosmtpd), in English and Arabic.

Per event the exact mails (count, reader, subject) of the visitor, the host and sales, read as they arrive:
a request without a time, a time picked in the form's slot picker (it replaces the request's mails), a booking
through the API, a time picked after the request's mails left, a move, a cancellation and the reminders.
No two mails a person gets contradict each other, and every invitation is read by two parsers (icalendar and
ical.js) and says how to join (LOCATION, URL, DESCRIPTION) and where to change the demo.
"""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import parseaddr

import pytest
from hosts import karachi_host
from ical_js import events_read_by_ical_js
from icalendar import Calendar
from leads.lead_payloads import CONSENTED, VALID
from starlette.testclient import TestClient

from marketing_site.booking import service
from marketing_site.booking.service import PICK_WINDOW
from marketing_site.booking.slots import slot_id
from marketing_site.content import forms
from marketing_site.content.messages import speaking
from marketing_site.core.clock import frozen, timestamp
from marketing_site.leads.schemas import LeadKind
from marketing_site.leads.service import SubmissionContext
from marketing_site.mail import sender
from marketing_site.settings import settings
from marketing_site.web.html.booking_pages import build_booking_pages

NOW = datetime(2027, 2, 27, 12, 0, tzinfo=UTC)  # a Saturday
MONDAY_9 = datetime(2027, 3, 1, 4, 0, tzinfo=UTC)  # 09:00 for the host in Karachi, 08:00 for the visitor in Muscat
VISITOR_ZONE = "Asia/Muscat"
MEETING = "https://meet.example.com/sana-malik"
FSI, PDI = "\u2068", "\u2069"
SALES = parseaddr(settings.sales_email)[1]

AR_MONDAY = f"يوم الاثنين 1 مارس 2027، من 08:00 إلى 08:30 (توقيت عُمان، {FSI}UTC+04:00{PDI})"
VISITOR = {
    "en": {
        "request": "We received your demo request",
        "booked": "Your demo is booked: Monday 1 March 2027, 08:00-08:30 (Asia/Muscat, UTC+04:00)",
        "moved": "Your demo has moved: Tuesday 2 March 2027, 08:00-08:30 (Asia/Muscat, UTC+04:00)",
        "cancelled": "Your demo is cancelled: Monday 1 March 2027, 08:00-08:30 (Asia/Muscat, UTC+04:00)",
        "reminder": "Reminder: your demo on Monday 1 March 2027, 08:00-08:30 (Asia/Muscat, UTC+04:00)",
    },
    "ar": {
        "request": "استلمنا طلبك لعرض توضيحي",
        "booked": f"تم حجز عرضك التوضيحي: {AR_MONDAY}",
        "moved": f"تغيّر موعد عرضك التوضيحي: {AR_MONDAY.replace('الاثنين 1', 'الثلاثاء 2')}",
        "cancelled": f"تم إلغاء عرضك التوضيحي: {AR_MONDAY}",
        "reminder": f"تذكير بعرضك التوضيحي: {AR_MONDAY}",
    },
}
# What each wording promises: a request's "we will propose a time" must never reach someone whose time is booked.
PROPOSES_A_TIME = {"en": "to propose a time for your demo", "ar": "ليقترح عليك موعدًا"}
CANCELLED_IN_WORDS = {
    "en": "Your demo with Sana Malik on Monday 1 March 2027, 08:00-08:30 (Asia/Muscat, UTC+04:00) is cancelled.",
    "ar": f"تم إلغاء عرضك التوضيحي مع {FSI}Sana Malik{PDI} الذي كان مقررًا يوم الاثنين 1 مارس 2027",
}
BOOK_AGAIN = {"en": "Would you like another time? Pick a free time here", "ar": "هل تودّ حجز موعد آخر؟"}
ADD_TO_CALENDAR = {"en": "open it to add the demo to your calendar", "ar": "افتحها لإضافة العرض التوضيحي إلى تقويمك"}
SUMMARY = {"en": "Smart School Suite demo with Sana Malik", "ar": "عرض توضيحي لمنظومة"}
HOST_WHEN = "Monday 1 March 2027, 09:00-09:30 (Asia/Karachi, UTC+05:00)"
STAFF = {
    "request": "New demo request: Amina Khan (Greenfield School)",
    "booked": f"New demo booked: Amina Khan (Greenfield School), {HOST_WHEN}",
    "booked after the request": f"Demo booked: Amina Khan (Greenfield School), {HOST_WHEN}",
}
HOST = {
    "booked": f"Demo booked: Amina Khan, {HOST_WHEN}",
    "moved": "Demo moved: Amina Khan, Tuesday 2 March 2027, 09:00-09:30 (Asia/Karachi, UTC+05:00)",
    "cancelled": f"Demo cancelled: Amina Khan, {HOST_WHEN}",
}
LANGUAGES = pytest.mark.parametrize("language", ["en", "ar"])


pytestmark = pytest.mark.usefixtures("empty_outbox")


@pytest.fixture
def host() -> int:
    return karachi_host(meeting_link=MEETING)


@pytest.fixture
def address() -> str:
    return f"{uuid.uuid4().hex[:10]}@school.example"


def deliver() -> None:
    async def drain() -> None:
        while await sender.deliver_due():
            pass

    asyncio.run(drain())


def subjects(inbox, recipient: str) -> list[str]:
    return [message["Subject"] for message in inbox.to(recipient)]


def text_of(message: EmailMessage) -> str:
    return message.get_body(("plain",)).get_content()


def calendar_of(message: EmailMessage) -> str:
    parts = [part for part in message.walk() if part.get_content_type() == "text/calendar"]
    assert len(parts) == 1, "one invitation per mail"
    assert parts[0].get_param("method") == str(Calendar.from_ical(parts[0].get_content())["METHOD"])
    return parts[0].get_content()


def events(messages: list[EmailMessage]) -> list[tuple[dict, dict]]:
    """Each mail's invitation as (icalendar's reading, ical.js's reading), after checking that the two agree."""
    calendars = [calendar_of(message) for message in messages]
    by_ical_js = events_read_by_ical_js(calendars)
    read = []
    for text, second in zip(calendars, by_ical_js, strict=True):
        calendar = Calendar.from_ical(text)
        [event] = calendar.walk("VEVENT")
        first = {
            "method": str(calendar["METHOD"]),
            "uid": str(event["UID"]),
            "sequence": int(event["SEQUENCE"]),
            "status": str(event["STATUS"]),
            "summary": str(event["SUMMARY"]),
            "description": str(event["DESCRIPTION"]),
            "location": str(event["LOCATION"]),
            "url": str(event["URL"]),
            "start": event.decoded("DTSTART").astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z"),
            "end": event.decoded("DTEND").astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z"),
        }
        assert first == second, "icalendar and ical.js read the same invitation"
        read.append((first, second))
    return read


def request(language: str, address: str) -> int:
    """The /schedule form's submission, as its state sends it: a demo request whose mails wait for the picker."""
    context = SubmissionContext(
        client_id=f"198.51.100.{uuid.uuid4().int % 250}",
        page="/schedule" if language == "en" else f"/{language}/schedule",
        form_started_at=timestamp() - 30,
        require_consent=True,
        consent_text_version=forms.consent_text_version(language),
    )
    with speaking(language):
        return service.demo_request(
            LeadKind.SCHEDULE_DEMO, {**VALID["ScheduleDemo"], **CONSENTED, "email": address}, context, picker=True
        )


def api_booking(language: str, address: str, host: int, start: datetime = MONDAY_9) -> int:
    """POST /api/demo-bookings: the lead and its booking together; returns the booking's id."""
    data = {**VALID["ScheduleDemo"], "email": address, "slotId": slot_id(host, start), "timeZone": VISITOR_ZONE}
    with speaking(language):
        lead_id, _ = service.lead_book(data, SubmissionContext(client_id=f"203.0.113.{uuid.uuid4().int % 250}"))
    return service.booking_of_lead(lead_id).id


def assert_says_how_to_join_and_where_to_change(invitation: dict, language: str) -> None:
    assert invitation["location"] == MEETING and invitation["url"] == MEETING
    assert MEETING in invitation["description"] and "/booking/" in invitation["description"]
    assert invitation["summary"].startswith(SUMMARY[language])


@LANGUAGES
def test_a_request_without_a_time_gets_one_confirmation_that_offers_free_times(language, smtp_server, host, address):
    inbox = smtp_server()
    with frozen(NOW) as advance:
        request(language, address)
        deliver()
        assert inbox.received == [], "the mails wait while the visitor may pick a time in the form"
        advance(PICK_WINDOW)
        deliver()
    [confirmation] = inbox.to(address)
    assert subjects(inbox, address) == [VISITOR[language]["request"]]
    assert PROPOSES_A_TIME[language] in text_of(confirmation)
    pick_link = next(line for line in text_of(confirmation).splitlines() if "/booking/new/" in line)
    assert not any(part.get_content_type() == "text/calendar" for part in confirmation.walk())
    assert subjects(inbox, SALES) == [STAFF["request"]]
    assert "Modules: Student Smart, HR Smart, Academic Smart" in text_of(inbox.to(SALES)[0])
    with TestClient(build_booking_pages()) as pages:
        page = pages.get(pick_link.removeprefix(settings.booking_url.removesuffix("/booking")))
    assert page.status_code == 200 and 'name="slot"' in page.text


@LANGUAGES
def test_a_request_when_no_time_is_free_is_confirmed_at_once_without_a_link(language, smtp_server, address):
    inbox = smtp_server()
    with frozen(NOW):
        request(language, address)  # no host: the form offers no time to pick, so nothing waits for one
        deliver()
    assert subjects(inbox, address) == [VISITOR[language]["request"]]
    assert subjects(inbox, SALES) == [STAFF["request"]]
    words = text_of(inbox.to(address)[0])
    assert PROPOSES_A_TIME[language] in words and "/booking/" not in words


@LANGUAGES
def test_a_time_picked_in_the_form_replaces_the_request_mails_with_one_booking_confirmation(
    language, smtp_server, host, address
):
    inbox = smtp_server()
    with frozen(NOW) as advance:
        lead_id = request(language, address)
        booking = service.book_for_lead(lead_id, slot_id(host, MONDAY_9), VISITOR_ZONE)
        advance(PICK_WINDOW)
        deliver()
    assert subjects(inbox, address) == [VISITOR[language]["booked"]]
    assert subjects(inbox, booking.host_email) == [HOST["booked"]]
    assert subjects(inbox, SALES) == [STAFF["booked"]]
    [confirmation] = inbox.to(address)
    assert PROPOSES_A_TIME[language] not in text_of(confirmation)
    assert "Modules: Student Smart, HR Smart, Academic Smart" in text_of(inbox.to(SALES)[0])
    [(visitor_invitation, _)] = events([confirmation])
    [(host_invitation, _)] = events(inbox.to(booking.host_email))
    assert (visitor_invitation["method"], visitor_invitation["sequence"]) == ("REQUEST", 0)
    assert visitor_invitation["start"] == "2027-03-01T04:00:00.000Z" == host_invitation["start"]
    assert_says_how_to_join_and_where_to_change(visitor_invitation, language)
    assert host_invitation["uid"] == visitor_invitation["uid"] and host_invitation["location"] == MEETING
    assert host_invitation["summary"] == "Demo for Amina Khan (Greenfield School)"
    if language == "ar":
        html = confirmation.get_body(("html",)).get_content()
        assert "(توقيت عُمان، <bdi>UTC+04:00</bdi>)" in html and "<bdi>Sana Malik</bdi>" in html


@LANGUAGES
def test_a_booking_through_the_api_sends_the_same_one_confirmation(language, smtp_server, host, address):
    inbox = smtp_server()
    with frozen(NOW):
        booking = service.booking_get(api_booking(language, address, host))
        deliver()
    assert subjects(inbox, address) == [VISITOR[language]["booked"]]
    assert subjects(inbox, booking.host_email) == [HOST["booked"]]
    assert subjects(inbox, SALES) == [STAFF["booked"]]
    [(invitation, _)] = events(inbox.to(address))
    assert_says_how_to_join_and_where_to_change(invitation, language)


@LANGUAGES
def test_a_time_picked_after_the_request_mails_left_follows_them_and_contradicts_nothing(
    language, smtp_server, host, address
):
    inbox = smtp_server()
    with frozen(NOW) as advance:
        lead_id = request(language, address)
        advance(PICK_WINDOW)
        deliver()  # the request's two mails leave
        booking = service.book_for_lead(lead_id, slot_id(host, MONDAY_9), VISITOR_ZONE)
        deliver()
    assert subjects(inbox, address) == [VISITOR[language]["request"], VISITOR[language]["booked"]]
    assert subjects(inbox, SALES) == [STAFF["request"], STAFF["booked after the request"]]
    assert subjects(inbox, booking.host_email) == [HOST["booked"]]
    # The request offered "pick a time yourself"; the booking is that choice, not a second demo.
    assert "/booking/new/" in text_of(inbox.to(address)[0])


@LANGUAGES
def test_a_move_sends_one_update_each_to_visitor_and_host_and_nothing_to_sales(language, smtp_server, host, address):
    inbox = smtp_server()
    with frozen(NOW):
        booking_id = api_booking(language, address, host)
        deliver()
        service.booking_reschedule(booking_id, slot_id(host, MONDAY_9 + timedelta(days=1)))
        deliver()
    booking = service.booking_get(booking_id)
    assert subjects(inbox, address) == [VISITOR[language]["booked"], VISITOR[language]["moved"]]
    assert subjects(inbox, booking.host_email) == [HOST["booked"], HOST["moved"]]
    assert subjects(inbox, SALES) == [STAFF["booked"]]
    booked, moved = (invitation for invitation, _ in events(inbox.to(address)))
    assert (moved["method"], moved["uid"], moved["sequence"]) == ("REQUEST", booked["uid"], 1)
    assert moved["start"] == "2027-03-02T04:00:00.000Z"
    assert ADD_TO_CALENDAR[language] not in text_of(inbox.to(address)[1])  # it moves the event, adds none
    assert_says_how_to_join_and_where_to_change(moved, language)


@LANGUAGES
def test_a_cancellation_says_so_removes_the_event_and_links_to_book_again(language, smtp_server, host, address):
    inbox = smtp_server()
    with frozen(NOW):
        booking_id = api_booking(language, address, host)
        service.booking_cancel(booking_id)
        deliver()
    booking = service.booking_get(booking_id)
    assert subjects(inbox, address) == [VISITOR[language]["booked"], VISITOR[language]["cancelled"]]
    assert subjects(inbox, booking.host_email) == [HOST["booked"], HOST["cancelled"]]
    assert subjects(inbox, SALES) == [STAFF["booked"]]
    cancellation = inbox.to(address)[1]
    words = text_of(cancellation)
    assert CANCELLED_IN_WORDS[language] in words and BOOK_AGAIN[language] in words
    assert ADD_TO_CALENDAR[language] not in words and MEETING not in words
    book_again = next(line for line in words.splitlines() if "/booking/" in line)
    booked, cancelled = (invitation for invitation, _ in events(inbox.to(address)))
    assert (cancelled["method"], cancelled["status"], cancelled["uid"]) == ("CANCEL", "CANCELLED", booked["uid"])
    assert cancelled["sequence"] == 1 and [events(inbox.to(booking.host_email))[1][0]["method"]] == ["CANCEL"]
    with TestClient(build_booking_pages()) as pages:
        page = pages.get(book_again.removeprefix(settings.booking_url.removesuffix("/booking")))
    assert page.status_code == 200 and "/rebook" in page.text


CANCELLED_BY_US = {  # issue 33: staff cancelled; the visitor hears the vendor did, an apology and another time
    "en": (
        "We are sorry: your demo on Monday 1 March 2027, 08:00-08:30 (Asia/Muscat, UTC+04:00) is cancelled",
        "We are sorry: we had to cancel your demo with Sana Malik on Monday 1 March 2027",
        "Please accept our apologies.",
        "Why: Sana is unwell <today>",
        "Please pick another time that suits you here; it is booked at once:",
    ),
    "ar": (
        f"نعتذر إليك: أُلغي عرضك التوضيحي المقرر {AR_MONDAY}",
        f"نعتذر إليك: اضطررنا إلى إلغاء عرضك التوضيحي مع {FSI}Sana Malik{PDI} الذي كان مقررًا يوم الاثنين 1 مارس",
        "نرجو أن تقبل اعتذارنا.",
        f"السبب: {FSI}Sana is unwell <today>{PDI}",
        "يُرجى اختيار موعد آخر يناسبك من هنا، ويُحجز لك فورًا:",
    ),
}


@LANGUAGES
def test_a_cancellation_by_staff_apologises_in_the_visitors_language_gives_the_reason_and_offers_another_time(
    language, smtp_server, host, address
):
    inbox = smtp_server()
    with frozen(NOW):
        booking_id = api_booking(language, address, host)
        service.booking_cancel(booking_id, actor_id=host, reason="Sana is unwell <today>")
        deliver()
    booking = service.booking_get(booking_id)
    subject, news, apology, reason, again = CANCELLED_BY_US[language]
    assert subjects(inbox, address) == [VISITOR[language]["booked"], subject]
    assert subjects(inbox, booking.host_email) == [HOST["booked"], HOST["cancelled"]]
    cancellation = inbox.to(address)[1]
    words = text_of(cancellation)
    for said in (news, apology, reason, again):
        assert said in words, said
    assert CANCELLED_IN_WORDS[language] not in words and BOOK_AGAIN[language] not in words  # not the visitor's own
    html = cancellation.get_body(("html",)).get_content()
    assert "&lt;today&gt;" in html and "<today>" not in html  # staff's words are text, never markup
    assert "Reason given to the visitor: Sana is unwell <today>" in text_of(inbox.to(booking.host_email)[1])
    book_again = next(line for line in words.splitlines() if "/booking/" in line)
    with TestClient(build_booking_pages()) as pages:
        page = pages.get(book_again.removeprefix(settings.booking_url.removesuffix("/booking")))
    assert page.status_code == 200 and "/rebook" in page.text
    assert (cancelled := events(inbox.to(address))[1][0])["method"] == "CANCEL" and cancelled["sequence"] == 1


@LANGUAGES
def test_reminders_come_a_day_and_an_hour_before_with_how_to_join(language, smtp_server, host, address):
    inbox = smtp_server()
    with frozen(NOW):
        booking_id = api_booking(language, address, host)
        deliver()
    with frozen(MONDAY_9 - timedelta(hours=24)):
        deliver()
    assert subjects(inbox, address) == [VISITOR[language]["booked"], VISITOR[language]["reminder"]]
    with frozen(MONDAY_9 - timedelta(hours=1)):
        deliver()
    assert subjects(inbox, address) == [VISITOR[language]["booked"], *[VISITOR[language]["reminder"]] * 2]
    for reminder in inbox.to(address)[1:]:
        assert not any(part.get_content_type() == "text/calendar" for part in reminder.walk())
        assert MEETING in text_of(reminder) and "/booking/" in text_of(reminder)
    booking = service.booking_get(booking_id)
    assert subjects(inbox, booking.host_email) == [HOST["booked"]] and subjects(inbox, SALES) == [STAFF["booked"]]
