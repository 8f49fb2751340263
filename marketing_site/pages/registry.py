"""The one explicit list of site pages, gathered from each page family and checked against routes.ROUTES."""

from __future__ import annotations

from .. import routes
from ..layout.page import PageSpec
from . import (
    careers,
    demo_request,
    home,
    info_page,
    module_page,
    not_found,
    product_overview,
    schedule,
    school_type_page,
    service_page,
    signup,
    whatsapp,
)

PAGES: tuple[PageSpec, ...] = (
    *home.PAGES,
    *product_overview.PAGES,
    *module_page.PAGES,
    *schedule.PAGES,
    *signup.PAGES,
    *demo_request.PAGES,
    *service_page.PAGES,
    *school_type_page.PAGES,
    *info_page.PAGES,
    *careers.PAGES,
    *whatsapp.PAGES,
    *not_found.PAGES,
)


def _check(pages: tuple[PageSpec, ...]) -> None:
    """Fail at start-up, not in production, when a page and the route list disagree."""
    served = [page.route for page in pages]
    if sorted(served) != sorted(routes.ROUTES):
        missing, unlisted = set(routes.ROUTES) - set(served), set(served) - set(routes.ROUTES)
        raise RuntimeError(f"pages and routes.ROUTES disagree: no page for {sorted(missing)}, "
                           f"unlisted {sorted(unlisted)}, or a route served twice")


_check(PAGES)
