"""Page-family behaviour in Chromium: Book a demo remembers the module, the video behind Watch Video,
the /HybridSchool alias and Give us a call (the View button and school-type tabs: test_page_widgets.py)."""

from __future__ import annotations

from hydration import open_page
from playwright.sync_api import expect

from marketing_site.content import labels
from marketing_site.content.modules import MODULES
from marketing_site.content.school_types import SCHOOL_TYPES


def stored_product(page) -> str | None:
    return page.evaluate("localStorage.getItem('product-name')")


def test_module_page_book_a_demo_goes_to_the_demo_form_with_the_module(page):
    module = MODULES[1]
    open_page(page, module.route)
    breadcrumb = page.get_by_role("navigation", name="Breadcrumb")
    expect(breadcrumb.get_by_role("link")).to_have_text(["Home", "Products"])
    page.locator("main").get_by_role("link", name="Book a demo").click()
    page.wait_for_url("**/SchedulSingleDemo")
    assert stored_product(page) == module.name


def test_watch_video_opens_a_modal_that_escape_closes(page):
    open_page(page, MODULES[0].route)
    page.locator("#watch-video").click()
    expect(page.locator("dialog[open]")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)


def test_hybrid_school_alias_is_served_and_points_at_the_canonical_page(page):
    response = page.goto("/HybridSchool")
    assert response.status == 200
    assert page.locator("link[rel=canonical]").get_attribute("href").endswith("/hybridSchool")
    expect(page.locator("h1")).to_have_text(SCHOOL_TYPES[3].heading)


def test_give_us_a_call_dials_headquarters(page):
    page.goto("/installation")
    calls = page.locator("main").get_by_role("link", name="Give us a call")
    assert {calls.nth(i).get_attribute("href") for i in range(calls.count())} == {labels.CALL.href}
