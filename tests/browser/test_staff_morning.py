"""A salesperson's morning in Chromium, on a phone (390 px) and a laptop (1280 px), in Muscat: yesterday's demo
requests from Oman found by the local day, one called, owned, noted and saved, a demo moved from the lead page,
then cancelled by the visitor from the mail's link, and the lead out of "Demo booked". Every staff page passes
axe at both widths and never scrolls sideways at 320, 360, 390, 768 or 1280 px."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from axe_check import axe_source, violations
from booked_demo import booked_lead, visitor_link
from booking_visitor import host  # noqa: F401 (a fixture: a host in Muscat, around the clock)
from playwright.sync_api import Page, expect
from sqlalchemy import text, update
from sqlmodel import Session
from staff_browser import api_lead, create_staff, sign_in, sign_in_again
from staff_pages import staff_pages

from marketing_site.content.messages import ENGLISH
from marketing_site.leads.models import Lead

MUSCAT = ZoneInfo("Asia/Muscat")
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}


def muscat_day(days_ago: int, hour: int, minute: int = 0) -> datetime:
    """An instant on a day of Muscat's calendar, counted back from today there."""
    today = datetime.now(MUSCAT).date()
    return datetime.combine(today - timedelta(days=days_ago), time(hour, minute), tzinfo=MUSCAT).astimezone(UTC)


def received(site_db, lead_id: int, moment: datetime) -> int:
    with Session(site_db) as db_session:
        db_session.execute(update(Lead).where(Lead.id == lead_id).values(created_at=moment))  # type: ignore[arg-type]
        db_session.commit()
    return lead_id


def staff_id(site_db, email: str) -> int:
    with site_db.connect() as connection:
        return connection.execute(text("SELECT id FROM staff_user WHERE email = :e"), {"e": email}).scalar_one()


