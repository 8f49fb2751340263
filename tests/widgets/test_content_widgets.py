"""The content widgets (tabs, read-more, counters, carousels) are Python: their browser state, key
handling, timing classes and compiled output, checked without a browser (tests/browser drives them)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import reflex as rx
from reflex.compiler.compiler import _compile_component
from reflex_base.components.memoize_helpers import is_snapshot_boundary

from marketing_site.components.browser_state import clock_classes, widget_state
from marketing_site.components.building import building
from marketing_site.components.widgets.carousels import news_carousel, partner_carousel, track_classes
from marketing_site.components.widgets.counter import TICK_MS, eased
from marketing_site.components.widgets.read_more import read_more
from marketing_site.components.widgets.swipe import SWIPE_PX
from marketing_site.components.widgets.tabs import key_targets, tabs
from marketing_site.content import home, widgets
from marketing_site.content.modules import MODULES
from marketing_site.content.types import ReadMore, Seo
from marketing_site.i18n.languages import ARABIC
from marketing_site.i18n.translation import copy_texts, translate_tree
from marketing_site.layout.page import PageSpec
from marketing_site.pages.home import counters
from marketing_site.pages.home_sections import news_section, partners_section


def compiled(component: rx.Component) -> str:
    return _compile_component(component)


def hooks(component: rx.Component) -> str:
    return "\n".join(str(hook) for hook in component._get_all_hooks())


def imported_libraries(component: rx.Component) -> set[str]:
    return set(component._get_all_imports())


def on_page(route: str, language=None) -> PageSpec:
    spec = PageSpec(route, Seo("t", "d"), rx.fragment)
    return spec if language is None else PageSpec(route, spec.seo, spec.body, language=language)


def school_tabs(count: int = 4) -> rx.Component:
    return tabs("g", [f"Tab {n}" for n in range(count)], [rx.el.p(f"Panel {n}") for n in range(count)], "Kinds")


# --- Browser state ---------------------------------------------------------------------------------


def test_a_widget_shared_by_pages_keeps_one_name_so_its_compiled_code_is_shared():
    with building(on_page("/oneBranchSchool")):
        first = widget_state("school-modules", 0)
    with building(on_page("/ar/multiBranchSchool", ARABIC)):
        second = widget_state("school-modules", 0)
    assert first._getter_name == second._getter_name == "w_school_modules"
    assert widget_state("card-description", False)._getter_name.isidentifier()


def test_the_clock_classes_time_the_animation_and_bring_its_keyframes():
    classes = clock_classes(40, 10, 500).split()
    assert "animate-pulse" in classes
    assert "absolute" in classes  # out of the layout: as a grid item it added a row to the counter strip
    assert {"[animation-duration:40ms]!", "[animation-iteration-count:10]!", "[animation-delay:500ms]!"} <= set(classes)


# --- Tabs ------------------------------------------------------------------------------------------


def test_arrow_keys_wrap_and_home_end_reach_the_ends():
    assert key_targets(0, 4, rtl=False) == {"ArrowRight": 1, "ArrowLeft": 3, "Home": 0, "End": 3}
    assert key_targets(3, 4, rtl=False)["ArrowRight"] == 0


def test_right_to_left_the_left_arrow_reaches_the_next_tab():
    assert key_targets(1, 4, rtl=True) == {"ArrowLeft": 2, "ArrowRight": 0, "Home": 0, "End": 3}


@pytest.mark.parametrize(("language", "next_key"), [(None, "ArrowRight"), (ARABIC, "ArrowLeft")])
def test_the_key_handler_follows_the_direction_of_the_page_being_built(language, next_key):
    with building(on_page("/x", language)):
        output = compiled(school_tabs())
    forward = re.search(
        rf'\["{next_key}"\] : \["g-tab-0", "g-tab-1", "g-tab-2", "g-tab-3"\]\?\.at\?\.\(\((.+?) % 4\)\)', output
    )
    assert forward and forward.group(1).endswith(" + 1)"), "the forward arrow reaches the tab after the active one"
    assert '["Home"] : "g-tab-0", ["End"] : "g-tab-3"' in output
    assert '["preventDefault"]()' in output and "document.getElementById" in output


def test_the_tab_list_handles_the_keys_in_one_wrapper_with_its_tabs():
    """One key handler on the list, and the list with its tabs compiled as one memo component: the
    tabs need no wrapper each (less JavaScript per page)."""
    group = school_tabs()
    tablist = group.children[0]
    assert is_snapshot_boundary(tablist) and not is_snapshot_boundary(group)
    assert compiled(group).count("onKeyDown:") == 1 and compiled(tablist).count("onKeyDown:") == 1


def test_each_page_opens_its_tab_group_on_the_default_tab():
    """The state is shared by the pages showing the group, so mounting the group resets it: a tab
    chosen on one school page is not carried to the next one opened in the browser."""
    mount = hooks(tabs("g", ["A", "B", "C"], [rx.el.p("a"), rx.el.p("b"), rx.el.p("c")], "Kinds", default_index=2))
    assert re.search(r"useEffect\(\(\) => \{\s*.*refs\['_client_state_setW_g'\]\(2\)", mount)


def test_tabs_carry_the_aria_pattern_with_one_id_per_tab_and_panel():
    output = compiled(school_tabs(3))
    assert output.count('role:"tab"') == 3 and output.count('role:"tabpanel"') == 3
    assert 'role:"tablist"' in output and '"aria-label":"Kinds"' in output
    for n in range(3):
        assert f'id:"g-tab-{n}"' in output and f'"aria-controls":"g-panel-{n}"' in output
        assert f'id:"g-panel-{n}"' in output and f'"aria-labelledby":"g-tab-{n}"' in output


def test_the_active_tab_is_browser_state_set_by_click_and_by_focus():
    output = compiled(school_tabs(2))
    assert output.count("onFocus:") == 2 and output.count("onClick:") == 2
    assert "_client_state_setW_g" in output
    assert "tabIndex:" in output and '"aria-selected":' in output


def test_only_the_active_panel_shows_keyed_on_the_group_state():
    """The group carries the active index; each panel is hidden unless it matches, by CSS, so the
    panels need no state of their own."""
    output = compiled(school_tabs(3))
    assert '"data-active":refs[' in output and "group/tabs" in output
    for n in range(3):
        assert f"hidden group-data-[active={n}]/tabs:block" in output


def test_tab_labels_and_panels_stay_translatable():
    assert {"Tab 0", "Tab 3", "Panel 2", "Kinds"} <= copy_texts(school_tabs())


# --- Read more -------------------------------------------------------------------------------------


LONG = next(module for module in MODULES if len(module.card_text) > module.read_more.ideal_length)


def test_short_text_is_a_plain_paragraph_without_state():
    component = read_more("Short.", ReadMore(), "short")
    assert component.render()["name"] == '"p"'
    assert "_client_state" not in compiled(component)


def test_long_text_toggles_in_the_browser_with_both_labels_translatable():
    component = read_more(LONG.card_text, LONG.read_more, "card-description")
    output = compiled(component)
    assert '"aria-controls":"card-description"' in output and '"aria-expanded":' in output
    assert "_client_state_setW_card_description" in output
    assert {LONG.read_more.label, widgets.READ_LESS_LABEL} <= copy_texts(component)


# --- Counter strip ---------------------------------------------------------------------------------


def test_the_count_eases_out_from_start_to_end():
    assert eased(0) == 0 and eased(1) == 1
    assert eased(0.5) == pytest.approx(0.875)


def test_the_strip_shows_past_the_scroll_threshold():
    component = counters()
    assert f"> {home.COUNTER_SCROLL_THRESHOLD_PX}" in hooks(component)
    assert '"data-visible":' in compiled(component)


def test_the_clock_counts_for_the_duration_after_the_delay_and_ends_at_once_for_reduced_motion():
    output = compiled(counters())
    ticks = round(home.COUNTER_DURATION_MS / TICK_MS)
    assert f"[animation-iteration-count:{ticks}]!" in output
    assert f"[animation-delay:{home.COUNTER_DELAY_MS}ms]!" in output
    assert "motion-reduce:[animation-duration:1ms]!" in output and "motion-reduce:[animation-delay:0s]!" in output
    assert "onAnimationIteration:" in output and '"elapsedTime"' in output and "onAnimationEnd:" in output


def test_each_counter_has_a_counted_value_and_its_final_value_for_screen_readers():
    output = compiled(counters())
    assert output.count('"data-counter-value":""') == len(home.COUNTERS)
    assert {"YEARS", "M +"} <= copy_texts(counters())


# --- Carousels -------------------------------------------------------------------------------------


def test_the_track_moves_left_to_bring_a_slide_in_and_right_when_the_page_reads_right_to_left():
    assert track_classes(2, rtl=False) == "data-[active=0]:-translate-x-[0%] data-[active=1]:-translate-x-[100%]"
    assert track_classes(2, rtl=True) == "data-[active=0]:translate-x-[0%] data-[active=1]:translate-x-[100%]"


def test_the_news_ride_is_a_css_clock_paused_with_the_carousel_and_off_for_reduced_motion():
    output = compiled(news_carousel([rx.el.p("a"), rx.el.p("b"), rx.el.p("c")]))
    assert f"[animation-duration:{widgets.NEWS_INTERVAL_MS}ms]!" in output
    assert "group-data-[paused=true]:[animation-play-state:paused]!" in output
    assert "motion-reduce:animate-none!" in output
    assert "% 3)" in output, "each tick moves to the next slide, looping"
    for event in ("onMouseEnter", "onMouseLeave", "onFocus", "onBlur"):
        assert f"{event}:" in output


def test_the_partner_strip_has_a_slot_per_visible_logo_each_choosing_from_every_logo():
    logos = [rx.el.img(alt=f"Logo {n}", src=f"/l{n}.svg") for n in range(7)]
    output = compiled(partner_carousel(logos, "Partners", 5, 2, 9))
    assert output.count('jsx("li"') == 5
    assert output.count('alt:"Logo 6"') == 5
    assert "gap-[9px]" in output and "sm:[--visible:5]" in output


@pytest.mark.parametrize(("language", "next_when"), [(None, "* -1) > 0"), (ARABIC, "* 1) > 0")])
def test_both_carousels_take_sideways_drags_and_move_one_card_per_swipe_in_the_reading_direction(language, next_when):
    """Issue 33: a left-to-right swipe on the news carousel was the browser's Back, and the partners ignored
    swipes. Right to left, a left-to-right swipe brings the next card."""
    logos = [rx.el.img(alt=f"Logo {n}", src=f"/l{n}.svg") for n in range(7)]
    with building(on_page("/ar" if language else "/", language)):
        carousels = {
            "news": compiled(news_carousel([rx.el.p("a"), rx.el.p("b"), rx.el.p("c")])),
            "partner": compiled(partner_carousel(logos, "Partners", 5, 2, 9)),
        }
    for name, output in carousels.items():
        assert "touch-pan-y overscroll-x-contain" in output, name
        for event in ("onPointerDown:", "onPointerUp:", "onPointerCancel:"):
            assert event in output, (name, event)
        assert f">= {SWIPE_PX}" in output and next_when in output, name


def test_home_sections_translate_to_arabic_with_each_logo_copy_met_once():
    with building(on_page("/ar", ARABIC)):
        for section in (news_section(), partners_section()):
            translate_tree(section, ARABIC)


# --- No hand-written React -------------------------------------------------------------------------


def content_widgets() -> Iterator[rx.Component]:
    yield school_tabs()
    yield read_more(LONG.card_text, LONG.read_more, "card-description")
    yield counters()
    yield news_section()
    yield partners_section()


@pytest.mark.parametrize("component", list(content_widgets()), ids=["tabs", "read_more", "counter", "news", "partners"])
def test_no_widget_imports_a_local_asset(component: rx.Component):
    libraries = imported_libraries(component)
    assert not [library for library in libraries if "external" in library or library.endswith((".jsx", ".js"))]
