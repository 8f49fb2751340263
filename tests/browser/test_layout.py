"""Layout on every route in Chromium: no sideways scroll from 320 to 1920 px, a chat bubble that
never covers a control, the header's primary action and height, margins that line up, the home
page's first screen, the success modal's video, and exact addresses.

One page is reused per module and resized in place, so sweeping many widths stays fast.
"""

from __future__ import annotations

import pytest
from hydration import open_page
from layout_probes import BLANK_BANDS_BELOW_HERO, BUBBLE_SWEEP, VISIBLE_CONTROLS, intersects
from lead_forms import email_for, fill_demo_contact, submit
from playwright.sync_api import Page, expect
from site_pages import visitable_pages

from marketing_site.content import forms, home, links, not_found, site, widgets
from marketing_site.content.modules import STUDENT
from marketing_site.i18n.translation import translated_text

pytestmark = pytest.mark.database_independent  # layout and axe do not depend on the database

WIDTHS = (320, 360, 390, 414, 480, 600, 768, 820, 1024, 1100, 1180, 1280, 1366, 1440, 1600, 1920)
XL = 1280  # from here the chat floats in the page gutter; below it, it sits in the header
FAMILY_ROUTES = ("/", "/product", STUDENT.route, "/installation", "/mbSchool", "/aboutUs", "/schedule", "/whatsapp")


@pytest.fixture(scope="module")
def wide_page(browser, site_url):
    context = browser.new_context(base_url=site_url, viewport={"width": 1280, "height": 800})
    yield context.new_page()
    context.close()


def resize(page: Page, width: int, height: int = 800) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def covered_controls(page: Page, chat_label: str = widgets.CHAT_OPEN_LABEL) -> list[str]:
    """Controls the fixed chat bubble passes over at some scroll position."""
    sweep = page.get_by_role("button", name=chat_label).evaluate(BUBBLE_SWEEP)
    return [control["name"] for control in page.evaluate(VISIBLE_CONTROLS) if intersects(control, sweep)]


@pytest.mark.parametrize("spec", visitable_pages(), ids=lambda spec: spec.route)
def test_no_sideways_scroll_and_the_chat_covers_no_control(wide_page: Page, spec) -> None:
    resize(wide_page, 1280)
    open_page(wide_page, spec.route)
    chat_label = translated_text(widgets.CHAT_OPEN_LABEL, spec.language)
    overflow = {}
    for width in WIDTHS:
        resize(wide_page, width)
        extra = wide_page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        if extra > 0:
            overflow[width] = extra
        if width in (XL, 1920):
            assert covered_controls(wide_page, chat_label) == [], f"the chat bubble covers controls at {width} px"
        elif width in (320, 1024):
            bubble = wide_page.get_by_role("button", name=chat_label).bounding_box()
            header = wide_page.locator("header").bounding_box()
            assert header["y"] <= bubble["y"] and bubble["y"] + bubble["height"] <= header["y"] + header["height"]
    assert overflow == {}, "pixels of sideways scroll by viewport width"


@pytest.mark.parametrize("width", (1280, 1366))
def test_open_menus_stay_inside_the_viewport(page: Page, width: int) -> None:
    resize(page, width)
    open_page(page)
    nav = page.get_by_role("navigation", name=site.MAIN_NAV_LABEL)
    for menu in site.MENUS:
        button = nav.get_by_role("button", name=menu.label, exact=True)
        button.hover()
        listing = page.locator(f"#{button.get_attribute('aria-controls')}")
        expect(listing).to_be_visible()
        box = listing.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{menu.label} menu is cut off"


@pytest.mark.parametrize("width", (320, 390, 768, 1024, 1280, 1920))
def test_book_a_demo_is_a_primary_action_in_a_compact_header_at_every_width(page: Page, width: int) -> None:
    resize(page, width)
    open_page(page, "/product")
    header = page.locator("header")
    cta = header.get_by_role("link", name=links.BOOK_DEMO.label, exact=True)
    expect(cta).to_be_visible()
    expect(cta).to_have_attribute("href", links.BOOK_DEMO.href)
    assert cta.evaluate("(a) => getComputedStyle(a).backgroundColor") not in ("rgba(0, 0, 0, 0)", "transparent")
    box = cta.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    if width < XL:
        assert header.bounding_box()["height"] <= 64
        page.locator("#mobile-menu summary").click()
        expect(page.locator("#mobile-menu").get_by_role("link", name=links.BOOK_DEMO.label, exact=True)).to_be_visible()


def test_mobile_menu_closes_on_escape_and_on_an_outside_tap_and_shows_a_close_icon(page: Page) -> None:
    resize(page, 390, 844)
    open_page(page)
    menu, toggle = page.locator("#mobile-menu"), page.locator("#mobile-menu summary")
    toggle.click()
    expect(menu).to_have_attribute("open", "")
    expect(toggle.locator("[data-icon=close]")).to_be_visible()
    page.keyboard.press("Escape")
    expect(menu).not_to_have_attribute("open", "")
    expect(toggle).to_be_focused()
    expect(toggle.locator("[data-icon=close]")).to_be_hidden()
    toggle.click()
    expect(menu).to_have_attribute("open", "")
    page.mouse.click(20, 60 + 700)  # below the menu panel's first entries: the page behind it
    page.mouse.click(380, 40)  # the header, outside the menu
    expect(menu).not_to_have_attribute("open", "")


