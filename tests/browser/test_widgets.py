"""Home-page widgets state by state in Chromium, with the backend stopped: counter, video modal, tabs, carousels."""

from __future__ import annotations

from hydration import open_page
from offline import backend_down, page  # noqa: F401  (fixtures: backend stopped, no websocket frames)
from playwright.sync_api import Page, expect

from marketing_site.content import home, widgets
from marketing_site.content.school_types import SCHOOL_TYPES


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
    expect(page.locator("[data-counter-value]")).to_have_text(
        finals, timeout=home.COUNTER_DELAY_MS + home.COUNTER_DURATION_MS + 2000
    )
    assert finals == ["5+", "2M +", "25K +", "100+"]
    expect(strip).to_contain_text("YEARS")
    expect(strip).to_contain_text("SUBJECTS")

    # Issue 33: counted once. Back above the threshold and down again, it shows its final values, no new count.
    page.evaluate(f"window.scrollTo(0, {home.COUNTER_SCROLL_THRESHOLD_PX - 100})")
    page.wait_for_timeout(300)
    expect(strip).to_have_css("visibility", "visible")
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    page.evaluate(f"window.scrollTo(0, {home.COUNTER_SCROLL_THRESHOLD_PX + 100})")
    for _ in range(10):
        assert counter_values(page) == finals, "the count does not start again"
        page.wait_for_timeout(50)


def test_the_counter_strip_keeps_its_size_when_it_shows_and_counts(page: Page):
    """Its space is reserved while hidden: showing it (and the clock that times the count) moves nothing below."""
    open_page(page)
    strip = counter_strip(page)
    hidden = strip.bounding_box()
    page.evaluate(f"window.scrollTo(0, {home.COUNTER_SCROLL_THRESHOLD_PX + 100})")
    expect(strip).to_have_css("visibility", "visible")
    assert strip.bounding_box()["height"] == hidden["height"]
    expect(page.locator("[data-counter-value]").first).not_to_have_text(
        f"{home.COUNTER_START}{home.COUNTERS[0].suffix}"
    )
    assert strip.bounding_box()["height"] == hidden["height"]


def test_counter_with_reduced_motion_shows_final_values_at_once(page: Page):
    page.emulate_media(reduced_motion="reduce")
    open_page(page)
    page.evaluate(
        """window.__counted = [];
        const record = () => window.__counted.push(...[...document.querySelectorAll("[data-counter-value]")]
            .map((value) => value.textContent));
        record();
        new MutationObserver(record).observe(document.querySelector("[data-counter-value]").closest("section"),
            {subtree: true, characterData: true, childList: true});"""
    )
    page.evaluate("window.scrollTo(0, 800)")
    finals = ["5+", "2M +", "25K +", "100+"]
    expect(page.locator("[data-counter-value]")).to_have_text(finals)
    # At once: no value between the first and the final one was ever shown (whatever the machine's speed).
    starts = {f"{home.COUNTER_START}{counter.suffix}" for counter in home.COUNTERS}
    assert set(page.evaluate("window.__counted")) <= set(finals) | starts


# --- Video modal -----------------------------------------------------------------------------


def test_video_modal_opens_and_closes_by_button_and_escape_returning_focus(page: Page):
    open_page(page)
    play = page.get_by_role("button", name=home.VIDEO_PLAY_LABEL)
    dialog = page.locator("dialog#promo-video")
    expect(dialog).not_to_have_attribute("open", "")

    play.click()
    expect(dialog).to_have_attribute("open", "")
    expect(dialog.locator("video")).to_have_attribute("src", home.VIDEO.src)
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
    for key, expected in (
        ("ArrowRight", 1),
        ("ArrowRight", 2),
        ("ArrowLeft", 1),
        ("End", 3),
        ("ArrowRight", 0),
        ("ArrowLeft", 3),
        ("Home", 0),
    ):
        page.keyboard.press(key)
        assert_only_selected(page, expected)
        expect(page.get_by_role("tab", name=SCHOOL_TYPES[expected].tab_label)).to_be_focused()


def test_inactive_tab_panels_are_in_the_prerendered_html(page: Page, site_url: str):
    html = page.request.get(f"{site_url}/").text()
    for school in SCHOOL_TYPES:
        assert school.home_heading in html


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
    shown = page.locator("[aria-roledescription=slide][data-active=true]")
    # Rides after one interval: waited for as an event, as a busy machine runs the page's timer late.
    expect(shown).to_have_attribute("aria-label", "2 / 3", timeout=interval + 5000)

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
    return list(strip.locator("li img").evaluate_all("(imgs) => imgs.map((i) => i.alt)"))


def test_partner_carousel_shows_five_and_loops_both_ways(page: Page):
    open_page(page)
    names = [f"{p.name} logo" for p in home.PARTNERS]
    assert partner_names(page) == names[:5]
    gap = (
        page.get_by_role("region", name=home.PARTNERS_HEADING)
        .locator("ul")
        .evaluate("(ul) => getComputedStyle(ul).columnGap")
    )
    assert gap == f"{home.PARTNER_CAROUSEL_MARGIN_PX}px"

    page.get_by_role("button", name=widgets.PARTNERS_NEXT_LABEL).click()
    assert partner_names(page) == names[1:6]
    page.get_by_role("button", name=widgets.PARTNERS_PREVIOUS_LABEL).click()
    page.get_by_role("button", name=widgets.PARTNERS_PREVIOUS_LABEL).click()
    assert partner_names(page) == [names[-1], *names[:4]], "loops from the first back to the last"
    widths = (
        page.get_by_role("region", name=home.PARTNERS_HEADING)
        .locator("li")
        .evaluate_all("(items) => items.map((i) => i.getBoundingClientRect().width)")
    )
    assert len(widths) == 5 and all(w > 50 for w in widths), "all five are visible"
