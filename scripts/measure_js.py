"""Bytes a page really transfers for JavaScript and CSS, compressed, measured in Chromium.

Sums the encoded (gzip) body sizes of every .js/.css resource the page loaded, lazy chunks
included once the network is idle. Standalone: ``python -m scripts.measure_js URL``.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from scripts.harness.chromium import CHROMIUM_ARGS, chromium_path

_RESOURCE_BYTES = """() => {
  const entries = performance.getEntriesByType('resource');
  const total = suffix => entries.filter(e => new URL(e.name).pathname.endsWith(suffix))
                                 .reduce((sum, e) => sum + e.encodedBodySize, 0);
  return {js: total('.js'), css: total('.css')};
}"""


@dataclass(frozen=True)
class PageWeight:
    js_bytes: int
    css_bytes: int


def measure(browser, url: str) -> PageWeight:
    """Load ``url`` in a fresh context (empty cache) and sum what its scripts and styles cost."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url, wait_until="networkidle")
        weight = page.evaluate(_RESOURCE_BYTES)
        return PageWeight(js_bytes=weight["js"], css_bytes=weight["css"])
    finally:
        context.close()


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("url")
    args = parser.parse_args()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        weight = measure(browser, args.url)
        browser.close()
    print(f"{args.url}: JS {weight.js_bytes / 1024:.1f} KB gzip, CSS {weight.css_bytes / 1024:.1f} KB gzip")


if __name__ == "__main__":
    main()
