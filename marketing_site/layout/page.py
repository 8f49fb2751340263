"""The page record and the frame every page shares (header with navigation and chat, footer)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import reflex as rx

from marketing_site import routes
from marketing_site.components.building import building
from marketing_site.components.web_vitals import web_vitals
from marketing_site.content.types import Seo
from marketing_site.i18n.languages import DEFAULT, Language
from marketing_site.i18n.translation import translated_text
from marketing_site.layout.footer import footer
from marketing_site.layout.navbar import navbar


@dataclass(frozen=True)
class PageSpec:
    """One route of the site: where it lives, its head tags and how to build its body."""

    route: str
    seo: Seo  # in the default language; head() gives it in the page's
    body: Callable[[], rx.Component]
    # Aliases (e.g. /HybridSchool) stay out of the sitemap and point search engines at the canonical route.
    canonical: str = ""
    language: Language = DEFAULT
    # The same page's route in the default language (pages/registry.py sets it on translated pages).
    default_route: str = ""

    def head(self) -> Seo:
        """Title and description in the page's language. Translated when the page is built, not when
        the registry is imported: an incomplete catalogue fails the build, while the catalogue test
        can still import the registry and list every missing entry at once."""
        if self.language == DEFAULT:
            return self.seo
        return Seo(translated_text(self.seo.title, self.language), translated_text(self.seo.description, self.language))

    @property
    def source_route(self) -> str:
        """The route of this page in the default language: what every translation is keyed by."""
        return self.default_route or self.route


class ExactRoute(rx.Component):
    """The React side of `exact_page()`: a wrong-case address shows the 404 page."""

    library = rx.asset("exact_route.jsx", shared=True).importable_path
    tag = "ExactRoute"

    routes: rx.Var[list[str]]


def exact_page(spec: PageSpec, served: tuple[str, ...] = routes.ROUTES) -> Callable[[], rx.Component]:
    """The page body behind an exact-address check against every registered route (the 404 page
    needs none); keeps the body's module and name, by which Reflex splits the JavaScript."""

    @functools.wraps(spec.body)
    def exact() -> rx.Component:
        with building(spec):
            body = spec.body()
        if spec.route == routes.NOT_FOUND:
            return body
        return ExactRoute.create(body, routes=[route for route in served if route != routes.NOT_FOUND])

    return exact


def frame(*children: rx.Component) -> rx.Component:
    """Wrap page content in the shared header (with the chat widget) and footer.

    `main` takes the focus from the skip link (tabindex -1) and clears the sticky header when scrolled to.
    """
    return rx.el.div(
        navbar(),
        rx.el.main(
            *children, id="main", tab_index=-1, class_name="min-h-[60vh] scroll-mt-16 outline-none xl:scroll-mt-28"
        ),
        footer(),
        web_vitals(),
        class_name="flex min-h-screen flex-col bg-white font-sans text-slate-800 antialiased",
    )
