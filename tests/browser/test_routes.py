"""Every registered route in Chromium: served with 200, its title, one h1, the footer, and internal
links that all lead to registered routes. Unknown addresses get the friendly 404 page.

One page is reused for the whole module: loading ~45 routes stays a matter of seconds.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect
from site_pages import registered_routes, visitable_pages

from marketing_site.content import site
from marketing_site.i18n.languages import localized_route

HREFS_BY_ROUTE: dict[str, set[str]] = {}
FOOTER_HREFS = {link.href for link in site.FOOTER_LINKS + site.FOOTER_BLOG_LINKS}


@pytest.fixture(scope="module")
def route_page(browser, site_url):
    context = browser.new_context(base_url=site_url, viewport={"width": 1280, "height": 800})
    yield context.new_page()
    context.close()


def visit(route_page, route: str) -> int:
    """Open ``route``, remember its internal links, and return the HTTP status of the document."""
    response = route_page.goto(route, wait_until="load")
    HREFS_BY_ROUTE[route] = set(
        route_page.eval_on_selector_all('a[href^="/"]', "links => links.map(link => link.getAttribute('href'))")
    )
    return response.status


@pytest.mark.parametrize("spec", visitable_pages(), ids=lambda spec: spec.route)
def test_route_renders_title_heading_and_footer(route_page, spec) -> None:
    assert visit(route_page, spec.route) == 200
    assert route_page.title() == spec.head().title
    headings = route_page.locator("h1")
    assert headings.count() == 1, "exactly one h1 per page"
    assert headings.first.is_visible() and headings.first.inner_text().strip()
    footer = route_page.locator("footer")
    assert footer.is_visible()
    footer_hrefs = set(footer.locator("a").evaluate_all("links => links.map(link => link.getAttribute('href'))"))
    expected = {localized_route(href, spec.language) for href in FOOTER_HREFS}  # each language links within itself
    assert expected <= footer_hrefs, f"footer links missing: {expected - footer_hrefs}"


def test_every_internal_link_leads_to_a_registered_route(route_page, site_url) -> None:
    for spec in visitable_pages():
        if spec.route not in HREFS_BY_ROUTE:  # the per-route test was deselected
            visit(route_page, spec.route)
    targets = {route_of(href) for hrefs in HREFS_BY_ROUTE.values() for href in hrefs}
    assert targets - registered_routes() == set(), "links to unregistered routes"
    statuses = {target: http_status(site_url + target) for target in sorted(targets)}
    assert {target: status for target, status in statuses.items() if status != 200} == {}


def test_unknown_route_shows_friendly_404_with_navigation(route_page) -> None:
    response = route_page.goto("/no-such-page-here", wait_until="load")
    assert response.status == 404
    expect(route_page.locator("h1")).to_have_count(1)  # rendered by the client router after boot
    expect(route_page.locator("h1")).to_be_visible()
    assert route_page.locator("main a[href='/']").count() >= 1, "a way back home from the 404 page"
    assert route_page.locator("header a[href='/'], nav a[href='/']").count() >= 1, "site navigation"
    assert route_page.locator("footer").is_visible()


def route_of(href: str) -> str:
    """The registry route an href points at (react-router renders ``/product/`` for ``/product``)."""
    path = urlsplit(href).path
    return path.rstrip("/") or "/"


def http_status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
