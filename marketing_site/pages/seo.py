"""Head tags and sitemap entry of a page, so aliases point search engines at the real address."""

from __future__ import annotations

from typing import Any

import reflex as rx

from .. import routes
from ..layout.page import PageSpec
from ..settings import settings


def head_tags(spec: PageSpec) -> list[rx.Component]:
    """A canonical <link> with the configured site address (none for the 404 page)."""
    if spec.route == routes.NOT_FOUND:
        return []
    return [rx.el.link(rel="canonical", href=f"{settings.site_url}{spec.canonical or spec.route}")]


def sitemap_context(spec: PageSpec) -> dict[str, Any]:
    """Reflex's SitemapPlugin skips a page whose context has `"sitemap": None`: aliases opt out."""
    return {"sitemap": None} if spec.canonical else {}
