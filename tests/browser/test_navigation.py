"""Navigation with the backend stopped: dropdowns by mouse and keyboard, mobile menu, product-name from
the menu, scroll to top."""

from __future__ import annotations

import re

from hydration import open_page
from offline import backend_down, page  # noqa: F401  (fixtures: backend stopped, no websocket frames)
from playwright.sync_api import Page, expect

from marketing_site.content.school_types import SCHOOL_TYPES


def menu_button(page: Page, label: str):
    return page.get_by_role("navigation", name="Main").get_by_role("button", name=label, exact=True)


def test_dropdown_opens_on_hover_and_closes_on_mouse_leave(page: Page):
    open_page(page)
    button = menu_button(page, "Products")
    menu = page.locator("#menu-products")
    expect(menu).to_be_hidden()
    button.hover()
    expect(menu).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    page.mouse.move(5, 700)
    expect(menu).to_be_hidden()
    expect(button).to_have_attribute("aria-expanded", "false")


def test_dropdown_works_from_the_keyboard_and_escape_closes_it(page: Page):
    open_page(page)
    button = menu_button(page, "Services")
    menu = page.locator("#menu-services")
    button.focus()
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(menu).to_be_visible()
    page.keyboard.press("Tab")
    expect(menu.get_by_role("link").first).to_be_focused()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(button).to_be_focused()
    expect(button).to_have_attribute("aria-expanded", "false")


def test_choosing_a_product_in_the_menu_stores_its_name(page: Page):
    open_page(page)
    menu_button(page, "Products").hover()
    page.locator("#menu-products").get_by_role("link", name="Wellbeing").click()
    expect(page).to_have_url(re.compile(r"/pastoralSmart/?$"))
    assert page.evaluate("localStorage.getItem('product-name')") == "Pastoral Smart"
    expect(page.locator("#menu-products")).to_be_hidden()


def test_mobile_menu_opens_closes_and_closes_after_choosing_a_link(browser, site_url: str):
    context = browser.new_context(base_url=site_url, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        open_page(page)
        menu = page.locator("#mobile-menu")
        toggle = menu.locator("summary")
        expect(
            page.get_by_role("navigation", name="Main").get_by_role("button", name="Products", exact=True)
        ).to_be_hidden()
        toggle.click()
        expect(menu).to_have_attribute("open", "")
        toggle.click()
        expect(menu).not_to_have_attribute("open", "")
        toggle.click()
        menu.get_by_role("link", name=SCHOOL_TYPES[1].tab_label).click()
        expect(page).to_have_url(re.compile(r"/mbSchool/?$"))
        expect(menu).not_to_have_attribute("open", "")
        # The same link again keeps the page mounted: only the menu's own handler can close it.
        toggle.click()
        expect(menu).to_have_attribute("open", "")
        menu.get_by_role("link", name=SCHOOL_TYPES[1].tab_label).click()
        expect(menu).not_to_have_attribute("open", "")
    finally:
        context.close()


def test_route_change_scrolls_to_the_top(page: Page):
    open_page(page)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("window.scrollY") > 1000
    page.locator("footer").get_by_role("link", name="Products").click()
    expect(page).to_have_url(re.compile(r"/product/?$"))
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    assert page.evaluate("document.documentElement.scrollHeight - window.innerHeight") > 1000, "the new page can scroll"
    page.wait_for_function("() => window.scrollY === 0")
