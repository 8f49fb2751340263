"""Repeat-view web fonts (pages/head/fonts.py): a first visit paints in the system font and fetches the
Arabic faces only after `load`; the next page load paints in Noto Sans Arabic from the cache."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from site_pages import visitable_pages

from marketing_site.pages.head.fonts import CACHED_CLASS, NOTO_SANS_ARABIC, WEB_FONTS

# A function, not an expression: Playwright polls an expression with eval, which the pages' CSP refuses.
FACES_CACHED = f"() => localStorage.getItem('{NOTO_SANS_ARABIC.storage_key}') === '1'"
FIRST_VISIT_ROUTES = [spec.route for spec in visitable_pages() if spec.language.code in WEB_FONTS]


def rendered_families(page: Page, selector: str) -> set[str]:
    """The fonts Chromium really drew the element's text with (not the CSS stack it asked for)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    return {font["familyName"] for font in cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]}


def font_fetch_starts(page: Page) -> list[float]:
    return page.evaluate(
        "performance.getEntriesByType('resource')"
        ".filter(entry => entry.name.endsWith('.woff2')).map(entry => entry.startTime)"
    )


def test_a_first_visit_fetches_the_faces_after_load_without_using_them(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/ar")
    page.wait_for_function(FACES_CACHED, timeout=15_000)
    load_start = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventStart")
    starts = font_fetch_starts(page)
    assert len(starts) == len(NOTO_SANS_ARABIC.files)
    assert min(starts) >= load_start, "a face was fetched before load, on the hero image's link"
    assert not page.evaluate(f"document.documentElement.classList.contains('{CACHED_CLASS}')")
    assert NOTO_SANS_ARABIC.family not in rendered_families(page, "h1"), "the text changed font after painting"


# The family asked for at the first paint, the page's layout shifts (when, and the nodes that moved), and when
# the document's faces finished loading.
WATCH_FIRST_PAINT = """window.__firstPaintFamily = null; window.__shifts = []; window.__facesLoaded = [];
new PerformanceObserver(() => { window.__firstPaintFamily ??= getComputedStyle(document.querySelector("h1") ||
    document.body).fontFamily; }).observe({type: "paint", buffered: true});
new PerformanceObserver(list => list.getEntries().forEach(entry => window.__shifts.push({value: entry.value,
    at: entry.startTime, moved: entry.sources.map(source => source.node ? source.node.nodeName : "?")})))
    .observe({type: "layout-shift", buffered: true});
document.fonts.addEventListener("loadingdone", () => window.__facesLoaded.push(performance.now()));"""
# A cached face is read back from the disk cache while the text waits for it: `font-display: optional`'s block
# period, up to 100 ms, in which Chromium lays the text out in the fallback's metrics but draws nothing, and a
# face that comes later is never used (no swap). When the read ends after the first frame, setting the not yet
# visible text in Noto is reported as a layout shift: 0.0016 on this page at 1280 px (issue 35), 0.018 once on a
# busy CI run, where a quiet machine shows 0. Those shifts, in the frames around the faces' loading, are left
# out; any other must stay under the bound. The swap this design avoids (the system font drawn, then Noto) moved
# Arabic text by 0.056 on /ar (pages/head/fonts.py); `optional` on every face is what rules it out (asserted).
RELAYOUT_WINDOW_MS = 250
OTHER_SHIFTS_BOUND = 0.01


def test_the_next_page_load_paints_in_the_cached_faces(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/ar")
    page.wait_for_function(FACES_CACHED, timeout=15_000)
    page.add_init_script(WATCH_FIRST_PAINT)
    page.goto(f"{site_url}/ar/product")
    assert page.evaluate(f"document.documentElement.classList.contains('{CACHED_CLASS}')")
    page.wait_for_function("() => window.__firstPaintFamily !== null")
    assert page.evaluate("window.__firstPaintFamily").startswith(f'"{NOTO_SANS_ARABIC.family}"'), "first paint"
    assert NOTO_SANS_ARABIC.family in rendered_families(page, "h1")
    displays = page.evaluate(
        f"[...document.fonts].filter(face => face.family.includes({NOTO_SANS_ARABIC.family!r}))"
        ".map(face => face.display)"
    )
    assert displays == ["optional"] * len(NOTO_SANS_ARABIC.files), "a late face must never be swapped in"
    page.wait_for_timeout(500)  # any later shift would be reported by now (entries are buffered, not timed)
    shifts, loaded = page.evaluate("[window.__shifts, window.__facesLoaded]")
    assert loaded, "the cached faces never loaded"
    others = [shift for shift in shifts if not any(abs(shift["at"] - at) <= RELAYOUT_WINDOW_MS for at in loaded)]
    assert sum(shift["value"] for shift in others) < OTHER_SHIFTS_BOUND, (shifts, loaded)


def test_english_pages_fetch_no_web_font(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/product")
    page.wait_for_load_state("load")
    page.wait_for_timeout(500)
    assert font_fetch_starts(page) == []
    assert not page.evaluate("Object.keys(localStorage).some(key => key.startsWith('web-font:'))")


@pytest.fixture(scope="module")
def narrow_page(browser, site_url):
    context = browser.new_context(base_url=site_url, viewport={"width": 320, "height": 640})
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("route", FIRST_VISIT_ROUTES)
def test_a_first_visit_in_the_system_font_fits_a_320_px_screen(narrow_page: Page, route: str) -> None:
    """The system's Arabic face sets wider than Noto (DejaVu Sans here): every page must fit in both,
    and test_layout.py sees most pages after the first one in Noto."""
    narrow_page.goto(route)
    narrow_page.wait_for_function(FACES_CACHED, timeout=15_000)  # set by now or after load: then forget it
    narrow_page.evaluate("localStorage.clear()")
    narrow_page.reload()
    assert not narrow_page.evaluate(f"document.documentElement.classList.contains('{CACHED_CLASS}')")
    assert narrow_page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") == 0