def no_sideways_scroll(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def open_filters(page: Page) -> None:
    if not page.locator("#filters").evaluate("details => details.open"):
        page.get_by_text("Filters", exact=True).click()


@pytest.mark.parametrize("viewport", (PHONE, LAPTOP), ids=("390px", "1280px"))
def test_a_salesperson_works_yesterdays_demo_requests_from_oman(browser, served, site_db, host, viewport) -> None:
    tag = uuid.uuid4().hex[:6]
    demo = received(
        site_db, booked_lead(served, host, email=f"a-{tag}@school.om", country="Oman"), muscat_day(1, 1, 34)
    )
    call = received(
        site_db,
        api_lead(
            served,
            "ProductDemo",
            email=f"b-{tag}@school.om",
            country="oman",
            phone="+968 9123 4567",
            firstName="Salim",
            lastName=f"Rashdi {tag}",
            product="Finance Smart",
        ),
        muscat_day(1, 9, 15),
    )
    not_yesterday_here = received(  # yesterday in UTC, today in Muscat
        site_db, api_lead(served, "ProductDemo", email=f"c-{tag}@school.om", country="Oman"), muscat_day(0, 2, 0)
    )
    elsewhere = received(
        site_db, api_lead(served, "ProductDemo", email=f"d-{tag}@school.pk", country="Pakistan"), muscat_day(1, 10)
    )
    earlier = received(
        site_db, api_lead(served, "ProductDemo", email=f"e-{tag}@school.om", country="Oman"), muscat_day(2, 12)
    )
    context = browser.new_context(base_url=served.site_url, viewport=viewport, timezone_id="Asia/Muscat")
    page = context.new_page()
    email = create_staff(served, "sales")
    sign_in(page, served, email)

    page.get_by_role("link", name="Yesterday").click()
    open_filters(page)
    page.get_by_label("Country", exact=True).select_option("Oman")
    page.get_by_role("button", name="Show").first.click()
    listed = page.locator("ol.leads a[href^='/admin/leads/']")
    expect(listed.first).to_be_visible()
    shown = {
        int(href.rsplit("/", 1)[1]) for href in listed.evaluate_all("links => links.map(a => a.getAttribute('href'))")
    }
    assert {demo, call} <= shown and not {not_yesterday_here, elsewhere, earlier} & shown
    assert no_sideways_scroll(page)

    page.locator(f"a[href='/admin/leads/{call}']").click()
    expect(page.get_by_role("heading", name=f"Salim Rashdi {tag}")).to_be_visible()
    expect(page.locator("a[href='tel:+96891234567']").first).to_be_visible()
    expect(page.locator("a[href='https://wa.me/96891234567']")).to_be_visible()
    page.get_by_label("Status").select_option("contacted")
    page.get_by_label("Owner").select_option(str(staff_id(site_db, email)))
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status").filter(has_text="Saved")).to_be_visible()
    expect(page.get_by_label("Status")).to_have_value("contacted")
    page.get_by_label("New note").fill("Called: wants finance first; demo next week")
    page.get_by_role("button", name="Add note").click()
    expect(page.get_by_role("status").filter(has_text="Saved: note added")).to_be_visible()
    expect(page.get_by_text("You took the lead")).to_be_visible()
    assert no_sideways_scroll(page)

    page.goto(f"{served.backend_url}/admin/leads/{demo}")
    page.get_by_role("link", name="Move or cancel the demo").click()
    page.locator("fieldset .slots label").nth(2).click()
    page.get_by_role("button", name="Move the demo").click()
    expect(page.get_by_role("status").filter(has_text="Saved: the demo moved")).to_be_visible()
    expect(page.get_by_text(re.compile(r"Demo moved to \w{3} \d+ \w{3}, \d\d:\d\d \(Muscat\) by you"))).to_be_visible()
    expect(page.get_by_label("Status")).to_have_value("demo_booked")

    visitor = browser.new_context(viewport=PHONE, timezone_id="Asia/Karachi").new_page()
    visitor.goto(visitor_link(site_db, demo))
    visitor.get_by_role("link", name=ENGLISH["booking.page.cancel_button"]).click()  # the page asks first
    visitor.get_by_role("button", name=ENGLISH["booking.page.cancel_yes"]).click()
    expect(visitor.get_by_role("status")).to_contain_text(ENGLISH["booking.page.cancelled_done"])
    visitor.context.close()

    page.reload()
    expect(page.get_by_label("Status")).to_have_value("demo_cancelled")
    expect(page.get_by_text(re.compile(r"Demo of .* cancelled by the visitor"))).to_be_visible()
    page.goto(f"{served.backend_url}/admin/?status=demo_booked")
    expect(page.get_by_role("heading", name="Inbox")).to_be_visible()
    expect(page.locator(f"a[href='/admin/leads/{demo}']")).to_have_count(0)
    context.close()


def every_page(served, site_db, host_name: str) -> list[str]:
    """Every page of the staff area an admin reaches, with a booked demo and a job application to show."""
    demo = booked_lead(served, host_name, email=f"axe-{uuid.uuid4().hex[:6]}@school.om", country="Oman")
    with site_db.begin() as connection:
        application = connection.execute(
            text(
                "INSERT INTO lead (kind, created_at, language, email, first_name, last_name, phone_e164, phone_raw,"
                " city, position, source_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content,"
                " consent_text_version) VALUES ('Careers', CURRENT_TIMESTAMP, 'en', :e, 'Sara', 'Iqbal',"
                " '+923001234567', '0300 1234567', 'Lahore', 'Physics', '/careers', '', '', '', '', '', '', '')"
                " RETURNING id"
            ),
            {"e": f"axe-{uuid.uuid4().hex[:6]}@mail.example"},
        ).scalar_one()
    return staff_pages(demo, application, booked=True)


@pytest.mark.parametrize(("viewport", "also"), ((PHONE, (320, 360)), (LAPTOP, (768,))), ids=("390px", "1280px"))
def test_every_staff_page_passes_axe_and_never_scrolls_sideways(browser, served, site_db, host, viewport, also):
    context = browser.new_context(base_url=served.site_url, viewport=viewport, timezone_id="Asia/Muscat")
    page = context.new_page()
    found: dict[str, list[str]] = {}

    def look(shown: Page) -> None:
        """axe on the page, and no sideways scroll at this width and the other one."""
        path = shown.url.split("/admin", 1)[1] or "/"
        found[path] = violations(shown, axe_source())
        for width in (*also, viewport["width"]):
            shown.set_viewport_size({"width": width, "height": viewport["height"]})
            assert no_sideways_scroll(shown), (path, width)

    email = create_staff(served, "admin")
    codes = sign_in(page, served, email, look=look)
    for path in every_page(served, site_db, host):
        page.goto(f"{served.backend_url}{path}")
        if path == "/admin/":
            open_filters(page)
            page.locator("details.numbers > summary").click()  # the chart's table too
        look(page)
    page.get_by_role("button", name="Sign out").first.click()
    sign_in_again(page, served, email, codes[0], look)
    assert {path: problems for path, problems in found.items() if problems} == {}
    assert len(found) >= 18, sorted(found)  # sign-in, enrolment, codes, second factor and the staff pages
    context.close()
