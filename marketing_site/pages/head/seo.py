"""Head tags and sitemap entry of a page, so aliases point search engines at the real address."""

from __future__ import annotations

from typing import Any

import reflex as rx

from marketing_site import routes
from marketing_site.i18n.languages import DEFAULT, LANGUAGES, localized_route
from marketing_site.layout.page import PageSpec
from marketing_site.pages.head.fonts import font_links
from marketing_site.pages.head.structured_data import structured_data_tags
from marketing_site.settings import settings

SHARE_CARD_SIZE = (1200, 630)


def default_canonical(spec: PageSpec) -> str:
    """The page's canonical route in the default language (an alias's real page, without a language prefix)."""
    if not spec.canonical:
        return spec.source_route
    return spec.canonical.removeprefix(spec.language.prefix) or "/"


def share_card_src(spec: PageSpec) -> str:
    """The page's sharing card (scripts/artwork/share_cards.py); an alias and a translation share
    their page's card."""
    return f"/images/share/{default_canonical(spec).strip('/') or 'home'}.jpg"


def alternate_links(spec: PageSpec) -> list[rx.Component]:
    """`<link rel="alternate" hreflang>` to the page in every language, x-default the default one."""
    route = default_canonical(spec)
    links = [(language.code, localized_route(route, language)) for language in LANGUAGES]
    links.append(("x-default", localized_route(route, DEFAULT)))
    return [rx.el.link(rel="alternate", href_lang=code, href=f"{settings.site_url}{href}") for code, href in links]


def share_image(spec: PageSpec) -> str:
    """The absolute address of the sharing card (Reflex's og:image), the brand's home card for the 404 page."""
    card = share_card_src(spec) if spec.route != routes.NOT_FOUND else "/images/share/home.jpg"
    return f"{settings.site_url}{card}"


def head_tags(spec: PageSpec) -> list[rx.Component]:
    """A canonical <link> with the configured site address and the Open Graph / Twitter card tags
    (none for the 404 page)."""
    if spec.route == routes.NOT_FOUND:
        return []
    url = f"{settings.site_url}{spec.canonical or spec.route}"
    head = spec.head()
    properties = {
        "og:type": "website",
        "og:url": url,
        "og:title": head.title,
        "og:description": head.description,
        "og:image:width": str(SHARE_CARD_SIZE[0]),
        "og:image:height": str(SHARE_CARD_SIZE[1]),
        "og:image:alt": head.title,
    }
    names = {"twitter:card": "summary_large_image", "twitter:image": share_image(spec)}
    return [
        rx.el.link(rel="canonical", href=url),
        *alternate_links(spec),
        *font_links(spec.language),
        *[rx.el.meta(property=key, content=value) for key, value in properties.items()],
        *[rx.el.meta(name=key, content=value) for key, value in names.items()],
        *structured_data_tags(default_canonical(spec), spec.language),
    ]


def sitemap_context(spec: PageSpec) -> dict[str, Any]:
    """Reflex's SitemapPlugin skips a page whose context has `"sitemap": None`: aliases opt out."""
    return {"sitemap": None} if spec.canonical else {}