def test_the_skip_link_moves_the_focus_to_main(page: Page) -> None:
    open_page(page, "/product")
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to content")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("main")).to_be_focused()
    assert page.locator("main h1").bounding_box()["y"] >= page.locator("header").bounding_box()["height"], (
        "under the sticky header"
    )


def test_menu_items_show_a_clear_focus_ring(page: Page) -> None:
    open_page(page)
    button = page.get_by_role("navigation", name=site.MAIN_NAV_LABEL).get_by_role("button", name="Products", exact=True)
    button.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    item = page.locator("#menu-products a").first
    expect(item).to_be_focused()
    style = item.evaluate(
        "(a) => { const s = getComputedStyle(a); return [s.outlineStyle, parseFloat(s.outlineWidth)]; }"
    )
    assert style[0] != "none" and style[1] >= 2


def test_the_chat_panel_takes_the_focus_in_visual_order_and_escape_closes_it(page: Page) -> None:
    open_page(page)
    bubble = page.get_by_role("button", name=widgets.CHAT_OPEN_LABEL)
    bubble.click()  # by mouse or touch too, the next key goes into the panel, not past it
    panel = page.get_by_role("dialog")
    box = panel.get_by_role("textbox", name=widgets.CHAT_INPUT_LABEL)
    expect(box).to_be_focused()
    page.keyboard.press("Tab")
    expect(panel.get_by_role("button", name="Send")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    expect(panel.get_by_role("button", name=widgets.CHAT_CLOSE_LABEL)).to_be_focused()
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(bubble).to_be_focused()


@pytest.mark.parametrize("width", (390, 1280))
def test_header_sections_and_footer_share_one_margin(page: Page, width: int) -> None:
    resize(page, width)
    for route in FAMILY_ROUTES:
        open_page(page, route)
        logo = page.locator("header a[href='/'] img").bounding_box()["x"]
        heading = page.locator("main h1").evaluate(
            "(h) => { const r = document.createRange(); r.selectNodeContents(h); return r.getClientRects()[0].left; }"
        )
        footer = page.locator("footer p").first.bounding_box()["x"]
        assert abs(logo - heading) <= 1 and abs(logo - footer) <= 1, (
            f"{route}: logo {logo}, h1 {heading}, footer {footer}"
        )


@pytest.mark.parametrize("size", ((1280, 900), (1366, 768), (1920, 1080)))
def test_no_blank_band_under_the_hero_on_first_load(page: Page, size: tuple[int, int]) -> None:
    resize(page, *size)
    open_page(page)
    assert page.evaluate(BLANK_BANDS_BELOW_HERO) < 160


def test_hero_actions_have_a_clear_hierarchy(page: Page) -> None:
    open_page(page)
    actions = page.locator("main > section").first.get_by_role("link")
    expect(actions).to_have_text([action.label for action in home.HERO_ACTIONS])
    looks = actions.evaluate_all(
        "(links) => links.map((a) => { const s = getComputedStyle(a); "
        "return [s.backgroundColor, parseFloat(s.borderTopWidth)]; })"
    )
    (primary_bg, _), (secondary_bg, secondary_border), (tertiary_bg, tertiary_border) = looks
    assert primary_bg not in ("rgba(0, 0, 0, 0)", "transparent"), "the primary action is filled"
    assert secondary_bg == "rgba(0, 0, 0, 0)" and secondary_border > 0, "the secondary action is outlined"
    assert tertiary_bg == "rgba(0, 0, 0, 0)" and tertiary_border == 0, "the third is a text link"


def test_partner_names_are_readable_on_a_phone(page: Page) -> None:
    resize(page, 390, 844)
    open_page(page)
    strip = page.get_by_role("region", name=home.PARTNERS_HEADING)
    captions = strip.locator("li figcaption")
    expect(captions.first).to_be_visible()
    for caption in captions.all():
        assert caption.evaluate("(c) => parseFloat(getComputedStyle(c).fontSize)") >= 14
    shown = [caption.inner_text() for caption in captions.all() if caption.is_visible()]
    assert shown == [partner.name for partner in home.PARTNERS[: home.PARTNER_CAROUSEL_VISIBLE_SMALL]]


def test_a_wrong_case_address_shows_the_404_page(page: Page) -> None:
    response = page.goto(STUDENT.route.lower())
    assert response.status == 404
    expect(page.locator("h1")).to_have_text(not_found.HEADING)


def test_the_success_video_keeps_its_ratio_inside_the_viewport_with_continue_in_view(page: Page) -> None:
    resize(page, 1280, 900)
    open_page(page, "/signup")
    fill_demo_contact(page, "signup-demo", email_for("modal"))
    submit(page, "signup-demo")
    modal = page.locator("#signup-demo-success")
    video = modal.locator("video")
    expect(video).to_be_visible()
    video.evaluate(
        "(v) => v.readyState >= 1 || new Promise((done) => v.addEventListener('loadedmetadata', done, {once: true}))"
    )
    for size in ((1280, 900), (1366, 768), (390, 844)):
        resize(page, *size)
        box = video.bounding_box()
        real = video.evaluate("(v) => v.videoWidth / v.videoHeight")
        assert abs(box["width"] / box["height"] - real) < 0.02, f"{size}: drawn {box['width']}x{box['height']}"
        assert box["y"] >= 0 and box["y"] + box["height"] <= size[1], f"{size}: the video leaves the viewport"
        expect(modal.get_by_role("link", name=forms.SIGNUP.success.continue_label)).to_be_in_viewport(ratio=1)
