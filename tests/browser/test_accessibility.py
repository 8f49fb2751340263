"""Page quality in the browser with the whole site running: axe-core on every route of every language
at phone and laptop widths (any impact counts), CLS on home."""

from __future__ import annotations

import pytest
from axe_check import axe_source, violations
from hydration import open_page
from playwright.sync_api import Page

from marketing_site.content import home
from marketing_site.pages.registry import SERVED_ROUTES
from marketing_site.routes import NOT_FOUND

pytestmark = pytest.mark.database_independent  # layout and axe do not depend on the database


@pytest.mark.parametrize("width", (390, 1280))
@pytest.mark.parametrize("route", sorted(set(SERVED_ROUTES) - {NOT_FOUND}))
def test_no_accessibility_violations_on_a_phone_and_a_laptop(page: Page, route: str, width: int):
    page.set_viewport_size({"width": width, "height": 844 if width < 800 else 800})
    open_page(page, route)
    assert violations(page, axe_source()) == []


def test_home_has_no_layout_shift_while_loading_and_scrolling(page: Page):
    page.add_init_script(
        """window.__cls = 0;
        new PerformanceObserver((list) => {
            for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
        }).observe({type: "layout-shift", buffered: true});"""
    )
    open_page(page)
    for y in (300, 600, 1200, 2400, 0):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.wait_for_timeout(250)
    page.wait_for_timeout(home.COUNTER_DELAY_MS + home.COUNTER_DURATION_MS)
    assert page.evaluate("window.__cls") < 0.005
