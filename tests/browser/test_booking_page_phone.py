"""The visitor's booking pages on a phone, in English and Arabic (issue 33, item 1): no sideways scroll at 320, 390
and 1280 px with a long meeting link, and free times offered as Calendly and Cal.com offer them: a day first, then
that day's times, a week at a time. The visitor moves the demo, cancels it and books it again there."""

from __future__ import annotations

import re
import uuid

import pytest
from booked_demo import booked_lead, pick_link, visitor_link
from booking_visitor import host  # noqa: F401 (a fixture: a host in Muscat, around the clock)
from playwright.sync_api import Page, expect
from sqlmodel import Session, update
from staff_browser import api_lead

from marketing_site.booking.models import DemoHost
from marketing_site.content.messages import CATALOGUES, ENGLISH

WIDTHS = (320, 390, 1280)
MEETING = "https://meet.example.com/maryam-al-harthy-weekly-product-demonstrations-room-2026"


def sideways(page: Page) -> dict[int, int]:
    """Pixels of sideways scroll by viewport width (none wanted)."""
    extra = {}
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 760})
        scroll = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        if scroll > 0:
            extra[width] = scroll
    page.set_viewport_size({"width": 390, "height": 760})
    return extra


def inside_the_screen(page: Page, locator) -> bool:
    box = locator.bounding_box()
    return box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"] + 0.5


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_booking_pages_fit_a_phone_and_offer_a_day_then_its_times(browser, served, site_db, host, language):
    words = ENGLISH if language == "en" else CATALOGUES["ar"]
    with Session(site_db) as db_session:
        db_session.exec(update(DemoHost).where(DemoHost.display_name == host).values(meeting_link=MEETING))
        db_session.commit()
    link = visitor_link(site_db, booked_lead(served, host, language, email=f"phone-{uuid.uuid4().hex[:6]}@school.om"))
    page = browser.new_context(viewport={"width": 390, "height": 760}, timezone_id="Asia/Karachi").new_page()
    page.goto(link)
    expect(page.locator("html")).to_have_attribute("dir", "ltr" if language == "en" else "rtl")
    assert sideways(page) == {}
    for shown in (page.locator("dd").first, page.get_by_role("link", name=MEETING)):
        page.set_viewport_size({"width": 320, "height": 760})
        assert inside_the_screen(page, shown), "the date and the meeting link are not cut at the edge"
    page.set_viewport_size({"width": 390, "height": 760})

    days = page.get_by_role("navigation", name=words["booking.page.days"]).get_by_role("link")
    assert days.count() >= 3
    expect(page.locator("[aria-current=date]")).to_have_count(1)
    times = page.locator("input[name=slot]")
    assert 0 < times.count() <= 48, "one day's times, not a week's"
    first_day = page.locator("legend").inner_text()
    days.nth(1).click()
    expect(page.locator("legend")).not_to_have_text(first_day)
    assert days.nth(1).get_attribute("aria-current") == "date"
    assert sideways(page) == {}
    page.locator("label:has(input[name=slot])").first.click()
    page.get_by_role("button", name=words["booking.page.reschedule_button"]).click()
    expect(page.get_by_role("status")).to_contain_text(words["booking.page.moved_done"])

    page.get_by_role("link", name=words["booking.page.cancel_button"]).click()  # asks first
    assert sideways(page) == {}
    page.get_by_role("button", name=words["booking.page.cancel_yes"]).click()
    expect(page.get_by_role("status")).to_contain_text(words["booking.page.cancelled_done"])
    assert sideways(page) == {}
    expect(page.get_by_role("navigation", name=words["booking.page.days"])).to_be_visible()  # book again: days
    page.locator("label:has(input[name=slot])").last.click()
    page.get_by_role("button", name=words["booking.page.book_button"]).click()
    expect(page.get_by_role("status")).to_contain_text(words["booking.page.booked_done"])
    assert sideways(page) == {}
    page.context.close()


def test_the_pick_page_of_a_request_fits_a_phone(browser, served, site_db, host):
    request = api_lead(served, "ScheduleDemo", email=f"pick-{uuid.uuid4().hex[:6]}@school.om")
    page = browser.new_context(viewport={"width": 390, "height": 760}).new_page()
    page.goto(pick_link(site_db, request))
    expect(page.get_by_role("navigation", name=ENGLISH["booking.page.days"])).to_be_visible()
    assert sideways(page) == {}
    page.locator("label:has(input[name=slot])").first.click()
    page.get_by_role("button", name=ENGLISH["booking.page.book_button"]).click()
    expect(page).to_have_url(re.compile(r"/booking/[^/]+\?done=booked$"))
    assert sideways(page) == {}
    page.context.close()
