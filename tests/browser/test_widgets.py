"""Every interactive widget, state by state, in Chromium, with the backend stopped.

The module stops the Reflex backend for all its tests: tabs, carousels, counter,
menus, modal and chat must work from the static export alone (no websocket).
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from marketing_site.components.truncate import split_for_read_more
from marketing_site.content import home, labels, widgets
from marketing_site.content.modules import MODULES
from marketing_site.content.school_types import SCHOOL_TYPES
from marketing_site.settings import settings

from hydration import open_page


CHAT_SEND_MODULE = "/external/marketing_site/components/chat_widget/chat_send.js"


@pytest.fixture(scope="module", autouse=True)
def backend_down(served):
    """No server for the whole module: everything below must run in the browser."""
    served.backend.stop()
    yield
    served.backend.start()


@pytest.fixture
def page(page: Page) -> Page:
    """The shared page, asserting afterwards that no websocket frame left the browser."""
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: frames.append(str(payload))))
    yield page
    assert frames == []




def counter_values(page: Page) -> list[str]:
    return page.locator("[data-counter-value]").all_inner_texts()


def counter_strip(page: Page):
    return page.get_by_role("region", name=home.COUNTERS_LABEL, include_hidden=True)


# --- Counter strip ---------------------------------------------------------------------------


def test_counter_hidden_at_top_visible_past_threshold_and_counts_to_final_values(page: Page):
    open_page(page)
    strip = counter_strip(page)
    expect(strip).to_have_css("visibility", "hidden")

    page.evaluate(f"window.scrollTo(0, {home.COUNTER_SCROLL_THRESHOLD_PX + 100})")
    expect(strip).to_have_css("visibility", "visible")
    assert counter_values(page)[0] == f"{home.COUNTER_START}{home.COUNTERS[0].suffix}", "counting starts from 1"

    finals = [f"{c.end}{c.suffix}" for c in home.COUNTERS]
    expect(page.locator("[data-counter-value]")).to_have_text(finals, timeout=home.COUNTER_DELAY_MS + home.COUNTER_DURATION_MS + 2000)
    assert finals == ["5+", "2M +", "25K +", "100+"]
    expect(strip).to_contain_text("YEARS")
    expect(strip).to_contain_text("SUBJECTS")

    page.evaluate(f"window.scrollTo(0, {home.COUNTER_SCROLL_THRESHOLD_PX - 100})")
    expect(strip).to_have_css("visibility", "hidden")


def test_counter_with_reduced_motion_shows_final_values_at_once(page: Page):
    page.emulate_media(reduced_motion="reduce")
    open_page(page)
    page.evaluate("window.scrollTo(0, 800)")
    expect(page.locator("[data-counter-value]")).to_have_text(["5+", "2M +", "25K +", "100+"], timeout=500)


# --- Video modal -----------------------------------------------------------------------------


def test_video_modal_opens_and_closes_by_button_and_escape_returning_focus(page: Page):
    open_page(page)
    play = page.get_by_role("button", name=home.VIDEO_PLAY_LABEL)
    dialog = page.locator("dialog#promo-video")
    expect(dialog).not_to_have_attribute("open", "")

    play.click()
    expect(dialog).to_have_attribute("open", "")
    expect(dialog.locator("video")).to_have_attribute("src", home.VIDEO)
    page.get_by_role("button", name=widgets.VIDEO_CLOSE_LABEL).click()
    expect(dialog).not_to_have_attribute("open", "")
    expect(dialog.locator("video")).to_have_count(0)  # unmounted: playback stopped
    expect(play).to_be_focused()

    play.press("Enter")
    expect(dialog).to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(dialog).not_to_have_attribute("open", "")
    expect(dialog.locator("video")).to_have_count(0)
    expect(play).to_be_focused()


# --- Home school-type tabs ---------------------------------------------------------------------


def assert_only_selected(page: Page, index: int) -> None:
    tabs = page.get_by_role("tablist", name=home.SCHOOL_TABS_LABEL).get_by_role("tab")
    expect(tabs).to_have_count(len(SCHOOL_TYPES))
    for i in range(len(SCHOOL_TYPES)):
        expect(tabs.nth(i)).to_have_attribute("aria-selected", "true" if i == index else "false")
        expect(tabs.nth(i)).to_have_attribute("tabindex", "0" if i == index else "-1")
        panel = page.locator(f"#school-types-panel-{i}")
        expect(panel).to_be_visible() if i == index else expect(panel).to_be_hidden()


def test_home_tabs_start_on_the_first_and_switch_by_click(page: Page):
    open_page(page)
    assert_only_selected(page, 0)
    page.get_by_role("tab", name=SCHOOL_TYPES[2].tab_label).click()
    assert_only_selected(page, 2)
    page.get_by_role("tab", name=SCHOOL_TYPES[3].tab_label).click()
    assert_only_selected(page, 3)
    more_info = page.locator("#school-types-panel-3").get_by_role("link", name=home.MORE_INFO_LABEL)
    expect(more_info).to_have_attribute("href", "/HybridSchool")


def test_home_tabs_follow_arrow_home_and_end_keys(page: Page):
    open_page(page)
    page.get_by_role("tab", name=SCHOOL_TYPES[0].tab_label).focus()
    for key, expected in (("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1), ("End", 3), ("ArrowRight", 0), ("ArrowLeft", 3), ("Home", 0)):
        page.keyboard.press(key)
        assert_only_selected(page, expected)
        expect(page.get_by_role("tab", name=SCHOOL_TYPES[expected].tab_label)).to_be_focused()


def test_inactive_tab_panels_are_in_the_prerendered_html(page: Page, site_url: str):
    html = page.request.get(f"{site_url}/").text()
    for school in SCHOOL_TYPES:
        assert school.home_heading in html


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
    expect(page).to_have_url(re.compile(f"{labels.DEMO_FORM_ROUTE}/?$"))
    assert page.evaluate("localStorage.getItem('product-name')") == "ADMISSION"


# --- Read more ---------------------------------------------------------------------------------


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
    assert page.evaluate("localStorage.getItem('product-name')") == module.name


# --- News and partner carousels --------------------------------------------------------------


def active_slide(page: Page) -> str:
    return page.locator("[aria-roledescription=slide][data-active=true]").get_attribute("aria-label")


def test_news_carousel_indicators_choose_a_slide(page: Page):
    open_page(page)
    carousel = page.get_by_role("region", name=widgets.NEWS_CAROUSEL_LABEL)
    expect(carousel.locator("[aria-roledescription=slide]")).to_have_count(3)
    indicators = [widgets.NEWS_SLIDE_LABEL.format(number=n, total=3) for n in (1, 2, 3)]
    expect(page.get_by_role("button", name=indicators[0])).to_have_attribute("aria-current", "true")
    page.get_by_role("button", name=indicators[2]).click()
    expect(page.get_by_role("button", name=indicators[2])).to_have_attribute("aria-current", "true")
    expect(page.get_by_role("button", name=indicators[0])).not_to_have_attribute("aria-current", "true")
    assert active_slide(page) == "3 / 3"


def test_news_carousel_rides_on_its_own_and_pauses_on_hover_and_focus(page: Page):
    open_page(page)
    interval = widgets.NEWS_INTERVAL_MS
    assert active_slide(page) == "1 / 3"
    page.wait_for_timeout(interval + 700)
    assert active_slide(page) == "2 / 3", "rides to the next slide after one interval"

    carousel = page.get_by_role("region", name=widgets.NEWS_CAROUSEL_LABEL)
    carousel.hover()
    expect(carousel).to_have_attribute("data-paused", "true")
    page.wait_for_timeout(interval + 700)
    assert active_slide(page) == "2 / 3", "no ride while hovered"

    page.mouse.move(0, 0)
    page.get_by_role("button", name=widgets.NEWS_PAUSE_LABEL).focus()
    expect(carousel).to_have_attribute("data-paused", "true")
    page.wait_for_timeout(interval + 700)
    assert active_slide(page) == "2 / 3", "no ride while focused"


def partner_names(page: Page) -> list[str]:
    strip = page.get_by_role("region", name=home.PARTNERS_HEADING)
    return [alt for alt in strip.locator("li img").evaluate_all("(imgs) => imgs.map((i) => i.alt)")]


def test_partner_carousel_shows_five_and_loops_both_ways(page: Page):
    open_page(page)
    names = [f"{p.name} logo" for p in home.PARTNERS]
    assert partner_names(page) == names[:5]
    gap = page.get_by_role("region", name=home.PARTNERS_HEADING).locator("ul").evaluate("(ul) => getComputedStyle(ul).columnGap")
    assert gap == f"{home.PARTNER_CAROUSEL_MARGIN_PX}px"

    page.get_by_role("button", name=widgets.PARTNERS_NEXT_LABEL).click()
    assert partner_names(page) == names[1:6]
    page.get_by_role("button", name=widgets.PARTNERS_PREVIOUS_LABEL).click()
    page.get_by_role("button", name=widgets.PARTNERS_PREVIOUS_LABEL).click()
    assert partner_names(page) == [names[-1], *names[:4]], "loops from the first back to the last"
    widths = page.get_by_role("region", name=home.PARTNERS_HEADING).locator("li").evaluate_all("(items) => items.map((i) => i.getBoundingClientRect().width)")
    assert len(widths) == 5 and all(w > 50 for w in widths), "all five are visible"


# --- Chat widget -----------------------------------------------------------------------------


def test_chat_widget_opens_and_closes_by_bubble_and_close_icon(page: Page):
    open_page(page)
    bubble = page.get_by_role("button", name=widgets.CHAT_OPEN_LABEL)
    panel = page.get_by_role("dialog", name=settings.chat_company_name)
    expect(bubble).to_have_attribute("aria-expanded", "false")
    expect(panel).to_be_hidden()

    bubble.click()
    expect(bubble).to_have_attribute("aria-expanded", "true")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text(settings.chat_company_name)
    expect(panel).to_contain_text(settings.chat_message)
    expect(panel).to_contain_text("Typically replies within a day")
    expect(panel.get_by_placeholder("Type a message")).to_be_visible()
    expect(panel.get_by_role("button", name="Send")).to_be_visible()

    page.get_by_role("button", name=widgets.CHAT_CLOSE_LABEL).click()
    expect(panel).to_be_hidden()
    expect(bubble).to_have_attribute("aria-expanded", "false")
    bubble.click()
    expect(panel).to_be_visible()
    bubble.click()
    expect(panel).to_be_hidden()


def test_chat_send_opens_the_chat_app_with_the_encoded_message_and_clears_the_input(page: Page, served):
    page.context.route("https://wa.me/**", lambda route: route.fulfill(status=200, content_type="text/html", body="<title>chat</title>"))
    open_page(page)
    page.get_by_role("button", name=widgets.CHAT_OPEN_LABEL).click()
    message = "Fees & dates for #2026? 50% off = yes"
    box = page.get_by_placeholder("Type a message")
    box.fill(message)
    with page.context.expect_page() as popup_info:
        page.get_by_role("button", name="Send").click()
    popup = popup_info.value
    number = served.env["CHAT_PHONE_NUMBER"]
    assert popup.url == f"https://wa.me/{number}?text={quote(message, safe='')}"
    assert "%23" in popup.url and "%26" in popup.url
    expect(box).to_have_value("")
    assert popup.evaluate("window.opener") is None, "opened with noopener"


def test_chat_send_without_a_number_alerts_and_sends_nothing(page: Page):
    """The build has a number, so the shipped send function is called as the widget would be without one."""
    open_page(page)
    alerts: list[str] = []
    page.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.accept()))
    pages_before = len(page.context.pages)
    sent = page.evaluate(
        """async ([module, base, message]) => (await import(module)).sendChatMessage(
            {base, phoneDigits: "", text: "Hello", invalidPhoneMessage: message})""",
        [CHAT_SEND_MODULE, widgets.CHAT_LINK_BASE, widgets.CHAT_INVALID_PHONE_MESSAGE],
    )
    assert sent is False
    assert alerts == ["Invalid Phone Number"]
    page.wait_for_timeout(300)
    assert len(page.context.pages) == pages_before


# --- Navigation --------------------------------------------------------------------------------


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
        expect(page.get_by_role("navigation", name="Main").get_by_role("button", name="Products", exact=True)).to_be_hidden()
        toggle.click()
        expect(menu).to_have_attribute("open", "")
        toggle.click()
        expect(menu).not_to_have_attribute("open", "")
        toggle.click()
        menu.get_by_role("link", name=SCHOOL_TYPES[1].tab_label).click()
        expect(page).to_have_url(re.compile(r"/mbSchool/?$"))
        expect(page.locator("#mobile-menu")).not_to_have_attribute("open", "")
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
