"""Accessibility and layout-shift figures for every route, measured the same way each time.

Serves the production build (as the browser tests do), runs axe-core (WCAG 2.1 A/AA + best
practice) on each route at a phone width (390 px) and a laptop width (1280 px) and prints
violations by impact, then each language's home page's CLS while it loads, scrolls past the counter
threshold and the counters finish, at both widths. Run with ``make a11y`` (``bash scripts/a11y.sh --cls-only``:
the CLS figures alone).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from playwright.sync_api import sync_playwright

from scripts.harness.build import ROOT
from scripts.harness.chromium import CHROMIUM_ARGS, chromium_path
from scripts.harness.served_site import served_site

sys.path.insert(0, str(ROOT / "tests" / "browser"))
from axe_check import axe_source, inject
from hydration import open_page

from marketing_site.content import home
from marketing_site.i18n.languages import LANGUAGES, localized_route
from marketing_site.pages.registry import PAGES

IMPACTS = ("critical", "serious", "moderate", "minor")
WIDTHS = ((390, 844), (1280, 800))
AXE_RUN = """async () => {
    const result = await axe.run(document, {runOnly: {type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}});
    return result.violations.map((v) => [v.id, v.impact, v.nodes.length]);
}"""
CLS_OBSERVER = """window.__cls = 0; new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
}).observe({type: "layout-shift", buffered: true});"""


def axe_counts(page, route: str) -> tuple[Counter, list[str]]:
    open_page(page, route)
    inject(page, axe_source())
    found = page.evaluate(AXE_RUN)
    return Counter(impact for _, impact, _ in found), [f"{rule} ({impact}, {nodes})" for rule, impact, nodes in found]


def home_cls(page, route: str = "/") -> float:
    page.add_init_script(CLS_OBSERVER)
    open_page(page, route)
    for y in (300, 600, 1200, 2400, 0):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.wait_for_timeout(250)
    page.wait_for_timeout(home.COUNTER_DELAY_MS + home.COUNTER_DURATION_MS)
    return page.evaluate("window.__cls")


def print_home_cls(browser, site_url: str) -> None:
    """Each language's home page (its own font included) at each width: a fresh context, nothing cached."""
    for language in LANGUAGES:
        route = localized_route("/", language)
        for width, height in WIDTHS:
            context = browser.new_context(base_url=site_url, viewport={"width": width, "height": height})
            cls = home_cls(context.new_page(), route)
            print(f"home CLS {route} @ {width} px (load, scroll through, counters finished): {cls:.4f}")
            context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cls-only", action="store_true", help="only the home pages' CLS, no axe run")
    args = parser.parse_args()
    routes = sorted({spec.route for spec in PAGES if spec.route != "404"})
    with served_site({"CHAT_PHONE_NUMBER": "96890000000"}) as site, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        for width, height in WIDTHS if not args.cls_only else ():
            context = browser.new_context(base_url=site.site_url, viewport={"width": width, "height": height})
            print(
                f"\n{'route @ ' + str(width) + ' px':24} " + " ".join(f"{impact:>8}" for impact in IMPACTS) + "  rules"
            )
            for route in routes:
                page = context.new_page()
                counts, rules = axe_counts(page, route)
                print(f"{route:24} " + " ".join(f"{counts[i]:>8}" for i in IMPACTS) + "  " + (", ".join(rules) or "-"))
                page.close()
        print()
        print_home_cls(browser, site.site_url)
        browser.close()


if __name__ == "__main__":
    main()
