"""Swiping the home carousels on a phone (390 px, touch emulated through the DevTools protocol's
`Input.dispatchTouchEvent`): each swipe moves one card in the page's reading direction, both ways, on both
carousels, in English and Arabic, and the visitor stays on the page (issue 33: a left-to-right swipe on the
news carousel was the browser's Back, and the partner carousel ignored swipes)."""

from __future__ import annotations

import re

import pytest
from hydration import open_page
from playwright.sync_api import Page, expect

from marketing_site.content import home, widgets
from marketing_site.i18n.catalogues import catalogue
from marketing_site.i18n.languages import ARABIC, ENGLISH, Language, localized_route

pytestmark = pytest.mark.database_independent  # the carousels run in the browser alone

PHONE = {"width": 390, "height": 844}
LTR_NEXT = "right to left"  # the finger's way that brings the next card in a left-to-right page


@pytest.fixture
def phone(browser, served):
    context = browser.new_context(base_url=served.site_url, viewport=PHONE, has_touch=True, is_mobile=True)
    yield context.new_page()
    context.close()


def words(language: Language, text: str) -> str:
    return text if language == ENGLISH else catalogue(language)[text]


def swipe(page: Page, region, way: str) -> None:
    """A finger from 15 % to 85 % of the region's width (or back), at its middle height, in ten moves."""
    box = region.bounding_box()
    y = box["y"] + box["height"] / 2
    left, right = box["x"] + 0.15 * box["width"], box["x"] + 0.85 * box["width"]
    start, end = (right, left) if way == LTR_NEXT else (left, right)
    devtools = page.context.new_cdp_session(page)
    devtools.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start, "y": y}]})
    for step in range(1, 11):
        x = start + (end - start) * step / 10
        devtools.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    devtools.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    devtools.detach()
    page.wait_for_timeout(600)  # time for a Back navigation, had the swipe been taken as one


def arrived_from_another_page(page: Page, language: Language) -> None:
    """About us first, then home: a Back would leave home for About us."""
    open_page(page, localized_route("/aboutUs", language))
    open_page(page, localized_route("/", language))
    assert page.evaluate("history.length") >= 2


def news_slide(page: Page) -> str:
    return page.locator("[aria-roledescription][data-active=true]").get_attribute("aria-label")


@pytest.mark.parametrize("language", [ENGLISH, ARABIC], ids=["en", "ar"])
def test_a_swipe_each_way_moves_the_news_by_one_and_never_goes_back(phone: Page, language: Language) -> None:
    arrived_from_another_page(phone, language)
    home_url = phone.url
    carousel = phone.get_by_role("region", name=words(language, widgets.NEWS_CAROUSEL_LABEL))
    carousel.scroll_into_view_if_needed()
    stop = carousel.get_by_role("button", name=words(language, widgets.NEWS_PAUSE_LABEL))
    stop.click()  # no ride of its own meanwhile: only swipes move it
    slides = carousel.locator("[aria-roledescription]").first.locator("xpath=../..")  # the window they ride through
    assert news_slide(phone) == "1 / 3"
    # In English the next slide comes from the right (a right-to-left swipe); in Arabic from the left.
    forward = LTR_NEXT if language.direction == "ltr" else "left to right"
    backward = "left to right" if forward == LTR_NEXT else LTR_NEXT
    for way, expected in ((forward, "2 / 3"), (forward, "3 / 3"), (backward, "2 / 3"), (backward, "1 / 3")):
        swipe(phone, slides, way)
        assert phone.url == home_url, f"a {way} swipe left the page"
        expect(carousel.locator("[aria-roledescription][data-active=true]")).to_have_attribute("aria-label", expected)
    swipe(phone, slides, backward)  # from the first, back to the last: it loops
    expect(carousel.locator("[aria-roledescription][data-active=true]")).to_have_attribute("aria-label", "3 / 3")
    assert phone.url == home_url and phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("language", [ENGLISH, ARABIC], ids=["en", "ar"])
def test_a_swipe_each_way_moves_the_partners_by_one_and_never_goes_back(phone: Page, language: Language) -> None:
    arrived_from_another_page(phone, language)
    home_url = phone.url
    strip = phone.get_by_role("region", name=words(language, home.PARTNERS_HEADING))
    strip.scroll_into_view_if_needed()
    names = [partner.name for partner in home.PARTNERS]
    logos = strip.locator("li img")

    def first_logo() -> str:
        """The partner whose logo comes first in reading order (its alt says "<name> logo" in the page's words)."""
        alt = logos.first.get_attribute("alt")
        return next(name for name in names if name in alt)

    forward = LTR_NEXT if language.direction == "ltr" else "left to right"
    backward = "left to right" if forward == LTR_NEXT else LTR_NEXT
    assert first_logo() == names[0]
    for way, expected in ((forward, names[1]), (backward, names[0]), (backward, names[-1])):  # it loops
        swipe(phone, strip.locator("ul"), way)
        assert phone.url == home_url, f"a {way} swipe left the page"
        expect(logos.first).to_have_attribute("alt", re.compile(re.escape(expected)))
        assert first_logo() == expected
    assert phone.url == home_url


def test_a_vertical_drag_over_the_news_scrolls_the_page_and_moves_no_slide(phone: Page) -> None:
    arrived_from_another_page(phone, ENGLISH)
    carousel = phone.get_by_role("region", name=widgets.NEWS_CAROUSEL_LABEL)
    carousel.scroll_into_view_if_needed()
    carousel.get_by_role("button", name=widgets.NEWS_PAUSE_LABEL).click()
    box = carousel.locator("[aria-roledescription][data-active]").first.bounding_box()
    x, top = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.8
    before = phone.evaluate("scrollY")
    devtools = phone.context.new_cdp_session(phone)
    devtools.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": top}]})
    for step in range(1, 11):
        point = {"x": x + step * 2, "y": top - step * 20}  # mostly upwards, a little sideways
        devtools.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    devtools.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    phone.wait_for_timeout(600)
    assert phone.evaluate("scrollY") > before, "the page scrolled"
    assert news_slide(phone) == "1 / 3"
