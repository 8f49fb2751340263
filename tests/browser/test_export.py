"""The static export holds a prerendered file per route, a sitemap, robots.txt and a 404 page.

Reuses the session's production build (the files the static host serves).
"""

from __future__ import annotations

import html
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from site_pages import canonical_pages, visitable_pages

from marketing_site.i18n.catalogues import catalogue
from marketing_site.i18n.languages import ARABIC
from marketing_site.pages.head.seo import share_card_src

SITEMAP_NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}


def exported_file(static_root: Path, route: str) -> Path | None:
    """The file a static host serves for ``route`` (``/x`` → ``x.html`` or ``x/index.html``)."""
    relative = route.strip("/")
    candidates = ["index.html"] if not relative else [f"{relative}.html", f"{relative}/index.html"]
    return next((static_root / name for name in candidates if (static_root / name).is_file()), None)


@pytest.mark.parametrize("spec", visitable_pages(), ids=lambda spec: spec.route)
def test_every_route_is_prerendered_with_its_title(static_root: Path, spec) -> None:
    exported = exported_file(static_root, spec.route)
    assert exported is not None, f"no exported file for {spec.route}"
    assert f"<title>{html.escape(spec.head().title, quote=False)}</title>" in exported.read_text(encoding="utf-8")


@pytest.mark.parametrize("spec", visitable_pages(), ids=lambda spec: spec.route)
def test_every_page_names_its_sharing_card_for_open_graph_and_twitter(static_root: Path, site_url: str, spec) -> None:
    page = exported_file(static_root, spec.route).read_text(encoding="utf-8")
    card = f"{site_url}{share_card_src(spec)}"
    assert f'content="{card}" property="og:image"' in page and 'favicon.ico" property="og:image' not in page
    assert (
        f'content="{card}" name="twitter:image"' in page and 'content="summary_large_image" name="twitter:card"' in page
    )
    assert (static_root / share_card_src(spec).lstrip("/")).is_file()


def test_sitemap_lists_every_canonical_route_with_the_site_address(static_root: Path, site_url: str) -> None:
    tree = ElementTree.parse(static_root / "sitemap.xml")
    listed = {loc.text.rstrip("/") for loc in tree.getroot().iterfind("sm:url/sm:loc", SITEMAP_NS)}
    expected = {f"{site_url}{spec.route}".rstrip("/") for spec in canonical_pages()}
    assert expected - listed == set(), "canonical routes missing from sitemap.xml"
    aliases = {f"{site_url}{spec.route}".rstrip("/") for spec in visitable_pages() if spec.canonical}
    assert listed & aliases == set(), "aliases belong out of the sitemap"
    assert listed <= expected | aliases, "sitemap.xml lists addresses that are not pages"


def test_robots_txt_points_at_the_sitemap(static_root: Path, site_url: str) -> None:
    robots = (static_root / "robots.txt").read_text(encoding="utf-8")
    assert "User-agent:" in robots
    assert f"Sitemap: {site_url}/sitemap.xml" in robots


def test_404_page_is_the_app_shell(static_root: Path) -> None:
    """404.html boots the client router, which renders the registry's friendly 404 page."""
    shell = (static_root / "404.html").read_text(encoding="utf-8")
    assert "/assets/" in shell and "__reactRouterContext" in shell
    arabic = (static_root / "ar" / "404.html").read_text(encoding="utf-8")
    arabic_title = f"<title>{catalogue(ARABIC)['Page not found']}</title>"
    assert arabic == shell.replace('<html lang="en" dir="ltr"', '<html lang="ar" dir="rtl"', 1).replace(
        "<title>Page not found</title>", arabic_title, 1
    ), "the same shell, right to left, its title in Arabic"
