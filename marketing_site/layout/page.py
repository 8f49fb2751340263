"""The page record and the frame every page shares (header with navigation and chat, footer)."""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Callable
from dataclasses import dataclass

import reflex as rx

from marketing_site import routes
from marketing_site.components.building import building, building_page
from marketing_site.components.forms.attribution import visit_keeper
from marketing_site.components.web_vitals import web_vitals
from marketing_site.content import not_found
from marketing_site.content.types import Seo
from marketing_site.i18n.languages import DEFAULT, Language
from marketing_site.i18n.translation import translated_text
from marketing_site.layout.address import address_is_one_of, set_document_title
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


# While a page other than the 404 page is built: its registered routes and the 404 copy to show instead of
# its content at an address that is not exactly one of them.
_EXACTLY_AT: contextvars.ContextVar[tuple[list[str], Callable[[], rx.Component]]] = contextvars.ContextVar("exactly_at")


def exact_page(
    spec: PageSpec,
    served: tuple[str, ...] = routes.ROUTES,
    not_found_message: Callable[[], rx.Component] | None = None,
) -> Callable[[], rx.Component]:
    """The page body, whose frame checks in the browser that the address is exactly a registered route
    and shows `not_found_message` when it is not (the 404 page needs no check). Keeps the body's module
    and name, by which Reflex splits the JavaScript.

    Routes are exact: React Router matches /studentsmart to /studentSmart (its route config drops
    `caseSensitive` on the client), so the server's 404 answer would turn into the page once the app boots.
    """
    registered = [route for route in served if route != routes.NOT_FOUND]

    @functools.wraps(spec.body)
    def exact() -> rx.Component:
        with building(spec):
            if spec.route == routes.NOT_FOUND or not_found_message is None:
                return spec.body()
            token = _EXACTLY_AT.set((registered, not_found_message))
            try:
                return spec.body()
            finally:
                _EXACTLY_AT.reset(token)

    if spec.language != DEFAULT:
        # Reflex writes a page's memo components to one JavaScript module per page function's module: a
        # translated page gets a module of its own, so a page loads its own language's widgets only.
        exact.__module__ = f"{spec.body.__module__}_{spec.language.code}"
    return exact


def _exactly_at_its_address(*children: rx.Component) -> tuple[rx.Component, ...]:
    """The page's content, or the 404 copy (tab named too) at an address no route has exactly."""
    check, page = _EXACTLY_AT.get(None), building_page()
    if check is None or page is None:
        return children
    registered, not_found_message = check
    title = translated_text(not_found.SEO.title, page.language)
    return (
        rx.cond(
            address_is_one_of(registered),
            rx.fragment(*children),
            rx.fragment(not_found_message(), on_mount=set_document_title(title)),
        ),
    )


def frame(*children: rx.Component) -> rx.Component:
    """Wrap page content in the shared header (with the chat widget) and footer; every page keeps the visit's
    first and last touch in the browser (components/forms/attribution.py).

    `main` takes the focus from the skip link (tabindex -1) and clears the sticky header when scrolled to.
    """
    return rx.el.div(
        navbar(),
        rx.el.main(
            *_exactly_at_its_address(*children),
            id="main",
            tab_index=-1,
            class_name="min-h-[60vh] scroll-mt-16 outline-none xl:scroll-mt-28",
        ),
        footer(),
        web_vitals(),
        visit_keeper(),
        class_name="flex min-h-screen flex-col bg-white font-sans text-slate-800 antialiased",
    )
