"""Real-user vitals in Chromium: web-vitals arrives only after the page has loaded, and leaving the
page sends a beacon whose metrics land in the web_vital table, with no personal data.

The test waits on the beacons themselves, never on time: the page is asked to flush (its pagehide
handler, what leaving it fires) until TTFB and LCP have been sent, and each sent value must be stored with
the device it was sent as; other tests' visits to /careers share the site database."""

from __future__ import annotations

import time

from hydration import open_page
from playwright.sync_api import Page, Request
from sqlmodel import Session, col, select

from marketing_site.routes import VITALS_API
from marketing_site.vitals.models import WebVital

RECORD_BEACONS = """(() => {  // a copy of each beacon's body for the test: Playwright does not expose a ping's body
  const send = navigator.sendBeacon.bind(navigator);
  window.__beacons = [];
  navigator.sendBeacon = (url, data) => {
    data.text().then((text) => window.__beacons.push(JSON.parse(text)));
    return send(url, data);
  };
})()"""


def stored_as_mobile(engine, sent: set[tuple[str, float]]) -> set[tuple[str, float]]:
    """The (metric, value) pairs among ``sent`` that /careers has rows of, stored as a phone's."""
    with Session(engine) as session:
        rows = session.exec(
            select(WebVital).where(
                WebVital.route == "/careers",
                WebVital.device == "mobile",
                col(WebVital.value).in_([value for _, value in sent]),
            )
        )
        return {(row.metric, row.value) for row in rows} & sent


def test_vitals_load_after_the_page_and_are_stored_when_it_is_left(page: Page, site_db) -> None:
    timeline: list[str] = []
    pings: list[str] = []

    def seen(request: Request) -> None:
        if "web-vitals" in request.url:
            timeline.append("web-vitals")
        if request.url.endswith(VITALS_API):
            pings.append(request.method)

    page.add_init_script(RECORD_BEACONS)
    page.on("load", lambda: timeline.append("load"))
    page.on("request", seen)
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, "/careers")
    page.wait_for_function("() => performance.getEntriesByType('resource').some((r) => r.name.includes('web-vitals'))")
    assert timeline.index("load") < timeline.index("web-vitals"), "fetched only after the page loaded"
    page.locator("#careers-firstName").click()  # an interaction: LCP is final, INP measured
    beacons: list[dict] = []
    sent = lambda: {metric["name"] for beacon in beacons for metric in beacon["metrics"]}  # noqa: E731
    deadline = time.monotonic() + 15
    while not sent() >= {"TTFB", "LCP"} and time.monotonic() < deadline:
        page.evaluate("() => window.dispatchEvent(new Event('pagehide'))")  # the page's own flush
        page.wait_for_timeout(200)
        beacons = page.evaluate("() => window.__beacons")
    page.goto("about:blank")  # leaving the page flushes whatever came since
    assert sent() >= {"TTFB", "LCP"}, beacons
    assert pings and set(pings) == {"POST"} and len(pings) >= len(beacons), "each flush went out as a beacon"
    assert {beacon["route"] for beacon in beacons} == {"/careers"} and {b["device"] for b in beacons} == {"mobile"}
    # The rows this page's beacons made: each sent metric and value stored with the device it was sent as. Other
    # tests' visits to /careers (at 1280 px: desktop) may have sent an equal value (timings are coarse), so a
    # value alone does not tell whose row it is; a stored (metric, value, "mobile") for each one sent does.
    sent_values = {(m["name"], float(m["value"])) for beacon in beacons for m in beacon["metrics"]}
    deadline = time.monotonic() + 10
    while not sent_values <= stored_as_mobile(site_db, sent_values) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert sent_values <= stored_as_mobile(site_db, sent_values)
