"""The one explicit list of site pages, gathered from each page family."""

from __future__ import annotations

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
# Every registered address (aliases and the 404 page included), for tests and browser tests.
ROUTES: tuple[str, ...] = tuple(page.route for page in PAGES)
