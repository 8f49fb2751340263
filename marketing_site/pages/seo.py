"""Head tags and sitemap entry of a page, so aliases point search engines at the real address."""

from __future__ import annotations

from typing import Any

import reflex as rx

from .. import routes
from ..layout.page import PageSpec
from ..settings import settings

SHARE_CARD_SIZE = (1200, 630)


def share_card_src(spec: PageSpec) -> str:
    """The page's sharing card (scripts/artwork/share_cards.py); an alias shares its page's card."""
    route = spec.canonical or spec.route
    return f"/images/share/{route.strip('/') or 'home'}.jpg"


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
    properties = {
        "og:type": "website", "og:url": url, "og:title": spec.seo.title, "og:description": spec.seo.description,
        "og:image:width": str(SHARE_CARD_SIZE[0]), "og:image:height": str(SHARE_CARD_SIZE[1]),
        "og:image:alt": spec.seo.title,
    }
    names = {"twitter:card": "summary_large_image", "twitter:image": share_image(spec)}
    return [
        rx.el.link(rel="canonical", href=url),
        *[rx.el.meta(property=key, content=value) for key, value in properties.items()],
        *[rx.el.meta(name=key, content=value) for key, value in names.items()],
    ]


def sitemap_context(spec: PageSpec) -> dict[str, Any]:
    """Reflex's SitemapPlugin skips a page whose context has `"sitemap": None`: aliases opt out."""
    return {"sitemap": None} if spec.canonical else {}
