"""JavaScript before interaction (issue 31): a content page ships at most 150 KB gzip, a form page 200 KB, in
both languages. Counted as `scripts/measure_js.py` counts (every script's encoded bytes once the network is
idle), with web-vitals waited for: it is fetched when the browser is idle after load, sometimes after the
network first goes quiet, and a reader's browser fetches it all the same."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

CONTENT_PAGE_BYTES = 150 * 1024
FORM_PAGE_BYTES = 200 * 1024
CONTENT_PAGES = ("/", "/ar", "/product", "/ar/product", "/studentSmart", "/ar/studentSmart", "/aboutUs", "/ar/aboutUs")
FORM_PAGES = ("/schedule", "/ar/schedule", "/signup", "/careers", "/ar/careers")
_SCRIPTS = "() => performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith('.js'))"
_VITALS_LOADED = f"() => ({_SCRIPTS})().some((e) => new URL(e.name).pathname.includes('/web-vitals'))"


def script_bytes(browser: Browser, url: str) -> int:
    """The gzip bytes of every script `url` loads without interaction, in a fresh context (empty cache)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url, wait_until="networkidle")
        page.wait_for_function(_VITALS_LOADED)
        page.wait_for_load_state("networkidle")
        return int(page.evaluate(f"() => ({_SCRIPTS})().reduce((sum, e) => sum + e.encodedBodySize, 0)"))
    finally:
        context.close()


@pytest.mark.parametrize(
    ("route", "budget"),
    [(route, CONTENT_PAGE_BYTES) for route in CONTENT_PAGES] + [(route, FORM_PAGE_BYTES) for route in FORM_PAGES],
)
def test_a_page_ships_its_javascript_within_its_budget(browser: Browser, site_url: str, route: str, budget: int):
    shipped = script_bytes(browser, site_url + route)
    assert shipped <= budget, f"{route}: {shipped / 1024:.1f} KB gzip of JavaScript, the budget is {budget / 1024:.0f}"
