"""The one explicit list of site pages, gathered from each page family and checked against routes.ROUTES."""

from __future__ import annotations

import dataclasses
import functools

import reflex as rx

from marketing_site import routes
from marketing_site.content.messages import BRANDS
from marketing_site.i18n.languages import DEFAULT, LANGUAGES, Language, localized_route
from marketing_site.i18n.translation import translate_tree
from marketing_site.layout.page import PageSpec
from marketing_site.pages import (
    careers,
    demo_request,
    home,
    info_page,
    module_page,
    not_found,
    position_page,
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
    *position_page.PAGES,
    *whatsapp.PAGES,
    *not_found.PAGES,
)


def _check(pages: tuple[PageSpec, ...]) -> None:
    """Fail at start-up, not in production, when a page and the route list disagree."""
    served = [page.route for page in pages]
    if sorted(served) != sorted(routes.ROUTES):
        missing, unlisted = set(routes.ROUTES) - set(served), set(served) - set(routes.ROUTES)
        raise RuntimeError(
            f"pages and routes.ROUTES disagree: no page for {sorted(missing)}, "
            f"unlisted {sorted(unlisted)}, or a route served twice"
        )


_check(PAGES)


def in_language(spec: PageSpec, language: Language) -> PageSpec:
    """The same page record in `language`: its route under the language's prefix, its body copy (and,
    by PageSpec.head, its head text) from the language's catalogue (the default language returns the
    record itself)."""
    if language == DEFAULT:
        return spec
    body = spec.body

    @functools.wraps(body)
    def translated() -> rx.Component:
        return translate_tree(body(), language, BRANDS)

    return dataclasses.replace(
        spec,
        route=localized_route(spec.route, language),
        body=translated,
        canonical=localized_route(spec.canonical, language) if spec.canonical else "",
        language=language,
        default_route=spec.route,
    )


# Every page the site publishes: the default language at the spec's paths, each other language
# under its prefix. The 404 page stays one page: Reflex serves it for every unknown address.
PUBLISHED: tuple[PageSpec, ...] = tuple(
    in_language(spec, language)
    for language in LANGUAGES
    for spec in PAGES
    if language == DEFAULT or spec.route != routes.NOT_FOUND
)
SERVED_ROUTES: tuple[str, ...] = tuple(page.route for page in PUBLISHED)
