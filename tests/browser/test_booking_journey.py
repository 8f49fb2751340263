"""A demo from the picker to its cancellation: the invitation reaches a real SMTP server (aiosmtpd) through
the documented sender process, its link opens the visitor's booking page, which moves and then cancels it.
Each invitation's .ics is read with icalendar: one UID throughout, SEQUENCE up on every change."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

from booking_visitor import FORM, PICKER, booking_of, host, pick, request_demo, visitor  # noqa: F401 (host: fixture)
from icalendar import Calendar
from mail.conftest import Inbox
from playwright.sync_api import expect
from sqlmodel import Session, select

from marketing_site.booking.models import DemoBooking
from marketing_site.booking.slots import as_utc
from marketing_site.content.booking import SLOT_PICKER
from marketing_site.content.messages import ENGLISH
from marketing_site.mail import catcher
from scripts.harness.ports import free_port

ROOT = Path(__file__).resolve().parents[2]


def invitations(inbox: Inbox, address: str, count: int, seconds: float = 30) -> list[Calendar]:
    """The calendar parts mailed to ``address``, once there are ``count`` (the sender polls every 2 s)."""
    deadline = time.monotonic() + seconds
    while True:
        found = [
            Calendar.from_ical(part.get_content())
            for mail in inbox.to(address)
            for part in mail.walk()
            if part.get_content_type() == "text/calendar"
        ]
        if len(found) >= count or time.monotonic() > deadline:
            assert len(found) == count, f"{len(found)} invitations reached {address}, expected {count}"
            return found
        time.sleep(0.3)


def text_to(inbox: Inbox, address: str) -> str:
    return "\n".join(
        part.get_content()
        for mail in inbox.to(address)
        for part in mail.walk()
        if part.get_content_type() == "text/plain"
    )


def event(calendar: Calendar):
    [found] = calendar.walk("VEVENT")
    return found


def test_the_invitation_arrives_and_its_link_moves_then_cancels_the_demo(browser, served, site_db, host):
    inbox, port = Inbox(), free_port()
    smtp = catcher.start(inbox, port)
    sender = subprocess.Popen(
        [sys.executable, "-m", "marketing_site.background"],  # mail, lead timers, webhooks
        cwd=ROOT,
        env={**os.environ, **served.env, "SMTP_HOST": "127.0.0.1", "SMTP_PORT": str(port), "SMTP_SECURITY": "none"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        page = visitor(browser, served, "Asia/Karachi")
        email = request_demo(page)
        pick(page, page.locator(f"{PICKER} input[name=slot]").first.get_attribute("value"))
        page.get_by_role("button", name=SLOT_PICKER.book_label).click()
        expect(page.locator(f"#{FORM}-success")).to_contain_text(SLOT_PICKER.booked_title)
        booking = booking_of(site_db, email)

        [booked] = invitations(inbox, email, 1)
        assert booked["METHOD"] == "REQUEST"
        first = event(booked)
        assert (str(first["UID"]), int(first["SEQUENCE"])) == (booking.uid, 0)
        assert first.decoded("DTSTART") == as_utc(booking.starts_at)

        [link] = set(re.findall(r"https?://\S+/booking/[\w.\-]+", text_to(inbox, email)))
        assert link.startswith(served.backend_url)
        page.goto(link)
        other = page.locator("input[name=slot]").first
        moved_to = other.get_attribute("value")
        other.check()
        page.get_by_role("button", name=ENGLISH["booking.page.reschedule_button"]).first.click()
        expect(page.get_by_role("status")).to_contain_text(ENGLISH["booking.page.moved_done"])
        with Session(site_db) as db_session:
            moved = db_session.exec(select(DemoBooking).where(DemoBooking.id == booking.id)).one()
        assert moved.sequence == 1 and moved.status == "booked" and moved.starts_at != booking.starts_at
        assert moved_to.startswith(f"{moved.host_id}-")

        page.get_by_role("link", name=ENGLISH["booking.page.cancel_button"]).click()  # asks first
        page.get_by_role("button", name=ENGLISH["booking.page.cancel_yes"]).click()
        expect(page.get_by_role("status")).to_contain_text(ENGLISH["booking.page.cancelled_done"])
        expect(page.get_by_role("button", name=ENGLISH["booking.page.book_button"])).to_be_visible()  # book again
        calendars = invitations(inbox, email, 3)
        methods = [
            (str(calendar["METHOD"]), int(event(calendar)["SEQUENCE"]), str(event(calendar)["UID"]))
            for calendar in calendars
        ]
        assert methods == [("REQUEST", 0, booking.uid), ("REQUEST", 1, booking.uid), ("CANCEL", 2, booking.uid)]
        assert booking_of(site_db, email).status == "cancelled"
    finally:
        sender.terminate()
        sender.wait(timeout=10)
        smtp.stop()
