"""Menus and widgets on the Arabic site, right to left: the tabs' arrow keys follow the tabs' direction,
the news carousel brings each slide into view, a dropdown opens from the keyboard inside the screen,
the mobile menu and the chat open and close, and a product picked from the menu is remembered under
its brand name."""

from __future__ import annotations

import re

from hydration import open_page
from playwright.sync_api import Page, expect

from marketing_site.content import site, widgets
from marketing_site.content.modules import PASTORAL
from marketing_site.content.school_types import SCHOOL_TYPES
from marketing_site.i18n.catalogues import catalogue
from marketing_site.i18n.languages import ARABIC, localized_route

AR = catalogue(ARABIC)
HOME = localized_route("/", ARABIC)


def main_nav(page: Page):
    return page.get_by_role("navigation", name=AR[site.MAIN_NAV_LABEL])


def test_the_tabs_arrow_keys_move_the_way_they_point(page: Page) -> None:
    """Right to left the first tab is on the right: ArrowLeft goes to the next tab, which is to its left."""
    open_page(page, HOME)
    tab = page.get_by_role("tab", name=AR[SCHOOL_TYPES[0].tab_label])
    tab.focus()
    for key, expected in (("ArrowLeft", 1), ("ArrowLeft", 2), ("ArrowRight", 1), ("End", 3), ("ArrowLeft", 0)):
        before = page.evaluate("document.activeElement.getBoundingClientRect().x")
        page.keyboard.press(key)
        focused = page.get_by_role("tab", name=AR[SCHOOL_TYPES[expected].tab_label])
        expect(focused).to_be_focused()
        expect(focused).to_have_attribute("aria-selected", "true")
        if key.startswith("Arrow") and expected != 0:
            moved_left = focused.bounding_box()["x"] < before
            assert moved_left == (key == "ArrowLeft"), f"{key} went the other way"


def test_the_news_carousel_shows_each_slide_it_is_sent_to(page: Page) -> None:
    """Right to left the slides lie leftwards: the track must move right to bring one into view."""
    open_page(page, HOME)
    carousel = page.get_by_role("region", name=AR[widgets.NEWS_CAROUSEL_LABEL])
    carousel.scroll_into_view_if_needed()
    for number in (2, 3, 1):
        carousel.get_by_role("button", name=AR[widgets.NEWS_SLIDE_LABEL.format(number=number, total=3)]).click()
        slide = carousel.locator("[aria-roledescription][data-active=true]")
        expect(slide).to_have_attribute("aria-label", f"{number} / 3")
        expect(slide).to_have_attribute("aria-roledescription", AR[widgets.SLIDE_ROLE])
        page.wait_for_function(
            """([slide, frame]) => {
            const a = slide.getBoundingClientRect(), b = frame.getBoundingClientRect();
            return Math.abs(a.left - b.left) < 1 && Math.abs(a.right - b.right) < 1; }""",
            arg=[slide.element_handle(), carousel.element_handle()],
        )


def test_a_dropdown_opens_from_the_keyboard_inside_the_screen(page: Page) -> None:
    open_page(page, HOME)
    button = main_nav(page).get_by_role("button", name=AR["Services"], exact=True)
    button.focus()
    page.keyboard.press("Enter")
    menu = page.locator("#menu-services")
    expect(menu).to_be_visible()
    box, width = menu.bounding_box(), page.viewport_size["width"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(button).to_be_focused()


def test_a_product_from_the_menu_is_remembered_by_its_brand_name(page: Page) -> None:
    open_page(page, HOME)
    main_nav(page).get_by_role("button", name=AR["Products"], exact=True).hover()
    page.locator("#menu-products").get_by_role("link", name=AR[PASTORAL.menu_label]).click()
    expect(page).to_have_url(re.compile(rf"{localized_route(PASTORAL.route, ARABIC)}/?$"))
    assert page.evaluate("localStorage.getItem('product-name')") == PASTORAL.name


def test_the_mobile_menu_and_the_chat_on_a_phone(browser, site_url: str) -> None:
    context = browser.new_context(base_url=site_url, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        open_page(page, HOME)
        menu = page.locator("#mobile-menu")
        menu.locator("summary").click()
        expect(menu).to_have_attribute("open", "")
        link = menu.get_by_role("link", name=AR[SCHOOL_TYPES[1].tab_label])
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        link.click()
        expect(page).to_have_url(re.compile(rf"{localized_route(SCHOOL_TYPES[1].more_info_href, ARABIC)}/?$"))
        expect(menu).not_to_have_attribute("open", "")

        bubble = page.get_by_role("button", name=AR[widgets.CHAT_OPEN_LABEL])
        bubble.click()
        expect(bubble).to_have_attribute("aria-expanded", "true")
        page.keyboard.press("Escape")
        expect(bubble).to_have_attribute("aria-expanded", "false")
        expect(bubble).to_be_focused()
    finally:
        context.close()
