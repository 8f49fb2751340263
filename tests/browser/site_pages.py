"""The site's registered pages as the tests see them: visitable routes (every language), canonical
ones, the 404 page."""

from __future__ import annotations

from marketing_site.layout.page import PageSpec
from marketing_site.pages import registry
from marketing_site.routes import NOT_FOUND


def visitable_pages() -> tuple[PageSpec, ...]:
    """Every page a visitor can open by address, in every language (aliases included, the 404 page excluded)."""
    return tuple(spec for spec in registry.PUBLISHED if spec.route != NOT_FOUND)


def canonical_pages() -> tuple[PageSpec, ...]:
    """Pages that belong in the sitemap: not aliases of another route."""
    return tuple(spec for spec in visitable_pages() if not spec.canonical)


def registered_routes() -> frozenset[str]:
    """Every address the site serves (the 404 page excluded)."""
    return frozenset(route for route in registry.SERVED_ROUTES if route != NOT_FOUND)
