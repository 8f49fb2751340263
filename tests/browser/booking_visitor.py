"""A visitor of the booking journeys: a seeded host in the served database, a browser in a chosen time zone
(Chromium's ``timezone_id`` is what Intl.DateTimeFormat reports to the form), the demo form filled and sent."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from lead_forms import email_for, fill_demo_contact, submit
from playwright.sync_api import Page, expect
from sqlmodel import Session, select, update

from marketing_site.booking.models import DemoBooking, DemoHost, WorkingHours
from marketing_site.leads.models import Lead
from marketing_site.staff.models import StaffUser

FORM = "schedule-demo"
PICKER = f"#{FORM}-slots"


@pytest.fixture
def host(site_db) -> Iterator[str]:
    """A host in Muscat working around the clock (Oman's weekend and holidays aside); paused afterwards."""
    name = f"Maryam <b>{uuid.uuid4().hex[:4]}</b>"
    with Session(site_db) as db_session:
        staff = StaffUser(email=f"host-{uuid.uuid4().hex[:8]}@vendor.example", password_hash="x", role="sales")
        db_session.add(staff)
        db_session.flush()
        staff_id = staff.id
        db_session.add(DemoHost(staff_user_id=staff_id, display_name=name, time_zone="Asia/Muscat", country="OM"))
        db_session.flush()
        db_session.add_all(
            WorkingHours(host_id=staff_id, weekday=day, start_minute=0, end_minute=1440) for day in range(7)
        )
        db_session.commit()
    yield name
    with Session(site_db) as db_session:
        db_session.exec(update(DemoHost).where(DemoHost.staff_user_id == staff_id).values(active=False))
        db_session.commit()


def visitor(browser, served, zone: str, width: int = 1280) -> Page:
    context = browser.new_context(base_url=served.site_url, viewport={"width": width, "height": 760}, timezone_id=zone)
    return context.new_page()


def request_demo(page: Page, path: str = "/schedule") -> str:
    email = email_for("slots")
    page.goto(path)
    fill_demo_contact(page, FORM, email)
    submit(page, FORM)
    expect(page.locator(f"{PICKER} input[name=slot]").first).to_be_attached()
    return email


def pick(page: Page, slot_id: str) -> None:
    """Click the time as a visitor does (the radio itself is visually hidden behind its label)."""
    page.locator(f'{PICKER} label:has(input[value="{slot_id}"])').click()


def booking_of(site_db, email: str) -> DemoBooking | None:
    with Session(site_db) as db_session:
        return db_session.exec(select(DemoBooking).join(Lead).where(Lead.email == email)).first()
