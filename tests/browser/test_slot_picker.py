"""After /schedule, a visitor books a free time in their own zone; a time taken meanwhile is re-offered.

The host is seeded in the served backend's database and the browser's zone set by Chromium (booking_visitor.py).
"""

from __future__ import annotations

from axe_check import axe_source, violations
from booking_visitor import FORM, PICKER, booking_of, host, pick, request_demo, visitor  # noqa: F401 (host: fixture)
from playwright.sync_api import expect

from marketing_site.content import forms
from marketing_site.content.booking import SLOT_PICKER
from marketing_site.content.messages import CATALOGUES, ENGLISH
from marketing_site.i18n.catalogues import catalogue
from marketing_site.i18n.languages import ARABIC


def test_a_visitor_picks_a_free_time_by_keyboard_at_320px_and_sees_it_in_their_zone(browser, served, site_db, host):
    page = visitor(browser, served, "Asia/Karachi", width=320)
    email = request_demo(page)
    modal = page.locator(f"#{FORM}-success")
    expect(modal.get_by_role("heading", name=SLOT_PICKER.heading)).to_be_focused()  # the list is read from its top
    zone = page.locator(f"{PICKER}-zone")
    expect(zone).to_have_value("Asia/Karachi")
    expect(modal).to_contain_text(forms.SCHEDULE.success.text)  # true until a time is booked
    assert violations(page, axe_source()) == []
    first = page.locator(f"{PICKER} input[name=slot]").first
    chosen = first.get_attribute("value")
    page.keyboard.press("Tab")
    expect(zone).to_be_focused()
    page.keyboard.press("Tab")
    expect(first).to_be_focused()
    page.keyboard.press("Space")
    expect(first).to_be_checked()
    assert page.evaluate("(el) => el.scrollWidth <= el.clientWidth", modal.element_handle()), "no sideways scroll"
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name=SLOT_PICKER.book_label)).to_be_focused()
    page.keyboard.press("Enter")

    expect(modal).to_contain_text(SLOT_PICKER.booked_title)
    expect(modal).to_contain_text("(Asia/Karachi, UTC+05:00)")
    expect(modal).to_contain_text(host)  # the name as text, never markup
    expect(modal).not_to_contain_text(forms.SCHEDULE.success.text)  # issue 33: "we will contact you" no longer
    booking = booking_of(site_db, email)
    assert booking is not None and booking.status == "booked" and booking.visitor_time_zone == "Asia/Karachi"
    assert chosen.startswith(f"{booking.host_id}-")


def test_a_time_taken_meanwhile_is_refused_in_the_pages_language_with_the_next_free_times(
    browser, served, site_db, host
):
    first, second = visitor(browser, served, "Asia/Muscat"), visitor(browser, served, "Asia/Muscat")
    request_demo(first)
    second_email = request_demo(second, "/ar/schedule")
    expect(second.locator("html")).to_have_attribute("dir", "rtl")
    expect(second.locator(f"#{FORM}-success")).to_contain_text(catalogue(ARABIC)[SLOT_PICKER.heading])
    taken = second.locator(f"{PICKER} input[name=slot]").first.get_attribute("value")
    pick(first, taken)
    first.get_by_role("button", name=SLOT_PICKER.book_label).click()
    expect(first.locator(f"#{FORM}-success")).to_contain_text(SLOT_PICKER.booked_title)

    pick(second, taken)
    second.get_by_role("button", name=catalogue(ARABIC)[SLOT_PICKER.book_label]).click()
    expect(second.locator(PICKER)).to_contain_text(CATALOGUES["ar"]["booking.slot_taken"])
    expect(second.locator(f'{PICKER} input[value="{taken}"]')).to_have_count(0)
    assert booking_of(site_db, second_email) is None
    assert ENGLISH["booking.slot_taken"] not in second.locator(PICKER).inner_text()
    assert violations(second, axe_source()) == []
    pick(second, second.locator(f"{PICKER} input[name=slot]").first.get_attribute("value"))
    second.get_by_role("button", name=catalogue(ARABIC)[SLOT_PICKER.book_label]).click()
    expect(second.locator(f"#{FORM}-success")).to_contain_text(catalogue(ARABIC)[SLOT_PICKER.booked_title])
    expect(second.locator(f"#{FORM}-success")).not_to_contain_text(catalogue(ARABIC)[forms.SCHEDULE.success.text])
    assert booking_of(site_db, second_email) is not None
