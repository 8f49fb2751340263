"""The site's registered pages as the tests see them: visitable routes, canonical ones, the 404 page."""

from __future__ import annotations

from marketing_site.layout.page import PageSpec
from marketing_site.pages import registry

NOT_FOUND_ROUTE = "404"  # Reflex's name for the page served at every unknown address


def visitable_pages() -> tuple[PageSpec, ...]:
    """Every page a visitor can open by address (aliases included, the 404 page excluded)."""
    return tuple(spec for spec in registry.PAGES if spec.route != NOT_FOUND_ROUTE)


def canonical_pages() -> tuple[PageSpec, ...]:
    """Pages that belong in the sitemap: not aliases of another route."""
    return tuple(spec for spec in visitable_pages() if not spec.canonical)


def registered_routes() -> frozenset[str]:
    """Every address of the registry (``ROUTES`` once the pages registry has it)."""
    routes = getattr(registry, "ROUTES", tuple(spec.route for spec in registry.PAGES))
    return frozenset(route for route in routes if route != NOT_FOUND_ROUTE)
