"""Real-user vitals in Chromium: web-vitals arrives only after the page has loaded, and leaving the
page sends one beacon whose metrics land in the web_vital table, with no personal data."""

from __future__ import annotations

import time

from hydration import open_page
from playwright.sync_api import Page
from sqlmodel import Session, select

from marketing_site.vitals.models import WebVital


def rows_for(engine, route: str) -> list[WebVital]:
    with Session(engine) as session:
        return list(session.exec(select(WebVital).where(WebVital.route == route)))


def test_vitals_load_after_the_page_and_are_stored_when_it_is_left(page: Page, site_db) -> None:
    timeline: list[str] = []
    page.on("load", lambda: timeline.append("load"))
    page.on("request", lambda request: "web-vitals" in request.url and timeline.append("web-vitals"))
    page.set_viewport_size({"width": 390, "height": 844})
    before = len(rows_for(site_db, "/careers"))
    open_page(page, "/careers")
    page.wait_for_function("() => performance.getEntriesByType('resource').some((r) => r.name.includes('web-vitals'))")
    assert timeline.index("load") < timeline.index("web-vitals"), "fetched only after the page loaded"
    page.wait_for_timeout(1500)  # web-vitals reports TTFB and LCP shortly after it runs
    page.locator("#careers-firstName").click()  # an interaction: LCP is final, INP measured
    page.wait_for_timeout(500)
    page.goto("about:blank")  # leaves the page: the beacon goes out
    deadline = time.monotonic() + 10
    while len(rows_for(site_db, "/careers")) == before and time.monotonic() < deadline:
        time.sleep(0.2)
    rows = rows_for(site_db, "/careers")[before:]
    assert {row.metric for row in rows} >= {"TTFB", "LCP"}  # LCP is final after the click
    assert {row.device for row in rows} == {"mobile"}
