"""Widgets on other pages, with the backend stopped: school-type tabs, card read-more, View and Watch
Demo storing product-name."""

from __future__ import annotations

import re

from hydration import open_page
from offline import backend_down, page  # noqa: F401  (fixtures: backend stopped, no websocket frames)
from playwright.sync_api import Page, expect

from marketing_site import routes
from marketing_site.components.widgets.truncate import split_for_read_more
from marketing_site.content import labels, site, widgets
from marketing_site.content.modules import MODULES
from marketing_site.content.school_types import SCHOOL_TYPES


def test_school_type_page_tabs_start_on_sid_and_watch_demo_stores_the_tab(page: Page):
    school = SCHOOL_TYPES[1]
    open_page(page, school.route)
    tablist = page.get_by_role("tablist", name=labels.SCHOOL_TABS_LABEL.format(name=school.name))
    tabs = tablist.get_by_role("tab")
    expect(tabs).to_have_text([tab.name for tab in school.tabs])
    expect(tabs.nth(0)).to_have_attribute("aria-selected", "true")
    expect(page.locator("[aria-selected=true]")).to_have_count(1)

    tablist.get_by_role("tab", name="LMS").click()
    expect(page.locator("[aria-selected=true]")).to_have_text("LMS")
    page.keyboard.press("ArrowRight")
    chosen = page.locator("[aria-selected=true]")
    expect(chosen).to_have_text("ADMISSION")
    panel = page.locator(f"#{chosen.get_attribute('aria-controls')}")
    expect(panel).to_be_visible()
    panel.get_by_role("link", name=labels.WATCH_DEMO_LABEL).click()
    expect(page).to_have_url(re.compile(f"{routes.DEMO_REQUEST}/?$"))
    assert page.evaluate("localStorage.getItem('product-name')") == "ADMISSION"


def test_card_description_expands_and_collapses(page: Page):
    module = MODULES[0]
    shown, rest = split_for_read_more(module.card_text, module.read_more)
    open_page(page, "/product")
    text = page.locator(f"#{module.slug}-description")
    toggle = page.locator(f"button[aria-controls='{module.slug}-description']")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_have_text(module.read_more.label)
    expect(text).to_have_text(f"{shown}…", use_inner_text=True)

    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(toggle).to_have_text(widgets.READ_LESS_LABEL)
    expect(text).to_have_text(module.card_text, use_inner_text=True)

    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(text).to_have_text(f"{shown}…", use_inner_text=True)
    assert rest, "the Student card text is long enough to be cut"


def test_view_button_stores_the_product_name(page: Page):
    module = MODULES[3]
    open_page(page, "/product")
    page.get_by_role("link", name=f"{labels.VIEW_LABEL} {module.name}").click()
    expect(page).to_have_url(re.compile(f"{module.route}/?$"))
    expect(page.locator("h1")).to_have_text(module.heading)
    assert page.evaluate("localStorage.getItem('product-name')") == module.name


def test_a_tab_chosen_on_one_school_page_is_not_carried_to_the_next(page: Page):
    """The tab state is shared by the school pages' tab groups (one compiled copy), yet each page opens
    on its first tab, also when the visitor reaches it by a link, without a page load."""
    here, there = SCHOOL_TYPES[1], SCHOOL_TYPES[2]
    open_page(page, here.route)
    page.get_by_role("tablist", name=labels.SCHOOL_TABS_LABEL.format(name=here.name)).get_by_role(
        "tab", name="ADMISSION"
    ).click()
    expect(page.locator("[aria-selected=true]")).to_have_text("ADMISSION")
    page.evaluate("window.sameDocument = true")

    nav = page.get_by_role("navigation", name=site.MAIN_NAV_LABEL)
    nav.get_by_role("button", name="Solutions", exact=True).hover()
    nav.get_by_role("link", name=there.tab_label).click()
    tabs = page.get_by_role("tablist", name=labels.SCHOOL_TABS_LABEL.format(name=there.name)).get_by_role("tab")
    expect(tabs.nth(0)).to_have_attribute("aria-selected", "true")
    expect(page.locator("[aria-selected=true]")).to_have_count(1)
    expect(page.locator(f"#{tabs.nth(0).get_attribute('aria-controls')}")).to_be_visible()
    assert page.evaluate("window.sameDocument") is True, "the link opened the page in the browser, not by a load"
